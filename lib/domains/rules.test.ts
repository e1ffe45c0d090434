import { describe, expect, test } from "vitest";
import {
  challengeAnswered,
  challengeRecordName,
  domainStatus,
  DOMAIN_PATTERN,
  hasSaml,
  settingNeedingVerification,
  VERIFY_FIRST,
  verificationProhibition,
} from "./rules";
import { newVerificationChallenge } from "./challenge";

describe("domain rules", () => {
  test("the domain pattern accepts domains and subdomains, nothing else", () => {
    for (const ok of ["example.com", "a.b.example.co", "my-site.io", "x1.example.travel"]) expect(DOMAIN_PATTERN.test(ok), ok).toBe(true);
    for (const bad of [
      "localhost",
      "example",
      "-a.com",
      "a-.com",
      "a..com",
      "example.c",
      "exa_mple.com",
      "Example.com",
      "example.com.",
      "http://example.com",
      "1.2.3.4",
    ])
      expect(DOMAIN_PATTERN.test(bad), bad).toBe(false);
  });

  test("challenges are 43 url-safe characters, different every time", () => {
    const first = newVerificationChallenge();
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newVerificationChallenge()).not.toBe(first);
    expect(challengeRecordName("example.com")).toBe("_hedgerow-challenge.example.com");
  });

  test("verified, expired (verified once, no longer) and pending, as PostHog shows them", () => {
    expect(domainStatus({ is_verified: true, verified_at: "2026-11-01T00:00:00Z" })).toBe("verified");
    expect(domainStatus({ is_verified: false, verified_at: "2026-11-01T00:00:00Z" })).toBe("expired");
    expect(domainStatus({ is_verified: false, verified_at: null })).toBe("pending");
  });

  test("the browser's reason for a verification-only setting", () => {
    expect(verificationProhibition({ is_verified: false })).toBe(VERIFY_FIRST);
    expect(verificationProhibition({ is_verified: true })).toBeNull();
  });

  test("JIT provisioning and SSO enforcement wait for verification; SAML settings do not", () => {
    expect(settingNeedingVerification(false, { jit_provisioning_enabled: false })).toBe("jit_provisioning_enabled");
    expect(settingNeedingVerification(false, { saml_entity_id: "x", sso_enforcement: "" })).toBe("sso_enforcement");
    expect(settingNeedingVerification(false, { saml_entity_id: "x", jit_provisioning_enabled: undefined })).toBeNull();
    expect(settingNeedingVerification(true, { jit_provisioning_enabled: true, sso_enforcement: "saml" })).toBeNull();
  });

  test("SAML is configured only when entity id, ACS URL and certificate are all set", () => {
    const full = { samlEntityId: "id", samlAcsUrl: "https://idp/acs", samlX509Cert: "cert" };
    expect(hasSaml(full)).toBe(true);
    expect(hasSaml({ ...full, samlX509Cert: "" })).toBe(false);
    expect(hasSaml({ ...full, samlAcsUrl: null })).toBe(false);
  });

  test("a TXT record answers the challenge when its strings join to it exactly", () => {
    expect(challengeAnswered([["other"], ["abc", "def"]], "abcdef")).toBe(true);
    expect(challengeAnswered([["abcdef "]], "abcdef")).toBe(false);
    expect(challengeAnswered([["abc"], ["def"]], "abcdef")).toBe(false);
    expect(challengeAnswered([], "abcdef")).toBe(false);
  });
});
