import { randomUUID } from "node:crypto";
import { describe, expect, inject, test } from "vitest";
import { ApiClient, joinAs, signUp, type TestUser } from "../support/api";
import { setTxtRecord } from "../support/dns";

const baseUrl = inject("baseUrl");
const dnsRecordsFile = inject("dnsRecordsFile");

const INSUFFICIENT = {
  type: "authentication_error",
  code: "permission_denied",
  detail: "Your organization access level is insufficient.",
  attr: null,
};
const NOT_FOUND = { type: "invalid_request", code: "not_found", detail: "Not found.", attr: null };

const uniqueDomain = () => `d${randomUUID().slice(0, 8)}.example.com`;
const domainsPath = (organizationId: string) => `/api/organizations/${organizationId}/domains/`;

async function addDomain(owner: TestUser, domain = uniqueDomain()) {
  const created = await owner.session.post(domainsPath(owner.organizationId), { domain });
  expect(created.status).toBe(201);
  return created.body;
}

describe("domains", () => {
  test("create: lowercased, with a fresh challenge, unverified, ignoring verification-only settings", async () => {
    const owner = await signUp(baseUrl);
    const name = uniqueDomain();
    const created = await owner.session.post(domainsPath(owner.organizationId), {
      domain: `  ${name.toUpperCase()} `,
      jit_provisioning_enabled: true,
      sso_enforcement: "google-oauth2",
      saml_entity_id: "entity",
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      domain: name,
      is_verified: false,
      verified_at: null,
      verification_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      jit_provisioning_enabled: false,
      sso_enforcement: "",
      has_saml: false,
      saml_entity_id: "entity",
      saml_acs_url: null,
      saml_x509_cert: null,
    });
    const other = await addDomain(owner);
    expect(other.verification_challenge).not.toBe(created.body.verification_challenge);
    const retrieved = await owner.session.get(`${domainsPath("@current")}${created.body.id}/`);
    expect(retrieved.status).toBe(200);
    expect(retrieved.body).toEqual(created.body);
  });

  test("list is ordered by domain and paginated", async () => {
    const owner = await signUp(baseUrl);
    const suffix = randomUUID().slice(0, 8);
    for (const name of [`c${suffix}.com`, `a${suffix}.com`, `b${suffix}.com`]) await addDomain(owner, name);
    const first = await owner.session.get(`${domainsPath(owner.organizationId)}?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(3);
    expect(first.body.results.map((d: { domain: string }) => d.domain)).toEqual([`a${suffix}.com`, `b${suffix}.com`]);
    expect(first.body.next).toBe(`${baseUrl}${domainsPath(owner.organizationId)}?limit=2&offset=2`);
    expect(first.body.previous).toBeNull();
    const second = await owner.session.get(`${domainsPath(owner.organizationId)}?limit=2&offset=2`);
    expect(second.body.results.map((d: { domain: string }) => d.domain)).toEqual([`c${suffix}.com`]);
    expect(second.body.next).toBeNull();
  });

  test("verify looks up the challenge in DNS: missing, wrong, then right; verifying again is refused", async () => {
    const owner = await signUp(baseUrl);
    const domain = await addDomain(owner);
    const verify = () => owner.session.post(`${domainsPath(owner.organizationId)}${domain.id}/verify/`);
    const recordName = `_hedgerow-challenge.${domain.domain}`;

    const missing = await verify();
    expect(missing.status).toBe(200);
    expect(missing.body).toMatchObject({ id: domain.id, is_verified: false, verified_at: null });

    setTxtRecord(dnsRecordsFile, recordName, ["v=spf1 -all", `${domain.verification_challenge}x`]);
    expect((await verify()).body).toMatchObject({ is_verified: false, verified_at: null });

    // A record split into several strings counts as their concatenation.
    const challenge: string = domain.verification_challenge;
    setTxtRecord(dnsRecordsFile, recordName, ["v=spf1 -all", [challenge.slice(0, 20), challenge.slice(20)]]);
    const before = Date.now();
    const verified = await verify();
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ id: domain.id, is_verified: true, verification_challenge: challenge });
    expect(Math.abs(Date.parse(verified.body.verified_at) - before)).toBeLessThan(60_000);

    const again = await verify();
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      type: "validation_error",
      code: "already_verified",
      detail: "This domain has already been verified.",
      attr: null,
    });
    // The record can go away: the domain stays verified.
    setTxtRecord(dnsRecordsFile, recordName, []);
    expect((await owner.session.get(`${domainsPath(owner.organizationId)}${domain.id}/`)).body.is_verified).toBe(true);
  });

  test("JIT provisioning and SSO enforcement can only be set once verified; SAML settings any time", async () => {
    const owner = await signUp(baseUrl);
    const domain = await addDomain(owner);
    const path = `${domainsPath(owner.organizationId)}${domain.id}/`;
    for (const [field, value] of [
      ["jit_provisioning_enabled", true],
      ["sso_enforcement", "github"],
      ["jit_provisioning_enabled", false],
    ] as const) {
      const refused = await owner.session.patch(path, { [field]: value });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        type: "validation_error",
        code: "verification_required",
        detail: "This attribute cannot be updated until the domain is verified.",
        attr: field,
      });
    }
    const saml = await owner.session.patch(path, {
      saml_entity_id: "https://idp.example.com/entity",
      saml_acs_url: "https://idp.example.com/acs",
      saml_x509_cert: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----",
      domain: "changed.example.com",
    });
    expect(saml.status).toBe(200);
    expect(saml.body).toMatchObject({ has_saml: true, domain: domain.domain, jit_provisioning_enabled: false });
    expect((await owner.session.patch(path, { saml_x509_cert: "" })).body.has_saml).toBe(false);

    setTxtRecord(dnsRecordsFile, `_hedgerow-challenge.${domain.domain}`, [domain.verification_challenge]);
    expect((await owner.session.post(`${path}verify/`)).body.is_verified).toBe(true);
    const enabled = await owner.session.patch(path, { jit_provisioning_enabled: true, sso_enforcement: "saml" });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({ is_verified: true, jit_provisioning_enabled: true, sso_enforcement: "saml" });
    const unknownProvider = await owner.session.patch(path, { sso_enforcement: "okta" });
    expect(unknownProvider.body).toEqual({
      type: "validation_error",
      code: "invalid_choice",
      detail: '"okta" is not a valid choice.',
      attr: "sso_enforcement",
    });
    expect((await owner.session.patch(path, { sso_enforcement: "" })).body.sso_enforcement).toBe("");
  });

  test("domains are unique across organizations; deleting one frees it", async () => {
    const owner = await signUp(baseUrl);
    const rival = await signUp(baseUrl);
    const domain = await addDomain(owner);
    for (const [user, name] of [
      [owner, domain.domain],
      [rival, domain.domain.toUpperCase()],
    ] as const) {
      const taken = await user.session.post(domainsPath(user.organizationId), { domain: name });
      expect(taken.status).toBe(400);
      expect(taken.body).toEqual({
        type: "validation_error",
        code: "unique",
        detail: "domain with this domain already exists.",
        attr: "domain",
      });
    }
    const deleted = await owner.session.delete(`${domainsPath(owner.organizationId)}${domain.id}/`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expect((await owner.session.get(`${domainsPath(owner.organizationId)}${domain.id}/`)).body).toEqual(NOT_FOUND);
    expect((await rival.session.post(domainsPath(rival.organizationId), { domain: domain.domain })).status).toBe(201);

    // Racing creations of one domain: exactly one wins, the others get the same 400 (never a 500).
    const contested = uniqueDomain();
    const attempts = await Promise.all(
      [owner, rival, owner, rival, owner, rival].map((user) => user.session.post(domainsPath(user.organizationId), { domain: contested })),
    );
    expect(attempts.map((a) => a.status).sort()).toEqual([201, 400, 400, 400, 400, 400]);
    for (const attempt of attempts.filter((a) => a.status === 400)) expect(attempt.body.code).toBe("unique");
  });

  test("bad input answers PostHog-style 400s", async () => {
    const owner = await signUp(baseUrl);
    const path = domainsPath(owner.organizationId);
    const invalid = {
      type: "validation_error",
      code: "invalid_input",
      detail: "Please enter a valid domain or subdomain name.",
      attr: "domain",
    };
    for (const domain of ["localhost", "https://example.com", "exa_mple.com", "-x.example.com", "example.com.", "a..b.com", "1.2.3.4"])
      expect((await owner.session.post(path, { domain })).body, domain).toEqual(invalid);
    expect((await owner.session.post(path, {})).body).toEqual({
      type: "validation_error",
      code: "required",
      detail: "This field is required.",
      attr: "domain",
    });
    expect((await owner.session.post(path, { domain: "" })).body).toMatchObject({ code: "blank", attr: "domain" });
    expect((await owner.session.post(path, { domain: 42 })).body).toMatchObject({ code: "invalid_input", attr: "domain" });
    expect((await owner.session.post(path, { domain: `${"a".repeat(1_000_000)}.com` })).body).toMatchObject({
      code: "max_length",
      attr: "domain",
    });
    expect((await owner.session.post(path, { domain: uniqueDomain(), sso_enforcement: "okta" })).body).toMatchObject({
      code: "invalid_choice",
      attr: "sso_enforcement",
    });
    expect((await owner.session.post(path, { domain: uniqueDomain(), jit_provisioning_enabled: "maybe" })).body).toMatchObject({
      code: "invalid_input",
      attr: "jit_provisioning_enabled",
    });
    expect((await owner.session.post(path, { domain: uniqueDomain(), saml_x509_cert: "x".repeat(1_000_000) })).body).toMatchObject({
      code: "max_length",
      attr: "saml_x509_cert",
    });
    const domain = await addDomain(owner);
    expect((await owner.session.patch(`${path}${domain.id}/`, { saml_entity_id: "x".repeat(513) })).body).toMatchObject({
      code: "max_length",
      attr: "saml_entity_id",
    });
    expect((await owner.session.get(`${path}not-a-uuid/`)).body).toEqual(NOT_FOUND);
    expect((await owner.session.post(`${path}not-a-uuid/verify/`)).body).toEqual(NOT_FOUND);
    expect((await owner.session.get(`${path}${randomUUID()}/`)).body).toEqual(NOT_FOUND);
    expect((await owner.session.request("PUT", `${path}${domain.id}/`, { domain: "x.com" })).status).toBe(405);
    expect((await owner.session.get(`${path}${domain.id}/verify/`)).status).toBe(405);
  });

  test("members read; only admins and owners create, change, delete and verify", async () => {
    const owner = await signUp(baseUrl);
    const domain = await addDomain(owner);
    const member = await joinAs(owner, 1);
    const admin = await joinAs(owner, 8);
    const path = domainsPath(owner.organizationId);

    const listed = await member.session.get(path);
    expect(listed.status).toBe(200);
    expect(listed.body.results).toEqual([domain]);
    expect((await member.session.get(`${path}${domain.id}/`)).body).toEqual(domain);
    for (const response of [
      await member.session.post(path, { domain: uniqueDomain() }),
      await member.session.patch(`${path}${domain.id}/`, { saml_entity_id: "x" }),
      await member.session.delete(`${path}${domain.id}/`),
      await member.session.post(`${path}${domain.id}/verify/`),
      // The level is checked before the domain is looked up.
      await member.session.delete(`${path}${randomUUID()}/`),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body).toEqual(INSUFFICIENT);
    }
    expect((await owner.session.get(`${path}${domain.id}/`)).body).toEqual(domain);

    const added = await admin.session.post(path, { domain: uniqueDomain() });
    expect(added.status).toBe(201);
    expect((await admin.session.post(`${path}${added.body.id}/verify/`)).status).toBe(200);
    expect((await admin.session.delete(`${path}${added.body.id}/`)).status).toBe(204);
  });

  test("another organization's domains: 403 through its path, 404 through yours", async () => {
    const owner = await signUp(baseUrl);
    const stranger = await signUp(baseUrl);
    const domain = await addDomain(owner);
    const theirs = domainsPath(owner.organizationId);
    for (const response of [
      await stranger.session.get(theirs),
      await stranger.session.post(theirs, { domain: uniqueDomain() }),
      await stranger.session.get(`${theirs}${domain.id}/`),
      await stranger.session.patch(`${theirs}${domain.id}/`, { saml_entity_id: "x" }),
      await stranger.session.delete(`${theirs}${domain.id}/`),
      await stranger.session.post(`${theirs}${domain.id}/verify/`),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        type: "authentication_error",
        code: "permission_denied",
        detail: "You do not have permission to perform this action.",
        attr: null,
      });
    }
    const mine = domainsPath(stranger.organizationId);
    for (const response of [
      await stranger.session.get(`${mine}${domain.id}/`),
      await stranger.session.patch(`${mine}${domain.id}/`, { saml_entity_id: "x" }),
      await stranger.session.delete(`${mine}${domain.id}/`),
      await stranger.session.post(`${mine}${domain.id}/verify/`),
    ])
      expect(response.body).toEqual(NOT_FOUND);
    expect((await stranger.session.get(mine)).body.count).toBe(0);
    expect((await owner.session.get(`${theirs}${domain.id}/`)).body).toEqual(domain);
  });

  test("API keys: scopes, no key access to verify, scoped organizations and projects, bad credentials", async () => {
    const owner = await signUp(baseUrl);
    const other = await owner.session.post("/api/organizations/", { name: "Other" });
    const domain = await addDomain(owner);
    const path = domainsPath(owner.organizationId);

    const reader = await owner.key(["organization:read"]);
    expect((await reader.get(path)).body.results).toEqual([domain]);
    expect((await reader.get(`${path}${domain.id}/`)).body).toEqual(domain);
    for (const response of [
      await reader.post(path, { domain: uniqueDomain() }),
      await reader.patch(`${path}${domain.id}/`, { saml_entity_id: "x" }),
      await reader.delete(`${path}${domain.id}/`),
    ])
      expect(response.body.detail).toBe("API key missing required scope 'organization:write'");

    const writer = await owner.key(["organization:write"]);
    const created = await writer.post(path, { domain: uniqueDomain() });
    expect(created.status).toBe(201);
    const verifyWithKey = await (await owner.key(["*"])).post(`${path}${created.body.id}/verify/`);
    expect(verifyWithKey.status).toBe(403);
    expect(verifyWithKey.body).toEqual({
      type: "authentication_error",
      code: "permission_denied",
      detail: "This action does not support Personal API Key access",
      attr: null,
    });
    expect((await (await owner.key(["organization_member:write"])).get(path)).body.detail).toBe(
      "API key missing required scope 'organization:read'",
    );

    const scopedElsewhere = await owner.key(["*"], { scoped_organizations: [other.body.id] });
    const outOfScope = await scopedElsewhere.get(path);
    expect(outOfScope.status).toBe(403);
    expect(outOfScope.body.detail).toBe(`API key does not have access to the requested organization: ID ${owner.organizationId}.`);
    expect((await scopedElsewhere.get(domainsPath(other.body.id))).status).toBe(200);

    const projectScoped = await owner.key(["*"], { scoped_teams: [owner.projectId] });
    expect((await projectScoped.get(path)).body.detail).toBe(
      "API keys with scoped projects are only supported on project-based endpoints.",
    );

    const anonymous = new ApiClient(baseUrl);
    expect((await anonymous.get(path)).status).toBe(401);
    expect((await anonymous.post(`${path}${domain.id}/verify/`)).body.code).toBe("not_authenticated");
    const badKey = await anonymous.as({ key: "phx_notarealkey" }).get(path);
    expect(badKey.status).toBe(401);
    expect(badKey.body.code).toBe("authentication_failed");
    const crossSite = await owner.session.request("POST", `${path}${domain.id}/verify/`, undefined, {
      headers: { origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
  });
});
