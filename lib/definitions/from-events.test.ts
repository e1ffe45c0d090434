import { afterAll, beforeAll, expect, test } from "vitest";
import type { EventStore } from "@/lib/events/store/open";
import { embeddedTestStore } from "@/lib/events/store/test-store";
import { MAX_DEFINITION_NAME, SKIPPED_EVENT_PROPERTIES } from "./recording";

const embedded = embeddedTestStore("from-events");
let store: EventStore;
// Imported once the store has its data dir (the modules it reaches read the config when first imported).
let fromEvents: typeof import("./from-events");

beforeAll(async () => {
  store = await embedded.open();
  fromEvents = await import("./from-events");
  await store.command(
    `CREATE TABLE staged (batch UInt8, event String, timestamp DateTime64(6, 'UTC'), properties String) ENGINE = MergeTree ORDER BY tuple()`,
  );
}, 60_000);

afterAll(async () => {
  await embedded.close();
});

const BULK_ROWS = 120_000;

/**
 * Many events whose properties have no typed value for `names` (objects, arrays, nulls), then one row each that
 * has: one insert, so one part in this order, of which the first rows read are the bulk's.
 */
async function stage(batch: number, names: string[], typedRows: string[]) {
  const untyped = names.map((name, i) => `, ${JSON.stringify(name)}: ${["{}", "[1]", "null"][i % 3]}`).join("");
  await store.command(
    `INSERT INTO staged
     SELECT ${batch}, if(number < ${BULK_ROWS}, if(number % 2 = 0, 'view', 'click'), concat('rare_', toString(number % 4))), now64(6),
       if(number < ${BULK_ROWS}, concat('{"common": "x"', {untyped:String}, '}'), {typed:Array(String)}[number - ${BULK_ROWS} + 1])
     FROM numbers(${BULK_ROWS + typedRows.length})`,
    { untyped, typed: typedRows },
  );
}

/** What every row of the batch defines, from every value of every row: pairs, and each name's typed values. */
async function reference(batch: number) {
  const rows = await store.query<{ event: string; name: string; typed: string[] }>(
    `SELECT event, kv.1 AS name, groupUniqArrayIf(kv.2, ${fromEvents.TYPED_JSON}) AS typed
     FROM staged ARRAY JOIN JSONExtractKeysAndValuesRaw(properties) AS kv
     WHERE batch = {batch:UInt8} AND length(kv.1) <= {max:UInt32} AND kv.1 NOT IN {skipped:Array(String)}
     GROUP BY event, name`,
    { batch, max: MAX_DEFINITION_NAME, skipped: [...SKIPPED_EVENT_PROPERTIES] },
  );
  const typed = new Map<string, Set<string>>();
  for (const row of rows) for (const value of row.typed) typed.set(row.name, (typed.get(row.name) ?? new Set()).add(value));
  return { pairs: rows.map((row) => `${row.event} ${row.name}`).sort(), typed };
}

async function expectExact(batch: number) {
  const found = await fromEvents.definitionsOf(store, "staged", "batch = {batch:UInt8}", { batch }).eventProperties();
  const expected = await reference(batch);
  expect(found.map((row) => `${row.event} ${row.name}`).sort()).toEqual(expected.pairs);
  for (const { name, sample } of found) {
    const typed = expected.typed.get(name);
    // A name with a typed value anywhere gets one of them; a name without gets none.
    if (typed) expect(typed.has(sample), `${name}: ${sample}`).toBe(true);
    else expect(sample, name).toBe("");
  }
  return found;
}

test("a property typed only in rare rows gets a typed sample, also when its name is written with escapes", async () => {
  const late = ["late_number", "late_text", "late_bool", "esc", 'quo"te'];
  await stage(1, late, [
    '{"late_number": 42}',
    '{"late_text": "2026-01-01T00:00:00Z", "$set": {"email": "a@x"}}',
    '{"late_bool": true}',
    // "esc" and "ab/c" written with escapes: their quoted names are not in the text.
    '{"\\u0065sc": 1.5, "ab\\/c": "slash"}',
    '{"quo\\"te": "q"}',
    `{"${"x".repeat(401)}": 1, "never_typed": {"a": 1}}`,
  ]);
  const found = await expectExact(1);
  const sampleOf = (name: string) => found.find((row) => row.name === name)?.sample;
  expect([
    sampleOf("late_number"),
    sampleOf("late_text"),
    sampleOf("late_bool"),
    sampleOf("esc"),
    sampleOf("ab/c"),
    sampleOf('quo"te'),
  ]).toEqual(["42", '"2026-01-01T00:00:00Z"', "true", "1.5", '"slash"', '"q"']);
  expect(sampleOf("never_typed")).toBe("");
  expect(found.some((row) => row.name === "$set" || row.name.length > MAX_DEFINITION_NAME)).toBe(false);
}, 60_000);

test("more rare properties than one text search takes: still each with its typed sample", async () => {
  const many = Array.from({ length: 500 }, (_, i) => `rare_property_${i}`);
  await stage(
    2,
    [],
    many.map((name, i) => JSON.stringify({ [name]: i })),
  );
  const found = await expectExact(2);
  expect(new Set(found.filter((row) => row.name.startsWith("rare_property_") && row.sample !== "").map((row) => row.name)).size).toBe(500);
}, 60_000);
