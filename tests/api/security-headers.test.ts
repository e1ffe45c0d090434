import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { projectToken, sendRaw } from "../support/events";
import { startServer, type StartedServer } from "../support/server";

const baseUrl = inject("baseUrl");
const directive = (policy: string | null, name: string) => policy?.split("; ").find((d) => d.startsWith(`${name} `));
const get = (path: string, base = baseUrl, headers: Record<string, string> = {}) =>
  fetch(new URL(path, base), { headers, redirect: "manual" });

describe("security headers", () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await signUp(baseUrl);
  });

  test("every /api answer is no-store: JSON, CSV, errors, the catch-all 404, next-auth's routes", async () => {
    const cookie = user.session.credentials.cookie!;
    const answers = [
      await get("/api/users/@me/", baseUrl, { cookie }),
      await get(`/api/projects/${user.projectId}/insights/?format=csv`, baseUrl, { cookie }),
      await get("/api/users/@me/"),
      await get("/api/no/such/route/"),
      await get("/api/auth/session"),
      await get("/api/auth/providers"),
      await get("/api/auth/csrf"),
      await fetch(new URL("/api/login/", baseUrl), { method: "POST", headers: { "content-type": "application/json" }, body: "{" }),
    ];
    for (const answer of answers) {
      expect(answer.headers.get("cache-control"), answer.url).toMatch(/no-store/);
      expect(answer.headers.get("x-content-type-options"), answer.url).toBe("nosniff");
      expect(answer.headers.get("referrer-policy"), answer.url).toBe("strict-origin-when-cross-origin");
    }
    // The public OpenAPI document says how long it may be cached, and keeps it.
    expect((await get("/api/schema/")).headers.get("cache-control")).toBe("public, max-age=300");
  });

  test("capture answers keep their CORS for every site and get nosniff; no page policy on them", async () => {
    const response = await sendRaw(baseUrl, "/e/", {
      headers: { origin: "https://shop.example", "content-type": "application/json" },
      body: JSON.stringify({ api_key: projectToken(user), event: "e", distinct_id: "d" }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("https://shop.example");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBeNull();
  });

  test("pages: a nonce CSP, new on each load; the console refuses framing, /shared/* and /embedded/* allow it", async () => {
    const first = await get("/login");
    const second = await get("/login");
    const policy = first.headers.get("content-security-policy");
    const nonce = /'nonce-([^']+)'/.exec(policy ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    expect(await first.text()).toContain(`nonce="${nonce}"`);
    expect(directive(policy, "script-src")).not.toMatch(/unsafe-inline|unsafe-eval/);
    for (const path of ["/login", "/", "/project/1/insights", "/docs/api", "/SHARED/x", "/sharedx", "/EMBEDDED/x", "/embeddedx"]) {
      const page = await get(path);
      expect(directive(page.headers.get("content-security-policy"), "frame-ancestors"), path).toBe("frame-ancestors 'none'");
      expect(page.headers.get("x-frame-options"), path).toBe("DENY");
    }
    for (const path of ["/shared/not-a-real-token", "/embedded/not-a-real-token"]) {
      const shared = await get(path);
      expect(shared.status, path).toBe(404);
      expect(directive(shared.headers.get("content-security-policy"), "frame-ancestors"), path).toBe("frame-ancestors *");
      expect(shared.headers.get("x-frame-options"), path).toBeNull();
    }
    // Served over plain HTTP with no https public URL: no HSTS.
    expect(first.headers.get("strict-transport-security")).toBeNull();
  });
});

// A PGlite server of its own whatever the stage: run once, on the PGlite stage.
describe.skipIf(inject("backend") === "postgres")("security headers behind an https public URL", () => {
  let server: StartedServer;
  beforeAll(async () => {
    server = await startServer({ backend: "pglite", env: { SITE_URL: "https://hedgerow.example.com" } });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  test("pages carry HSTS and upgrade insecure requests", async () => {
    const page = await get("/login", server.baseUrl);
    expect(page.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(page.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });
});
