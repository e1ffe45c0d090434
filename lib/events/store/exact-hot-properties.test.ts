import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  breakdownPropertySql,
  propertyFilterSql,
  propertyValueSql,
  SqlParams,
  type PropertyFilter,
} from "@/lib/analytics/filters/properties";
import { openChdbStore } from "./chdb";
import { TEAM, uuid } from "./contract";
import { MIGRATIONS_DIR, migrateEventStore, splitStatements } from "./migrate";
import type { EventStore } from "./types";

/**
 * The exact hot-property columns of clickhouse/migrations/0003 (and the three 0010 adds) on chDB: their values on
 * rows written before the migration ran (computed on read, then stored by its mutation) and after it and the later
 * ones (0006 and 0010 compute them from one parse), and breakdowns and filters read from them alone giving what the
 * JSON gives.
 */

const HOT_0003 = {
  $browser: "prop_browser",
  $os: "prop_os",
  $current_url: "prop_current_url",
  $pathname: "prop_pathname",
  $host: "prop_host",
  $device_type: "prop_device_type",
  $referring_domain: "prop_referring_domain",
  $session_id: "prop_session_id",
} as const;
/** With those 0010 adds (the web analytics cards' country and screen sizes). */
const HOT = {
  ...HOT_0003,
  $geoip_country_code: "prop_geoip_country_code",
  $viewport_width: "prop_viewport_width",
  $viewport_height: "prop_viewport_height",
} as const;
type HotKey = keyof typeof HOT;

/** Each case sets every hot property to `json` (undefined: leaves them out) and expects `column` in each column. */
const CASES: { json: unknown; column: string | null }[] = [
  { json: undefined, column: null },
  { json: null, column: null },
  { json: "", column: "" },
  { json: "x", column: "x" },
  { json: "null", column: "null" },
  { json: 42, column: "42" },
  { json: true, column: "true" },
  { json: { a: [1, "b", null], c: { d: 1.5 } }, column: '{"a":[1,"b",null],"c":{"d":1.5}}' },
];
const OLD = 0;
const NEW = 100;

function row(n: number, json: unknown) {
  const properties: Record<string, unknown> = { other: "kept" };
  if (json !== undefined) for (const key of Object.keys(HOT)) properties[key] = json;
  return {
    uuid: uuid(n),
    event: "$pageview",
    properties: JSON.stringify(properties),
    timestamp: "2024-03-04T05:06:07Z",
    team_id: TEAM,
    distinct_id: `user-${n}`,
    person_id: uuid(1000 + n),
  };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-exact-props-"));
const beforeDir = path.join(dataDir, "migrations-before-0003");
let store: EventStore;

beforeAll(async () => {
  mkdirSync(beforeDir);
  for (const file of readdirSync(MIGRATIONS_DIR))
    if (file < "0003") copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(beforeDir, file));
  store = await openChdbStore(path.join(dataDir, "chdb"));
  await migrateEventStore(store, beforeDir);
  await store.insert(
    "events",
    CASES.map((c, i) => row(OLD + i, c.json)),
  );
}, 30_000);

afterAll(async () => {
  await store?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const columnValues = (first: number, hot: Record<string, string> = HOT) =>
  store.query<Record<string, string | null>>(
    `SELECT ${Object.values(hot).join(", ")} FROM events WHERE uuid IN {ids:Array(UUID)} ORDER BY uuid`,
    { ids: CASES.map((_, i) => uuid(first + i)) },
  );

/** The prop_* columns stored in the part holding event `n`. */
async function storedColumns(n: number) {
  const [{ part }] = await store.query<{ part: string }>("SELECT _part AS part FROM events WHERE uuid = {id:UUID}", { id: uuid(n) });
  const rows = await store.query<{ column: string }>(
    `SELECT column FROM system.parts_columns
     WHERE database = currentDatabase() AND table = 'events' AND name = {part:String} AND startsWith(column, 'prop_')
     ORDER BY column`,
    { part },
  );
  return rows.map((r) => r.column);
}

const expectedOf = (hot: Record<string, string>) =>
  CASES.map((c) => Object.fromEntries(Object.values(hot).map((column) => [column, c.column])));
const expected = expectedOf(HOT);

// The tests run in order: old rows, the migration, new rows, then reads over both.
describe("the exact hot-property columns", () => {
  test("rows written before the columns existed compute them on read (a server's state while the mutation runs)", async () => {
    const [addColumns] = splitStatements(readFileSync(path.join(MIGRATIONS_DIR, "0003_exact_hot_properties.sql"), "utf8"));
    await store.command(addColumns);
    expect(await storedColumns(OLD)).toEqual([]);
    expect(await columnValues(OLD, HOT_0003)).toEqual(expectedOf(HOT_0003));
  });

  test("the migration stores them on the rows written before it; running it again changes nothing", async () => {
    expect(await migrateEventStore(store)).toContain("0003_exact_hot_properties");
    expect(await storedColumns(OLD)).toEqual(Object.values(HOT).sort());
    expect(await columnValues(OLD)).toEqual(expected);
    expect(await migrateEventStore(store)).toEqual([]);
  });

  test("rows written after the migrations (each column from the same, single parse)", async () => {
    await store.insert(
      "events",
      CASES.map((c, i) => row(NEW + i, c.json)),
    );
    expect(await storedColumns(NEW)).toEqual(Object.values(HOT).sort());
    expect(await columnValues(NEW)).toEqual(expected);
  });

  test("a breakdown reads only the column, with the JSON's answer: no value when missing or null, else its text", async () => {
    for (const key of Object.keys(HOT) as HotKey[]) {
      const read = breakdownPropertySql("event", key, "{key:String}");
      expect(`${read.value} ${read.has}`).not.toMatch(/properties/);
      expect(`${read.value} ${read.has}`).toContain(`e.${HOT[key]}`);
      const rows = await store.query<{ has: number; value: string; json_has: number; json_value: string; n: string }>(
        `SELECT ${read.has} AS has, ${read.value} AS value,
                JSONHas(e.properties, {key:String}) AND JSONType(e.properties, {key:String}) != 'Null' AS json_has,
                ${propertyValueSql("e.properties", "{key:String}")} AS json_value, count() AS n
         FROM events AS e WHERE e.team_id = {team:Int64}
         GROUP BY has, value, json_has, json_value`,
        { key, team: TEAM },
      );
      expect(rows.every((r) => r.has === r.json_has && (!r.has || r.value === r.json_value))).toBe(true);
      // Every case once before and once after the migration.
      const values = rows.filter((r) => r.has).map((r) => [r.value, r.n]);
      expect(values.sort()).toEqual(
        CASES.filter((c) => c.column !== null)
          .map((c) => [c.column, "2"])
          .sort(),
      );
      expect(rows.filter((r) => !r.has).reduce((sum, r) => sum + Number(r.n), 0)).toBe(4);
    }
  });

  test("filters read the column where missing and JSON null cannot differ, with the JSON's answer", async () => {
    type Case = [PropertyFilter["operator"], unknown];
    const each = (operators: PropertyFilter["operator"][], values: unknown[]) =>
      operators.flatMap((operator) => values.map((value): Case => [operator, value]));
    const filters: Case[] = [
      ...each(["exact", "is_not"], ["x", ["x", "42"], "", "null", ["", "null"], [null, ""], 42, true, "nope"]),
      ...each(["icontains", "not_icontains"], ["X", "nu", "NULL", "", "_", "{", '"b"']),
      ["regex", "^x$"],
      ["not_regex", "^$"],
      ["gt", 41],
      ["lte", 42],
      ["is_date_before", "2030-01-01"],
      ["is_set", undefined],
      ["is_not_set", undefined],
    ];
    const readsColumn = new Set<string>();
    for (const key of Object.keys(HOT) as HotKey[])
      for (const [operator, value] of filters) {
        const filter: PropertyFilter = { key, operator, value, type: "event" };
        const params = new SqlParams({ team: TEAM });
        const condition = propertyFilterSql(filter, { event: "e.properties", person: "''" }, params);
        // The same JSON under another expression: the filter reads it, never the exact column.
        const json = propertyFilterSql(filter, { event: "toString(e.properties)", person: "''" }, params);
        if (!condition.includes("properties")) readsColumn.add(`${operator} ${JSON.stringify(value)}`);
        const [counts] = await store.query<{ differ: string }>(
          `SELECT countIf((${condition}) != (${json})) AS differ FROM events AS e WHERE e.team_id = {team:Int64}`,
          params.values,
        );
        expect({ key, operator, value, differ: counts.differ }).toEqual({ key, operator, value, differ: "0" });
      }
    expect([...readsColumn].sort()).toEqual(
      [
        'exact "x"',
        'exact ["x","42"]',
        'exact ["","null"]',
        "exact 42",
        "exact true",
        'exact "nope"',
        'is_not "x"',
        'is_not ["x","42"]',
        'is_not ["","null"]',
        "is_not 42",
        "is_not true",
        'is_not "nope"',
        'icontains "X"',
        'icontains ""',
        'icontains "_"',
        'icontains "{"',
        'icontains "\\"b\\""',
        'not_icontains "X"',
        'not_icontains ""',
        'not_icontains "_"',
        'not_icontains "{"',
        'not_icontains "\\"b\\""',
        "gt 41",
        "lte 42",
        'is_date_before "2030-01-01"',
      ].sort(),
    );
    // One query per key and filter: a few hundred.
  }, 60_000);
});
