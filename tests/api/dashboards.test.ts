import { describe, expect, inject, test } from "vitest";
import { joinAs, signUp, type TestUser } from "../support/api";
import { projectToken, sendBatch } from "../support/events";
import { pageviewTrendsQuery } from "../support/insights";

const baseUrl = inject("baseUrl");
const dashboardsOf = (user: TestUser, projectId = user.projectId) => `/api/projects/${projectId}/dashboards`;
const insightsOf = (user: TestUser, projectId = user.projectId) => `/api/projects/${projectId}/insights`;

const MEMBER = 1;
const ADMIN = 8;
const CANNOT_EDIT = "You don't have edit permissions for this dashboard.";

async function createDashboard(user: TestUser, body: Record<string, unknown>) {
  const response = await user.session.post(`${dashboardsOf(user)}/`, body);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

async function createInsight(user: TestUser, body: Record<string, unknown>) {
  const response = await user.session.post(`${insightsOf(user)}/`, body);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

const getDashboard = (user: TestUser, id: number, query = "") => user.session.get(`${dashboardsOf(user)}/${id}/${query}`);
const getInsight = (user: TestUser, id: number, query = "") => user.session.get(`${insightsOf(user)}/${id}/${query}`);
const tileInsightIds = (dashboard: { tiles: { insight: { id: number } }[] }) => dashboard.tiles.map((tile) => tile.insight.id);

describe("dashboards CRUD", () => {
  test('a new project starts with PostHog\'s pinned "My App Dashboard"', async () => {
    const user = await signUp(baseUrl);
    const list = await user.session.get(`${dashboardsOf(user)}/`);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    expect(list.body.results[0]).toMatchObject({
      name: "My App Dashboard",
      pinned: true,
      deleted: false,
      creation_mode: "default",
      team_id: user.projectId,
      restriction_level: 21,
      effective_privilege_level: 37,
    });
    // A project created later gets one too.
    const second = await user.session.post("/api/projects/", { name: "Second" });
    expect(second.status).toBe(201);
    const secondList = await user.session.get(`${dashboardsOf(user, second.body.id)}/`);
    expect(secondList.body.results.map((d: { name: string }) => d.name)).toEqual(["My App Dashboard"]);
  });

  test("create, retrieve, list (search, pages, pinned first) and update, with PostHog's fields", async () => {
    const user = await signUp(baseUrl);
    const created = await createDashboard(user, {
      name: "Growth",
      description: "Weekly numbers",
      tags: [" KPI ", "kpi", "growth"],
      filters: { date_from: "-14d" },
    });
    expect(created).toMatchObject({
      id: expect.any(Number),
      name: "Growth",
      description: "Weekly numbers",
      pinned: false,
      deleted: false,
      is_shared: false,
      creation_mode: "default",
      tags: ["kpi", "growth"],
      filters: { date_from: "-14d" },
      tiles: [],
      restriction_level: 21,
      effective_restriction_level: 21,
      effective_privilege_level: 37,
      created_by: { id: user.user.id, email: user.email },
      last_accessed_at: null,
      team_id: user.projectId,
    });
    const fetched = await getDashboard(user, created.id);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toMatchObject({ ...created, last_accessed_at: expect.any(String) });

    await createDashboard(user, { name: "Another one", description: "" });
    const list = await user.session.get(`${dashboardsOf(user)}/`);
    expect(list.body.results.map((d: { name: string }) => d.name)).toEqual(["My App Dashboard", "Another one", "Growth"]);
    expect(Object.keys(list.body.results[0])).not.toContain("tiles");
    expect((await user.session.get(`${dashboardsOf(user)}/?search=weekly`)).body.results.map((d: { id: number }) => d.id)).toEqual([
      created.id,
    ]);
    expect((await user.session.get(`${dashboardsOf(user)}/?search=100%25`)).body.count).toBe(0);
    const page = await user.session.get(`${dashboardsOf(user)}/?limit=2`);
    expect(page.body).toMatchObject({ count: 3, previous: null, next: expect.stringContaining("offset=2") });
    expect(page.body.results).toHaveLength(2);

    const updated = await user.session.patch(`${dashboardsOf(user)}/${created.id}/`, {
      name: "Growth (weekly)",
      pinned: true,
      filters: { date_from: "2024-03-01", date_to: "2024-03-05", properties: [{ key: "$browser", value: "Chrome" }] },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({
      name: "Growth (weekly)",
      pinned: true,
      description: "Weekly numbers",
      filters: { date_from: "2024-03-01", date_to: "2024-03-05", properties: [{ key: "$browser", value: "Chrome" }] },
    });
    // As PostHog, empty filters leave the saved ones alone.
    const untouched = await user.session.patch(`${dashboardsOf(user)}/${created.id}/`, { filters: {} });
    expect(untouched.body.filters).toEqual(updated.body.filters);
    expect((await user.session.get(`${dashboardsOf(user)}/`)).body.results[0].id).toBe(created.id);
  });

  test("bad input: PostHog's 400s", async () => {
    const user = await signUp(baseUrl);
    const bad = async (body: unknown, attr: string | null, detail?: string) => {
      const response = await user.session.post(`${dashboardsOf(user)}/`, body);
      expect(response.status, response.text).toBe(400);
      expect(response.body.attr).toBe(attr);
      if (detail) expect(response.body.detail).toBe(detail);
    };
    await bad({ name: "x".repeat(401) }, "name");
    await bad({ filters: [] }, "filters");
    await bad({ pinned: "often" }, "pinned");
    await bad({ restriction_level: 99 }, "restriction_level");
    await bad({ use_template: "product-analytics" }, "use_template", "Invalid template provided: product-analytics");
    await bad({ use_template: "x", use_dashboard: 1 }, null, "`use_dashboard` and `use_template` cannot be used together");
    await bad({ use_dashboard: 2_000_000_000 }, "use_dashboard", "Invalid value provided");
    const dashboard = await createDashboard(user, { name: "d" });
    const patch = await user.session.patch(`${dashboardsOf(user)}/${dashboard.id}/`, { tiles: [{ id: 2_000_000_000, color: "blue" }] });
    expect(patch.status).toBe(400);
    expect(patch.body).toMatchObject({ attr: "tiles", detail: "Tile not found." });
    expect((await user.session.get(`${dashboardsOf(user)}/${dashboard.id}/?refresh=sometimes`)).status).toBe(400);
  });

  test("soft delete: PATCH deleted, DELETE is 405, tiles leave with it and come back on restore", async () => {
    const user = await signUp(baseUrl);
    const dashboard = await createDashboard(user, { name: "Doomed" });
    const other = await createDashboard(user, { name: "Survivor" });
    const alone = await createInsight(user, { name: "Only here", dashboards: [dashboard.id] });
    const shared = await createInsight(user, { name: "Also elsewhere", dashboards: [dashboard.id, other.id] });
    const url = `${dashboardsOf(user)}/${dashboard.id}/`;

    const hardDelete = await user.session.delete(url);
    expect(hardDelete.status).toBe(405);
    expect(hardDelete.text).toBe("");
    expect((await getDashboard(user, dashboard.id)).status).toBe(200);

    const deleted = await user.session.patch(url, { deleted: true, delete_insights: true });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body.deleted).toBe(true);
    expect((await getDashboard(user, dashboard.id)).status).toBe(404);
    expect((await user.session.patch(url, { name: "x" })).status).toBe(404);
    expect((await user.session.get(`${dashboardsOf(user)}/`)).body.results.map((d: { id: number }) => d.id)).not.toContain(dashboard.id);
    // delete_insights: the insight on no other dashboard is deleted; the other stays, on its other dashboard only.
    expect((await getInsight(user, alone.id)).status).toBe(404);
    const kept = await getInsight(user, shared.id);
    expect(kept.body.dashboards).toEqual([other.id]);

    const restored = await user.session.patch(url, { deleted: false });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.deleted).toBe(false);
    expect(tileInsightIds(restored.body).sort()).toEqual([alone.id, shared.id].sort());
    expect((await getInsight(user, alone.id)).body.dashboards).toEqual([dashboard.id]);
    expect((await getInsight(user, shared.id)).body.dashboards.sort()).toEqual([dashboard.id, other.id].sort());
  });
});

describe("tiles and insights' dashboards in step", () => {
  test("insight PATCH dashboards adds and removes tiles; dashboard PATCH lays them out; deleting the insight removes it", async () => {
    const user = await signUp(baseUrl);
    const first = await createDashboard(user, { name: "First" });
    const second = await createDashboard(user, { name: "Second" });
    const insight = await createInsight(user, {
      name: "Pageviews",
      query: pageviewTrendsQuery({ date_from: "-7d" }),
      dashboards: [first.id],
    });
    expect(insight.dashboards).toEqual([first.id]);
    expect(insight.dashboard_tiles).toEqual([{ id: expect.any(Number), dashboard_id: first.id, deleted: false }]);
    const firstTileId = insight.dashboard_tiles[0].id;

    const onFirst = (await getDashboard(user, first.id)).body;
    expect(onFirst.tiles).toHaveLength(1);
    expect(onFirst.tiles[0]).toMatchObject({ id: firstTileId, layouts: {}, color: null, order: 0, last_refresh: null, is_cached: false });
    expect(onFirst.tiles[0].insight).toMatchObject({ id: insight.id, name: "Pageviews", dashboards: [first.id] });

    const moved = await user.session.patch(`${insightsOf(user)}/${insight.id}/`, { dashboards: [second.id] });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.dashboards).toEqual([second.id]);
    expect((await getDashboard(user, first.id)).body.tiles).toEqual([]);
    expect(tileInsightIds((await getDashboard(user, second.id)).body)).toEqual([insight.id]);

    // Back on the first: its tile comes back (the same tile).
    const both = await user.session.patch(`${insightsOf(user)}/${insight.id}/`, { dashboards: [first.id, second.id] });
    expect(both.body.dashboard_tiles.find((t: { dashboard_id: number }) => t.dashboard_id === first.id).id).toBe(firstTileId);

    const layouts = { sm: { x: 0, y: 0, w: 6, h: 5 } };
    const laidOut = await user.session.patch(`${dashboardsOf(user)}/${first.id}/`, {
      tiles: [{ id: firstTileId, layouts, color: "blue" }],
    });
    expect(laidOut.status, laidOut.text).toBe(200);
    expect(laidOut.body.tiles[0]).toMatchObject({ id: firstTileId, layouts, color: "blue" });
    // A tile of another dashboard cannot be changed through this one.
    const secondTileId = both.body.dashboard_tiles.find((t: { dashboard_id: number }) => t.dashboard_id === second.id).id;
    expect((await user.session.patch(`${dashboardsOf(user)}/${first.id}/`, { tiles: [{ id: secondTileId, color: "red" }] })).status).toBe(
      400,
    );

    // Removing the tile from the dashboard takes the dashboard off the insight.
    await user.session.patch(`${dashboardsOf(user)}/${second.id}/`, { tiles: [{ id: secondTileId, deleted: true }] });
    expect((await getInsight(user, insight.id)).body.dashboards).toEqual([first.id]);

    // A deleted insight leaves its dashboards.
    await user.session.patch(`${insightsOf(user)}/${insight.id}/`, { deleted: true });
    expect((await getDashboard(user, first.id)).body.tiles).toEqual([]);
  });

  test("insights list: `dashboards` (on all of them), and `saved` counts being on a dashboard as saved", async () => {
    const user = await signUp(baseUrl);
    const first = await createDashboard(user, { name: "First" });
    const second = await createDashboard(user, { name: "Second" });
    const onBoth = await createInsight(user, { name: "both", dashboards: [first.id, second.id] });
    const onFirst = await createInsight(user, { name: "first", dashboards: [first.id] });
    const saved = await createInsight(user, { name: "saved", saved: true });
    const loose = await createInsight(user, { name: "loose" });
    const ids = async (query: string) => {
      const response = await user.session.get(`${insightsOf(user)}/?basic=true&${query}`);
      expect(response.status, response.text).toBe(200);
      return response.body.results.map((i: { id: number }) => i.id).sort();
    };
    expect(await ids(`dashboards=[${first.id}]`)).toEqual([onBoth.id, onFirst.id].sort());
    expect(await ids(`dashboards=[${first.id},${second.id}]`)).toEqual([onBoth.id]);
    expect(await ids("dashboards=[]")).toHaveLength(4);
    expect(await ids("saved=true")).toEqual([onBoth.id, onFirst.id, saved.id].sort());
    expect(await ids("saved=false")).toEqual([onBoth.id, onFirst.id, loose.id].sort());
    // A deleted dashboard holds nothing.
    await user.session.patch(`${dashboardsOf(user)}/${second.id}/`, { deleted: true });
    expect(await ids(`dashboards=[${second.id}]`)).toEqual([]);
    const bad = await user.session.get(`${insightsOf(user)}/?dashboards=first`);
    expect(bad.status).toBe(400);
    expect(bad.body.attr).toBe("dashboards");
  });

  test("dashboards of another team or deleted ones are refused: 400 Dashboard not found", async () => {
    const user = await signUp(baseUrl);
    const stranger = await signUp(baseUrl);
    const theirs = await createDashboard(stranger, { name: "Theirs" });
    const bad = await user.session.post(`${insightsOf(user)}/`, { name: "x", dashboards: [theirs.id] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ attr: "dashboards", detail: "Dashboard not found" });
    const insight = await createInsight(user, { name: "Mine" });
    expect((await user.session.patch(`${insightsOf(user)}/${insight.id}/`, { dashboards: [theirs.id] })).status).toBe(400);

    const mine = await createDashboard(user, { name: "Gone" });
    await user.session.patch(`${dashboardsOf(user)}/${mine.id}/`, { deleted: true });
    expect((await user.session.patch(`${insightsOf(user)}/${insight.id}/`, { dashboards: [mine.id] })).status).toBe(400);
    // Nor can a dashboard of another team be duplicated.
    const copy = await user.session.post(`${dashboardsOf(user)}/`, { name: "Copy", use_dashboard: theirs.id });
    expect(copy.status).toBe(400);
    expect(copy.body.attr).toBe("use_dashboard");
  });

  test("use_dashboard duplicates: the same insights laid out the same, with the source's filters", async () => {
    const user = await signUp(baseUrl);
    const source = await createDashboard(user, { name: "Source", filters: { date_from: "-30d" } });
    const insight = await createInsight(user, { name: "On it", dashboards: [source.id] });
    const tileId = insight.dashboard_tiles[0].id;
    const layouts = { sm: { x: 0, y: 2, w: 6, h: 5 } };
    await user.session.patch(`${dashboardsOf(user)}/${source.id}/`, { tiles: [{ id: tileId, layouts, color: "green" }] });

    const copy = await createDashboard(user, { name: "Copy", use_dashboard: source.id });
    expect(copy).toMatchObject({ name: "Copy", creation_mode: "duplicate", filters: { date_from: "-30d" } });
    expect(copy.tiles).toHaveLength(1);
    expect(copy.tiles[0]).toMatchObject({ layouts, color: "green", insight: { id: insight.id } });
    expect(copy.tiles[0].id).not.toBe(tileId);
    expect((await getInsight(user, insight.id)).body.dashboards.sort()).toEqual([source.id, copy.id].sort());
    // Filters sent with the request win over the source's.
    const own = await createDashboard(user, { name: "Own", use_dashboard: source.id, filters: { date_from: "-7d" } });
    expect(own.filters).toEqual({ date_from: "-7d" });
  });
});

describe("from_dashboard: the dashboard's filters over the insight's", () => {
  test("date range and properties of the dashboard decide the numbers, on the insight and on the tile", async () => {
    const user = await signUp(baseUrl);
    const at = (day: number, hour: number) => new Date(Date.UTC(2024, 2, day, hour)).toISOString();
    const pageview = (distinctId: string, day: number, browser: string) => ({
      event: "$pageview",
      distinct_id: distinctId,
      timestamp: at(day, 10),
      properties: { $browser: browser },
    });
    const sent = await sendBatch(baseUrl, projectToken(user), [
      pageview("a", 2, "Chrome"),
      pageview("b", 2, "Firefox"),
      pageview("a", 3, "Chrome"),
      pageview("a", 10, "Chrome"),
      pageview("b", 10, "Firefox"),
      pageview("c", 10, "Chrome"),
    ]);
    expect(sent.status).toBe(200);

    const insight = await createInsight(user, {
      name: "Pageviews",
      query: pageviewTrendsQuery({ date_from: "2024-03-01", date_to: "2024-03-04" }),
    });
    const own = await getInsight(user, insight.id, "?refresh=blocking");
    expect(own.status, own.text).toBe(200);
    expect(own.body.result[0]).toMatchObject({ count: 3, data: [0, 2, 1, 0] });

    const dashboard = await createDashboard(user, { name: "March 9-11", filters: { date_from: "2024-03-09", date_to: "2024-03-11" } });
    await user.session.patch(`${insightsOf(user)}/${insight.id}/`, { dashboards: [dashboard.id] });
    const seen = await getInsight(user, insight.id, `?from_dashboard=${dashboard.id}&refresh=blocking`);
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body.result[0]).toMatchObject({ count: 3, data: [0, 3, 0] });
    // The insight itself is unchanged.
    expect((await getInsight(user, insight.id, "?refresh=blocking")).body.result[0]).toMatchObject({ count: 3, data: [0, 2, 1, 0] });

    // Property filters of the dashboard apply too.
    await user.session.patch(`${dashboardsOf(user)}/${dashboard.id}/`, {
      filters: {
        date_from: "2024-03-09",
        date_to: "2024-03-11",
        properties: [{ key: "$browser", value: "Chrome", operator: "exact", type: "event" }],
      },
    });
    const filtered = await getInsight(user, insight.id, `?from_dashboard=${dashboard.id}&refresh=blocking`);
    expect(filtered.body.result[0]).toMatchObject({ count: 2, data: [0, 2, 0] });

    // The dashboard's tiles: nothing computed by default, then computed with `refresh`, then from the cache.
    const fresh = await createDashboard(user, { name: "Early March", filters: { date_from: "2024-03-02", date_to: "2024-03-03" } });
    await user.session.patch(`${insightsOf(user)}/${insight.id}/`, { dashboards: [dashboard.id, fresh.id] });
    const uncomputed = (await getDashboard(user, fresh.id)).body.tiles[0];
    expect(uncomputed).toMatchObject({ last_refresh: null, is_cached: false, insight: { result: null } });
    const computed = (await getDashboard(user, fresh.id, "?refresh=blocking")).body.tiles[0];
    expect(computed.insight.result[0]).toMatchObject({ count: 3, data: [2, 1] });
    expect(computed.last_refresh).toEqual(expect.any(String));
    expect(computed.is_cached).toBe(false);
    const cached = (await getDashboard(user, fresh.id)).body.tiles[0];
    expect(cached).toMatchObject({ last_refresh: computed.last_refresh, is_cached: true });
    expect(cached.insight.result).toEqual(computed.insight.result);
    // The other dashboard's tile has its own numbers.
    const other = (await getDashboard(user, dashboard.id, "?refresh=blocking")).body.tiles[0];
    expect(other.insight.result[0]).toMatchObject({ count: 2 });
  });

  test("from_dashboard naming a dashboard of another project, or none, is a 404", async () => {
    const user = await signUp(baseUrl);
    const stranger = await signUp(baseUrl);
    const theirs = await createDashboard(stranger, { name: "Theirs" });
    const insight = await createInsight(user, { name: "Mine", query: pageviewTrendsQuery({ date_from: "-7d" }) });
    expect((await getInsight(user, insight.id, `?from_dashboard=${theirs.id}`)).status).toBe(404);
    expect((await getInsight(user, insight.id, "?from_dashboard=2000000000")).status).toBe(404);
  });
});

describe("who may read and change dashboards", () => {
  test("a member of another organization: 403 on the project, 404 through their own", async () => {
    const owner = await signUp(baseUrl);
    const stranger = await signUp(baseUrl);
    const dashboard = await createDashboard(owner, { name: "Private" });
    expect((await stranger.session.get(`${dashboardsOf(owner)}/`)).status).toBe(403);
    expect((await stranger.session.get(`${dashboardsOf(owner)}/${dashboard.id}/`)).status).toBe(403);
    expect((await stranger.session.patch(`${dashboardsOf(owner)}/${dashboard.id}/`, { name: "mine" })).status).toBe(403);
    expect((await stranger.session.post(`${dashboardsOf(owner)}/`, { name: "planted" })).status).toBe(403);
    expect((await stranger.session.get(`${dashboardsOf(stranger)}/${dashboard.id}/`)).status).toBe(404);
    expect((await stranger.session.patch(`${dashboardsOf(stranger)}/${dashboard.id}/`, { deleted: true })).status).toBe(404);
    expect((await getDashboard(owner, dashboard.id)).body.name).toBe("Private");
  });

  test("personal API keys: dashboard:read reads, dashboard:write writes, other scopes and other projects are refused", async () => {
    const user = await signUp(baseUrl);
    const dashboard = await createDashboard(user, { name: "Keyed" });
    const url = `${dashboardsOf(user)}/${dashboard.id}/`;

    const insightsOnly = await user.key(["insight:read"]);
    const refused = await insightsOnly.get(`${dashboardsOf(user)}/`);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe("API key missing required scope 'dashboard:read'");
    expect((await insightsOnly.get(url)).status).toBe(403);

    const reader = await user.key(["dashboard:read"]);
    expect((await reader.get(`${dashboardsOf(user)}/`)).status).toBe(200);
    expect((await reader.get(url)).status).toBe(200);
    const write = await reader.patch(url, { name: "by key" });
    expect(write.status).toBe(403);
    expect(write.body.detail).toBe("API key missing required scope 'dashboard:write'");
    expect((await reader.post(`${dashboardsOf(user)}/`, { name: "by key" })).status).toBe(403);

    const writer = await user.key(["dashboard:write"]);
    expect((await writer.patch(url, { name: "by key" })).body.name).toBe("by key");
    expect((await writer.post(`${dashboardsOf(user)}/`, { name: "by key" })).status).toBe(201);
    expect((await writer.get(url)).status).toBe(200);

    const second = await user.session.post("/api/projects/", { name: "Second" });
    const elsewhere = await user.key(["dashboard:write"], { scoped_teams: [second.body.id] });
    const outOfScope = await elsewhere.get(url);
    expect(outOfScope.status).toBe(403);
    expect(outOfScope.body.detail).toBe(`API key does not have access to the requested project: ID ${user.projectId}.`);
    expect((await elsewhere.patch(url, { name: "nope" })).status).toBe(403);
    expect((await elsewhere.get(`${dashboardsOf(user, second.body.id)}/`)).status).toBe(200);
  });

  test("a restricted dashboard: members view it, only its creator and admins edit it or change who may", async () => {
    const owner = await signUp(baseUrl);
    const member = await joinAs(owner, MEMBER);
    const admin = await joinAs(owner, ADMIN);
    const dashboard = await createDashboard(owner, { name: "Board" });
    const url = `${dashboardsOf(owner)}/${dashboard.id}/`;

    // Open: any member edits it, but only its creator and admins may restrict it.
    expect((await member.session.patch(url, { description: "edited by a member" })).status).toBe(200);
    const restrictByMember = await member.session.patch(url, { restriction_level: 37 });
    expect(restrictByMember.status).toBe(403);
    expect(restrictByMember.body.detail).toBe(
      "Only the dashboard owner and project admins have the restriction rights required to change the dashboard's restriction level.",
    );
    const restricted = await owner.session.patch(url, { restriction_level: 37 });
    expect(restricted.body).toMatchObject({ restriction_level: 37, effective_privilege_level: 37 });

    const viewed = await member.session.get(url);
    expect(viewed.status).toBe(200);
    expect(viewed.body.effective_privilege_level).toBe(21);
    for (const body of [{ name: "hijacked" }, { deleted: true }, { restriction_level: 21 }]) {
      const denied = await member.session.patch(url, body);
      expect(denied.status).toBe(403);
      expect(denied.body.detail).toBe(CANNOT_EDIT);
    }
    expect((await member.session.request("DELETE", url, undefined, { unchecked: true })).status).toBe(403);
    // Nor can a member put an insight on it.
    const insight = await member.session.post(`${insightsOf(owner)}/`, { name: "sneaky", dashboards: [dashboard.id] });
    expect(insight.status).toBe(403);
    expect(insight.body.detail).toBe(`You don't have permission to add insights to dashboard: ${dashboard.id}`);
    // The member's own dashboards stay theirs to edit.
    const own = await member.session.post(`${dashboardsOf(owner)}/`, { name: "Member's", restriction_level: 37 });
    expect(own.status).toBe(201);
    expect((await member.session.patch(`${dashboardsOf(owner)}/${own.body.id}/`, { name: "Still mine" })).status).toBe(200);

    expect((await admin.session.patch(url, { name: "by an admin" })).status).toBe(200);
    expect((await admin.session.post(`${insightsOf(owner)}/`, { name: "placed", dashboards: [dashboard.id] })).status).toBe(201);
    expect((await getDashboard(owner, dashboard.id)).body).toMatchObject({ name: "by an admin", description: "edited by a member" });
  });
});
