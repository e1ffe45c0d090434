import { describe, expect, inject, test } from "vitest";
import { ApiClient, sessionCookie, signUp, uniqueEmail } from "../support/api";

const baseUrl = inject("baseUrl");

describe("organizations", () => {
  test("sign-up makes the user owner of an organization with a default project", async () => {
    const owner = await signUp(baseUrl, { organization_name: "Hedge & Co" });
    const org = await owner.session.get(`/api/organizations/${owner.organizationId}/`);
    expect(org.status).toBe(200);
    // HEDGEROW_PLUGINS_ACCESS_LEVEL of the tests' server (the default, CONFIG, is tested in pipelines.test.ts).
    expect(org.body).toMatchObject({ name: "Hedge & Co", membership_level: 15, member_count: 1, plugins_access_level: 6 });
    expect(org.body.slug).toMatch(/^hedge-co(-[a-z]{4})?$/);
    expect(org.body.teams).toHaveLength(1);
    expect(org.body.teams[0]).toMatchObject({ name: "Default project" });
    expect(org.body.teams[0].api_token).toMatch(/^phc_[0-9a-zA-Z]+$/);
    expect(org.body.projects).toEqual(org.body.teams);
  });

  test("create, list with pagination, update and delete through an API key", async () => {
    const owner = await signUp(baseUrl);
    const api = await owner.key(["organization:write"]);
    const created = [];
    for (const name of ["Alpha", "Beta", "Gamma"]) {
      const response = await api.post("/api/organizations/", { name });
      expect(response.status).toBe(201);
      expect(response.body.membership_level).toBe(15);
      created.push(response.body);
    }
    const first = await api.get("/api/organizations/?limit=2");
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(4);
    expect(first.body.results).toHaveLength(2);
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toBe(`${baseUrl}/api/organizations/?limit=2&offset=2`);
    const second = await api.get(new URL(first.body.next).pathname + new URL(first.body.next).search);
    expect(second.body.results).toHaveLength(2);
    expect(second.body.next).toBeNull();
    expect(second.body.previous).toBe(`${baseUrl}/api/organizations/?limit=2`);

    const patched = await api.patch(`/api/organizations/${created[0].id}/`, { name: "Alpha 2", slug: "ignored" });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: "Alpha 2", slug: created[0].slug });

    const deleted = await api.delete(`/api/organizations/${created[0].id}/`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expect((await api.get(`/api/organizations/${created[0].id}/`)).status).toBe(404);
  });

  test("bad pagination parameters fall back to DRF's defaults instead of failing", async () => {
    const owner = await signUp(baseUrl);
    for (const query of ["limit=abc", "limit=0", "limit=-3&offset=-5", "offset=x"]) {
      const response = await owner.session.get(`/api/organizations/?${query}`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ count: 1, next: null, previous: null });
    }
  });

  test("@current is the user's current organization", async () => {
    const owner = await signUp(baseUrl);
    const current = await owner.session.get("/api/organizations/@current/");
    expect(current.status).toBe(200);
    expect(current.body.id).toBe(owner.organizationId);
  });

  test("deleting the current organization moves its members to another of theirs; members left with none are signed out", async () => {
    const owner = await signUp(baseUrl);
    const second = await owner.session.post("/api/organizations/", { name: "Second" });
    expect(second.status).toBe(201);
    // A member whose only organization it is: signed up by accepting its invite.
    const invite = await owner.session.post(`/api/organizations/${second.body.id}/invites/`, { target_email: uniqueEmail(), level: 1 });
    const joined = await new ApiClient(baseUrl).post(`/api/signup/${invite.body.id}/`, { first_name: "Lone", password: "long-enough-pw" });
    expect(joined.status).toBe(201);
    const loner = new ApiClient(baseUrl).as({ cookie: sessionCookie(joined) });
    expect((await owner.session.delete(`/api/organizations/${second.body.id}/`)).status).toBe(204);

    // PostHog falls back to another of the user's organizations, for `@current` and the projects list alike.
    const current = await owner.session.get("/api/organizations/@current/");
    expect(current.status).toBe(200);
    expect(current.body.id).toBe(owner.organizationId);
    const projects = await owner.session.get("/api/projects/");
    expect(projects.status).toBe(200);
    expect(projects.body.results.map((p: { organization: string }) => p.organization)).toEqual([owner.organizationId]);
    const me = await owner.session.get("/api/users/@me/");
    expect(me.body.organization.id).toBe(owner.organizationId);
    expect(me.body.team.organization).toBe(owner.organizationId);

    expect((await loner.get("/api/users/@me/")).status).toBe(401);
  });

  test("deleting one's only organization keeps the owner signed in, with no current organization", async () => {
    const owner = await signUp(baseUrl);
    expect((await owner.session.delete(`/api/organizations/${owner.organizationId}/`)).status).toBe(204);
    const me = await owner.session.get("/api/users/@me/");
    expect(me.status).toBe(200);
    expect(me.body.organization).toBeNull();
    expect((await owner.session.get("/api/organizations/@current/")).status).toBe(404);
  });

  test("an organization you do not belong to is not found, for reads and writes", async () => {
    const owner = await signUp(baseUrl);
    const stranger = await signUp(baseUrl);
    for (const response of [
      await stranger.session.get(`/api/organizations/${owner.organizationId}/`),
      await stranger.session.patch(`/api/organizations/${owner.organizationId}/`, { name: "Taken" }),
      await stranger.session.delete(`/api/organizations/${owner.organizationId}/`),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ type: "invalid_request", code: "not_found", detail: "Not found.", attr: null });
    }
    const list = await stranger.session.get("/api/organizations/");
    expect(list.body.results.map((o: { id: string }) => o.id)).not.toContain(owner.organizationId);
  });

  test("bad input answers PostHog-style 400s", async () => {
    const owner = await signUp(baseUrl);
    const api = await owner.key(["organization:write"]);
    expect((await api.post("/api/organizations/", {})).body).toEqual({
      type: "validation_error",
      code: "required",
      detail: "This field is required.",
      attr: "name",
    });
    expect((await api.post("/api/organizations/", { name: 5 })).body).toMatchObject({ code: "invalid_input", attr: "name" });
    expect((await api.post("/api/organizations/", { name: "x".repeat(1_000_000) })).body).toMatchObject({
      code: "max_length",
      attr: "name",
    });
    const invalidJson = await api.request("POST", "/api/organizations/", undefined, {
      raw: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(invalidJson.status).toBe(400);
    expect(invalidJson.body).toMatchObject({ type: "invalid_request", code: "parse_error" });
    const emptyBody = await api.request("POST", "/api/organizations/", undefined, { headers: { "content-type": "application/json" } });
    expect(emptyBody.status).toBe(400);
    expect((await api.post("/api/organizations/", { name: "nul\u0000byte" })).body).toMatchObject({
      code: "null_characters_not_allowed",
      attr: "name",
    });
    const tooLarge = await api.request("POST", "/api/organizations/", undefined, {
      raw: JSON.stringify({ name: "x".repeat(6 * 1024 * 1024) }),
      headers: { "content-type": "application/json" },
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ type: "invalid_request", code: "request_too_large" });
    const plainText = await api.request("POST", "/api/organizations/", undefined, {
      raw: "name=x",
      headers: { "content-type": "text/plain" },
    });
    expect(plainText.status).toBe(415);
    expect(plainText.body).toMatchObject({ code: "unsupported_media_type" });
    expect((await api.get("/api/organizations/not-a-uuid/")).status).toBe(404);
    expect((await api.delete("/api/organizations/")).status).toBe(405);
  });

  test("credentials: none 401, bad key 401, missing scope 403, session write needs same origin", async () => {
    const owner = await signUp(baseUrl);
    const anonymous = new ApiClient(baseUrl);
    expect((await anonymous.get("/api/organizations/")).body).toEqual({
      type: "authentication_error",
      code: "not_authenticated",
      detail: "Authentication credentials were not provided.",
      attr: null,
    });
    const bad = await anonymous.as({ key: "phx_notarealkey" }).get("/api/organizations/");
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe("authentication_failed");
    const readOnly = await owner.key(["organization:read"]);
    expect((await readOnly.get("/api/organizations/")).status).toBe(200);
    const write = await readOnly.post("/api/organizations/", { name: "No" });
    expect(write.status).toBe(403);
    expect(write.body.detail).toBe("API key missing required scope 'organization:write'");
    const crossSite = await owner.session.request(
      "POST",
      "/api/organizations/",
      { name: "Evil" },
      { headers: { origin: "https://evil.example" } },
    );
    expect(crossSite.status).toBe(403);
  });
});
