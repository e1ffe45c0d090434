import { beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type ApiClient, type TestUser } from "../support/api";
import { sendEvents, type SentEvent } from "../support/events";

const baseUrl = inject("baseUrl");

// The SQL editor's server side: HogQL errors point at the text at fault, and a DataVisualizationNode insight is
// computed from its HogQL, on its own and as a dashboard tile, never past its project.

let owner: TestUser;
let stranger: TestUser;
let querier: ApiClient;
const day = (d: number, hour = 12) => new Date(Date.UTC(2024, 4, d, hour)).toISOString();

const OURS: SentEvent[] = [
  { event: "$pageview", distinct_id: "ann", timestamp: day(1), properties: { plan: "pro" } },
  { event: "$pageview", distinct_id: "ann", timestamp: day(2), properties: { plan: "pro" } },
  { event: "$pageview", distinct_id: "ben", timestamp: day(2), properties: { plan: "free" } },
  { event: "signed_up", distinct_id: "ben", timestamp: day(3), properties: { plan: "free" } },
  { event: "purchase", distinct_id: "ann", timestamp: day(4), properties: { plan: "pro" } },
];
const THEIRS: SentEvent[] = [{ event: "secret_event", distinct_id: "eve", timestamp: day(1), properties: { token: "hunter2" } }];

/** The reference: events per name, most first then by name, counted here from what was sent. */
function countsByEvent(events: SentEvent[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const e of events) counts.set(e.event, (counts.get(e.event) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

const COUNTS_SQL = "SELECT event, count() AS total FROM events GROUP BY event ORDER BY total DESC, event";
const sqlNode = (query: string, extra: Record<string, unknown> = {}) => ({
  kind: "DataVisualizationNode",
  source: { kind: "HogQLQuery", query },
  display: "ActionsBar",
  chartSettings: { xAxis: { column: "event" }, yAxis: [{ column: "total" }] },
  ...extra,
});

beforeAll(async () => {
  [owner, stranger] = await Promise.all([signUp(baseUrl), signUp(baseUrl)]);
  await Promise.all([sendEvents(baseUrl, owner, OURS), sendEvents(baseUrl, stranger, THEIRS)]);
  querier = await owner.key(["query:read"]);
}, 60_000);

const runHogQL = (client: ApiClient, projectId: number, query: string) =>
  client.post(`/api/projects/${projectId}/query/`, { query: { kind: "HogQLQuery", query }, refresh: "force_blocking" });

describe("HogQL errors' positions", () => {
  test("an unknown field, table or function: start and end of its text", async () => {
    const cases: [string, string][] = [
      ["SELECT nope FROM events", "nope"],
      ["SELECT event FROM nowhere", "nowhere"],
      ["SELECT event,\n  properties.plan, secretFn(1) FROM events", "secretFn"],
      ["SELECT person.nope FROM events", "person.nope"],
    ];
    for (const [query, fault] of cases) {
      const response = await runHogQL(querier, owner.projectId, query);
      expect(response.status, query).toBe(400);
      expect(response.body, query).toMatchObject({ type: "validation_error", code: "query_error", attr: "query" });
      expect(query.slice(response.body.start, response.body.end), query).toBe(fault);
    }
  });

  test("a syntax error: where the parser stopped, also at the end of the text", async () => {
    const unexpected = await runHogQL(querier, owner.projectId, "SELECT event FROM events WHERE ORDER BY event");
    expect(unexpected.body).toMatchObject({ code: "syntax_error", start: 31, end: 36 });
    const unfinished = await runHogQL(querier, owner.projectId, "SELECT event FROM");
    expect(unfinished.body).toMatchObject({ code: "syntax_error", start: 17, end: 17 });
    const unclosed = await runHogQL(querier, owner.projectId, "SELECT 'abc FROM events");
    expect(unclosed.body.code).toBe("syntax_error");
    expect(unclosed.body.start).toBeGreaterThanOrEqual(7);
    expect(unclosed.body.end).toBeLessThanOrEqual(23);
  });

  test("async runs refuse at once with the same position", async () => {
    const response = await querier.post(`/api/projects/${owner.projectId}/query/`, {
      query: { kind: "HogQLQuery", query: "SELECT nope FROM events" },
      refresh: "async",
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ start: 7, end: 11 });
  });

  test("an error the engine finds has no position, and valid input has no error fields", async () => {
    const engine = await runHogQL(querier, owner.projectId, "SELECT toInt64('not a number') FROM events");
    expect(engine.status).toBe(400);
    expect(engine.body.start).toBeUndefined();
    const ok = await runHogQL(querier, owner.projectId, "SELECT 1");
    expect(ok.status).toBe(200);
  });
});

describe("DataVisualizationNode insights", () => {
  const insights = (user: TestUser) => `/api/projects/${user.projectId}/insights`;

  test("saved, computed from its HogQL with PostHog's HogQL shape, equal to the reference", async () => {
    const created = await owner.session.post(`${insights(owner)}/`, { name: "Events by name", query: sqlNode(COUNTS_SQL), saved: true });
    expect(created.status).toBe(201);
    expect(created.body.query).toEqual(sqlNode(COUNTS_SQL));
    const computed = await owner.session.get(`${insights(owner)}/${created.body.id}/?refresh=blocking`);
    expect(computed.status).toBe(200);
    expect(computed.body.result).toEqual(countsByEvent(OURS));
    expect(computed.body).toMatchObject({ columns: ["event", "total"], hasMore: false });
    expect(computed.body.types.map((t: [string, string]) => t[0])).toEqual(["event", "total"]);
    expect(computed.body.hogql).toMatch(/count\(\)/);
    // Cached afterwards: the default refresh (force_cache) answers the same rows.
    const cached = await owner.session.get(`${insights(owner)}/${created.body.id}/`);
    expect(cached.body.result).toEqual(countsByEvent(OURS));
  });

  test("as a dashboard tile: the same rows", async () => {
    const dashboard = await owner.session.post(`/api/projects/${owner.projectId}/dashboards/`, { name: "SQL board" });
    const created = await owner.session.post(`${insights(owner)}/`, {
      name: "On a board",
      query: sqlNode(COUNTS_SQL, { display: "ActionsTable" }),
      dashboards: [dashboard.body.id],
    });
    expect(created.status).toBe(201);
    const board = await owner.session.get(`/api/projects/${owner.projectId}/dashboards/${dashboard.body.id}/?refresh=blocking`);
    expect(board.status).toBe(200);
    const tile = board.body.tiles.find((t: { insight: { id: number } | null }) => t.insight?.id === created.body.id);
    expect(tile.insight.result).toEqual(countsByEvent(OURS));
    expect(tile.insight.columns).toEqual(["event", "total"]);
  });

  test("a broken source is a 400 on save; a HogQL error is a 400 with its position on compute", async () => {
    const bad: [unknown, string][] = [
      [{ kind: "DataVisualizationNode" }, "query__source__kind"],
      [{ kind: "DataVisualizationNode", source: { kind: "TrendsQuery", series: [] } }, "query__source__kind"],
      [{ kind: "DataVisualizationNode", source: { kind: "HogQLQuery" } }, "query__source__query"],
      [{ kind: "DataVisualizationNode", source: { kind: "HogQLQuery", query: "   " } }, "query__source__query"],
      [{ kind: "DataVisualizationNode", source: { kind: "HogQLQuery", query: "x".repeat(300_000) } }, "query__source__query"],
    ];
    for (const [query, attr] of bad) {
      const response = await owner.session.post(`${insights(owner)}/`, { name: "bad", query });
      expect(response.status, attr).toBe(400);
      expect(response.body, attr).toMatchObject({ type: "validation_error", attr });
    }
    const broken = await owner.session.post(`${insights(owner)}/`, { name: "Broken", query: sqlNode("SELECT nope FROM events") });
    expect(broken.status).toBe(201);
    const computed = await owner.session.get(`${insights(owner)}/${broken.body.id}/?refresh=blocking`);
    expect(computed.status).toBe(400);
    expect(computed.body).toMatchObject({ code: "query_error", start: 7, end: 11 });
  });

  test("{filters}: the query's own filters, then a dashboard's date range and properties, reach the SQL", async () => {
    const FILTERED_SQL = "SELECT event, count() AS total FROM events WHERE {filters} GROUP BY event ORDER BY total DESC, event";
    const inRange = (e: SentEvent, from: string, to: string) => e.timestamp! >= from && e.timestamp! < to;
    const proFrom2nd = OURS.filter((e) => inRange(e, day(2, 0), day(9, 0)) && e.properties?.plan === "pro");
    // The query API: `filters` beside the HogQL.
    const viaQuery = await querier.post(`/api/projects/${owner.projectId}/query/`, {
      query: {
        kind: "HogQLQuery",
        query: FILTERED_SQL,
        filters: {
          dateRange: { date_from: "2024-05-02", date_to: "2024-05-09" },
          properties: [{ key: "plan", value: "pro", operator: "exact", type: "event" }],
        },
      },
      refresh: "force_blocking",
    });
    expect(viaQuery.status).toBe(200);
    expect(viaQuery.body.results).toEqual(countsByEvent(proFrom2nd));

    // A saved insight without filters: everything; on a dashboard with filters: the dashboard's.
    const dashboard = await owner.session.post(`/api/projects/${owner.projectId}/dashboards/`, { name: "Filtered SQL board" });
    const created = await owner.session.post(`${insights(owner)}/`, {
      name: "Filtered",
      query: sqlNode(FILTERED_SQL),
      dashboards: [dashboard.body.id],
    });
    expect(created.status).toBe(201);
    const alone = await owner.session.get(`${insights(owner)}/${created.body.id}/?refresh=blocking`);
    expect(alone.body.result).toEqual(countsByEvent(OURS));
    const tile = async () => {
      const board = await owner.session.get(`/api/projects/${owner.projectId}/dashboards/${dashboard.body.id}/?refresh=blocking`);
      expect(board.status).toBe(200);
      return board.body.tiles.find((t: { insight: { id: number } | null }) => t.insight?.id === created.body.id).insight.result;
    };
    expect(await tile()).toEqual(countsByEvent(OURS));
    const patched = await owner.session.patch(`/api/projects/${owner.projectId}/dashboards/${dashboard.body.id}/`, {
      filters: {
        date_from: "2024-05-02",
        date_to: "2024-05-03",
        properties: [{ key: "plan", value: "free", operator: "exact", type: "event" }],
      },
    });
    expect(patched.status).toBe(200);
    expect(await tile()).toEqual(countsByEvent(OURS.filter((e) => inRange(e, day(2, 0), day(3, 0)) && e.properties?.plan === "free")));
    // A query without {filters} is not changed by the dashboard's.
    const plain = await owner.session.post(`${insights(owner)}/`, {
      name: "Plain",
      query: sqlNode(COUNTS_SQL),
      dashboards: [dashboard.body.id],
    });
    const board = await owner.session.get(`/api/projects/${owner.projectId}/dashboards/${dashboard.body.id}/?refresh=blocking`);
    const plainTile = board.body.tiles.find((t: { insight: { id: number } | null }) => t.insight?.id === plain.body.id);
    expect(plainTile.insight.result).toEqual(countsByEvent(OURS));
  });

  test("{filters}: bad filters are 400s, and no filter reaches another project's rows", async () => {
    const run = (query: string, filters: unknown) =>
      querier.post(`/api/projects/${owner.projectId}/query/`, { query: { kind: "HogQLQuery", query, filters }, refresh: "force_blocking" });
    const where = "SELECT count() FROM events WHERE {filters}";
    for (const [filters, attr] of [
      [{ dateRange: { date_from: "not a date" } }, "filters.dateRange.date_from"],
      [{ dateRange: { date_to: "x".repeat(101) } }, "query__filters__dateRange__date_to"],
      [{ properties: [{ key: "plan", value: "x", operator: "no_such_operator", type: "event" }] }, null],
      [{ filterTestAccounts: "yes" }, "query__filters__filterTestAccounts"],
    ] as [unknown, string | null][]) {
      const response = await run(where, filters);
      expect(response.status, JSON.stringify(filters)).toBe(400);
      expect(response.body.type).toBe("validation_error");
      if (attr) expect(response.body.attr).toBe(attr);
    }
    const onPersons = await run("SELECT count() FROM persons WHERE {filters}", {});
    expect(onPersons.status).toBe(400);
    expect(onPersons.body.detail).toMatch(/events table/);
    // Their cohort, their token, their event name: none lets our query read their events.
    const cohort = await stranger.session.post(`/api/projects/${stranger.projectId}/cohorts/`, {
      name: "Everyone of theirs",
      groups: [{ properties: [{ key: "token", value: "hunter2", operator: "exact", type: "event" }] }],
    });
    for (const filters of [
      { properties: [{ key: "token", value: "hunter2", operator: "exact", type: "event" }] },
      { properties: [{ type: "cohort", key: "id", value: cohort.body.id ?? 1 }] },
      {
        properties: {
          type: "OR",
          values: [{ type: "AND", values: [{ key: "event", value: "secret_event", operator: "exact", type: "event" }] }],
        },
      },
    ]) {
      const response = await run("SELECT event, properties.token FROM events WHERE {filters}", filters);
      expect(JSON.stringify(response.body), JSON.stringify(filters)).not.toMatch(/hunter2|secret_event/);
    }
  });

  test("tenants: a SQL insight reads its own project only; others cannot read or write it", async () => {
    const theirs = await stranger.session.post(`${insights(stranger)}/`, { name: "Theirs", query: sqlNode(COUNTS_SQL) });
    const computed = await stranger.session.get(`${insights(stranger)}/${theirs.body.id}/?refresh=blocking`);
    expect(computed.body.result).toEqual(countsByEvent(THEIRS));

    const ours = await owner.session.post(`${insights(owner)}/`, { name: "Ours", query: sqlNode(COUNTS_SQL) });
    const intruder = await stranger.key(["*"]);
    for (const client of [stranger.session, intruder]) {
      expect([403, 404]).toContain((await client.get(`${insights(owner)}/${ours.body.id}/?refresh=blocking`)).status);
      expect([403, 404]).toContain((await client.post(`${insights(owner)}/`, { name: "x", query: sqlNode("SELECT 1") })).status);
      expect([403, 404]).toContain((await runHogQL(client, owner.projectId, "SELECT count() FROM events")).status);
    }
    // Their project id in our query changes nothing: the compiler adds the project's own condition.
    const leak = await runHogQL(querier, owner.projectId, `SELECT count() FROM events WHERE team_id = ${stranger.projectId}`);
    expect(leak.status === 400 || leak.body.results?.[0]?.[0] === 0).toBe(true);

    const reader = await owner.key(["insight:read"]);
    expect((await reader.post(`${insights(owner)}/`, { name: "x", query: sqlNode("SELECT 1") })).status).toBe(403);
    expect((await reader.get(`${insights(owner)}/${ours.body.id}/`)).status).toBe(200);
    const wrongScope = await owner.key(["insight:read"]);
    expect((await runHogQL(wrongScope, owner.projectId, "SELECT 1")).status).toBe(403);
  });
});
