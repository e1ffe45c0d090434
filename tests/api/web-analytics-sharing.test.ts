import { describe, expect, inject, test } from "vitest";
import { signUp } from "../support/api";
import { sendEvents } from "../support/events";

const baseUrl = inject("baseUrl");
const RANGE = { date_from: "2024-03-01", date_to: "2024-03-03" };
const overview = { kind: "WebOverviewQuery", dateRange: RANGE, compareFilter: { compare: true } };
const sharingOf = (projectId: number) => `/api/projects/${projectId}/web_analytics/sharing/`;
const sharedQuery = (token: string) => `/api/shared/${token}/web_analytics/query/`;
const sharedTrend = (token: string) => `/api/shared/${token}/web_analytics/trend/`;

/** An owner whose project has three pageviews by two visitors on March 2 2024, sharing turned on. */
async function sharedProject(visitors = ["a", "b", "a"]) {
  const owner = await signUp(baseUrl);
  await sendEvents(
    baseUrl,
    owner,
    visitors.map((distinct_id, i) => ({
      event: "$pageview",
      distinct_id,
      timestamp: `2024-03-02T1${i}:00:00Z`,
      properties: { $pathname: i ? "/pricing" : "/", $browser: "Chrome", $session_id: `0190cccc-0000-7000-8000-00000000000${i}` },
    })),
  );
  const enabled = await owner.session.patch(sharingOf(owner.projectId), { enabled: true });
  expect(enabled.status, enabled.text).toBe(200);
  return { owner, token: enabled.body.access_token as string };
}

const tile = (body: { results: { key: string; value: number }[] }, key: string) => body.results.find((t) => t.key === key)?.value;

describe("web analytics sharing", () => {
  test("disabled until enabled; the token answers the page's queries, read-only; disabling or a new token closes it", async () => {
    const owner = await signUp(baseUrl);
    const initial = await owner.session.get(sharingOf(owner.projectId));
    expect(initial.status, initial.text).toBe(200);
    expect(initial.body).toEqual({ created_at: null, enabled: false, access_token: null });

    const { owner: sharer, token } = await sharedProject();
    expect((await sharer.session.get(sharingOf(sharer.projectId))).body).toEqual({
      created_at: expect.any(String),
      enabled: true,
      access_token: token,
    });
    const anonymous = sharer.session.as({});
    const tiles = await anonymous.post(sharedQuery(token), { query: overview });
    expect(tiles.status, tiles.text).toBe(200);
    expect([tile(tiles.body, "visitors"), tile(tiles.body, "views")]).toEqual([2, 3]);
    const table = await anonymous.post(sharedQuery(token), {
      query: { kind: "WebStatsTableQuery", breakdownBy: "Page", dateRange: RANGE, properties: [] },
    });
    expect(table.status, table.text).toBe(200);
    expect(table.body.results.map((row: unknown[]) => row[0])).toEqual(["/pricing", "/"]);
    // A row's filter applies within the page.
    const filtered = await anonymous.post(sharedQuery(token), {
      query: { ...overview, properties: [{ key: "$pathname", value: ["/pricing"], operator: "exact", type: "event" }] },
    });
    expect(tile(filtered.body, "views")).toBe(2);
    const trend = await anonymous.post(sharedTrend(token), { dateRange: RANGE, properties: [], filterTestAccounts: false });
    expect(trend.status, trend.text).toBe(200);
    expect(trend.body.result.slice(0, 3).map((line: { data: number[] }) => line.data)).toEqual([
      [0, 2, 0],
      [0, 3, 0],
      [0, 3, 0],
    ]);
    expect((await fetch(new URL(`/shared/${token}`, baseUrl))).status).toBe(200);
    // The embed: the same view for an iframe, without the title's notes.
    const embedded = await fetch(new URL(`/embedded/${token}`, baseUrl));
    expect(embedded.status).toBe(200);
    const html = await embedded.text();
    expect(html).toContain('data-testid="shared-web-analytics"');
    expect(html).not.toContain("Times in");

    // A new token retires the old one, sharing staying on.
    const refreshed = await sharer.session.post(`${sharingOf(sharer.projectId)}refresh/`);
    expect(refreshed.status, refreshed.text).toBe(200);
    const second = refreshed.body.access_token;
    expect(second).not.toBe(token);
    expect((await anonymous.post(sharedQuery(token), { query: overview })).status).toBe(404);
    expect((await anonymous.post(sharedTrend(token), {})).status).toBe(404);
    expect((await fetch(new URL(`/shared/${token}`, baseUrl))).status).toBe(404);
    expect((await fetch(new URL(`/embedded/${token}`, baseUrl))).status).toBe(404);
    expect((await fetch(new URL(`/embedded/${second}`, baseUrl))).status).toBe(200);
    expect((await anonymous.post(sharedQuery(second), { query: overview })).status).toBe(200);

    expect((await sharer.session.patch(sharingOf(sharer.projectId), { enabled: false })).body.enabled).toBe(false);
    expect((await anonymous.post(sharedQuery(second), { query: overview })).status).toBe(404);
    expect((await anonymous.post(sharedTrend(second), {})).status).toBe(404);
    expect((await fetch(new URL(`/shared/${second}`, baseUrl))).status).toBe(404);
    expect((await fetch(new URL(`/embedded/${second}`, baseUrl))).status).toBe(404);
    for (const unknown of ["not-a-token", "x".repeat(400)])
      expect((await anonymous.post(sharedQuery(unknown), { query: overview })).status).toBe(404);
    expect((await fetch(new URL("/embedded/not-a-token", baseUrl))).status).toBe(404);
  });

  test("live visitors: the last 30 minutes' visitors from an exact start, through the token as for members", async () => {
    const { owner, token } = await sharedProject();
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    await sendEvents(baseUrl, owner, [
      { event: "$pageview", distinct_id: "now-1", timestamp: minutesAgo(2), properties: { $pathname: "/" } },
      { event: "$pageview", distinct_id: "now-2", timestamp: minutesAgo(10), properties: { $pathname: "/" } },
      { event: "$pageview", distinct_id: "now-2", timestamp: minutesAgo(11), properties: { $pathname: "/a" } },
      // Outside the 30 minutes (within the hour, which a relative range would round to), and not a pageview.
      { event: "$pageview", distinct_id: "earlier", timestamp: minutesAgo(45), properties: { $pathname: "/" } },
      { event: "$autocapture", distinct_id: "clicker", timestamp: minutesAgo(1), properties: {} },
    ]);
    const live = { kind: "WebOverviewQuery", dateRange: { date_from: minutesAgo(30) } };
    const shared = await owner.session.as({}).post(sharedQuery(token), { query: live });
    expect(shared.status, shared.text).toBe(200);
    expect(tile(shared.body, "visitors")).toBe(2);
    const members = await owner.session.post(`/api/projects/${owner.projectId}/query/`, { query: live });
    expect(tile(members.body, "visitors")).toBe(2);
  });

  test("the token reads only its project's web queries: no other kind, no other project, no dashboard or insight", async () => {
    const { owner, token } = await sharedProject();
    const { owner: other } = await sharedProject(["z"]);
    const anonymous = owner.session.as({});
    for (const query of [
      { kind: "HogQLQuery", query: "select count() from events" },
      { kind: "EventsQuery", select: ["*"] },
      { kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "$pageview" }] },
      { ...overview, kind: "WebStatsTableQuery", breakdownBy: "Nope" },
      { ...overview, kind: "WebStatsTableQuery", breakdownBy: "Page", limit: 1_000_000 },
    ]) {
      const refused = await anonymous.post(sharedQuery(token), { query });
      expect(refused.status, JSON.stringify(query)).toBe(400);
      expect(refused.body.type).toBe("validation_error");
    }
    // A project id in the query means nothing: the token's project answers.
    const mine = await anonymous.post(sharedQuery(token), { query: { ...overview, teamId: other.projectId, team_id: other.projectId } });
    expect(tile(mine.body, "visitors")).toBe(2);
    // Nothing of the project opens with the token, through the API or the shared insight route.
    const dashboards = `/api/projects/${owner.projectId}/dashboards/`;
    expect((await anonymous.get(`/api/shared/${token}/`)).status).toBe(404);
    expect((await anonymous.get(`${dashboards}?sharing_access_token=${token}`)).status).toBe(401);
    const listed = (await owner.session.get(dashboards)).body.results[0];
    expect((await anonymous.get(`${dashboards}${listed.id}/?sharing_access_token=${token}`)).status).toBe(401);
    const insights = await anonymous.get(`/api/projects/${owner.projectId}/insights/?sharing_access_token=${token}`);
    expect(insights.status).toBe(403);
    expect(insights.body.detail).toBe("Sharing access token is invalid.");
    expect(
      (await anonymous.post(`/api/projects/${other.projectId}/query/?sharing_access_token=${token}`, { query: overview })).status,
    ).toBe(401);
  });

  test("only members share it: other organizations, keys without the scope or scoped elsewhere are refused", async () => {
    const { owner } = await sharedProject();
    const path = sharingOf(owner.projectId);
    const stranger = await signUp(baseUrl);
    for (const attempt of [
      stranger.session.get(path),
      stranger.session.patch(path, { enabled: true }),
      stranger.session.post(`${path}refresh/`),
    ])
      expect((await attempt).status).toBe(403);
    const strangerKey = await stranger.key(["*"]);
    expect((await strangerKey.get(path)).status).toBe(403);
    expect((await strangerKey.patch(path, { enabled: false })).status).toBe(403);

    const readOnly = await owner.key(["sharing_configuration:read"]);
    expect((await readOnly.get(path)).body.enabled).toBe(true);
    expect((await readOnly.patch(path, { enabled: false })).status).toBe(403);
    expect((await readOnly.post(`${path}refresh/`)).status).toBe(403);
    const unrelated = await owner.key(["dashboard:write", "query:read"]);
    expect((await unrelated.get(path)).status).toBe(403);
    expect((await unrelated.patch(path, { enabled: false })).status).toBe(403);

    const second = await owner.session.post("/api/projects/", { name: "Second" });
    expect(second.status, second.text).toBe(201);
    const elsewhere = await owner.key(["sharing_configuration:write"], { scoped_teams: [second.body.id] });
    const outOfScope = await elsewhere.patch(path, { enabled: false });
    expect(outOfScope.status).toBe(403);
    expect(outOfScope.body.detail).toBe(`API key does not have access to the requested project: ID ${owner.projectId}.`);
    // Scoped to the second project, it shares that one's page, apart from the first's.
    const secondPath = sharingOf(second.body.id);
    expect((await elsewhere.patch(secondPath, { enabled: true })).body.enabled).toBe(true);
    expect((await owner.session.get(path)).body.enabled).toBe(true);

    const writer = await owner.key(["sharing_configuration:write"]);
    expect((await writer.patch(path, { enabled: false })).body.enabled).toBe(false);
    const bad = await owner.session.patch(path, { enabled: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.body.attr).toBe("enabled");
    expect((await owner.session.get(sharingOf(2_000_000_000))).status).toBe(404);
  });
});
