import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { embeddedTestStore } from "@/lib/events/store/test-store";
import type { EventStore } from "@/lib/events/store/open";
import { parseCriteria } from "./criteria";

// The membership SQL (G5–G8) and the cohort filter (G2) on chDB, over a hand-made project with a merge.
const TEAM = 31;
const NOW = new Date("2024-06-15T12:00:00Z");
const person = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, "0")}`;
const PERSONS: [number, Record<string, unknown>][] = [
  [1, { plan: "pro", age: 30 }],
  [2, { plan: "free", age: 40 }],
  [3, { plan: "pro" }],
  [4, {}],
];
// [person, distinct id, event, days before NOW]
const EVENTS: [number, string, string, number][] = [
  [1, "d1", "purchase", 1],
  [1, "d1", "purchase", 2],
  [1, "d1", "purchase", 20],
  [2, "d2", "purchase", 3],
  [3, "d3", "purchase", 40],
  // d4 was person 4 when ingested; a later merge moved it to person 3 (an override).
  [4, "d4", "purchase", 5],
];

const embedded = embeddedTestStore("cohort-membership");
let store: EventStore;
let membershipSql: typeof import("./membership-sql").membershipSql;
let SqlParams: typeof import("@/lib/analytics/filters/properties").SqlParams;
let propertyGroupSql: typeof import("@/lib/analytics/filters/properties").propertyGroupSql;
let chTimestamp: typeof import("@/lib/analytics/filters/dates").chTimestamp;

beforeAll(async () => {
  store = await embedded.open();
  ({ membershipSql } = await import("./membership-sql"));
  ({ SqlParams, propertyGroupSql } = await import("@/lib/analytics/filters/properties"));
  ({ chTimestamp } = await import("@/lib/analytics/filters/dates"));
  await store.insert(
    "person",
    PERSONS.map(([n, properties]) => ({
      id: person(n),
      team_id: TEAM,
      properties: JSON.stringify(properties),
      is_identified: 0,
      created_at: "2024-01-01 00:00:00.000",
      version: 0,
    })),
  );
  await store.insert(
    "events",
    EVENTS.map(([p, distinctId, event, daysAgo], i) => ({
      uuid: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      event,
      properties: "{}",
      timestamp: chTimestamp(new Date(NOW.getTime() - daysAgo * 86_400_000)),
      team_id: TEAM,
      distinct_id: distinctId,
      person_id: person(p),
    })),
  );
  await store.insert("person_distinct_id2", [{ team_id: TEAM, distinct_id: "d4", person_id: person(3), version: 1, is_deleted: 0 }]);
}, 30_000);

afterAll(async () => {
  await embedded.close();
});

async function members(values: unknown[], type: "AND" | "OR" = "AND"): Promise<number[]> {
  const params = new SqlParams();
  const sql = membershipSql(
    parseCriteria({ properties: { type, values } }),
    params.add(TEAM, "Int64"),
    params.add(chTimestamp(NOW), "DateTime64(6, 'UTC')"),
    params,
  );
  const rows = await store.query<{ person_id: string }>(sql, params.values);
  return rows.map((r) => Number(r.person_id.slice(-12))).sort();
}

const behavioral = (extra: Record<string, unknown>) => ({
  type: "behavioral",
  key: "purchase",
  event_type: "events",
  time_interval: "day",
  ...extra,
});

describe("cohort criteria", () => {
  test("person criteria read the current properties; groups nest (G5)", async () => {
    expect(await members([{ type: "person", key: "plan", value: "pro", operator: "exact" }])).toEqual([1, 3]);
    expect(
      await members(
        [
          { type: "person", key: "plan", value: "free", operator: "exact" },
          {
            type: "AND",
            values: [
              { type: "person", key: "plan", value: "pro", operator: "exact" },
              { type: "person", key: "age", operator: "is_set" },
            ],
          },
        ],
        "OR",
      ),
    ).toEqual([1, 2]);
  });

  test("performed_event counts the person's events (merged ids too) strictly inside the window ending now (G6)", async () => {
    expect(await members([behavioral({ value: "performed_event", time_value: 7 })])).toEqual([1, 2, 3]);
    expect(await members([behavioral({ value: "performed_event", time_value: 30 })])).toEqual([1, 2, 3]);
    expect(await members([behavioral({ value: "performed_event", time_value: 2 })])).toEqual([1]);
    expect(await members([behavioral({ value: "performed_event", time_value: 7, negation: true })])).toEqual([4]);
  });

  test("performed_event_multiple compares the window's count; persons without events count 0 (G7)", async () => {
    const multiple = (operator: string, k: number) =>
      behavioral({ value: "performed_event_multiple", time_value: 30, operator, operator_value: k });
    expect(await members([multiple("gte", 2)])).toEqual([1]);
    expect(await members([multiple("eq", 1)])).toEqual([2, 3]);
    expect(await members([multiple("lt", 1)])).toEqual([4]);
    expect(await members([multiple("lte", 1), { type: "person", key: "plan", value: "pro", operator: "exact" }])).toEqual([3]);
  });

  test("a cohort criterion is membership of the other cohort's latest calculation (G8), and the filter reads it (G2)", async () => {
    await store.insert("cohort_people", [
      { team_id: TEAM, cohort_id: 5, version: 1, person_id: person(2) },
      { team_id: TEAM, cohort_id: 5, version: 2, person_id: person(3) },
    ]);
    await store.insert("cohort_calculations", [{ team_id: TEAM, cohort_id: 5, version: 2, member_count: 1 }]);
    expect(await members([{ type: "cohort", key: "id", value: 5 }])).toEqual([3]);
    expect(await members([{ type: "cohort", key: "id", value: 5, negation: true }])).toEqual([1, 2, 4]);

    // Events of cohort 5's members: person 3's own and d4's (merged into 3).
    const events = async (operator: string) => {
      const params = new SqlParams({ team: TEAM });
      const where = propertyGroupSql(
        { type: "AND", values: [{ type: "cohort", key: "id", value: 5, operator: operator as "exact" }] },
        { event: "e.properties", person: "", team: "{team:Int64}" },
        params,
      );
      const rows = await store.query<{ d: string }>(
        `SELECT e.distinct_id AS d FROM events AS e WHERE e.team_id = {team:Int64} AND ${where} ORDER BY d`,
        params.values,
      );
      return rows.map((r) => r.d);
    };
    expect(await events("exact")).toEqual(["d3", "d4"]);
    expect(await events("is_not")).toEqual(["d1", "d1", "d1", "d2"]);
  });
});
