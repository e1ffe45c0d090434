import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { embeddedTestStore } from "@/lib/events/store/test-store";
import type { EventStore } from "@/lib/events/store/types";
import { bucketDay, bucketLabel, parseInterval, previousRange, resolveDateRange, toInstant, toWall } from "./dates";
import { PERSON_ID, PERSON_PROPERTIES, personIdJoin, personPropertiesJoin } from "./persons";
import { SqlParams, ZProperties, propertyGroupSql } from "./properties";

const NOW = new Date("2024-03-14T15:30:00Z");

describe("date ranges", () => {
  test("absolute dates: date_from at 00:00, date_to the whole day (S3)", () => {
    const r = resolveDateRange({ date_from: "2024-03-01", date_to: "2024-03-14", timezone: "UTC", now: NOW });
    expect(r.from.toISOString()).toBe("2024-03-01T00:00:00.000Z");
    expect(r.to.toISOString()).toBe("2024-03-14T23:59:59.999Z");
    expect(r.buckets).toHaveLength(14);
    expect(bucketDay(r.buckets[2], "day")).toBe("2024-03-03");
    expect(bucketLabel(r.buckets[2], "day")).toBe("3-Mar-2024");
  });
  test("weeks start on Sunday; months on the 1st; hours", () => {
    const w = resolveDateRange({ date_from: "2024-03-01", date_to: "2024-03-14", interval: "week", timezone: "UTC", now: NOW });
    expect(w.buckets.map((b) => bucketDay(b, "week"))).toEqual(["2024-02-25", "2024-03-03", "2024-03-10"]);
    const m = resolveDateRange({ date_from: "2024-01-15", date_to: "2024-03-14", interval: "month", timezone: "UTC", now: NOW });
    expect(m.buckets.map((b) => bucketDay(b, "month"))).toEqual(["2024-01-01", "2024-02-01", "2024-03-01"]);
    const h = resolveDateRange({ date_from: "-24h", interval: "hour", timezone: "UTC", now: NOW });
    expect(h.from.toISOString()).toBe("2024-03-13T15:00:00.000Z");
    expect(h.buckets).toHaveLength(25);
    expect(bucketDay(h.buckets[0], "hour")).toBe("2024-03-13 15:00:00");
    expect(bucketLabel(h.buckets[0], "hour")).toBe("13-Mar-2024 15:00");
  });
  test("relative dates", () => {
    const r7 = resolveDateRange({ date_from: "-7d", timezone: "UTC", now: NOW });
    expect(r7.from.toISOString()).toBe("2024-03-07T00:00:00.000Z");
    expect(r7.to.toISOString()).toBe("2024-03-14T23:59:59.999Z");
    expect(r7.buckets).toHaveLength(8);
    expect(resolveDateRange({ date_from: "-1m", timezone: "UTC", now: NOW }).from.toISOString()).toBe("2024-02-14T00:00:00.000Z");
    expect(resolveDateRange({ date_from: "mStart", timezone: "UTC", now: NOW }).from.toISOString()).toBe("2024-03-01T00:00:00.000Z");
    expect(resolveDateRange({ date_from: "yStart", timezone: "UTC", now: NOW }).from.toISOString()).toBe("2024-01-01T00:00:00.000Z");
    expect(resolveDateRange({ date_from: "dStart", timezone: "UTC", now: NOW }).from.toISOString()).toBe("2024-03-14T00:00:00.000Z");
    // "today" is the day itself, as PostHog reads it (MCP tools send it in dateRange).
    const today = resolveDateRange({ date_from: "today", date_to: "today", timezone: "UTC", now: NOW });
    expect([today.from.toISOString(), today.to.toISOString()]).toEqual(["2024-03-14T00:00:00.000Z", "2024-03-14T23:59:59.999Z"]);
    expect(resolveDateRange({ date_from: "-7d", date_to: "Today", timezone: "UTC", now: NOW }).buckets).toHaveLength(8);
    const all = resolveDateRange({ date_from: "all", timezone: "UTC", now: NOW, earliest: new Date("2023-12-30T10:00:00Z") });
    expect(all.from.toISOString()).toBe("2023-12-30T00:00:00.000Z");
  });
  test("in the project's timezone", () => {
    const r = resolveDateRange({ date_from: "2024-03-01", date_to: "2024-03-02", timezone: "America/New_York", now: NOW });
    expect(r.from.toISOString()).toBe("2024-03-01T05:00:00.000Z");
    expect(r.to.toISOString()).toBe("2024-03-03T04:59:59.999Z");
    const mStart = resolveDateRange({ date_from: "mStart", timezone: "Asia/Tokyo", now: new Date("2024-02-29T20:00:00Z") });
    expect(mStart.from.toISOString()).toBe("2024-02-29T15:00:00.000Z"); // 1 March 00:00 in Tokyo
    expect(toInstant(toWall(NOW, "Europe/Paris"), "Europe/Paris").toISOString()).toBe(NOW.toISOString());
  });
  test("previous period of the same length (S7)", () => {
    const r = resolveDateRange({ date_from: "2024-03-01", date_to: "2024-03-14", timezone: "UTC", now: NOW });
    const p = previousRange(r);
    expect(p.from.toISOString()).toBe("2024-02-16T00:00:00.000Z");
    expect(p.to.toISOString()).toBe("2024-02-29T23:59:59.999Z");
    expect(p.buckets).toHaveLength(14);
  });
  test("bad input answers 400", () => {
    expect(() => resolveDateRange({ date_from: "yesterday-ish", timezone: "UTC" })).toThrow(/date_from/);
    expect(() => resolveDateRange({ date_from: "2024-03-10", date_to: "2024-02-30", timezone: "UTC" })).toThrow(/date_to/);
    expect(() => parseInterval("fortnight")).toThrow(/Interval/);
    // Beyond any Date (an Invalid Date once failed as a 500), or beyond the years ClickHouse's DateTime64 holds.
    for (const far of ["-99999999999d", "-99999999999h", "-9999999999y", "1899-12-31", "2300-01-01T00:00:00Z"]) {
      expect(() => resolveDateRange({ date_from: far, timezone: "UTC" }), far).toThrow(/date_from/);
      expect(() => resolveDateRange({ date_from: "2024-01-01", date_to: far, timezone: "UTC" }), far).toThrow(/date_to/);
    }
    expect(parseInterval(undefined)).toBe("day");
  });
});

describe("property filters in SQL", () => {
  const embedded = embeddedTestStore("filters");
  let store: EventStore;
  const TEAM = 7;
  const persons = {
    a: "00000000-0000-0000-0000-00000000000a",
    b: "00000000-0000-0000-0000-00000000000b",
    c: "00000000-0000-0000-0000-00000000000c",
  };
  // Each event carries the person its distinct id had when it was ingested.
  const rows = [
    { distinct_id: "a", person_id: persons.a, props: { $browser: "Chrome", amount: 10, plan: "pro" } },
    { distinct_id: "a2", person_id: persons.c, props: { $browser: "Firefox", amount: 3 } },
    { distinct_id: "b", person_id: persons.b, props: { $browser: "Safari", amount: "25", flag: true, seen: "2024-03-05" } },
    { distinct_id: "c", person_id: persons.c, props: { url: "https://x.io/a_b%", seen: "2024-02-01T10:00:00Z" } },
  ];

  beforeAll(async () => {
    store = await embedded.open();
    await store.insert(
      "events",
      rows.map((r, i) => ({
        uuid: `00000000-0000-0000-0001-00000000000${i}`,
        event: "e",
        properties: JSON.stringify(r.props),
        timestamp: "2024-03-01 00:00:00.000000",
        team_id: TEAM,
        distinct_id: r.distinct_id,
        person_id: r.person_id,
      })),
    );
    await store.insert("person_distinct_id2", [
      { team_id: TEAM, distinct_id: "a", person_id: persons.a, version: 0 },
      { team_id: TEAM, distinct_id: "a2", person_id: persons.c, version: 0 },
      // a2 merged into a's person later: the higher version wins for every event
      { team_id: TEAM, distinct_id: "a2", person_id: persons.a, version: 1 },
      { team_id: TEAM, distinct_id: "b", person_id: persons.b, version: 0 },
      { team_id: TEAM, distinct_id: "c", person_id: persons.c, version: 0 },
    ]);
    await store.insert("person", [
      {
        id: persons.a,
        team_id: TEAM,
        properties: JSON.stringify({ email: "old@x.io" }),
        is_identified: 1,
        created_at: "2024-01-01 00:00:00.000",
        version: 0,
      },
      {
        id: persons.a,
        team_id: TEAM,
        properties: JSON.stringify({ email: "a@hedgerow.dev" }),
        is_identified: 1,
        created_at: "2024-01-01 00:00:00.000",
        version: 1,
      },
      {
        id: persons.b,
        team_id: TEAM,
        properties: JSON.stringify({ email: "b@x.io", age: 40 }),
        is_identified: 1,
        created_at: "2024-01-01 00:00:00.000",
        version: 0,
      },
    ]);
  }, 30_000);
  afterAll(async () => {
    await embedded.close();
  });

  async function matching(properties: unknown): Promise<string[]> {
    const params = new SqlParams({ team: TEAM });
    const where = propertyGroupSql(ZProperties.parse(properties), { event: "e.properties", person: PERSON_PROPERTIES }, params);
    const result = await store.query<{ distinct_id: string }>(
      `SELECT e.distinct_id AS distinct_id FROM events AS e ${personIdJoin("{team:Int64}")} ${personPropertiesJoin("{team:Int64}")}
       WHERE e.team_id = {team:Int64} AND ${where} ORDER BY distinct_id`,
      params.values,
    );
    return result.map((r) => r.distinct_id);
  }

  test("each operator on event properties", async () => {
    expect(await matching([{ key: "$browser", value: "Chrome" }])).toEqual(["a"]);
    expect(await matching([{ key: "$browser", value: ["Chrome", "Safari"], operator: "exact" }])).toEqual(["a", "b"]);
    expect(await matching([{ key: "$browser", value: "Chrome", operator: "is_not" }])).toEqual(["a2", "b", "c"]);
    expect(await matching([{ key: "$browser", value: "fire", operator: "icontains" }])).toEqual(["a2"]);
    expect(await matching([{ key: "$browser", value: "fire", operator: "not_icontains" }])).toEqual(["a", "b", "c"]);
    expect(await matching([{ key: "url", value: "a_b%", operator: "icontains" }])).toEqual(["c"]);
    expect(await matching([{ key: "$browser", value: "^(Chr|Saf)", operator: "regex" }])).toEqual(["a", "b"]);
    expect(await matching([{ key: "$browser", value: "^(Chr|Saf)", operator: "not_regex" }])).toEqual(["a2", "c"]);
    expect(await matching([{ key: "amount", value: 10, operator: "gt" }])).toEqual(["b"]);
    expect(await matching([{ key: "amount", value: 10, operator: "gte" }])).toEqual(["a", "b"]);
    expect(await matching([{ key: "amount", value: "10", operator: "lt" }])).toEqual(["a2"]);
    expect(await matching([{ key: "amount", value: 3, operator: "lte" }])).toEqual(["a2"]);
    expect(await matching([{ key: "plan", operator: "is_set" }])).toEqual(["a"]);
    expect(await matching([{ key: "amount", operator: "is_not_set" }])).toEqual(["c"]);
    expect(await matching([{ key: "flag", value: true }])).toEqual(["b"]);
    expect(await matching([{ key: "amount", value: 10 }])).toEqual(["a"]);
    expect(await matching([{ key: "seen", value: "2024-02-15", operator: "is_date_before" }])).toEqual(["c"]);
    expect(await matching([{ key: "seen", value: "2024-02-15", operator: "is_date_after" }])).toEqual(["b"]);
    expect(await matching([{ key: "seen", value: "2024-03-05", operator: "is_date_exact" }])).toEqual(["b"]);
  });

  test("person properties are the merged person's current ones", async () => {
    expect(await matching([{ key: "email", value: "hedgerow.dev", operator: "icontains", type: "person" }])).toEqual(["a", "a2"]);
    expect(await matching([{ key: "email", value: "old@x.io", type: "person" }])).toEqual([]);
    expect(await matching([{ key: "age", value: 30, operator: "gt", type: "person" }])).toEqual(["b"]);
    expect(await matching([{ key: "email", operator: "is_not_set", type: "person" }])).toEqual(["c"]);
  });

  test("AND/OR groups, nested, and JSON text", async () => {
    const group = {
      type: "OR",
      values: [
        {
          type: "AND",
          values: [
            { key: "$browser", value: "Chrome" },
            { key: "plan", value: "pro" },
          ],
        },
        { type: "AND", values: [{ key: "email", value: "b@x.io", type: "person" }] },
      ],
    };
    expect(await matching(group)).toEqual(["a", "b"]);
    expect(await matching(JSON.stringify(group))).toEqual(["a", "b"]);
    expect(await matching([])).toEqual(["a", "a2", "b", "c"]);
    expect(await matching({ type: "AND", values: [] })).toEqual(["a", "a2", "b", "c"]);
  });

  test("the person id resolves merges", async () => {
    const result = await store.query<{ distinct_id: string; person: string }>(
      `SELECT e.distinct_id AS distinct_id, toString(${PERSON_ID}) AS person FROM events AS e ${personIdJoin("{team:Int64}")}
       WHERE e.team_id = {team:Int64} ORDER BY distinct_id`,
      { team: TEAM },
    );
    expect(result.map((r) => r.person)).toEqual([persons.a, persons.a, persons.b, persons.c]);
  });
});
