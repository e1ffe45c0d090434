import { describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { projectToken, sendBatch } from "../support/events";

const baseUrl = inject("baseUrl");
const base = (user: TestUser) => `/api/projects/${user.projectId}/insights`;

const trendsQuery = {
  kind: "InsightVizNode",
  source: { kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "$pageview", math: "total" }], interval: "day" },
};

async function create(user: TestUser, body: Record<string, unknown>) {
  const response = await user.session.post(`${base(user)}/`, body);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

const funnelFilters = {
  insight: "FUNNELS",
  events: [
    { id: "signup", type: "events", order: 0 },
    { id: "purchase", type: "events", order: 1 },
  ],
  date_from: "2024-03-01",
  date_to: "2024-03-14",
  funnel_window_interval: 1,
  funnel_window_interval_unit: "day",
};

async function sendFunnelEvents(user: TestUser) {
  const at = (day: number, hour: number) => new Date(Date.UTC(2024, 2, day, hour)).toISOString();
  const response = await sendBatch(baseUrl, projectToken(user), [
    { event: "signup", distinct_id: "a", timestamp: at(2, 10) },
    { event: "purchase", distinct_id: "a", timestamp: at(2, 12) },
    { event: "signup", distinct_id: "b", timestamp: at(3, 10) },
    { event: "purchase", distinct_id: "b", timestamp: at(5, 10) }, // outside the 1-day window
    { event: "signup", distinct_id: "c", timestamp: at(4, 10) },
  ]);
  expect(response.status).toBe(200);
}

describe("insights CRUD", () => {
  test("create answers 201 with PostHog's fields; retrieve, list and the rules of each field", async () => {
    const user = await signUp(baseUrl);
    const insight = await create(user, {
      name: "Pageviews",
      description: "All of them",
      query: trendsQuery,
      tags: [" Growth ", "growth", "KPI"],
      favorited: true,
    });
    expect(insight).toMatchObject({
      id: expect.any(Number),
      short_id: expect.stringMatching(/^[A-Za-z0-9]{8}$/),
      name: "Pageviews",
      derived_name: null,
      description: "All of them",
      filters: {},
      query: trendsQuery,
      tags: ["growth", "kpi"],
      favorited: true,
      saved: false,
      deleted: false,
      dashboards: [],
      dashboard_tiles: [],
      result: null,
      last_refresh: null,
      is_cached: false,
      query_status: null,
      timezone: "UTC",
      created_by: { id: user.user.id, email: user.email },
      last_modified_by: { id: user.user.id },
    });
    const fetched = await user.session.get(`${base(user)}/${insight.id}/`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(insight);

    // Without query or filters.insight, filters answer insight TRENDS.
    const bare = await create(user, { derived_name: "Something" });
    expect(bare.filters).toEqual({ insight: "TRENDS" });

    const list = await user.session.get(`${base(user)}/`);
    expect(list.body.count).toBe(2);
    expect(list.body.results.map((i: any) => i.id).sort()).toEqual([insight.id, bare.id].sort());
  });

  test("list filters: short_id, created_by, saved, favorited, search, insight; basic; limit/offset", async () => {
    const user = await signUp(baseUrl);
    const a = await create(user, { name: "Alpha funnel", filters: funnelFilters, saved: true });
    const b = await create(user, { name: "Beta", query: trendsQuery, favorited: true, tags: ["marketing"] });
    const c = await create(user, { derived_name: "Gamma derived", description: "about signups" });
    const ids = async (query: string) => (await user.session.get(`${base(user)}/?${query}`)).body.results.map((i: any) => i.id).sort();
    expect(await ids(`short_id=${b.short_id}`)).toEqual([b.id]);
    expect(await ids(`created_by=${user.user.id}`)).toHaveLength(3);
    expect(await ids(`created_by=999999`)).toEqual([]);
    expect(await ids("saved=true")).toEqual([a.id]);
    expect(await ids("saved=false")).toEqual([b.id, c.id].sort());
    expect(await ids("favorited=true")).toEqual([b.id]);
    expect(await ids("search=gamma")).toEqual([c.id]);
    expect(await ids("search=SIGNUPS")).toEqual([c.id]);
    expect(await ids("search=market")).toEqual([b.id]);
    expect(await ids("insight=FUNNELS")).toEqual([a.id]);
    expect(await ids("insight=TRENDS")).toEqual([b.id]);

    const basic = await user.session.get(`${base(user)}/?basic=true&short_id=${a.short_id}`);
    expect(Object.keys(basic.body.results[0]).sort()).toEqual(
      [
        "id",
        "short_id",
        "name",
        "derived_name",
        "filters",
        "query",
        "dashboards",
        "dashboard_tiles",
        "description",
        "last_refresh",
        "refreshing",
        "saved",
        "tags",
        "updated_at",
        "created_by",
        "created_at",
        "last_modified_at",
        "favorited",
      ].sort(),
    );

    const page = await user.session.get(`${base(user)}/?limit=2`);
    expect(page.body.results).toHaveLength(2);
    expect(page.body.next).toBe(`${baseUrl}${base(user)}/?limit=2&offset=2`);
    const second = await user.session.get(page.body.next);
    expect(second.body.results).toHaveLength(1);
    expect(second.body.previous).toBe(`${baseUrl}${base(user)}/?limit=2`);
  });

  test("PATCH updates; deleted: true soft-deletes (404 after), deleted: false restores; DELETE is 405 with no body", async () => {
    const user = await signUp(baseUrl);
    const insight = await create(user, { name: "To delete", query: trendsQuery });
    const renamed = await user.session.patch(`${base(user)}/${insight.id}/`, { name: "Renamed", tags: ["A"] });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Renamed", tags: ["a"] });
    expect(renamed.body.last_modified_at >= insight.last_modified_at).toBe(true);

    const deleteAttempt = await user.session.delete(`${base(user)}/${insight.id}/`);
    expect(deleteAttempt.status).toBe(405);
    expect(deleteAttempt.text).toBe("");
    expect((await user.session.get(`${base(user)}/${insight.id}/`)).status).toBe(200);

    const deleted = await user.session.patch(`${base(user)}/${insight.id}/`, { deleted: true });
    expect(deleted.status).toBe(200);
    expect(deleted.body.deleted).toBe(true);
    expect((await user.session.get(`${base(user)}/${insight.id}/`)).status).toBe(404);
    expect((await user.session.get(`${base(user)}/`)).body.count).toBe(0);
    expect((await user.session.patch(`${base(user)}/${insight.id}/`, { name: "x" })).status).toBe(404);

    const restored = await user.session.patch(`${base(user)}/${insight.id}/`, { deleted: false });
    expect(restored.status).toBe(200);
    expect((await user.session.get(`${base(user)}/${insight.id}/`)).status).toBe(200);
  });

  test("bad input: PostHog's 400s", async () => {
    const user = await signUp(baseUrl);
    const bad = async (body: unknown, attr: string | null, detail?: string) => {
      const response = await user.session.post(`${base(user)}/`, body);
      expect(response.status, response.text).toBe(400);
      expect(response.body.attr).toBe(attr);
      if (detail) expect(response.body.detail).toBe(detail);
    };
    await bad({ query: "nope" }, "query", "Query must be a valid JSON object");
    await bad({ query: { kind: "Nonsense" } }, "query__kind");
    await bad({ query: { kind: "InsightVizNode", source: { kind: "TrendsQuery" } } }, "query__source__series");
    await bad({ name: "x".repeat(401) }, "name");
    await bad({ filters: [] }, "filters");
    await bad({ dashboards: [2_000_000_000] }, "dashboards", "Dashboard not found");
    await bad({ favorited: "yes" }, "favorited");
    // Past PostgreSQL's integer (a 500 from PostgreSQL once): refused before any query, as DRF's IntegerField.
    await bad({ order: 2 ** 31 }, "order", "Ensure this value is less than or equal to 2147483647.");
    await bad({ dashboards: [2 ** 31] }, "dashboards__0", "Ensure this value is less than or equal to 2147483647.");
    const insight = await create(user, { name: "n" });
    const refresh = await user.session.get(`${base(user)}/${insight.id}/?refresh=sometimes`);
    expect(refresh.status).toBe(400);
    expect(refresh.body.attr).toBe("refresh");
    expect((await user.session.get(`${base(user)}/abc/`)).status).toBe(404);
    expect((await user.session.get(`${base(user)}/99999999/`)).status).toBe(404);
  });

  test("format=csv answers a CSV of the insights", async () => {
    const user = await signUp(baseUrl);
    await create(user, { name: "Csv, quoted", query: trendsQuery, tags: ["t"] });
    const response = await user.session.request("GET", `${base(user)}/?format=csv`, undefined, { unchecked: true });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    const [header, row] = response.text.trim().split("\r\n");
    expect(header.split(",")).toEqual(
      expect.arrayContaining(["id", "short_id", "name", "query.kind", "query.source.kind", "tags.0", "favorited"]),
    );
    expect(row).toContain('"Csv, quoted"');
    expect(row).toContain("TrendsQuery");
    const json = await user.session.get(`${base(user)}/?format=json`);
    expect(json.body.count).toBe(1);
  });
});

describe("insights access", () => {
  test("no credentials 401; key scopes: insight:read, insight:write, activity_log:read; undeclared actions 403 for keys", async () => {
    const user = await signUp(baseUrl);
    const insight = await create(user, { name: "Scoped", query: trendsQuery });
    const anonymous = user.session.as({});
    expect((await anonymous.get(`${base(user)}/`)).status).toBe(401);
    expect((await anonymous.get(`${base(user)}/${insight.id}/`)).status).toBe(401);

    const reader = await user.key(["insight:read"]);
    expect((await reader.get(`${base(user)}/`)).status).toBe(200);
    expect((await reader.get(`${base(user)}/${insight.id}/`)).status).toBe(200);
    const denied = await reader.post(`${base(user)}/`, { name: "no" });
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toBe("API key missing required scope 'insight:write'");
    expect((await reader.patch(`${base(user)}/${insight.id}/`, { name: "no" })).status).toBe(403);
    expect((await reader.get(`${base(user)}/activity/`)).body.detail).toBe("API key missing required scope 'activity_log:read'");
    expect((await reader.get(`${base(user)}/${insight.id}/sharing/`)).status).toBe(403);

    const writer = await user.key(["insight:write"]);
    expect((await writer.post(`${base(user)}/`, { name: "yes" })).status).toBe(201);
    expect((await writer.delete(`${base(user)}/${insight.id}/`)).status).toBe(405);
    expect((await reader.request("DELETE", `${base(user)}/${insight.id}/`)).status).toBe(403);

    const all = await user.key(["*"]);
    for (const [method, path] of [
      ["GET", `${base(user)}/my_last_viewed/`],
      ["POST", `${base(user)}/${insight.id}/viewed/`],
      ["POST", `${base(user)}/cancel/`],
      ["POST", `${base(user)}/timing/`],
    ]) {
      const response = await all.request(method, path, method === "POST" ? {} : undefined);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.detail).toBe("This action does not support Personal API Key access");
    }
    const logs = await user.key(["activity_log:read"]);
    expect((await logs.get(`${base(user)}/activity/`)).status).toBe(200);
  });

  test("another project's insights: 403 for its project, 404 through your own", async () => {
    const owner = await signUp(baseUrl);
    const other = await signUp(baseUrl);
    const insight = await create(owner, { name: "Private", query: trendsQuery });
    expect((await other.session.get(`${base(owner)}/`)).status).toBe(403);
    expect((await other.session.get(`${base(owner)}/${insight.id}/`)).status).toBe(403);
    expect((await other.session.get(`${base(other)}/${insight.id}/`)).status).toBe(404);
    expect((await other.session.patch(`${base(other)}/${insight.id}/`, { name: "x" })).status).toBe(404);
    expect((await other.session.get(`/api/projects/99999999/insights/`)).status).toBe(404);
  });
});

describe("activity, views, sharing", () => {
  test("activity: created/updated/deleted with field changes, paged as PostHog", async () => {
    const user = await signUp(baseUrl);
    const insight = await create(user, { name: "Logged", query: trendsQuery });
    await user.session.patch(`${base(user)}/${insight.id}/`, { name: "Logged 2", description: "d" });
    await user.session.patch(`${base(user)}/${insight.id}/`, { saved: true }); // not diffed: no entry
    await user.session.patch(`${base(user)}/${insight.id}/`, { deleted: true });
    await create(user, { query: trendsQuery }); // no name: not logged

    const one = await user.session.get(`${base(user)}/${insight.id}/activity/`);
    expect(one.status).toBe(200);
    expect(one.body.total_count).toBe(3);
    expect(one.body.results.map((r: any) => r.activity)).toEqual(["deleted", "updated", "created"]);
    const updated = one.body.results[1];
    expect(updated).toMatchObject({
      scope: "Insight",
      item_id: String(insight.id),
      user: { email: user.email },
      organization_id: user.organizationId,
      detail: { name: "Logged 2", short_id: insight.short_id },
    });
    expect(updated.detail.changes).toEqual([
      { type: "Insight", action: "changed", field: "name", before: "Logged", after: "Logged 2" },
      { type: "Insight", action: "changed", field: "description", before: null, after: "d" },
    ]);
    expect(one.body.results[0].detail.changes).toEqual([
      { type: "Insight", action: "changed", field: "deleted", before: false, after: true },
    ]);

    const paged = await user.session.get(`${base(user)}/activity/?limit=2`);
    expect(paged.body.results).toHaveLength(2);
    expect(paged.body.total_count).toBe(3);
    expect(paged.body.next).toBe(`${baseUrl}${base(user)}/activity/?limit=2&page=2`);
    expect(paged.body.previous).toBeNull();
    const last = await user.session.get(paged.body.next);
    expect(last.body.results).toHaveLength(1);
    expect(last.body.next).toBeNull();
    expect(last.body.previous).toBe(`${baseUrl}${base(user)}/activity/?limit=2&page=1`);
    expect((await user.session.get(`${base(user)}/99999999/activity/`)).status).toBe(404);
  });

  test("viewed/ (201, empty) and my_last_viewed/ (last 5, newest first, deleted left out)", async () => {
    const user = await signUp(baseUrl);
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await create(user, { name: `I${i}` }));
    for (const insight of made) {
      const viewed = await user.session.post(`${base(user)}/${insight.id}/viewed/`);
      expect(viewed.status).toBe(201);
      expect(viewed.text).toBe("");
    }
    await user.session.post(`${base(user)}/${made[2].id}/viewed/`);
    await user.session.patch(`${base(user)}/${made[6].id}/`, { deleted: true });
    const last = await user.session.get(`${base(user)}/my_last_viewed/`);
    expect(last.status).toBe(200);
    expect(last.body.map((i: any) => i.name)).toEqual(["I2", "I5", "I4", "I3", "I1"]);
    expect(last.body[0]).not.toHaveProperty("result");
    expect((await user.session.post(`${base(user)}/99999999/viewed/`)).status).toBe(404);
  });

  test("sharing: disabled until enabled; the token opens a public read-only view without login", async () => {
    const user = await signUp(baseUrl);
    const insight = await create(user, { name: "Shared one", filters: funnelFilters });
    const initial = await user.session.get(`${base(user)}/${insight.id}/sharing/`);
    expect(initial.status).toBe(200);
    expect(initial.body).toEqual({ created_at: null, enabled: false, access_token: null });
    expect((await user.session.get(`${base(user)}/99999999/sharing/`)).body.detail).toBe("Insight not found.");

    const enabled = await user.session.patch(`${base(user)}/${insight.id}/sharing/`, { enabled: true });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({ enabled: true, access_token: expect.stringMatching(/^[A-Za-z0-9_-]{30}$/) });
    const token = enabled.body.access_token;

    const anonymous = user.session.as({});
    const shared = await anonymous.get(`/api/shared/${token}/`);
    expect(shared.status).toBe(200);
    expect(shared.body.insight).toMatchObject({ id: insight.id, name: "Shared one", created_by: null });
    const page = await fetch(new URL(`/shared/${token}`, baseUrl));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Shared one");

    const activity = await user.session.get(`${base(user)}/${insight.id}/activity/`);
    expect(activity.body.results[0].activity).toBe("sharing enabled");

    await user.session.patch(`${base(user)}/${insight.id}/sharing/`, { enabled: false });
    expect((await anonymous.get(`/api/shared/${token}/`)).status).toBe(404);
    expect((await anonymous.get(`/api/shared/not-a-token/`)).status).toBe(404);
    expect((await fetch(new URL(`/shared/not-a-token`, baseUrl))).status).toBe(404);

    const sharingReader = await user.key(["sharing_configuration:read"]);
    expect((await sharingReader.get(`${base(user)}/${insight.id}/sharing/`)).status).toBe(200);
    expect((await sharingReader.patch(`${base(user)}/${insight.id}/sharing/`, { enabled: true })).status).toBe(403);
  });
});

describe("refresh modes and the results cache", () => {
  test("force_cache never computes; blocking computes once then serves the cache; force_blocking recomputes", async () => {
    const user = await signUp(baseUrl);
    await sendFunnelEvents(user);
    const insight = await create(user, { name: "Funnel", filters: funnelFilters });
    const url = `${base(user)}/${insight.id}/`;

    const cold = await user.session.get(url);
    expect(cold.body).toMatchObject({ result: null, last_refresh: null, is_cached: false, query_status: null });
    expect((await user.session.get(`${url}?refresh=force_cache`)).body.result).toBeNull();

    const blocking = await user.session.get(`${url}?refresh=blocking`);
    expect(blocking.status, blocking.text).toBe(200);
    expect(blocking.body.is_cached).toBe(false);
    expect(blocking.body.result.map((s: any) => s.count)).toEqual([3, 1]);
    expect(blocking.body.last_refresh).toEqual(expect.any(String));

    const cached = await user.session.get(url);
    expect(cached.body).toMatchObject({ is_cached: true, last_refresh: blocking.body.last_refresh, result: blocking.body.result });
    const again = await user.session.get(`${url}?refresh=blocking`);
    expect(again.body).toMatchObject({ is_cached: true, last_refresh: blocking.body.last_refresh });
    // A range in the past never goes stale.
    expect(again.body.cache_target_age).toBeNull();

    const forced = await user.session.get(`${url}?refresh=force_blocking`);
    expect(forced.body.is_cached).toBe(false);
    expect(forced.body.last_refresh > blocking.body.last_refresh).toBe(true);
    expect((await user.session.get(`${url}?refresh=true`)).body.is_cached).toBe(false);

    const listed = await user.session.get(`${base(user)}/`);
    expect(listed.body.results[0]).toMatchObject({ is_cached: true, result: forced.body.result });
  });

  test("async and force_async compute in the background, tracked in query_status; lazy_async serves fresh cache", async () => {
    const user = await signUp(baseUrl);
    await sendFunnelEvents(user);
    const insight = await create(user, { name: "Async funnel", filters: funnelFilters });
    const url = `${base(user)}/${insight.id}/`;

    const started = await user.session.get(`${url}?refresh=async`);
    expect(started.status).toBe(200);
    expect(started.body.result).toBeNull();
    expect(started.body.query_status).toMatchObject({
      id: expect.any(String),
      team_id: user.projectId,
      insight_id: insight.id,
      query_async: true,
      complete: false,
    });

    let done: any = null;
    for (let i = 0; i < 100 && !done?.result; i++) {
      await new Promise((r) => setTimeout(r, 100));
      done = (await user.session.get(url)).body;
    }
    expect(done.result.map((s: any) => s.count)).toEqual([3, 1]);
    expect(done.is_cached).toBe(true);

    const lazy = await user.session.get(`${url}?refresh=lazy_async`);
    expect(lazy.body).toMatchObject({ query_status: null, is_cached: true, last_refresh: done.last_refresh });
    const asyncFresh = await user.session.get(`${url}?refresh=async`);
    expect(asyncFresh.body.query_status).toBeNull();

    const forced = await user.session.get(`${url}?refresh=force_async`);
    expect(forced.body.query_status).toMatchObject({ complete: false });
    expect(forced.body.result).toEqual(done.result); // the cached result meanwhile
  });

  test("cancel/ stops a running computation; needs client_query_id", async () => {
    const user = await signUp(baseUrl);
    await sendFunnelEvents(user);
    const insight = await create(user, { name: "Cancelled", filters: { ...funnelFilters, date_to: "2024-03-13" } });
    const url = `${base(user)}/${insight.id}/`;
    const started = await user.session.get(`${url}?refresh=force_async`);
    const id = started.body.query_status.id;
    const cancelled = await user.session.post(`${base(user)}/cancel/`, { client_query_id: id });
    expect(cancelled.status).toBe(201);
    expect(cancelled.text).toBe("");
    // Whether it was stopped in time is racy over HTTP (the unit tests cover it); it is no longer running.
    await new Promise((r) => setTimeout(r, 500));
    expect((await user.session.get(url)).body.query_status).toBeNull();

    const missing = await user.session.post(`${base(user)}/cancel/`, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ attr: "client_query_id", code: "required" });
    expect((await user.session.post(`${base(user)}/timing/`, {})).status).toBe(201);
  });

  test("a TrendsQuery insight is computed by the trends engine (query converted to the legacy filter)", async () => {
    const user = await signUp(baseUrl);
    await sendBatch(baseUrl, projectToken(user), [
      { event: "$pageview", distinct_id: "a", timestamp: "2024-03-02T10:00:00Z" },
      { event: "$pageview", distinct_id: "b", timestamp: "2024-03-02T11:00:00Z" },
      { event: "$pageview", distinct_id: "a", timestamp: "2024-03-03T10:00:00Z" },
    ]);
    const query = { ...trendsQuery, source: { ...trendsQuery.source, dateRange: { date_from: "2024-03-01", date_to: "2024-03-04" } } };
    const insight = await create(user, { name: "Trend", query });
    const response = await user.session.get(`${base(user)}/${insight.id}/?refresh=blocking`);
    expect(response.status, response.text).toBe(200);
    expect(response.body.result).toHaveLength(1);
    expect(response.body.result[0]).toMatchObject({ count: 3, data: [0, 2, 1, 0] });
  });

  test("kinds that cannot be computed answer a plain 400 for computing modes, and a cache miss by default", async () => {
    const user = await signUp(baseUrl);
    // An events table saved as an insight: PostHog's kind, which Hedgerow does not compute as an analysis.
    const insight = await create(user, {
      name: "Events table",
      query: { kind: "DataTableNode", source: { kind: "EventsQuery", select: ["*"] } },
    });
    const url = `${base(user)}/${insight.id}/`;
    expect((await user.session.get(url)).body.result).toBeNull();
    const response = await user.session.get(`${url}?refresh=blocking`);
    expect(response.status).toBe(400);
    expect(response.body.attr).toBe("refresh");
  });

  test("a RetentionQuery insight computes what retention/ computes for the same legacy filter", async () => {
    const user = await signUp(baseUrl);
    const at = (day: number, hour = 12) => new Date(Date.UTC(2024, 2, day, hour)).toISOString();
    await sendBatch(baseUrl, projectToken(user), [
      { event: "signup", distinct_id: "a", timestamp: at(1) },
      { event: "purchase", distinct_id: "a", timestamp: at(2) },
      { event: "purchase", distinct_id: "a", timestamp: at(4) },
      { event: "signup", distinct_id: "b", timestamp: at(2) },
      { event: "purchase", distinct_id: "b", timestamp: at(3) },
      { event: "signup", distinct_id: "c", timestamp: at(3) },
      { event: "signup", distinct_id: "c", timestamp: at(4) },
      { event: "$pageview", distinct_id: "d", timestamp: at(2) },
    ]);
    const target = { id: "signup", type: "events", name: "signup" };
    const returning = { id: "purchase", type: "events", name: "purchase" };
    const query = {
      kind: "InsightVizNode",
      source: {
        kind: "RetentionQuery",
        dateRange: { date_to: "2024-03-05" },
        retentionFilter: {
          period: "Day",
          totalIntervals: 5,
          retentionType: "retention_first_time",
          targetEntity: target,
          returningEntity: returning,
        },
      },
    };
    const insight = await create(user, { name: "Retention", query });
    const computed = await user.session.get(`${base(user)}/${insight.id}/?refresh=blocking`);
    expect(computed.status, computed.text).toBe(200);
    const legacy = await user.session.post(`${base(user)}/retention/?refresh=true`, {
      date_to: "2024-03-05",
      period: "Day",
      total_intervals: 5,
      retention_type: "retention_first_time",
      target_entity: target,
      returning_entity: returning,
    });
    expect(legacy.status, legacy.text).toBe(200);
    expect(computed.body.result).toEqual(legacy.body.result);
    expect(computed.body.result.map((c: any) => c.values.map((v: any) => v.count))).toEqual([
      [1, 1, 0, 1, 0],
      [1, 1, 0, 0],
      [1, 0, 0],
      [0, 0],
      [0],
    ]);
    // Listed by kind, and the cached result served with it.
    const listed = await user.session.get(`${base(user)}/?insight=RETENTION`);
    expect(listed.body.results.map((i: any) => [i.id, i.result])).toEqual([[insight.id, computed.body.result]]);
  });

  test("a PathsQuery insight computes what path/ computes for the same legacy filter; what paths cannot compute is a 400", async () => {
    const user = await signUp(baseUrl);
    const at = (minute: number) => new Date(Date.UTC(2024, 2, 2, 10, minute)).toISOString();
    const view = (distinct_id: string, minute: number, url: string) => ({
      event: "$pageview",
      distinct_id,
      timestamp: at(minute),
      properties: { $current_url: `https://x.test${url}` },
    });
    await sendBatch(baseUrl, projectToken(user), [
      view("a", 0, "/home"),
      view("a", 1, "/pricing"),
      view("a", 2, "/signup"),
      { event: "clicked", distinct_id: "a", timestamp: at(3) },
      view("b", 0, "/home"),
      view("b", 1, "/pricing"),
      view("b", 2, "/docs/"),
      view("c", 0, "/docs"),
      view("c", 1, "/home"),
    ]);
    const pathsFilter = { includeEventTypes: ["$pageview"], startPoint: "https://x.test/home", stepLimit: 3, edgeLimit: 10 };
    const query = {
      kind: "InsightVizNode",
      source: { kind: "PathsQuery", dateRange: { date_from: "2024-03-01", date_to: "2024-03-04" }, pathsFilter },
    };
    const insight = await create(user, { name: "Paths", query });
    const computed = await user.session.get(`${base(user)}/${insight.id}/?refresh=blocking`);
    expect(computed.status, computed.text).toBe(200);
    const legacy = await user.session.post(`${base(user)}/path/?refresh=true`, {
      date_from: "2024-03-01",
      date_to: "2024-03-04",
      include_event_types: ["$pageview"],
      start_point: "https://x.test/home",
      step_limit: 3,
      edge_limit: 10,
    });
    expect(legacy.status, legacy.text).toBe(200);
    expect(computed.body.result).toEqual(legacy.body.result);
    expect(computed.body.result.map((e: any) => [e.source, e.target, e.value])).toEqual(
      expect.arrayContaining([
        ["1_https://x.test/home", "2_https://x.test/pricing", 2],
        ["2_https://x.test/pricing", "3_https://x.test/signup", 1],
        ["2_https://x.test/pricing", "3_https://x.test/docs", 1],
      ]),
    );
    expect(computed.body.result).toHaveLength(3);

    const grouped = await create(user, {
      name: "Grouped",
      query: { ...query, source: { ...query.source, pathsFilter: { ...pathsFilter, pathGroupings: ["/docs*"] } } },
    });
    const groupedResult = await user.session.get(`${base(user)}/${grouped.id}/?refresh=blocking`);
    expect(groupedResult.status, groupedResult.text).toBe(200);
    expect(groupedResult.body.result.map((e: any) => [e.source, e.target, e.value])).toContainEqual([
      "2_https://x.test/pricing",
      "3_/docs*",
      1,
    ]);

    // `pathReplacements` applies the project's own cleaning rules (before the points are matched).
    expect(
      (await user.session.patch(`/api/projects/${user.projectId}/`, { path_cleaning_filters: [{ regex: "^https://x\\.test", alias: "" }] }))
        .status,
    ).toBe(200);
    const replaced = await create(user, {
      name: "Replaced",
      query: { ...query, source: { ...query.source, pathsFilter: { ...pathsFilter, startPoint: "/home", pathReplacements: true } } },
    });
    const replacedResult = await user.session.get(`${base(user)}/${replaced.id}/?refresh=blocking`);
    expect(replacedResult.status, replacedResult.text).toBe(200);
    expect(replacedResult.body.result.map((e: any) => [e.source, e.target, e.value])).toContainEqual(["1_/home", "2_/pricing", 2]);
  });
});
