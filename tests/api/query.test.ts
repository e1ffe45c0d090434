import { beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type ApiClient, type TestUser } from "../support/api";
import { sendEvents, type SentEvent } from "../support/events";

const baseUrl = inject("baseUrl");

// Two projects: ours, with known events at fixed dates (analyses) and in the last hours (EventsQuery's default
// range); theirs, with events a query of ours must never see.
let owner: TestUser;
let stranger: TestUser;
let reader: ApiClient;
const NOW = Date.now();
const recent = (hoursAgo: number) => new Date(NOW - hoursAgo * 3_600_000).toISOString();
const day = (d: number, hour = 12) => new Date(Date.UTC(2024, 2, d, hour)).toISOString();

const OURS: SentEvent[] = [
  // Two persons' journeys in March 2024: alice converts, bob does not.
  {
    event: "$identify",
    distinct_id: "alice",
    timestamp: day(1, 9),
    properties: { $set: { email: "alice@example.com", plan: "pro" }, $anon_distinct_id: "anon-a" },
  },
  { event: "$pageview", distinct_id: "anon-a", timestamp: day(1), properties: { $browser: "Firefox", $current_url: "https://x.io/" } },
  { event: "signed_up", distinct_id: "alice", timestamp: day(1, 13), properties: { $browser: "Firefox", price: 10 } },
  { event: "purchase", distinct_id: "alice", timestamp: day(2), properties: { $browser: "Firefox", price: 25.5 } },
  { event: "$pageview", distinct_id: "bob", timestamp: day(1), properties: { $browser: "Chrome", $current_url: "https://x.io/pricing" } },
  { event: "signed_up", distinct_id: "bob", timestamp: day(3), properties: { $browser: "Chrome" } },
  { event: "$pageview", distinct_id: "bob", timestamp: day(3, 14), properties: { $browser: "Chrome", $current_url: "https://x.io/" } },
  { event: "step_a", distinct_id: "alice", timestamp: day(4, 10) },
  { event: "step_b", distinct_id: "alice", timestamp: new Date(Date.UTC(2024, 2, 4, 10, 5)).toISOString() },
  // The last hours.
  { event: "recent_click", distinct_id: "alice", timestamp: recent(1), properties: { $browser: "Firefox", button: "buy" } },
  { event: "recent_click", distinct_id: "bob", timestamp: recent(2), properties: { $browser: "Chrome", button: "help" } },
  { event: "recent_view", distinct_id: "bob", timestamp: recent(3), properties: { $browser: "Chrome" } },
  { event: "old_click", distinct_id: "bob", timestamp: recent(48), properties: { button: "old" } },
];

const THEIRS: SentEvent[] = [
  { event: "$pageview", distinct_id: "eve", timestamp: day(1), properties: { $browser: "TopSecretBrowser", token: "hunter2" } },
  { event: "recent_click", distinct_id: "eve", timestamp: recent(1), properties: { $browser: "TopSecretBrowser", button: "secret" } },
];

beforeAll(async () => {
  [owner, stranger] = await Promise.all([signUp(baseUrl), signUp(baseUrl)]);
  await sendEvents(baseUrl, owner, OURS);
  await sendEvents(baseUrl, stranger, THEIRS);
  reader = await owner.key(["query:read"]);
}, 60_000);

const path = () => `/api/projects/${owner.projectId}/query/`;
const hogql = (query: string, extra: Record<string, unknown> = {}) =>
  reader.post(path(), { query: { kind: "HogQLQuery", query, ...extra }, refresh: "force_blocking" });

describe("HogQLQuery", () => {
  test("SELECT … GROUP BY … ORDER BY: PostHog's response shape", async () => {
    const response = await hogql("select event, count() as c from events where event != '$identify' group by event order by c desc, event");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      columns: ["event", "c"],
      types: [
        ["event", "String"],
        ["c", "UInt64"],
      ],
      results: [
        ["$pageview", 3],
        ["recent_click", 2],
        ["signed_up", 2],
        ["old_click", 1],
        ["purchase", 1],
        ["recent_view", 1],
        ["step_a", 1],
        ["step_b", 1],
      ],
      hasMore: false,
      limit: 100,
      offset: 0,
      is_cached: false,
      query_status: null,
      timezone: "UTC",
    });
    expect(response.body.hogql).toBe(
      "SELECT event, count() AS c FROM events WHERE event != '$identify' GROUP BY event ORDER BY c DESC, event ASC LIMIT 100",
    );
    expect(response.body.timings.at(-1).k).toBe(".");
    expect(response.body.cache_key).toMatch(/^hogqlquery_/);
  });

  test("properties, the person, placeholders, functions and dates", async () => {
    const response = await hogql(
      `select distinct_id, properties.$browser, person.properties.email, toFloat(properties.price), toDate(timestamp), timestamp
       from events where event in {events} and timestamp < {before} order by timestamp`,
      { values: { events: ["signed_up", "purchase"], before: "2024-04-01" } },
    );
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual([
      ["alice", "Firefox", "alice@example.com", 10, "2024-03-01", "2024-03-01T13:00:00Z"],
      ["alice", "Firefox", "alice@example.com", 25.5, "2024-03-02", "2024-03-02T12:00:00Z"],
      ["bob", "Chrome", null, null, "2024-03-03", "2024-03-03T12:00:00Z"],
    ]);
    // The anonymous id's pageview belongs to alice since $identify merged it.
    const persons = await hogql(
      "select count(distinct person_id), uniq(distinct_id) from events where event = '$pageview' and timestamp < '2024-04-01'",
    );
    expect(persons.body.results).toEqual([[2, 2]]);
    const people = await hogql("select properties.email, properties.plan from persons where properties.email != '' order by created_at");
    expect(people.body.results).toEqual([["alice@example.com", "pro"]]);
    const nested = await hogql(
      "select b, n from (select properties.$browser as b, count() as n from events where properties.$browser is not null group by b) where n > 3 order by b",
    );
    expect(nested.body.results).toEqual([
      ["Chrome", 5],
      ["Firefox", 4],
    ]);
  });

  test("LIMIT and OFFSET, with hasMore; at most 50,000 rows", async () => {
    const page = await hogql("select event from events order by timestamp limit 3 offset 1");
    expect(page.body).toMatchObject({ limit: 3, offset: 1, hasMore: true });
    expect(page.body.results).toHaveLength(3);
    const capped = await hogql("select event from events limit 1000000");
    expect(capped.body).toMatchObject({ limit: 50_000 });
  });

  test("a syntax error is a 400 with its position", async () => {
    const response = await hogql("select event,\nfrom events");
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      type: "validation_error",
      code: "syntax_error",
      detail: "Syntax error at line 2, column 1: unexpected FROM",
      attr: "query",
      // PostHog's HogQL errors carry the span at fault: "from" (offsets 14 to 18).
      start: 14,
      end: 18,
    });
  });

  test("hostile queries are refused with a 400 naming what is not allowed", async () => {
    const refused: [string, RegExp][] = [
      ["select * from system.tables", /system tables cannot be queried/],
      ["select name from system.users", /system tables cannot be queried/],
      ["select * from person_distinct_id2", /Unknown table "person_distinct_id2"/],
      ["select * from file('/etc/passwd', 'CSV', 'a String')", /table functions such as file\(…\) are not allowed/],
      ["select * from url('http://127.0.0.1:8123/?query=DROP+TABLE+events', CSV)", /table functions/],
      ["select * from remote('127.0.0.1', default.events)", /table functions/],
      ["select file('/etc/passwd')", /Unsupported function call 'file/],
      ["select getSetting('max_execution_time')", /Unsupported function call 'getSetting/],
      ["select event from events; drop table events", /only one statement is allowed/],
      ["select event from events settings max_execution_time = 100000", /SETTINGS clauses are not allowed/],
      ["select event from events union all select event from events", /UNIONs are not supported/],
      ["select e.event from events e join events x on x.uuid = e.uuid", /JOINs are not supported/],
      ["select event from events format JSON", /FORMAT clauses are not allowed/],
      ["select sleepEachRow(3) from events", /Unsupported function call 'sleepEachRow/],
      ["select event from events into outfile '/tmp/x'", /INTO OUTFILE is not allowed/],
    ];
    for (const [query, detail] of refused) {
      const response = await hogql(query);
      expect(response.status, query).toBe(400);
      expect(response.body.detail, query).toMatch(detail);
    }
  });

  test("another project's rows stay out of reach: team_id tricks, comments, subqueries", async () => {
    const attempts = [
      `select event, properties from events where team_id = ${stranger.projectId}`,
      `select event, properties from events where team_id = ${stranger.projectId} or 1 = 1`,
      `select event, properties from events where 1 = 1 -- and team_id = ${owner.projectId}\n or team_id = ${stranger.projectId}`,
      `select event, properties from events /* where team_id = ${owner.projectId} */`,
      `select ${stranger.projectId} as team_id, event, properties from events`,
      `select * from (select * from events where team_id = ${stranger.projectId})`,
      `select event, properties from events where distinct_id in (select distinct_id from events where team_id = ${stranger.projectId})`,
      "select id, properties from persons where 1 = 1 or properties.email like '%'",
      "select event, properties from events where properties.token = 'hunter2'",
    ];
    for (const query of attempts) {
      const response = await hogql(query);
      expect(response.status, query).toBe(200);
      expect(JSON.stringify(response.body.results), query).not.toMatch(/TopSecretBrowser|hunter2|secret/);
    }
    // Their own query sees their rows only.
    const theirs = await (await stranger.key(["query:read"])).post(`/api/projects/${stranger.projectId}/query/`, {
      query: { kind: "HogQLQuery", query: "select count() from events" },
    });
    expect(theirs.body.results).toEqual([[2]]);
  });

  test("no alias, quoting or case stands for the project condition: HogQL, EventsQuery, both URL forms", async () => {
    const id = stranger.projectId;
    const aliases = ["`e.team_id`", "`E.Team_Id`", "team_id", "`team_id`", "e", "`pdi.person_id`", "__c0", "`__q1`"];
    const attempts = aliases.flatMap((alias) => [
      `select ${id} as ${alias}, event, properties.token from events`,
      `select ${id} as ${alias}, count() from events`,
      `select event, properties from (select ${id} as ${alias}, event, properties from events) where team_id = ${id}`,
      `select event from events where distinct_id in (select ${id} as ${alias}, distinct_id from events)`,
    ]);
    const ourCount = OURS.length;
    for (const url of [path(), `/api/environments/${owner.projectId}/query/`])
      for (const query of attempts) {
        const response = await reader.post(url, { query: { kind: "HogQLQuery", query }, refresh: "force_blocking" });
        expect([200, 400], query).toContain(response.status);
        expect(JSON.stringify(response.body), query).not.toMatch(/TopSecretBrowser|hunter2|secret/);
        // A count answered is our project's.
        if (response.status === 200 && /count\(\)/.test(query))
          expect(response.body.results[0].at(-1), query).toBeLessThanOrEqual(ourCount);
      }
    for (const select of [
      [`${id} as \`e.team_id\``, "*"],
      ["3 as team_id", "properties.token"],
      ["event as `e.team_id`", "count()"],
    ]) {
      const response = await reader.post(path(), { query: { kind: "EventsQuery", select, after: "all" }, refresh: "force_blocking" });
      expect([200, 400], select.join()).toContain(response.status);
      expect(JSON.stringify(response.body), select.join()).not.toMatch(/TopSecretBrowser|hunter2|secret/);
    }
    // A value the engine cannot parse is quoted in its error: only our own rows are ever evaluated.
    for (const query of [
      "select toInt64(properties.token) from events",
      "select event from events where toInt64(properties.$browser) = 1",
    ]) {
      const response = await hogql(query);
      expect(JSON.stringify(response.body), query).not.toMatch(/TopSecretBrowser|hunter2|secret/);
    }
  });

  test("a query ClickHouse cannot run is a 400, never a 500", async () => {
    const response = await hogql("select event from events where count() > 1");
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/^The query could not run: /);
  });
});

describe("EventsQuery", () => {
  const events = (query: Record<string, unknown>) =>
    reader.post(path(), { query: { kind: "EventsQuery", ...query }, refresh: "force_blocking" });

  test("select, where, event, orderBy over the last 24 hours by default", async () => {
    const response = await events({
      select: ["event", "distinct_id", "properties.button", "timestamp"],
      where: ["coalesce(properties.button, '') != 'help'"],
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      columns: ["event", "distinct_id", "properties.button", "timestamp"],
      results: [
        ["recent_click", "alice", "buy", expect.any(String)],
        ["recent_view", "bob", null, expect.any(String)],
      ],
      hasMore: false,
      limit: 100,
    });
    const clicks = await events({ select: ["distinct_id"], event: "recent_click", orderBy: ["timestamp ASC"] });
    expect(clicks.body.results).toEqual([["bob"], ["alice"]]);
    const old = await events({ select: ["event"], event: "old_click", after: "-7d" });
    expect(old.body.results).toEqual([["old_click"]]);
  });

  test("`*` and `person` are objects; aggregates group by the other columns; property filters", async () => {
    const rows = await events({ select: ["*", "person"], event: "recent_click", properties: [{ key: "button", value: "buy" }] });
    expect(rows.status).toBe(200);
    expect(rows.body.results).toHaveLength(1);
    const [event, person] = rows.body.results[0];
    expect(event).toMatchObject({ event: "recent_click", distinct_id: "alice", properties: expect.objectContaining({ button: "buy" }) });
    expect(person).toMatchObject({ distinct_id: "alice", properties: expect.objectContaining({ email: "alice@example.com" }) });
    const counts = await events({ select: ["event", "count()"], after: "-7d", orderBy: ["count() DESC", "event"] });
    expect(counts.body.results).toEqual([
      ["recent_click", 2],
      ["old_click", 1],
      ["recent_view", 1],
    ]);
    const byPerson = await events({ select: ["distinct_id"], properties: [{ key: "email", value: "alice@example.com", type: "person" }] });
    expect(byPerson.body.results).toEqual([["alice"]]);
  });

  test("actionId: only the events the project's action matches; an unknown or another project's action is a 400", async () => {
    const create = (user: TestUser, steps: Record<string, unknown>[]) =>
      user.session.post(`/api/projects/${user.projectId}/actions/`, { name: `a-${Date.now()}`, steps });
    const buyClicks = await create(owner, [{ event: "recent_click", properties: [{ key: "button", value: "buy", type: "event" }] }]);
    expect(buyClicks.status, buyClicks.text).toBe(201);
    const matched = await events({ select: ["event", "distinct_id"], actionId: buyClicks.body.id });
    expect(matched.status, matched.text).toBe(200);
    expect(matched.body.results).toEqual([["recent_click", "alice"]]);
    // A step on a person property joins the person.
    const withEmail = await create(owner, [{ event: null, properties: [{ key: "email", type: "person", operator: "is_set" }] }]);
    const byPerson = await events({ select: ["distinct_id", "count()"], actionId: withEmail.body.id, orderBy: ["distinct_id"] });
    expect(byPerson.body.results).toEqual([["alice", 1]]);

    const theirs = await create(stranger, [{ event: "recent_click" }]);
    for (const actionId of [theirs.body.id, 999_999_999]) {
      const refused = await events({ select: ["event"], actionId });
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toBe(`Action ID ${actionId} does not exist!`);
    }
    expect((await events({ select: ["event"], actionId: -1 })).status).toBe(400);
  });

  test("bad expressions and dates are 400s", async () => {
    expect((await events({ select: ["nope"] })).status).toBe(400);
    expect((await events({ select: ["event"], where: ["file('x')"] })).body.detail).toMatch(/Unsupported function call 'file/);
    expect((await events({ select: ["event"], after: "yesterday-ish" })).body.attr).toBe("after");
    expect((await events({ select: ["event"], limit: 50_001 })).status).toBe(400);
  });
});

describe("analyses: the legacy endpoints' numbers", () => {
  const insights = () => `/api/projects/${owner.projectId}/insights`;
  const run = (query: Record<string, unknown>) => reader.post(path(), { query, refresh: "force_blocking" });
  const range = { date_from: "2024-03-01", date_to: "2024-03-05" };

  test("TrendsQuery, bare or in an InsightVizNode", async () => {
    const source = {
      kind: "TrendsQuery",
      series: [{ kind: "EventsNode", event: "$pageview", math: "dau" }],
      interval: "day",
      dateRange: range,
    };
    const legacy = await owner.session.post(`${insights()}/trend/`, {
      events: [{ id: "$pageview", math: "dau" }],
      interval: "day",
      ...range,
    });
    const [wrapped, bare] = await Promise.all([run({ kind: "InsightVizNode", source }), run(source)]);
    expect(wrapped.status).toBe(200);
    expect(wrapped.body.results[0].data).toEqual([2, 0, 1, 0, 0]);
    expect(wrapped.body.results.map((r: any) => r.data)).toEqual(legacy.body.result.map((r: any) => r.data));
    expect(bare.body.results.map((r: any) => r.data)).toEqual(legacy.body.result.map((r: any) => r.data));
  });

  test("FunnelsQuery", async () => {
    const source = {
      kind: "FunnelsQuery",
      series: [
        { kind: "EventsNode", event: "$pageview" },
        { kind: "EventsNode", event: "signed_up" },
        { kind: "EventsNode", event: "purchase" },
      ],
      dateRange: range,
      funnelsFilter: { funnelWindowInterval: 14, funnelWindowIntervalUnit: "day" },
    };
    const legacy = await owner.session.post(`${insights()}/funnel/`, {
      events: ["$pageview", "signed_up", "purchase"].map((id, order) => ({ id, order })),
      funnel_window_interval: 14,
      funnel_window_interval_unit: "day",
      ...range,
    });
    const response = await run({ kind: "InsightVizNode", source });
    expect(response.status).toBe(200);
    expect(response.body.results.map((s: any) => s.count)).toEqual([2, 2, 1]);
    expect(response.body.results.map((s: any) => s.count)).toEqual(legacy.body.result.map((s: any) => s.count));
  });

  test("RetentionQuery and PathsQuery", async () => {
    const retention = await run({
      kind: "RetentionQuery",
      dateRange: { date_to: "2024-03-05" },
      retentionFilter: {
        period: "Day",
        totalIntervals: 5,
        targetEntity: { id: "$pageview", type: "events" },
        returningEntity: { id: "$pageview", type: "events" },
      },
    });
    const legacyRetention = await owner.session.post(`${insights()}/retention/`, {
      period: "Day",
      total_intervals: 5,
      date_to: "2024-03-05",
      target_entity: { id: "$pageview", type: "events" },
      returning_entity: { id: "$pageview", type: "events" },
    });
    expect(retention.status).toBe(200);
    expect(retention.body.results.map((c: any) => c.values.map((v: any) => v.count))).toEqual(
      legacyRetention.body.result.map((c: any) => c.values.map((v: any) => v.count)),
    );
    const paths = await run({ kind: "PathsQuery", dateRange: range, pathsFilter: { includeEventTypes: ["custom_event"] } });
    const legacyPaths = await owner.session.post(`${insights()}/path/`, { ...range, include_event_types: ["custom_event"] });
    expect(paths.status).toBe(200);
    expect(paths.body.results).toEqual(legacyPaths.body.result);
    expect(paths.body.results.some((edge: any) => edge.source.endsWith("_step_a") && edge.target.endsWith("_step_b"))).toBe(true);
  });

  test('"today" in a dateRange is the day itself, as PostHog reads it (TrendsQuery, FunnelsQuery)', async () => {
    const series = [
      { kind: "EventsNode", event: "recent_click" },
      { kind: "EventsNode", event: "recent_view" },
    ];
    for (const dateRange of [{ date_from: "-1d", date_to: "today" }, { date_from: "today" }, { date_from: "-1d", date_to: "Today" }]) {
      const trend = await run({ kind: "TrendsQuery", series, interval: "day", dateRange });
      expect(trend.status, JSON.stringify(dateRange)).toBe(200);
      expect(trend.body.results[0].days.at(-1)).toBe(trend.body.results[0].days.at(-1));
      const funnel = await run({ kind: "FunnelsQuery", series, dateRange });
      expect(funnel.status, JSON.stringify(dateRange)).toBe(200);
    }
    // The same numbers as the range written out.
    const today = await run({ kind: "TrendsQuery", series, interval: "day", dateRange: { date_from: "-1d", date_to: "today" } });
    const written = await run({ kind: "TrendsQuery", series, interval: "day", dateRange: { date_from: "-1d", date_to: "-0d" } });
    expect(today.body.results.map((r: any) => [r.days, r.data])).toEqual(written.body.results.map((r: any) => [r.days, r.data]));
    expect(today.body.results[0].count).toBeGreaterThan(0);
  });

  test("a series node of no known kind is a 400 naming it, not the insight kind", async () => {
    for (const kind of ["TrendsQuery", "FunnelsQuery"]) {
      const series = [
        { kind: "EventsNode", event: "$pageview" },
        { kind: "DataWarehouseNode", table_name: "x" },
      ];
      const response = await run({ kind: "InsightVizNode", source: { kind, series, dateRange: range } });
      expect(response.status, kind).toBe(400);
      expect(response.body).toMatchObject({ type: "validation_error", attr: "series__1__kind" });
      expect(response.body.detail).toContain("DataWarehouseNode");
      const bare = await run({ kind, series: [{ event: "$pageview" }, { kind: "EventsNode", event: "signed_up" }], dateRange: range });
      expect(bare.body).toMatchObject({ type: "validation_error", attr: "series__0__kind" });
    }
  });

  test("a kind the engines do not compute is a 400", async () => {
    const response = await run({ kind: "WebGoalsQuery", properties: [] });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ type: "validation_error" });
    expect((await run({ kind: "SessionsQuery" })).status).toBe(400);
  });
});

describe("caching and async", () => {
  test("blocking answers a fresh cached result; async answers 202 and the status tells the result", async () => {
    const query = { kind: "HogQLQuery", query: `select count() from events where event = 'signed_up' and 1 = ${Date.now()}` };
    const first = await reader.post(path(), { query });
    expect(first.body).toMatchObject({ is_cached: false, results: [[0]] });
    const second = await reader.post(path(), { query });
    expect(second.body).toMatchObject({ is_cached: true, results: [[0]], last_refresh: first.body.last_refresh });

    const asyncQuery = { kind: "HogQLQuery", query: "select count() from events where event = 'signed_up'" };
    const started = await reader.post(path(), { query: asyncQuery, refresh: "force_async", client_query_id: `q-${Date.now()}` });
    expect(started.status).toBe(202);
    expect(started.body.query_status).toMatchObject({ complete: false, query_async: true, team_id: owner.projectId });
    const id = started.body.query_status.id;
    expect(id).toMatch(/^q-/);
    let status: any;
    for (let i = 0; i < 100; i++) {
      status = await reader.get(`${path()}${id}/`);
      if (status.body.query_status.complete) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status.status).toBe(200);
    expect(status.body.query_status).toMatchObject({ complete: true, error: false, results: { results: [[2]], columns: ["count()"] } });
    // Another project cannot read or cancel it.
    const strangerKey = await stranger.key(["query:read"]);
    expect((await strangerKey.get(`/api/projects/${stranger.projectId}/query/${id}/`)).status).toBe(404);
    expect((await reader.get(`${path()}no-such-query/`)).status).toBe(404);
  });

  test("DELETE cancels a running query", async () => {
    const started = await reader.post(path(), {
      query: { kind: "HogQLQuery", query: `select count() from events where 2 = ${Date.now()}` },
      async: true,
    });
    expect(started.status).toBe(202);
    const id = started.body.query_status.id;
    const cancelled = await reader.delete(`${path()}${id}/`);
    // It may have finished first: then nothing was running.
    expect([204, 404]).toContain(cancelled.status);
    if (cancelled.status === 204) {
      const status = await reader.get(`${path()}${id}/`);
      expect(status.body.query_status).toMatchObject({ complete: true, error: true, error_message: "Query cancelled" });
    }
  });

  test("async refusals answer at once", async () => {
    const response = await reader.post(path(), { query: { kind: "HogQLQuery", query: "select * from system.tables" }, refresh: "async" });
    expect(response.status).toBe(400);
  });
});

describe("access", () => {
  test("scopes, membership and bounds", async () => {
    const query = { kind: "HogQLQuery", query: "select 1" };
    const wrongScope = await owner.key(["insight:read"]);
    expect((await wrongScope.post(path(), { query })).status).toBe(403);
    expect((await (await owner.key(["query:write"])).post(path(), { query })).status).toBe(200);
    expect((await stranger.session.post(path(), { query })).status).toBe(403);
    expect((await owner.session.post(path(), { query })).status).toBe(200);
    expect((await reader.post(path(), { query: { kind: "HogQLQuery", query: "x".repeat(20_001) } })).status).toBe(400);
    expect((await reader.post(path(), { query: { kind: "Nope" } })).status).toBe(400);
    expect((await reader.post(path(), {})).status).toBe(400);
  });
});
