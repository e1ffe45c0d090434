import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import type { ApiError } from "@/lib/api/errors";
import type { CompileContext } from "./compile";

// A private chDB for this file.
const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-hogql-test-"));
vi.stubEnv("HEDGEROW_DATA_DIR", dataDir);
vi.stubEnv("CLICKHOUSE_URL", "");

let run: typeof import("./run");
let closeStore: () => Promise<void>;

const MINE = 21;
const THEIRS = 22;
const ALICE = "00000000-0000-0000-0000-0000000000a1";
const BOB = "00000000-0000-0000-0000-0000000000b0";
const ctx: CompileContext = { teamId: MINE, timezone: "UTC", values: { browser: "Firefox" } };

beforeAll(async () => {
  run = await import("./run");
  const factory = await import("@/lib/events/store/open");
  closeStore = factory.closeEventStore;
  const store = await factory.getEventStore();
  const event = (n: number, team: number, name: string, distinctId: string, person: string, properties: object, day: number) => ({
    uuid: `00000000-0000-0000-0003-${String(n).padStart(12, "0")}`,
    event: name,
    properties: JSON.stringify(properties),
    timestamp: `2024-03-0${day} 10:00:00.123456`,
    team_id: team,
    distinct_id: distinctId,
    person_id: person,
  });
  await store.insert("events", [
    event(1, MINE, "$pageview", "alice", ALICE, { $browser: "Firefox", price: 5 }, 1),
    event(2, MINE, "$pageview", "alice", ALICE, { $browser: "Chrome", price: 7.5 }, 2),
    event(3, MINE, "purchase", "bob", BOB, { $browser: "Firefox", price: "x" }, 2),
    event(4, THEIRS, "$pageview", "eve", BOB, { $browser: "Secret", price: 1000 }, 1),
    event(5, THEIRS, "secret_event", "eve", BOB, { token: "hunter2" }, 1),
  ]);
  await store.insert("person", [
    {
      id: ALICE,
      team_id: MINE,
      properties: JSON.stringify({ email: "alice@x.io" }),
      is_identified: 1,
      created_at: "2024-01-01 00:00:00.000",
      version: 0,
    },
    {
      id: BOB,
      team_id: THEIRS,
      properties: JSON.stringify({ email: "bob@theirs.io" }),
      is_identified: 1,
      created_at: "2024-01-01 00:00:00.000",
      version: 0,
    },
  ]);
}, 60_000);

afterAll(async () => {
  await closeStore?.();
  rmSync(dataDir, { recursive: true, force: true });
});

test("aggregates, grouping, ordering and types", async () => {
  const result = await run.runHogQL(
    "select event, count() as c, sum(toFloat(properties.price)) from events group by event order by c desc",
    ctx,
  );
  expect(result).toMatchObject({
    columns: ["event", "c", "sum(toFloat(properties.price))"],
    types: [
      ["event", "String"],
      ["c", "UInt64"],
      ["sum(toFloat(properties.price))", "Nullable(Float64)"],
    ],
    results: [
      ["$pageview", 2, 12.5],
      ["purchase", 1, null],
    ],
    hasMore: false,
    limit: 100,
    offset: 0,
  });
  expect(result.timings.map((t) => t.k)).toEqual(["./parse", "./compile", "./execute", "."]);
});

test("fields: properties, person, timestamps; placeholders; functions with constant arguments", async () => {
  const result = await run.runHogQL(
    `select distinct_id, properties.$browser, person.properties.email, person_id, timestamp, toDate(timestamp),
            dateDiff('day', toDateTime('2024-03-01 00:00:00'), timestamp), properties.$browser = {browser}
     from events where event = '$pageview' order by timestamp`,
    ctx,
  );
  expect(result.results).toEqual([
    ["alice", "Firefox", "alice@x.io", ALICE, "2024-03-01T10:00:00.123456Z", "2024-03-01", 0, 1],
    ["alice", "Chrome", "alice@x.io", ALICE, "2024-03-02T10:00:00.123456Z", "2024-03-02", 1, 0],
  ]);
  const persons = await run.runHogQL("select id, properties.email, is_identified from persons", ctx);
  expect(persons.results).toEqual([[ALICE, "alice@x.io", 1]]);
});

test("limit and offset: hasMore tells there are more rows", async () => {
  const page = await run.runHogQL("select uuid from events order by timestamp limit 2", ctx);
  expect(page).toMatchObject({ hasMore: true, limit: 2 });
  expect(page.results).toHaveLength(2);
  const rest = await run.runHogQL("select uuid from events order by timestamp limit 2 offset 2", ctx);
  expect(rest).toMatchObject({ hasMore: false, offset: 2 });
  expect(rest.results).toHaveLength(1);
});

test("another project's rows stay out of reach, whatever the query says", async () => {
  const hostile = [
    "select event, properties from events where team_id = 22",
    "select event, properties from events where team_id = 22 or 1 = 1",
    "select event, properties from events where 1 = 1 or team_id != 21",
    "select 22 as team_id, event, properties from events",
    "select event, properties from (select event, properties, team_id from events) where team_id = 22",
    "select event, properties from events where distinct_id in (select distinct_id from events where team_id = 22)",
    "select event, properties from events e where e.team_id in (21, 22)",
    "select id, properties from persons where properties.email like '%theirs%' or 1 = 1",
    "select properties.email from persons",
    // The compiler's own condition cannot be stood for by an alias, whatever its quoting or case.
    "select 22 as `e.team_id`, event, properties from events",
    "select 22 as `e.team_id`, count() from events",
    "select 3 as team_id, event, properties.token from events",
    "select 22 as `team_id`, event, properties from events where team_id = 22",
    "select event, properties from (select 22 as team_id, event, properties from events)",
    "select event, properties from (select event, properties, 22 as `team_id` from events) where team_id = 22",
    "select event, properties from events where distinct_id in (select 22 as team_id, distinct_id from events)",
    "select event as team_id, properties from events",
    "select TEAM_ID, event, properties from events",
    // A value the engine fails to parse is quoted in its error: only the project's own rows are ever evaluated.
    "select toInt64(properties.token) from events",
    "select event from events where toInt64(properties.token) = 1",
    "select event from events where toUUID(properties.token) = toUUID('00000000-0000-0000-0000-000000000000')",
    "select event from events where throwIf(properties.token = 'hunter2') = 0",
    "select id from persons where toInt64(properties.email) = 1",
  ];
  for (const query of hostile) {
    const outcome = await run.runHogQL(query, ctx).then(
      ({ results }) => JSON.stringify(results),
      (error: ApiError) => `${error.status} ${error.detail}`,
    );
    expect(outcome, query).not.toMatch(/secret|hunter2|theirs|Secret/i);
  }
  // Aliases that read as the compiler's qualified names are refused outright.
  for (const alias of ["`e.team_id`", "`E.TEAM_ID`", "`pdi.person_id`", "e", "__c0"]) {
    const error = (await run.runHogQL(`select 3 as ${alias}, count() from events`, ctx).catch((e: unknown) => e)) as ApiError;
    expect(error.status, alias).toBe(400);
  }
  expect((await run.runHogQL("select count() from events", ctx)).results).toEqual([[3]]);
  expect((await run.runHogQL("select count() from events", { ...ctx, teamId: THEIRS })).results).toEqual([[2]]);
});

test("an error ClickHouse finds in the query itself is a 400 naming it", async () => {
  const refused = async (query: string) => {
    const error = (await run.runHogQL(query, ctx).then(
      () => null,
      (e: unknown) => e,
    )) as ApiError | null;
    expect(error?.status, query).toBe(400);
    return error!.detail;
  };
  expect(await refused("select event from events where count() > 1")).toMatch(/^The query could not run: /);
  expect(await refused("select toInt64(event) from events")).toMatch(/^The query could not run: /);
  expect(await refused("select event, count() from events")).toMatch(/^The query could not run: /);
});

test("without rows, the types come from DESCRIBE", async () => {
  const result = await run.runHogQL("select event, count() as c from events where event = 'none' group by event", ctx);
  expect(result).toMatchObject({
    results: [],
    types: [
      ["event", "String"],
      ["c", "UInt64"],
    ],
  });
});

test("{filters}: the date range, property filters and test accounts apply to the events it sits in", async () => {
  const { filterConditions } = await import("./filters");
  const project = {
    timezone: "UTC",
    testAccountFilters: [{ key: "price", value: "x", operator: "is_not", type: "event" }],
  } as unknown as Parameters<typeof filterConditions>[1];
  const count = async (query: string, filters: Parameters<typeof filterConditions>[0]) =>
    (await run.runHogQL(query, { ...ctx, filters: filterConditions(filters, project) })).results;
  const q = "select event, count() from events where {filters} group by event order by event";
  expect(await count(q, {})).toEqual([
    ["$pageview", 2],
    ["purchase", 1],
  ]);
  // From the 2nd (inclusive) to the 3rd (exclusive), as PostHog bounds it.
  expect(await count(q, { dateRange: { date_from: "2024-03-02", date_to: "2024-03-03" } })).toEqual([
    ["$pageview", 1],
    ["purchase", 1],
  ]);
  expect(await count(q, { dateRange: { date_from: "all", date_to: "2024-03-02" } })).toEqual([["$pageview", 1]]);
  const firefox = [{ key: "$browser", value: "Firefox", operator: "exact", type: "event" }];
  expect(await count(q, { properties: firefox })).toEqual([
    ["$pageview", 1],
    ["purchase", 1],
  ]);
  expect(await count(q, { properties: firefox, filterTestAccounts: true })).toEqual([["$pageview", 1]]);
  const person = [{ key: "email", value: "alice@x.io", operator: "exact", type: "person" }];
  expect(await count(q, { properties: person })).toEqual([["$pageview", 2]]);
  // Another project's rows stay out whatever the filters say.
  expect(await count(q, { properties: [{ key: "$browser", value: "Secret", operator: "exact", type: "event" }] })).toEqual([]);
  // The range's bounds: a comparison with an unset one holds.
  const bounds = "select count() from events where timestamp >= {filters.dateRange.from} and timestamp < {filters.dateRange.to}";
  expect(await count(bounds, { dateRange: { date_from: "2024-03-02" } })).toEqual([[2]]);
  expect(await count(bounds, { dateRange: { date_from: "2024-03-01", date_to: "2024-03-02" } })).toEqual([[1]]);
  expect(await count(bounds, {})).toEqual([[3]]);
});

test("{filters} is refused where it cannot apply, and bad filters are 400s", async () => {
  const { filterConditions } = await import("./filters");
  const project = { timezone: "UTC", testAccountFilters: [] } as unknown as Parameters<typeof filterConditions>[1];
  const refused = async (query: string, filters: Parameters<typeof filterConditions>[0] = {}) => {
    const error = (await Promise.resolve()
      .then(() => run.runHogQL(query, { ...ctx, filters: filterConditions(filters, project) }))
      .then(
        () => null,
        (e: unknown) => e,
      )) as ApiError | null;
    expect(error?.status, query).toBe(400);
    return error!.detail;
  };
  expect(await refused("select count() from persons where {filters}")).toMatch(/events table/);
  expect(await refused("select {filters.dateRange.middle} from events")).toMatch(/Unsupported filters placeholder/);
  expect(await refused("select toDate({filters.dateRange.from}) from events")).toMatch(/compare it directly/);
  expect(await refused("select 1 from events where {filters}", { dateRange: { date_from: "yesterday-ish" } })).toMatch(/not a date/);
});
