import { describe, expect, inject, test } from "vitest";
import { joinAs, signUp, type TestUser, userBasicOf } from "../support/api";

const baseUrl = inject("baseUrl");
const base = (user: TestUser, projectId: number | string = user.projectId) => `/api/projects/${projectId}/annotations`;

async function create(user: TestUser, body: Record<string, unknown>, projectId: number | string = user.projectId) {
  const response = await user.session.post(`${base(user, projectId)}/`, body);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

async function createIn(user: TestUser, kind: "insights" | "dashboards", body: Record<string, unknown>, projectId = user.projectId) {
  const response = await user.session.post(`/api/projects/${projectId}/${kind}/`, body);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

const contents = (list: { results: { content: string }[] }) => list.results.map((a) => a.content);

describe("annotations CRUD", () => {
  test("create answers 201 with PostHog's fields; retrieve, list and the environments twin answer the same", async () => {
    const user = await signUp(baseUrl);
    const insight = await createIn(user, "insights", { name: "Signups" });
    const annotation = await create(user, {
      content: "  Launched pricing v2 ",
      date_marker: "2026-03-01T12:00:00Z",
      dashboard_item: insight.id,
      scope: "dashboard_item",
      id: 999,
      created_by: 1,
    });
    expect(annotation).toEqual({
      id: expect.any(Number),
      content: "Launched pricing v2",
      date_marker: "2026-03-01T12:00:00.000Z",
      creation_type: "USR",
      dashboard_item: insight.id,
      dashboard_id: null,
      dashboard_name: null,
      insight_short_id: insight.short_id,
      insight_name: "Signups",
      insight_derived_name: null,
      created_by: userBasicOf(user),
      created_at: expect.any(String),
      updated_at: expect.any(String),
      deleted: false,
      scope: "dashboard_item",
    });
    expect(annotation.id).not.toBe(999);
    expect((await user.session.get(`${base(user)}/${annotation.id}/`)).body).toEqual(annotation);
    expect((await user.session.get(`/api/environments/${user.projectId}/annotations/${annotation.id}/`)).body).toEqual(annotation);
    expect((await user.session.get(`${base(user, "@current")}/`)).body).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [annotation],
    });

    // Defaults: PostHog's model defaults (an insight's scope, a user's note).
    const bare = await create(user, { content: "bare" });
    expect(bare).toMatchObject({ scope: "dashboard_item", creation_type: "USR", date_marker: null, dashboard_item: null });
    const local = await create(user, {
      content: "naive time is UTC",
      date_marker: "2026-03-02T08:30",
      scope: "project",
      creation_type: "GIT",
    });
    expect(local).toMatchObject({ date_marker: "2026-03-02T08:30:00.000Z", scope: "project", creation_type: "GIT" });
  });

  test("list: latest date first; limit/offset pages; search on content; scope and date range filters", async () => {
    const user = await signUp(baseUrl);
    for (const [day, content] of [
      [1, "Deploy 100%"],
      [5, "Campaign start"],
      [10, "deploy hotfix"],
      [20, "Outage"],
    ] as const)
      await create(user, {
        content,
        scope: day === 20 ? "organization" : "project",
        date_marker: `2026-04-${String(day).padStart(2, "0")}T00:00:00Z`,
      });

    const all = await user.session.get(`${base(user)}/`);
    expect(contents(all.body)).toEqual(["Outage", "deploy hotfix", "Campaign start", "Deploy 100%"]);

    const page = await user.session.get(`${base(user)}/?limit=2&offset=1`);
    expect(page.body.count).toBe(4);
    expect(contents(page.body)).toEqual(["deploy hotfix", "Campaign start"]);
    expect(page.body.next).toBe(`${baseUrl}${base(user)}/?limit=2&offset=3`);
    expect(page.body.previous).toBe(`${baseUrl}${base(user)}/?limit=2`);

    expect(contents((await user.session.get(`${base(user)}/?search=DEPLOY`)).body)).toEqual(["deploy hotfix", "Deploy 100%"]);
    // LIKE's wildcards are searched literally.
    expect(contents((await user.session.get(`${base(user)}/?search=%25`)).body)).toEqual(["Deploy 100%"]);
    expect(contents((await user.session.get(`${base(user)}/?scope=organization`)).body)).toEqual(["Outage"]);
    expect((await user.session.get(`${base(user)}/?scope=insight`)).body.count).toBe(0);
    const ranged = await user.session.get(`${base(user)}/?date_from=2026-04-05&date_to=2026-04-10T00:00:00Z`);
    expect(contents(ranged.body)).toEqual(["deploy hotfix", "Campaign start"]);
  });

  test("PATCH and PUT update what they are given; PATCH deleted: true hides it everywhere, deleted: false restores; DELETE is 405", async () => {
    const user = await signUp(baseUrl);
    const annotation = await create(user, { content: "First", scope: "project", date_marker: "2026-05-01T00:00:00Z" });
    const patched = await user.session.patch(`${base(user)}/${annotation.id}/`, { content: "Second" });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ content: "Second", scope: "project", date_marker: "2026-05-01T00:00:00.000Z" });
    const put = await user.session.put(`${base(user)}/${annotation.id}/`, { date_marker: "2026-05-02T00:00:00+02:00" });
    expect(put.body).toMatchObject({ content: "Second", date_marker: "2026-05-01T22:00:00.000Z" });

    const deleteAttempt = await user.session.delete(`${base(user)}/${annotation.id}/`);
    expect(deleteAttempt.status).toBe(405);
    expect(deleteAttempt.text).toBe("");

    const deleted = await user.session.patch(`${base(user)}/${annotation.id}/`, { deleted: true });
    expect(deleted.body.deleted).toBe(true);
    expect((await user.session.get(`${base(user)}/`)).body.count).toBe(0);
    expect((await user.session.get(`${base(user)}/${annotation.id}/`)).status).toBe(404);
    expect((await user.session.put(`${base(user)}/${annotation.id}/`, { content: "x" })).status).toBe(404);
    const restored = await user.session.patch(`${base(user)}/${annotation.id}/`, { deleted: false });
    expect(restored.body.deleted).toBe(false);
    expect((await user.session.get(`${base(user)}/`)).body.count).toBe(1);
  });

  test("an annotation of a deleted insight or dashboard is hidden until it is restored", async () => {
    const user = await signUp(baseUrl);
    const insight = await createIn(user, "insights", { name: "Gone soon" });
    const dashboard = await createIn(user, "dashboards", { name: "Board" });
    await create(user, { content: "on insight", dashboard_item: insight.id });
    const onBoard = await create(user, { content: "on board", scope: "dashboard", dashboard_id: dashboard.id });
    expect(onBoard.dashboard_name).toBe("Board");
    await user.session.patch(`/api/projects/${user.projectId}/insights/${insight.id}/`, { deleted: true });
    await user.session.patch(`/api/projects/${user.projectId}/dashboards/${dashboard.id}/`, { deleted: true });
    expect((await user.session.get(`${base(user)}/`)).body.count).toBe(0);
    await user.session.patch(`/api/projects/${user.projectId}/insights/${insight.id}/`, { deleted: false });
    expect(contents((await user.session.get(`${base(user)}/`)).body)).toEqual(["on insight"]);
  });

  test("bad input: PostHog's 400s, naming the field", async () => {
    const user = await signUp(baseUrl);
    const cases: [Record<string, unknown>, string | null, string][] = [
      [{ content: "x".repeat(401) }, "content", "max_length"],
      [{ content: 5 }, "content", "invalid_input"],
      [{ date_marker: "yesterday" }, "date_marker", "invalid_input"],
      [{ scope: "galaxy" }, "scope", "invalid_choice"],
      [{ creation_type: "BOT" }, "creation_type", "invalid_choice"],
      [{ dashboard_item: "one" }, "dashboard_item", "invalid_input"],
      [{ dashboard_item: 2 ** 31 }, "dashboard_item", "max_value"],
      [{ dashboard_item: 99999999 }, "dashboard_item", "does_not_exist"],
      [{ dashboard_id: 99999999 }, "dashboard_id", "invalid_input"],
      [{ deleted: "maybe" }, "deleted", "invalid_input"],
    ];
    for (const [body, attr, code] of cases) {
      const response = await user.session.post(`${base(user)}/`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body, JSON.stringify(body)).toMatchObject({ type: "validation_error", attr, code });
    }
    const recording = await user.session.post(`${base(user)}/`, { scope: "recording" });
    expect(recording.status).toBe(400);
    expect(recording.body.detail).toBe("Recording scope is deprecated");
    for (const query of ["date_from=soon", "date_to=2026-13-45", "date_from=2026-02-01&date_to=2026-01-01", "scope=galaxy", "limit=1001"]) {
      const response = await user.session.get(`${base(user)}/?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.type, query).toBe("validation_error");
    }
    expect((await user.session.get(`${base(user)}/?search=${"x".repeat(401)}`)).status).toBe(400);
    expect((await user.session.get(`${base(user)}/abc/`)).status).toBe(404);
    expect((await user.session.get(`${base(user)}/99999999/`)).status).toBe(404);
  });
});

describe("annotations access", () => {
  test("another organization's project: 403 on every operation; its annotations are 404 through one's own project", async () => {
    const owner = await signUp(baseUrl);
    const annotation = await create(owner, { content: "Private", scope: "project" });
    const stranger = await signUp(baseUrl);
    const noAccess = {
      type: "authentication_error",
      code: "permission_denied",
      detail: "You don't have access to the project.",
      attr: null,
    };
    expect((await stranger.session.get(`${base(owner)}/`)).body).toEqual(noAccess);
    expect((await stranger.session.get(`${base(owner)}/${annotation.id}/`)).status).toBe(403);
    expect((await stranger.session.post(`${base(owner)}/`, { content: "Intruder" })).status).toBe(403);
    expect((await stranger.session.patch(`${base(owner)}/${annotation.id}/`, { deleted: true })).status).toBe(403);
    expect((await stranger.session.put(`${base(owner)}/${annotation.id}/`, { content: "x" })).status).toBe(403);
    expect((await stranger.session.request("DELETE", `${base(owner)}/${annotation.id}/`)).status).toBe(403);
    expect((await stranger.session.get(`${base(stranger)}/${annotation.id}/`)).status).toBe(404);
    expect((await stranger.session.patch(`${base(stranger)}/${annotation.id}/`, { content: "x" })).status).toBe(404);
    expect((await stranger.session.get(`/api/environments/${owner.projectId}/annotations/`)).status).toBe(403);
    expect((await owner.session.get(`${base(owner)}/${annotation.id}/`)).body).toMatchObject({ content: "Private", deleted: false });
  });

  test("an insight or dashboard of another project (own organization's or another's) is a 400", async () => {
    const owner = await signUp(baseUrl);
    const second = await owner.session.post("/api/projects/", { name: "Second" });
    expect(second.status).toBe(201);
    const siblingInsight = await createIn(owner, "insights", { name: "Sibling" }, second.body.id);
    const siblingDashboard = await createIn(owner, "dashboards", { name: "Sibling" }, second.body.id);
    const stranger = await signUp(baseUrl);
    const foreignInsight = await createIn(stranger, "insights", { name: "Foreign" });
    const foreignDashboard = await createIn(stranger, "dashboards", { name: "Foreign" });

    for (const id of [siblingInsight.id, foreignInsight.id]) {
      const response = await owner.session.post(`${base(owner)}/`, { content: "x", dashboard_item: id });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ attr: "dashboard_item", code: "does_not_exist" });
    }
    for (const id of [siblingDashboard.id, foreignDashboard.id]) {
      const response = await owner.session.post(`${base(owner)}/`, { content: "x", scope: "dashboard", dashboard_id: id });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ attr: "dashboard_id", detail: "Dashboard not found." });
    }
    // Moving an existing annotation onto another project's insight is refused as well, and changes nothing.
    const mine = await create(owner, { content: "mine", scope: "project" });
    const moved = await owner.session.patch(`${base(owner)}/${mine.id}/`, { scope: "dashboard_item", dashboard_item: foreignInsight.id });
    expect(moved.status).toBe(400);
    expect((await owner.session.get(`${base(owner)}/${mine.id}/`)).body).toMatchObject({ scope: "project", dashboard_item: null });
    expect((await owner.session.get(`${base(owner)}/`)).body.count).toBe(1);
  });

  test("organization-wide annotations show in every project of their organization, never in another organization", async () => {
    const owner = await signUp(baseUrl);
    const second = await owner.session.post("/api/projects/", { name: "Second" });
    const orgWide = await create(owner, { content: "Org-wide launch", scope: "organization" });
    await create(owner, { content: "Project only", scope: "project" });
    expect(contents((await owner.session.get(`${base(owner, second.body.id)}/`)).body)).toEqual(["Org-wide launch"]);
    expect((await owner.session.get(`${base(owner, second.body.id)}/${orgWide.id}/`)).status).toBe(200);
    const member = await joinAs(owner, 1);
    expect(contents((await member.session.get(`${base(owner, second.body.id)}/`)).body)).toEqual(["Org-wide launch"]);

    const stranger = await signUp(baseUrl);
    expect((await stranger.session.get(`${base(stranger)}/`)).body.count).toBe(0);
    expect((await stranger.session.get(`${base(stranger)}/${orgWide.id}/`)).status).toBe(404);
    expect((await stranger.session.patch(`${base(stranger)}/${orgWide.id}/`, { deleted: true })).status).toBe(404);
    const strangerKey = await stranger.key(["annotation:write"]);
    expect((await strangerKey.get(`${base(stranger)}/?scope=organization`)).body.count).toBe(0);
    expect((await strangerKey.patch(`${base(stranger)}/${orgWide.id}/`, { content: "hijacked" })).status).toBe(404);
    expect((await owner.session.get(`${base(owner)}/${orgWide.id}/`)).body.content).toBe("Org-wide launch");
  });

  test("no credentials 401; personal API keys need annotation:read to read and annotation:write to write", async () => {
    const user = await signUp(baseUrl);
    const annotation = await create(user, { content: "Scoped", scope: "project" });
    const anonymous = user.session.as({});
    expect((await anonymous.get(`${base(user)}/`)).status).toBe(401);
    expect((await anonymous.post(`${base(user)}/`, { content: "no" })).status).toBe(401);

    const unrelated = await user.key(["insight:read", "insight:write"]);
    const noRead = await unrelated.get(`${base(user)}/`);
    expect(noRead.status).toBe(403);
    expect(noRead.body.detail).toBe("API key missing required scope 'annotation:read'");
    expect((await unrelated.get(`${base(user)}/${annotation.id}/`)).status).toBe(403);

    const reader = await user.key(["annotation:read"]);
    expect((await reader.get(`${base(user)}/`)).body.count).toBe(1);
    expect((await reader.get(`/api/environments/${user.projectId}/annotations/${annotation.id}/`)).status).toBe(200);
    const denied = await reader.post(`${base(user)}/`, { content: "no" });
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toBe("API key missing required scope 'annotation:write'");
    expect((await reader.patch(`${base(user)}/${annotation.id}/`, { deleted: true })).status).toBe(403);
    expect((await reader.put(`${base(user)}/${annotation.id}/`, { content: "no" })).status).toBe(403);

    const writer = await user.key(["annotation:write"]);
    expect((await writer.post(`${base(user)}/`, { content: "by key", scope: "project" })).status).toBe(201);
    expect((await writer.patch(`${base(user)}/${annotation.id}/`, { content: "edited by key" })).status).toBe(200);

    const second = await user.session.post("/api/projects/", { name: "Second" });
    const elsewhere = await user.key(["annotation:read"], { scoped_teams: [second.body.id] });
    expect((await elsewhere.get(`${base(user)}/`)).status).toBe(403);
    expect(contents((await reader.get(`${base(user)}/`)).body).sort()).toEqual(["by key", "edited by key"]);
  });
});
