import { describe, expect, inject, test } from "vitest";
import { ApiClient, joinAs, signUp, type TestUser } from "../support/api";

const baseUrl = inject("baseUrl");

const INSUFFICIENT = {
  type: "authentication_error",
  code: "permission_denied",
  detail: "Your organization access level is insufficient.",
  attr: null,
};
const PROJECT_NOT_FOUND = { type: "invalid_request", code: "not_found", detail: "Project not found.", attr: null };
const NO_ACCESS = {
  type: "authentication_error",
  code: "permission_denied",
  detail: "You don't have access to the project.",
  attr: null,
};

async function createProject(owner: TestUser, body: Record<string, unknown> = { name: "Second" }) {
  const created = await owner.session.post("/api/projects/", body);
  expect(created.status).toBe(201);
  return created.body;
}

describe("projects", () => {
  test("the sign-up's default project, listed and retrieved by id and @current", async () => {
    const owner = await signUp(baseUrl);
    const listed = await owner.session.get("/api/projects/");
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ count: 1, next: null, previous: null });
    const [project] = listed.body.results;
    expect(project).toEqual({
      id: owner.projectId,
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      organization: owner.organizationId,
      project_id: owner.projectId,
      api_token: expect.stringMatching(/^phc_[0-9a-zA-Z]+$/),
      name: "Default project",
      timezone: "UTC",
      path_cleaning_filters: [],
      test_account_filters: [],
      test_account_filters_default_checked: false,
      anonymize_ips: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      // What PostHog's SDKs and tools read: the SDK settings at PostHog's defaults, and a fresh project's state.
      autocapture_opt_out: false,
      autocapture_exceptions_opt_in: false,
      autocapture_web_vitals_opt_in: false,
      capture_performance_opt_in: true,
      capture_console_log_opt_in: true,
      capture_dead_clicks: false,
      heatmaps_opt_in: false,
      completed_snippet_onboarding: false,
      has_completed_onboarding_for: null,
      ingested_event: false,
      access_control: false,
      is_demo: false,
    });
    expect((await owner.session.get(`/api/projects/${owner.projectId}/`)).body).toEqual(project);
    expect((await owner.session.get("/api/projects/@current/")).body).toEqual(project);
    const ofOrganization = await owner.session.get(`/api/organizations/${owner.organizationId}/projects/`);
    expect(ofOrganization.body.results).toEqual([project]);
  });

  test("create in the current organization, where the creator then works; update; delete moves users back", async () => {
    const owner = await signUp(baseUrl);
    const created = await owner.session.post("/api/projects/", {
      name: "  Web shop ",
      timezone: "Europe/Berlin",
      organization: "00000000-0000-0000-0000-000000000000",
      api_token: "phc_mine",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Web shop", timezone: "Europe/Berlin", organization: owner.organizationId });
    expect(created.body.api_token).toMatch(/^phc_[0-9a-zA-Z]{30,}$/);
    expect(created.body.id).toBeGreaterThan(owner.projectId);
    expect((await owner.session.get("/api/projects/@current/")).body.id).toBe(created.body.id);
    expect((await owner.session.get("/api/users/@me/")).body.team.id).toBe(created.body.id);
    expect((await createProject(owner, { name: "Defaults" })).timezone).toBe("UTC");

    const path = `/api/projects/${created.body.id}/`;
    const renamed = await owner.session.patch(path, { name: "Shop", api_token: "phc_mine", timezone: "UTC" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: created.body.id, name: "Shop", timezone: "UTC", api_token: created.body.api_token });
    expect(Date.parse(renamed.body.updated_at)).toBeGreaterThan(Date.parse(created.body.updated_at));
    expect((await owner.session.patch(path, {})).body.name).toBe("Shop");

    // A member working in the project is moved too.
    const member = await joinAs(owner, 1);
    expect((await member.session.patch("/api/users/@me/", { set_current_team: created.body.id })).status).toBe(200);
    await owner.session.patch("/api/users/@me/", { set_current_team: created.body.id });
    // Past PostgreSQL's integer: refused before any query (PostgreSQL would fail it, a 500).
    const tooLarge = await owner.session.patch("/api/users/@me/", { set_current_team: 2 ** 31 });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body).toMatchObject({ code: "max_value", attr: "set_current_team" });
    const deleted = await owner.session.delete(path);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expect((await owner.session.get(path)).body).toEqual(PROJECT_NOT_FOUND);
    for (const user of [owner, member]) expect((await user.session.get("/api/projects/@current/")).body.id).toBe(owner.projectId);
    const remaining = await owner.session.get(`/api/organizations/${owner.organizationId}/projects/`);
    expect(remaining.body.results.map((p: { name: string }) => p.name)).toEqual(["Default project", "Defaults"]);
  });

  test("create under an organization's path: in that organization, as /api/projects/ does", async () => {
    const owner = await signUp(baseUrl);
    const other = await owner.session.post("/api/organizations/", { name: "Other" });
    expect((await owner.session.get("/api/users/@me/")).body.organization.id).toBe(other.body.id);

    // The named organization, not the current one; the creator then works there.
    const created = await owner.session.post(`/api/organizations/${owner.organizationId}/projects/`, {
      name: " Mobile app ",
      timezone: "Asia/Tokyo",
      organization: other.body.id,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Mobile app", timezone: "Asia/Tokyo", organization: owner.organizationId });
    expect(created.body.api_token).toMatch(/^phc_[0-9a-zA-Z]{30,}$/);
    const me = (await owner.session.get("/api/users/@me/")).body;
    expect(me.organization.id).toBe(owner.organizationId);
    expect(me.team.id).toBe(created.body.id);
    const listed = await owner.session.get(`/api/organizations/${owner.organizationId}/projects/`);
    expect(listed.body.results.map((p: { name: string }) => p.name)).toEqual(["Default project", "Mobile app"]);
    // Like every new project, it starts with its pinned dashboard.
    const dashboards = await owner.session.get(`/api/projects/${created.body.id}/dashboards/`);
    expect(dashboards.body.results.map((d: { name: string }) => d.name)).toEqual(["My App Dashboard"]);
    expect((await owner.session.post("/api/organizations/@current/projects/", { name: "Current" })).body.organization).toBe(
      owner.organizationId,
    );

    // Members may not; strangers are not in it; keys need project:write and the organization in their scope.
    const member = await joinAs(owner, 1);
    expect((await member.session.post(`/api/organizations/${owner.organizationId}/projects/`, { name: "Mine" })).body).toEqual(
      INSUFFICIENT,
    );
    const stranger = await signUp(baseUrl);
    expect((await stranger.session.post(`/api/organizations/${owner.organizationId}/projects/`, { name: "Mine" })).status).toBe(403);
    const reader = await owner.key(["project:read"]);
    expect((await reader.post(`/api/organizations/${owner.organizationId}/projects/`, { name: "No" })).body.detail).toBe(
      "API key missing required scope 'project:write'",
    );
    const scoped = await owner.key(["project:write"], { scoped_organizations: [other.body.id] });
    expect((await scoped.post(`/api/organizations/${owner.organizationId}/projects/`, { name: "No" })).status).toBe(403);
    const byKey = await (await owner.key(["project:write"])).post(`/api/organizations/${other.body.id}/projects/`, { name: "By key" });
    expect(byKey.status).toBe(201);
    expect(byKey.body.organization).toBe(other.body.id);
    const crossSite = await owner.session.request(
      "POST",
      `/api/organizations/${owner.organizationId}/projects/`,
      { name: "Evil" },
      { headers: { origin: "https://evil.example" } },
    );
    expect(crossSite.status).toBe(403);
  });

  test("lists are paginated", async () => {
    const owner = await signUp(baseUrl);
    for (const name of ["B", "C"]) await createProject(owner, { name });
    for (const path of ["/api/projects/", `/api/organizations/${owner.organizationId}/projects/`]) {
      const first = await owner.session.get(`${path}?limit=2`);
      expect(first.body.count).toBe(3);
      expect(first.body.results.map((p: { name: string }) => p.name)).toEqual(["Default project", "B"]);
      expect(first.body.next).toBe(`${baseUrl}${path}?limit=2&offset=2`);
      const second = await owner.session.get(`${path}?limit=2&offset=2`);
      expect(second.body.results.map((p: { name: string }) => p.name)).toEqual(["C"]);
      expect(second.body.previous).toBe(`${baseUrl}${path}?limit=2`);
    }
  });

  test("bad input answers PostHog-style 400s, and unknown ids 404", async () => {
    const owner = await signUp(baseUrl);
    expect((await owner.session.post("/api/projects/", {})).body).toEqual({
      type: "validation_error",
      code: "required",
      detail: "This field is required.",
      attr: "name",
    });
    expect((await owner.session.post("/api/projects/", { name: "  " })).body).toMatchObject({ code: "blank", attr: "name" });
    expect((await owner.session.post("/api/projects/", { name: 7 })).body).toMatchObject({ code: "invalid_input", attr: "name" });
    expect((await owner.session.post("/api/projects/", { name: "x".repeat(201) })).body).toMatchObject({
      code: "max_length",
      attr: "name",
    });
    expect((await owner.session.post("/api/projects/", { name: "x".repeat(1_000_000) })).status).toBe(400);
    expect((await owner.session.post("/api/projects/", { name: "P", timezone: "Mars/Olympus_Mons" })).body).toEqual({
      type: "validation_error",
      code: "invalid_choice",
      detail: '"Mars/Olympus_Mons" is not a valid choice.',
      attr: "timezone",
    });
    expect((await owner.session.post("/api/projects/", { name: "P", timezone: "x".repeat(1_000_000) })).body).toMatchObject({
      code: "max_length",
      attr: "timezone",
    });
    expect((await owner.session.patch(`/api/projects/${owner.projectId}/`, { timezone: null })).body).toMatchObject({
      code: "null",
      attr: "timezone",
    });
    expect((await owner.session.get("/api/projects/2147483646/")).body).toEqual(PROJECT_NOT_FOUND);
    for (const id of ["abc", "1.5", "-1", "99999999999", "2147483648"])
      expect((await owner.session.get(`/api/projects/${id}/`)).status, id).toBe(404);
    expect((await owner.session.request("PUT", `/api/projects/${owner.projectId}/`, { name: "x" })).status).toBe(405);
    expect((await owner.session.request("PUT", `/api/organizations/${owner.organizationId}/projects/`, { name: "x" })).status).toBe(405);
    expect((await owner.session.post(`/api/organizations/${owner.organizationId}/projects/`, {})).body).toMatchObject({
      code: "required",
      attr: "name",
    });
    expect((await owner.session.get("/api/organizations/not-a-uuid/projects/")).status).toBe(404);
  });

  test("members read; only admins and owners create, change and delete", async () => {
    const owner = await signUp(baseUrl);
    const member = await joinAs(owner, 1);
    const admin = await joinAs(owner, 8);
    const path = `/api/projects/${owner.projectId}/`;
    expect((await member.session.get(path)).status).toBe(200);
    expect((await member.session.get(`/api/organizations/${owner.organizationId}/projects/`)).body.count).toBe(1);
    // Members create in their current organization: make it the owner's.
    await member.session.patch("/api/users/@me/", { set_current_organization: owner.organizationId });
    for (const response of [
      await member.session.post("/api/projects/", { name: "Mine" }),
      await member.session.patch(path, { name: "Renamed" }),
      await member.session.delete(path),
    ])
      expect(response.body).toEqual(INSUFFICIENT);
    expect((await owner.session.get(path)).body.name).toBe("Default project");

    await admin.session.patch("/api/users/@me/", { set_current_organization: owner.organizationId });
    const created = await admin.session.post("/api/projects/", { name: "Admin's" });
    expect(created.status).toBe(201);
    expect(created.body.organization).toBe(owner.organizationId);
    expect((await admin.session.patch(`/api/projects/${created.body.id}/`, { name: "Renamed" })).status).toBe(200);
    expect((await admin.session.delete(`/api/projects/${created.body.id}/`)).status).toBe(204);
  });

  test("a project of an organization you are not in is 403; its organization's list too", async () => {
    const owner = await signUp(baseUrl);
    const stranger = await signUp(baseUrl);
    const path = `/api/projects/${owner.projectId}/`;
    for (const response of [
      await stranger.session.get(path),
      await stranger.session.patch(path, { name: "Taken" }),
      await stranger.session.delete(path),
    ])
      expect(response.body).toEqual(NO_ACCESS);
    expect((await stranger.session.get(`/api/organizations/${owner.organizationId}/projects/`)).status).toBe(403);
    expect((await stranger.session.get("/api/projects/")).body.results.map((p: { id: number }) => p.id)).toEqual([stranger.projectId]);
    expect((await owner.session.get(path)).body.name).toBe("Default project");
  });

  test("API keys: scopes, scoped projects and organizations, bad credentials", async () => {
    const owner = await signUp(baseUrl);
    const second = await createProject(owner);
    const other = await owner.session.post("/api/organizations/", { name: "Other" });
    const otherProject = other.body.teams[0].id;

    const reader = await owner.key(["project:read"]);
    expect((await reader.get(`/api/projects/${owner.projectId}/`)).status).toBe(200);
    expect((await reader.get(`/api/organizations/${owner.organizationId}/projects/`)).body.count).toBe(2);
    for (const response of [
      await reader.post("/api/projects/", { name: "No" }),
      await reader.patch(`/api/projects/${owner.projectId}/`, { name: "No" }),
      await reader.delete(`/api/projects/${owner.projectId}/`),
    ])
      expect(response.body.detail).toBe("API key missing required scope 'project:write'");
    expect((await (await owner.key(["organization:read"])).get("/api/projects/")).body.detail).toBe(
      "API key missing required scope 'project:read'",
    );
    const writer = await owner.key(["project:write"]);
    expect((await writer.patch(`/api/projects/${second.id}/`, { name: "By key" })).body.name).toBe("By key");

    const projectScoped = await owner.key(["*"], { scoped_teams: [owner.projectId] });
    expect((await projectScoped.get(`/api/projects/${owner.projectId}/`)).status).toBe(200);
    for (const id of [second.id, otherProject, 2147483646]) {
      const denied = await projectScoped.get(`/api/projects/${id}/`);
      expect(denied.status).toBe(403);
      expect(denied.body.detail).toBe(`API key does not have access to the requested project: ID ${id}.`);
    }
    // The owner now works in "Other": its project is not the key's.
    expect((await projectScoped.get("/api/projects/@current/")).body.detail).toBe(
      `API key does not have access to the requested project: ID ${otherProject}.`,
    );
    expect((await projectScoped.get("/api/projects/")).body.detail).toBe(
      "API keys with scoped projects are only supported on project-based endpoints.",
    );

    const organizationScoped = await owner.key(["*"], { scoped_organizations: [owner.organizationId] });
    expect((await organizationScoped.get(`/api/projects/${second.id}/`)).status).toBe(200);
    const elsewhere = await organizationScoped.get(`/api/projects/${otherProject}/`);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.detail).toBe(`API key does not have access to the requested organization: ID ${other.body.id}.`);
    expect((await organizationScoped.get(`/api/organizations/${other.body.id}/projects/`)).status).toBe(403);
    // Its current organization is "Other", outside the key's scope.
    expect((await organizationScoped.post("/api/projects/", { name: "No" })).status).toBe(403);

    const anonymous = new ApiClient(baseUrl);
    expect((await anonymous.get("/api/projects/")).status).toBe(401);
    expect((await anonymous.get(`/api/projects/${owner.projectId}/`)).body.code).toBe("not_authenticated");
    expect((await anonymous.as({ key: "phx_notarealkey" }).get("/api/projects/")).status).toBe(401);
    const crossSite = await owner.session.request(
      "POST",
      "/api/projects/",
      { name: "Evil" },
      { headers: { origin: "https://evil.example" } },
    );
    expect(crossSite.status).toBe(403);
  });
});
