import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { embeddedTestStore } from "@/lib/events/store/test-store";
import type { EventStore } from "@/lib/events/store/types";
import { groupBreakdownSql } from "./groups";
import { propertyFilterSql, propertyValueSql, SqlParams, type PropertyFilter } from "./properties";

// The group columns and table of clickhouse/migrations/0008 on chDB, and the group filter and breakdown SQL over
// them (G11, G13): current properties (latest version), a key without a described group = no properties.
const TEAM = 7;
const OTHER_TEAM = 8;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
// Events: e0 in acme, e1 in globex, e2 in a key nobody described, e3 in no group; e4 another project's, in acme.
const EVENTS: [number, Record<string, unknown>][] = [
  [TEAM, { $groups: { company: "acme" }, $group_0: "acme" }],
  [TEAM, { $group_0: "globex", $group_1: "team-a" }],
  [TEAM, { $group_0: "initech" }],
  [TEAM, {}],
  [OTHER_TEAM, { $group_0: "acme" }],
];
const embedded = embeddedTestStore("groups-sql");
let store: EventStore;

beforeAll(async () => {
  store = await embedded.open();
  await store.insert(
    "events",
    EVENTS.map(([team, properties], i) => ({
      uuid: uuid(i),
      event: "$pageview",
      properties: JSON.stringify(properties),
      timestamp: "2024-03-02 10:00:00.000000",
      team_id: team,
      distinct_id: `d${i}`,
      person_id: uuid(100 + i),
    })),
  );
  const group = (team: number, key: string, properties: object, version: number) => ({
    team_id: team,
    group_type_index: 0,
    group_key: key,
    group_properties: JSON.stringify(properties),
    created_at: "2024-03-01 00:00:00.000000",
    version,
  });
  await store.insert("groups", [
    group(TEAM, "acme", { plan: "free", seats: 3 }, 0),
    group(TEAM, "acme", { plan: "paid", seats: 30 }, 1),
    group(TEAM, "globex", { plan: "free" }, 0),
    // Another project's acme has other properties: never read for this one.
    group(OTHER_TEAM, "acme", { plan: "enterprise" }, 5),
  ]);
}, 30_000);

afterAll(async () => {
  await embedded.close();
});

/** The indexes of this project's events matching `filter`. */
async function matching(filter: Omit<PropertyFilter, "type">): Promise<number[]> {
  const params = new SqlParams({ team: TEAM });
  const condition = propertyFilterSql(
    { type: "group", group_type_index: 0, ...filter },
    { event: "e.properties", person: "''", team: "{team:Int64}" },
    params,
  );
  const rows = await store.query<{ id: string }>(
    `SELECT toString(uuid) AS id FROM events AS e WHERE e.team_id = {team:Int64} AND ${condition} ORDER BY uuid`,
    params.values,
  );
  return rows.map((r) => Number(r.id.slice(-12)));
}

describe("group columns (0008)", () => {
  test("each event's $group_<index> property as an exact column, '' when missing", async () => {
    const rows = await store.query<{ group_0: string; group_1: string }>("SELECT group_0, group_1 FROM events ORDER BY uuid");
    expect(rows).toEqual([
      { group_0: "acme", group_1: "" },
      { group_0: "globex", group_1: "team-a" },
      { group_0: "initech", group_1: "" },
      { group_0: "", group_1: "" },
      { group_0: "acme", group_1: "" },
    ]);
  });
});

describe("group property filters (G11)", () => {
  test("read the group's current properties, of this project only", async () => {
    expect(await matching({ key: "plan", operator: "exact", value: "paid" })).toEqual([0]);
    expect(await matching({ key: "plan", operator: "exact", value: "free" })).toEqual([1]);
    expect(await matching({ key: "plan", operator: "exact", value: "enterprise" })).toEqual([]);
    expect(await matching({ key: "seats", operator: "gt", value: 10 })).toEqual([0]);
  });

  test("an event without a described group has the property missing", async () => {
    expect(await matching({ key: "plan", operator: "is_not", value: "paid" })).toEqual([1, 2, 3]);
    expect(await matching({ key: "plan", operator: "is_set" })).toEqual([0, 1]);
    expect(await matching({ key: "plan", operator: "is_not_set" })).toEqual([2, 3]);
    expect(await matching({ key: "seats", operator: "lt", value: 100 })).toEqual([0]);
  });

  test("a bad group type index is a 400", () => {
    const build = (group_type_index: unknown) => () =>
      propertyFilterSql(
        { type: "group", group_type_index, key: "plan", operator: "exact", value: "x" },
        { event: "e.properties", person: "''", team: "{team:Int64}" },
        new SqlParams(),
      );
    for (const bad of [undefined, -1, 5, 1.5, "x"]) expect(build(bad)).toThrow(/group type index/);
  });
});

describe("group breakdown (G13)", () => {
  test("the current property of the event's group; none without a group or the property", async () => {
    const params = new SqlParams({ team: TEAM });
    const read = groupBreakdownSql("{team:Int64}", 0, params.add("plan", "String"), propertyValueSql);
    const rows = await store.query<{ v: string; has: number }>(
      `SELECT ${read.value} AS v, toUInt8(${read.has}) AS has FROM events AS e WHERE e.team_id = {team:Int64} ORDER BY uuid`,
      params.values,
    );
    expect(rows.map((r) => (Number(r.has) ? r.v : null))).toEqual(["paid", "free", null, null]);
  });
});
