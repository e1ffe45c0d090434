import { describe, expect, inject, test } from "vitest";
import { ApiClient, signUp } from "../support/api";

const baseUrl = inject("baseUrl");
const anonymous = new ApiClient(baseUrl);

const NO_KEY_ACCESS = {
  type: "authentication_error",
  code: "permission_denied",
  detail: "This action does not support Personal API Key access",
  attr: null,
};
const denied = (detail: string) => ({ type: "authentication_error", code: "permission_denied", detail, attr: null });
const invalid = (detail: string, attr: string | null, code = "invalid_input") => ({ type: "validation_error", code, detail, attr });

describe("personal API keys", () => {
  test("created with its value shown once; afterwards only masked", async () => {
    const owner = await signUp(baseUrl);
    const created = await owner.session.post("/api/personal_api_keys/", { label: "CI", scopes: ["organization:read"] });
    expect(created.status).toBe(201);
    const { value } = created.body;
    expect(value).toMatch(/^phx_[0-9a-zA-Z]{40,48}$/);
    expect(created.body).toMatchObject({
      label: "CI",
      mask_value: `phx_...${value.slice(-4)}`,
      last_used_at: null,
      user_id: owner.user.id,
      scopes: ["organization:read"],
      scoped_organizations: [],
      scoped_teams: [],
      last_rolled_at: null,
    });
    expect(Date.parse(created.body.created_at)).toBeGreaterThan(Date.now() - 60_000);

    const retrieved = await owner.session.get(`/api/personal_api_keys/${created.body.id}/`);
    expect(retrieved.status).toBe(200);
    expect(retrieved.body).toEqual({ ...created.body, value: null });
    const list = await owner.session.get("/api/personal_api_keys/");
    // A plain array, as PostHog's list answers (no pagination envelope).
    expect(list.body).toEqual([{ ...created.body, value: null }]);
    expect(list.text).not.toContain(value);
  });

  test("the key authenticates, from the Authorization header or the query string; a wrong one is refused with 401", async () => {
    const owner = await signUp(baseUrl);
    const key = await owner.key(["organization:read"]);
    expect((await key.get("/api/organizations/")).status).toBe(200);
    const viaQuery = await anonymous.get(`/api/organizations/?personal_api_key=${key.credentials.key}`);
    expect(viaQuery.status).toBe(200);
    expect(viaQuery.body.results[0].id).toBe(owner.organizationId);

    const wrong = await anonymous.as({ key: `${key.credentials.key}x` }).get("/api/organizations/");
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      type: "authentication_error",
      code: "authentication_failed",
      detail: "Personal API key found in request Authorization header is invalid.",
      attr: null,
    });
    expect((await anonymous.get("/api/organizations/?personal_api_key=phx_nope")).body.detail).toBe(
      "Personal API key found in request query string is invalid.",
    );
    expect((await anonymous.get("/api/organizations/")).status).toBe(401);
  });

  test("label and scopes can be changed; the value stays hidden", async () => {
    const owner = await signUp(baseUrl);
    const created = await owner.session.post("/api/personal_api_keys/", { label: "Old", scopes: ["organization:read"] });
    const key = anonymous.as({ key: created.body.value });
    expect((await key.post("/api/organizations/", { name: "Nope" })).status).toBe(403);

    const patched = await owner.session.patch(`/api/personal_api_keys/${created.body.id}/`, {
      label: "New",
      scopes: ["organization:write"],
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: created.body.id, label: "New", scopes: ["organization:write"], value: null });
    expect(patched.body.mask_value).toBe(created.body.mask_value);
    // The change applies to the next request.
    expect((await key.post("/api/organizations/", { name: "Now allowed" })).status).toBe(201);
  });

  test("deleted, the key stops working at once", async () => {
    const owner = await signUp(baseUrl);
    const created = await owner.session.post("/api/personal_api_keys/", { label: "Temp", scopes: ["*"] });
    const key = anonymous.as({ key: created.body.value });
    expect((await key.get("/api/organizations/")).status).toBe(200);
    const deleted = await owner.session.delete(`/api/personal_api_keys/${created.body.id}/`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    const refused = await key.get("/api/organizations/");
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe("authentication_failed");
    expect((await owner.session.get(`/api/personal_api_keys/${created.body.id}/`)).status).toBe(404);
    expect((await owner.session.delete(`/api/personal_api_keys/${created.body.id}/`)).status).toBe(404);
  });

  test("@current is the key making the request, whatever its scopes; a session has none", async () => {
    const owner = await signUp(baseUrl);
    const created = await owner.session.post("/api/personal_api_keys/", { label: "Me", scopes: ["batch_export:read"] });
    const current = await anonymous.as({ key: created.body.value }).get("/api/personal_api_keys/@current/");
    expect(current.status).toBe(200);
    expect(current.body).toEqual({ ...created.body, value: null, last_used_at: current.body.last_used_at });
    expect(current.body.last_used_at).not.toBeNull();
    const fromSession = await owner.session.get("/api/personal_api_keys/@current/");
    expect(fromSession.status).toBe(404);
    expect(fromSession.body).toEqual({ type: "invalid_request", code: "not_found", detail: "Not found.", attr: null });
  });

  test("@current answers PostHog's key shape: the scoped lists are arrays, never null (the MCP tools' schema)", async () => {
    const owner = await signUp(baseUrl);
    for (const limits of [{}, { scoped_organizations: [], scoped_teams: [] }, { scoped_teams: null, scoped_organizations: null }]) {
      const created = await owner.session.post("/api/personal_api_keys/", { label: "MCP", scopes: ["*"], ...limits });
      expect(created.status).toBe(201);
      const current = await anonymous.as({ key: created.body.value }).get("/api/personal_api_keys/@current/");
      expect(Object.keys(current.body).sort()).toEqual([
        "created_at",
        "id",
        "label",
        "last_rolled_at",
        "last_used_at",
        "mask_value",
        "scoped_organizations",
        "scoped_teams",
        "scopes",
        "user_id",
        "value",
      ]);
      expect(current.body).toMatchObject({ scopes: ["*"], scoped_organizations: [], scoped_teams: [], last_rolled_at: null, value: null });
    }
    const limited = await owner.session.post("/api/personal_api_keys/", {
      label: "One project",
      scopes: ["insight:read"],
      scoped_organizations: [owner.organizationId],
      scoped_teams: [owner.projectId],
    });
    const current = await anonymous.as({ key: limited.body.value }).get("/api/personal_api_keys/@current/");
    expect(current.body).toMatchObject({ scoped_organizations: [owner.organizationId], scoped_teams: [owner.projectId] });
  });

  test("last_used_at is set once the key is used", async () => {
    const owner = await signUp(baseUrl);
    const created = await owner.session.post("/api/personal_api_keys/", { label: "Use", scopes: ["organization:read"] });
    expect(created.body.last_used_at).toBeNull();
    const before = Date.now();
    await anonymous.as({ key: created.body.value }).get("/api/organizations/");
    const after = await owner.session.get(`/api/personal_api_keys/${created.body.id}/`);
    expect(after.body.last_used_at).not.toBeNull();
    expect(Date.parse(after.body.last_used_at)).toBeGreaterThanOrEqual(before - 2_000);
    expect(Date.parse(after.body.last_used_at)).toBeLessThanOrEqual(Date.now() + 2_000);
  });

  test("keys cannot manage keys, not even their own", async () => {
    const owner = await signUp(baseUrl);
    const created = await owner.session.post("/api/personal_api_keys/", { label: "All", scopes: ["*"] });
    const key = anonymous.as({ key: created.body.value });
    for (const response of [
      await key.get("/api/personal_api_keys/"),
      await key.post("/api/personal_api_keys/", { label: "Another", scopes: ["*"] }),
      await key.get(`/api/personal_api_keys/${created.body.id}/`),
      await key.patch(`/api/personal_api_keys/${created.body.id}/`, { label: "Renamed" }),
      await key.delete(`/api/personal_api_keys/${created.body.id}/`),
      await key.patch("/api/personal_api_keys/@current/", { scopes: ["*"] }),
      await key.delete("/api/personal_api_keys/@current/"),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body).toEqual(NO_KEY_ACCESS);
    }
    expect((await owner.session.get("/api/personal_api_keys/")).body).toHaveLength(1);
    expect((await owner.session.get(`/api/personal_api_keys/${created.body.id}/`)).body.label).toBe("All");
  });

  test("another user's key is not found", async () => {
    const owner = await signUp(baseUrl);
    const stranger = await signUp(baseUrl);
    const created = await owner.session.post("/api/personal_api_keys/", { label: "Mine", scopes: ["*"] });
    for (const response of [
      await stranger.session.get(`/api/personal_api_keys/${created.body.id}/`),
      await stranger.session.patch(`/api/personal_api_keys/${created.body.id}/`, { label: "Stolen" }),
      await stranger.session.delete(`/api/personal_api_keys/${created.body.id}/`),
    ])
      expect(response.status).toBe(404);
    expect((await stranger.session.get("/api/personal_api_keys/")).body).toEqual([]);
    expect((await anonymous.as({ key: created.body.value }).get("/api/organizations/")).status).toBe(200);
    expect((await anonymous.get("/api/personal_api_keys/")).status).toBe(401);
  });

  test("at most 10 keys per user", async () => {
    const owner = await signUp(baseUrl);
    for (let i = 0; i < 10; i++)
      expect((await owner.session.post("/api/personal_api_keys/", { label: `k${i}`, scopes: ["*"] })).status).toBe(201);
    const eleventh = await owner.session.post("/api/personal_api_keys/", { label: "k10", scopes: ["*"] });
    expect(eleventh.status).toBe(400);
    expect(eleventh.body).toEqual(
      invalid("You can only have 10 personal API keys. Remove an existing key before creating a new one.", null),
    );
    // The list is every key, newest first, whatever paging is asked for (PostHog's list has none).
    const list = await owner.session.get("/api/personal_api_keys/?limit=4&offset=8");
    expect(list.body.map((key: { label: string }) => key.label)).toEqual(Array.from({ length: 10 }, (_, i) => `k${9 - i}`));
    // Removing one makes room again.
    await owner.session.delete(`/api/personal_api_keys/${list.body[0].id}/`);
    expect((await owner.session.post("/api/personal_api_keys/", { label: "again", scopes: ["*"] })).status).toBe(201);
  });

  test("scopes must be PostHog's", async () => {
    const owner = await signUp(baseUrl);
    const create = (body: unknown) => owner.session.post("/api/personal_api_keys/", body);
    expect((await create({ label: "x", scopes: ["organization:read", "organization:admin"] })).body).toEqual(
      invalid("Invalid scope: organization:admin", "scopes"),
    );
    expect((await create({ label: "x", scopes: ["dashboards:read"] })).body).toEqual(invalid("Invalid scope: dashboards:read", "scopes"));
    expect((await create({ label: "x", scopes: ["read"] })).body).toEqual(invalid("Invalid scope: read", "scopes"));
    expect((await create({ label: "x" })).body).toEqual(invalid("This field is required.", "scopes", "required"));
    expect((await create({ label: "x", scopes: [] })).status).toBe(400);
    expect((await create({ label: "x", scopes: "organization:read" })).body).toMatchObject({ code: "invalid_input", attr: "scopes" });
    expect((await create({ label: "x", scopes: [5] })).body).toMatchObject({ attr: "scopes__0" });
    const key = await owner.session.post("/api/personal_api_keys/", { label: "ok", scopes: ["user:read"] });
    expect((await owner.session.patch(`/api/personal_api_keys/${key.body.id}/`, { scopes: ["nope"] })).body).toEqual(
      invalid("Invalid scope: nope", "scopes"),
    );
    expect((await owner.session.get(`/api/personal_api_keys/${key.body.id}/`)).body.scopes).toEqual(["user:read"]);
    expect((await owner.session.get("/api/personal_api_keys/")).body).toHaveLength(1);
  });

  test("labels are checked", async () => {
    const owner = await signUp(baseUrl);
    const create = (body: unknown) => owner.session.post("/api/personal_api_keys/", body);
    expect((await create({ scopes: ["*"] })).body).toEqual(invalid("This field is required.", "label", "required"));
    expect((await create({ label: "", scopes: ["*"] })).body).toEqual(invalid("This field may not be blank.", "label", "blank"));
    expect((await create({ label: "x".repeat(41), scopes: ["*"] })).body).toEqual(
      invalid("Ensure this field has no more than 40 characters.", "label", "max_length"),
    );
    expect((await create({ label: "x".repeat(1_000_000), scopes: ["*"] })).body).toMatchObject({ code: "max_length", attr: "label" });
    expect((await create({ label: null, scopes: ["*"] })).body).toEqual(invalid("This field may not be null.", "label", "null"));
    expect((await create({ label: 12, scopes: ["*"] })).body).toEqual(invalid("Not a valid string.", "label"));
    const array = await owner.session.request("POST", "/api/personal_api_keys/", undefined, {
      raw: "[1]",
      headers: { "content-type": "application/json" },
    });
    expect(array.status).toBe(400);
    expect((await owner.session.get("/api/personal_api_keys/")).body).toEqual([]);
  });

  test("malformed or unknown key ids are not found", async () => {
    const owner = await signUp(baseUrl);
    for (const id of ["nope", "x".repeat(51), "%00", "00000000-0000-0000-0000-000000000000"])
      expect((await owner.session.get(`/api/personal_api_keys/${id}/`)).status).toBe(404);
  });

  describe("scoped to organizations", () => {
    test("the organizations must be UUIDs the user belongs to", async () => {
      const owner = await signUp(baseUrl);
      const stranger = await signUp(baseUrl);
      const create = (scoped_organizations: unknown) =>
        owner.session.post("/api/personal_api_keys/", { label: "s", scopes: ["*"], scoped_organizations });
      expect((await create(["not-a-uuid"])).body).toEqual(invalid("Invalid organization UUID", "scoped_organizations"));
      expect((await create([stranger.organizationId])).body).toEqual(
        invalid("You must be a member of all organizations that you are scoping the key to.", "scoped_organizations"),
      );
      expect((await create([owner.organizationId, stranger.organizationId])).status).toBe(400);
      const ok = await create([owner.organizationId]);
      expect(ok.status).toBe(201);
      expect(ok.body.scoped_organizations).toEqual([owner.organizationId]);
      expect(
        (await owner.session.patch(`/api/personal_api_keys/${ok.body.id}/`, { scoped_organizations: [stranger.organizationId] })).status,
      ).toBe(400);
      expect((await owner.session.get(`/api/personal_api_keys/${ok.body.id}/`)).body.scoped_organizations).toEqual([owner.organizationId]);
    });

    test("a key reaches only its organizations: others are 403, and the list is filtered", async () => {
      const owner = await signUp(baseUrl);
      const second = await owner.session.post("/api/organizations/", { name: "Second" });
      expect(second.status).toBe(201);
      const key = await owner.key(["organization:write"], { scoped_organizations: [owner.organizationId] });

      const other = await key.get(`/api/organizations/${second.body.id}/`);
      expect(other.status).toBe(403);
      expect(other.body).toEqual(denied(`API key does not have access to the requested organization: ID ${second.body.id}.`));
      expect((await key.patch(`/api/organizations/${second.body.id}/`, { name: "Renamed" })).status).toBe(403);
      expect((await key.delete(`/api/organizations/${second.body.id}/`)).status).toBe(403);
      expect((await owner.session.get(`/api/organizations/${second.body.id}/`)).body.name).toBe("Second");

      const list = await key.get("/api/organizations/");
      expect(list.body.count).toBe(1);
      expect(list.body.results.map((o: { id: string }) => o.id)).toEqual([owner.organizationId]);
      expect((await key.get(`/api/organizations/${owner.organizationId}/`)).status).toBe(200);
      expect((await owner.session.get("/api/organizations/")).body.count).toBe(2);
    });

    test("@current resolves to the user's current organization, which must be in the key's scope", async () => {
      const owner = await signUp(baseUrl);
      const first = owner.organizationId;
      // Creating an organization makes it the current one.
      const second = await owner.session.post("/api/organizations/", { name: "Current now" });
      const key = await owner.key(["organization:read"], { scoped_organizations: [first] });
      const current = await key.get("/api/organizations/@current/");
      expect(current.status).toBe(403);
      expect(current.body).toEqual(denied(`API key does not have access to the requested organization: ID ${second.body.id}.`));
    });
  });

  describe("scoped to projects", () => {
    test("the projects must be the user's", async () => {
      const owner = await signUp(baseUrl);
      const stranger = await signUp(baseUrl);
      const create = (scoped_teams: unknown) => owner.session.post("/api/personal_api_keys/", { label: "t", scopes: ["*"], scoped_teams });
      expect((await create([stranger.projectId])).body).toEqual(
        invalid("You must be a member of all teams that you are scoping the key to.", "scoped_teams"),
      );
      expect((await create([2_000_000_000])).body.detail).toBe("You must be a member of all teams that you are scoping the key to.");
      expect((await create(["abc"])).body).toMatchObject({ code: "invalid_input", attr: "scoped_teams__0" });
      // Past PostgreSQL's integer: refused before any query (PostgreSQL would fail it, a 500).
      expect((await create([2 ** 31])).body).toMatchObject({ code: "max_value", attr: "scoped_teams__0" });
      const ok = await create([owner.projectId]);
      expect(ok.status).toBe(201);
      expect(ok.body.scoped_teams).toEqual([owner.projectId]);
    });

    test("keys limited to projects are refused on organization endpoints", async () => {
      const owner = await signUp(baseUrl);
      const key = await owner.key(["*"], { scoped_teams: [owner.projectId] });
      for (const response of [
        await key.get("/api/organizations/"),
        await key.get(`/api/organizations/${owner.organizationId}/`),
        await key.post("/api/organizations/", { name: "No" }),
      ]) {
        expect(response.status).toBe(403);
        expect(response.body).toEqual(denied("API keys with scoped projects are only supported on project-based endpoints."));
      }
    });
  });

  describe("scopes", () => {
    test("a write scope covers reading the same object, * covers everything, others nothing", async () => {
      const owner = await signUp(baseUrl);
      const write = await owner.key(["organization:write"]);
      expect((await write.get("/api/organizations/")).status).toBe(200);
      expect((await write.get(`/api/organizations/${owner.organizationId}/`)).status).toBe(200);

      const all = await owner.key(["*"]);
      expect((await all.get("/api/users/@me/")).status).toBe(200);
      expect((await all.post("/api/organizations/", { name: "Star" })).status).toBe(201);

      const read = await owner.key(["organization:read"]);
      const missing = await read.patch(`/api/organizations/${owner.organizationId}/`, { name: "No" });
      expect(missing.status).toBe(403);
      expect(missing.body).toEqual(denied("API key missing required scope 'organization:write'"));

      const unrelated = await owner.key(["organization_member:write", "user:read"]);
      expect((await unrelated.get("/api/organizations/")).body).toEqual(denied("API key missing required scope 'organization:read'"));
      expect((await unrelated.get("/api/users/@me/")).status).toBe(200);
      expect((await unrelated.patch("/api/users/@me/", { first_name: "No" })).body).toEqual(
        denied("API key missing required scope 'user:write'"),
      );
    });
  });
});
