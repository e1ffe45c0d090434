import { afterAll, beforeAll, expect, test } from "vitest";
import { readLimitSettings } from "./limits";
import { embeddedTestStore } from "./test-store";
import type { EventStore } from "./types";

// The settings are made from the environment when the store opens: set before, restored after.
const configured = { bound: process.env.HEDGEROW_QUERY_MAX_MEMORY_MB, spill: process.env.HEDGEROW_QUERY_SPILL_MB };
const embedded = embeddedTestStore("limits");
let store: EventStore;

beforeAll(async () => {
  process.env.HEDGEROW_QUERY_MAX_MEMORY_MB = "256";
  process.env.HEDGEROW_QUERY_SPILL_MB = "128";
  store = await embedded.open();
}, 30_000);

afterAll(async () => {
  for (const [name, value] of [
    ["HEDGEROW_QUERY_MAX_MEMORY_MB", configured.bound],
    ["HEDGEROW_QUERY_SPILL_MB", configured.spill],
  ] as const)
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  await embedded.close();
});

test("HEDGEROW_QUERY_SPILL_MB becomes the GROUP BY and ORDER BY spill of every read", () => {
  expect(readLimitSettings()).toMatchObject({
    max_memory_usage: 256 * 2 ** 20,
    max_bytes_before_external_group_by: 128 * 2 ** 20,
    max_bytes_before_external_sort: 128 * 2 ** 20,
  });
});

test("a per-person aggregation past the bound answers by spilling; without the spill the bound refuses it", async () => {
  // As a funnel's: every person's times in arrays, two million persons over sixteen million rows.
  const sql = `SELECT count() AS persons, sum(length(times)) AS times FROM (
    SELECT number % 2000000 AS person, arraySort(groupArray(number)) AS times FROM numbers(16000000) GROUP BY person)`;
  expect(await store.query(sql)).toEqual([{ persons: "2000000", times: "16000000" }]);
  const refused = await store.query(sql, undefined, { max_bytes_before_external_group_by: 0 }).then(
    () => null,
    (error: unknown) => error as Error,
  );
  expect(refused?.message).toMatch(/MEMORY_LIMIT_EXCEEDED/);
}, 60_000);
