import { expect, test } from "vitest";
import { MAX_EVENT_DEPTH } from "@/lib/capture/well-formed";
import { queryLimitError } from "./limits";
import { squashPersonOverrides } from "../squash-person-overrides";
import { migrateEventStore } from "./migrate";
import type { EventStore } from "./types";

/**
 * The event store's behaviour, registered as tests: run on chDB by chdb.test.ts, and on a real ClickHouse server
 * by clickhouse.test.ts when CLICKHOUSE_TEST_URL is set. `store` gives a migrated store over an empty database.
 */
export function eventStoreContract(store: () => EventStore) {
  test("every migration is recorded once; running them again applies nothing", async () => {
    const recorded = await store().query<{ name: string }>("SELECT name FROM schema_migrations ORDER BY name");
    expect(recorded.map((row) => row.name)).toEqual(expect.arrayContaining(["0001_events_and_persons", "0003_exact_hot_properties"]));
    expect(await migrateEventStore(store())).toEqual([]);
    const again = await store().query<{ name: string }>("SELECT name FROM schema_migrations ORDER BY name");
    expect(again).toEqual(recorded);
    const tables = await store().query<{ name: string }>("SELECT name FROM system.tables WHERE database = currentDatabase() ORDER BY name");
    expect(tables.map((row) => row.name)).toEqual(expect.arrayContaining(["events", "person", "person_distinct_id2", "schema_migrations"]));
  });

  test("insert and query round trip, with the materialized columns", async () => {
    await store().insert("events", [event(1), event(2, { timestamp: "2024-03-04 05:06:08.5", elements_chain: "a:nth-child(1)" })]);
    const rows = await store().query(
      `SELECT uuid, event, properties, timestamp, team_id, distinct_id, person_id, elements_chain,
              prop_browser, prop_os, prop_current_url, prop_pathname
       FROM events WHERE team_id = {team:Int64} AND uuid IN {uuids:Array(UUID)} ORDER BY timestamp`,
      { team: TEAM, uuids: [uuid(1), uuid(2)] },
    );
    expect(rows).toEqual([
      {
        uuid: uuid(1),
        event: "$pageview",
        properties: event(1).properties,
        timestamp: "2024-03-04 05:06:07.123456",
        team_id: "7", // 64-bit integers arrive as strings, as from a ClickHouse server
        distinct_id: "user-1",
        person_id: uuid(1001),
        elements_chain: "",
        prop_browser: "Firefox",
        prop_os: "Linux",
        prop_current_url: "https://example.com/a?b=1",
        prop_pathname: null, // missing: the exact column tells it from ''
      },
      expect.objectContaining({ uuid: uuid(2), timestamp: "2024-03-04 05:06:08.500000", elements_chain: "a:nth-child(1)" }),
    ]);
  });

  test("queryBytes answers the engine's own output: TabSeparated escapes and \\N, TabSeparatedRaw as it is", async () => {
    const sql = "SELECT {text:String} AS text, CAST(NULL, 'Nullable(String)') AS missing, toInt64(42) AS n";
    const tsv = await store().queryBytes(sql, "TabSeparated", { text: "tab\tline\nback\\slash" });
    expect(Buffer.from(tsv).toString()).toBe("tab\\tline\\nback\\\\slash\t\\N\t42\n");
    const raw = await store().queryBytes("SELECT {text:String} AS line", "TabSeparatedRaw", { text: '{"a":"b c"}' });
    expect(Buffer.from(raw).toString()).toBe('{"a":"b c"}\n');
  });

  test("parameters of several types", async () => {
    const [row] = await store().query(
      `SELECT {s:String} AS s, {big:Int64} AS big, {small:Int64} AS small, {at:DateTime64(6, 'UTC')} AS at,
              {text_at:DateTime64(6, 'UTC')} AS text_at, {list:Array(String)} AS list, {id:UUID} AS id`,
      {
        s: "it's a \\ back\nslash\t",
        big: 9007199254740993n,
        small: -42,
        at: new Date("2024-03-04T05:06:07.089Z"),
        text_at: "2024-03-04 05:06:07.123456",
        list: ["a", "b'c", ""],
        id: uuid(3),
      },
    );
    expect(row).toEqual({
      s: "it's a \\ back\nslash\t",
      big: "9007199254740993",
      small: "-42",
      at: "2024-03-04 05:06:07.089000",
      text_at: "2024-03-04 05:06:07.123456",
      list: ["a", "b'c", ""],
      id: uuid(3),
    });
  });

  test("a duplicate uuid (a retried insert) is folded by the merge", async () => {
    const duplicate = event(10, { distinct_id: "dup" });
    await store().insert("events", [duplicate]);
    await store().insert("events", [duplicate]);
    const count = async () =>
      (await store().query<{ n: string }>("SELECT count() AS n FROM events WHERE uuid = {id:UUID}", { id: uuid(10) }))[0].n;
    expect(await count()).toBe("2");
    await store().command("OPTIMIZE TABLE events FINAL");
    expect(await count()).toBe("1");
  });

  test("a lookup by uuid uses the bloom filter index", async () => {
    const sql = "SELECT event, distinct_id FROM events WHERE team_id = {team:Int64} AND uuid = {id:UUID}";
    expect(await store().query(sql, { team: TEAM, id: uuid(2) })).toEqual([{ event: "$pageview", distinct_id: "user-2" }]);
    const plan = await store().query<{ explain: string }>(`EXPLAIN indexes = 1 ${sql}`, { team: TEAM, id: uuid(2) });
    expect(plan.map((line) => line.explain.trim())).toContain("Name: uuid_index");
  });

  test("a bad row or bad SQL rejects with ClickHouse's message", async () => {
    await expect(store().insert("events", [event(20, { team_id: "not a number" })])).rejects.toThrow(/Cannot parse/);
    await expect(store().query("SELECT nope FROM events")).rejects.toThrow(/Unknown expression identifier|Missing columns/);
    await expect(store().command("SELEC 1")).rejects.toThrow(/Syntax error/);
    expect(await store().query("SELECT count() AS n FROM events WHERE uuid = {id:UUID}", { id: uuid(20) })).toEqual([{ n: "0" }]);
  });

  test("a read past its limits is stopped by the engine, and answered with PostHog's error for that limit", async () => {
    const stopped = async (sql: string, settings?: Record<string, number>) => {
      const error = await store()
        .query(sql, undefined, settings)
        .then(
          () => null,
          (caught: unknown) => caught,
        );
      expect(error, sql).toBeInstanceOf(Error);
      return queryLimitError(error)?.body ?? (error as Error).message;
    };
    // Default limits: a result of more than a million rows; an expression nested deeper than the AST allows.
    expect(await stopped("SELECT number FROM numbers(2000000)")).toMatchObject({ code: "too_many_bytes", attr: null });
    expect(await stopped(`SELECT ${"(".repeat(2000)}1${")".repeat(2000)}`)).toMatchObject({ code: "query_too_complex" });
    // Time and memory, tightened for the test.
    expect(await stopped("SELECT count() FROM numbers(100000000000)", { max_execution_time: 1 })).toMatchObject({ code: "query_timeout" });
    expect(await stopped("SELECT groupArray(number) FROM numbers(100000000)", { max_memory_usage: 10_000_000 })).toMatchObject({
      code: "clickhouse_memory_limit_exceeded",
    });
    // Within the limits, the same store answers at once.
    expect(await store().query("SELECT count() AS n FROM numbers(2000000)")).toEqual([{ n: "2000000" }]);
  }, 60_000);

  test("properties nested as deep as capture accepts are read by the JSON functions; past 1,024 levels nothing is", async () => {
    // A properties document of `levels` levels (capture keeps it to MAX_EVENT_DEPTH: the event itself is one more).
    const properties = (levels: number) => `{"$browser":"Deep","deep":${"[".repeat(levels - 1)}${"]".repeat(levels - 1)}}`;
    await store().insert("events", [event(30, { properties: properties(MAX_EVENT_DEPTH) }), event(31, { properties: properties(1025) })]);
    const read = await store().query(
      `SELECT toString(uuid) AS id, JSONExtractString(properties, '$browser') AS browser, prop_browser FROM events
       WHERE uuid IN {ids:Array(UUID)} ORDER BY id`,
      { ids: [uuid(30), uuid(31)] },
    );
    expect(read).toEqual([
      { id: uuid(30), browser: "Deep", prop_browser: "Deep" },
      { id: uuid(31), browser: "", prop_browser: null },
    ]);
  });

  test("argMax(..., version) reads the latest person row and distinct id mapping", async () => {
    const [alice, bob] = [uuid(5000), uuid(5001)];
    await store().insert("person", [
      { id: alice, team_id: TEAM, properties: '{"email":"a@x.io"}', is_identified: 0, created_at: "2024-01-01 00:00:00.000", version: 0 },
      { id: bob, team_id: TEAM, properties: '{"email":"b@x.io"}', is_identified: 0, created_at: "2024-01-02 00:00:00.000", version: 0 },
    ]);
    await store().insert("person", [
      {
        id: alice,
        team_id: TEAM,
        properties: '{"email":"a@x.io","plan":"pro"}',
        is_identified: 1,
        created_at: "2024-01-01 00:00:00.000",
        version: 1,
      },
      // bob merged into alice: deleted
      {
        id: bob,
        team_id: TEAM,
        properties: '{"email":"b@x.io"}',
        is_identified: 0,
        created_at: "2024-01-02 00:00:00.000",
        version: 1,
        is_deleted: 1,
      },
    ]);
    await store().insert("person_distinct_id2", [
      { team_id: TEAM, distinct_id: "anon-1", person_id: alice, version: 0 },
      { team_id: TEAM, distinct_id: "anon-2", person_id: bob, version: 0 },
    ]);
    await store().insert("person_distinct_id2", [{ team_id: TEAM, distinct_id: "anon-2", person_id: alice, version: 1 }]);

    const persons = await store().query(
      `SELECT id, argMax(properties, version) AS properties, argMax(is_identified, version) AS is_identified
       FROM person WHERE team_id = {team:Int64}
       GROUP BY id HAVING argMax(is_deleted, version) = 0 ORDER BY id`,
      { team: TEAM },
    );
    expect(persons).toEqual([{ id: alice, properties: '{"email":"a@x.io","plan":"pro"}', is_identified: 1 }]);

    const mapping = await store().query(
      `SELECT distinct_id, argMax(person_id, version) AS person_id FROM person_distinct_id2
       WHERE team_id = {team:Int64} GROUP BY distinct_id HAVING argMax(is_deleted, version) = 0 ORDER BY distinct_id`,
      { team: TEAM },
    );
    expect(mapping).toEqual([
      { distinct_id: "anon-1", person_id: alice },
      { distinct_id: "anon-2", person_id: alice },
    ]);
  });

  test("the squash folds a merge into its events and drops the override (Join snapshot, mutations)", async () => {
    const [from, to] = [uuid(3001), uuid(3002)];
    await store().insert("events", [event(3001, { distinct_id: "squash-anon", person_id: from })]);
    await store().insert("person_distinct_id2", [{ team_id: TEAM, distinct_id: "squash-anon", person_id: to, version: 1 }]);
    const result = await squashPersonOverrides(store(), { graceSeconds: 0, now: new Date(Date.now() + 1_000) });
    expect(result.folded).toBeGreaterThanOrEqual(1);
    expect(await store().query("SELECT person_id FROM events WHERE distinct_id = 'squash-anon'")).toEqual([{ person_id: to }]);
    expect(await store().query("SELECT count() AS n FROM person_distinct_id_overrides WHERE distinct_id = 'squash-anon'")).toEqual([
      { n: "0" },
    ]);
    const leftovers = await store().query(
      "SELECT name FROM system.tables WHERE database = currentDatabase() AND name LIKE 'person_overrides_squash_%'",
    );
    expect(leftovers).toEqual([]);
  });
}

export const TEAM = 7;
export const uuid = (n: number) => `0190a0a0-0000-7000-8000-${n.toString(16).padStart(12, "0")}`;

export function event(n: number, overrides: Record<string, unknown> = {}) {
  return {
    uuid: uuid(n),
    event: "$pageview",
    properties: JSON.stringify({ $browser: "Firefox", $os: "Linux", $current_url: "https://example.com/a?b=1", n }),
    timestamp: "2024-03-04T05:06:07.123456Z",
    team_id: TEAM,
    distinct_id: `user-${n}`,
    person_id: uuid(1000 + n),
    ...overrides,
  };
}
