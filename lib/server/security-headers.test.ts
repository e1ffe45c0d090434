import { describe, expect, test } from "vitest";
import { contentSecurityPolicy, newNonce, pageSecurityHeaders } from "./security-headers";

const directive = (policy: string, name: string) => policy.split("; ").find((d) => d.startsWith(`${name} `));

describe("page security headers", () => {
  test("scripts run only with the page's nonce; no plugin, base or foreign form target", () => {
    const policy = contentSecurityPolicy("/project/1", "abc", undefined);
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(directive(policy, "script-src")).not.toContain("unsafe");
    expect(directive(policy, "object-src")).toBe("object-src 'none'");
    expect(directive(policy, "base-uri")).toBe("base-uri 'self'");
    expect(directive(policy, "form-action")).toBe("form-action 'self'");
    expect(directive(policy, "default-src")).toBe("default-src 'self'");
  });

  test("the console cannot be framed; shared and embedded insights, dashboards and web pages can, anywhere", () => {
    for (const path of ["/", "/login", "/project/1/dashboard/2", "/sharedx", "/settings/shared/1", "/embeddedx", "/project/1/embedded/x"]) {
      expect(directive(contentSecurityPolicy(path, "n", undefined), "frame-ancestors"), path).toBe("frame-ancestors 'none'");
      expect(pageSecurityHeaders(path, undefined)["X-Frame-Options"], path).toBe("DENY");
    }
    for (const path of ["/shared/abc", "/shared", "/embedded/abc", "/embedded"]) {
      expect(directive(contentSecurityPolicy(path, "n", undefined), "frame-ancestors"), path).toBe("frame-ancestors *");
      expect(pageSecurityHeaders(path, undefined)).not.toHaveProperty("X-Frame-Options");
    }
  });

  test("HSTS and upgrade-insecure-requests only when the public URL is https", () => {
    expect(pageSecurityHeaders("/", "https://hedgerow.example.com")["Strict-Transport-Security"]).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(contentSecurityPolicy("/", "n", "https://hedgerow.example.com")).toContain("upgrade-insecure-requests");
    for (const siteUrl of [undefined, "http://localhost:3000", "http://https.example.com"]) {
      expect(pageSecurityHeaders("/", siteUrl)).not.toHaveProperty("Strict-Transport-Security");
      expect(contentSecurityPolicy("/", "n", siteUrl)).not.toContain("upgrade-insecure-requests");
    }
  });

  test("a nonce is new each time and long enough not to be guessed", () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});
