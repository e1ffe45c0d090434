import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { embeddedTestStore } from "@/lib/events/store/test-store";

// Funnel correlation's SQL on chDB over a hand-made project: funnel a → b within 1 hour, March 2024.
const TEAM = 9;
const project = { id: TEAM, timezone: "UTC", testAccountFilters: [] };
const PERSONS: Record<string, string> = {
  s1: "00000000-0000-0000-0000-000000000001",
  s2: "00000000-0000-0000-0000-000000000002",
  s3: "00000000-0000-0000-0000-000000000003",
  s4: "00000000-0000-0000-0000-000000000004",
  f1: "00000000-0000-0000-0000-000000000011",
  f2: "00000000-0000-0000-0000-000000000012",
  f3: "00000000-0000-0000-0000-000000000013",
};
const at = (h: number, m = 0, s = 0) =>
  `2024-03-05 ${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}.000000`;
// s1..s4 reach b within the hour (success); f1..f3 do not (failure).
const EVENTS: [string, string, string, Record<string, unknown>?][] = [
  ["s1", "a", at(10)],
  ["s1", "x", at(10, 10)],
  ["s1", "w", at(10, 12)],
  ["s1", "x", at(10, 15)],
  ["s1", "b", at(10, 20)],
  ["s1", "y", at(10, 30)], // after its last step: not counted
  ["s2", "a", at(10)],
  ["s2", "x", at(10, 5)],
  ["s2", "z", at(10, 6)],
  ["s2", "b", at(10, 30)],
  ["s3", "y", at(9, 59), { color: "red" }], // before its first step: not counted
  ["s3", "a", at(10)],
  ["s3", "b", at(10, 1)],
  ["s4", "a", at(10)],
  ["s4", "y", at(10, 5), { color: "red" }],
  ["s4", "b", at(10, 10)],
  ["f1", "a", at(10)],
  ["f1", "w", at(10, 12)],
  ["f1", "y", at(10, 30), { color: "red", size: 1 }],
  ["f1", "a", at(10, 40)],
  ["f1", "z", at(11)], // the window's end (1 hour after its first step): not counted
  ["f1", "x", at(11, 0, 1)],
  ["f2", "a", at(10)],
  ["f2", "y", at(10, 10), { color: "red" }],
  ["f2", "b", at(11, 0, 1)], // outside the window
  ["f3", "a", at(10)],
  ["f3", "x", at(10)], // the same time as its first step: not counted
  ["f3", "z", at(10, 20)],
];
const PERSON_PROPS: Record<string, Record<string, unknown>> = {
  s1: { plan: "pro" },
  s2: { plan: "pro" },
  s3: { plan: "free" },
  s4: { plan: "pro", age: 30 },
  f1: { plan: "free" },
  f2: {},
  f3: { plan: "pro" },
};

const FUNNEL = {
  events: [
    { id: "a", type: "events" as const, order: 0 },
    { id: "b", type: "events" as const, order: 1 },
  ],
  funnel_window_interval: 1,
  funnel_window_interval_unit: "hour",
  date_from: "2024-03-01",
  date_to: "2024-03-14",
};

describe("funnel correlation on chDB", () => {
  const embedded = embeddedTestStore("correlation");
  let correlation: typeof import("./run");

  beforeAll(async () => {
    const store = await embedded.open();
    await store.insert(
      "events",
      EVENTS.map(([who, event, timestamp, properties], i) => ({
        uuid: `00000000-0000-0000-0001-${String(i).padStart(12, "0")}`,
        event,
        properties: JSON.stringify(properties ?? {}),
        timestamp,
        team_id: TEAM,
        distinct_id: who,
        person_id: PERSONS[who],
      })),
    );
    await store.insert(
      "person",
      Object.entries(PERSON_PROPS).map(([who, properties]) => ({
        id: PERSONS[who],
        team_id: TEAM,
        properties: JSON.stringify(properties),
        is_identified: 1,
        created_at: "2024-01-01 00:00:00.000",
        version: 0,
      })),
    );
    correlation = await import("./run");
  }, 30_000);
  afterAll(async () => {
    await embedded.close();
  });

  const run = (extra: Record<string, unknown> = {}) => correlation.runCorrelation(project, { ...FUNNEL, ...extra }, "http://h.test/");
  const summary = (result: Awaited<ReturnType<typeof run>>) =>
    result.events.map((e) => [e.event.event, e.success_count, e.failure_count, e.correlation_type, Math.round(e.odds_ratio * 1e6) / 1e6]);

  test("events: counted between the first and the last step (or the window's end), step events left out", async () => {
    const result = await run();
    expect(result.skewed).toBe(false);
    // Totals: 4 successes, 3 failures. x: (2+1)(3+1) / ((2+1)(0+1)) = 4; y: (1+1)(1+1) / ((3+1)(2+1)) = 1/3;
    // w and z: (1+1)(2+1) / ((3+1)(1+1)) = 0.75.
    expect(summary(result)).toEqual([
      ["x", 2, 0, "success", 4],
      ["y", 1, 2, "failure", 0.333333],
      ["w", 1, 1, "failure", 0.75],
      ["z", 1, 1, "failure", 0.75],
    ]);
    expect(result.events[0].event).toEqual({ event: "x", properties: {}, elements: [] });
    const url = new URL(result.events[0].success_people_url!);
    expect(url.origin + url.pathname).toBe("http://h.test/api/person/funnel/correlation/");
    expect(url.searchParams.get("funnel_correlation_person_converted")).toBe("true");
    expect(JSON.parse(url.searchParams.get("funnel_correlation_person_entity")!)).toEqual({ id: "x", type: "events" });
    expect(url.searchParams.get("funnel_step")).toBe("1");
    expect(url.searchParams.get("cache_invalidation_key")).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(new URL(result.events[0].failure_people_url!).searchParams.get("funnel_correlation_person_converted")).toBe("false");

    const excluded = await run({ funnel_correlation_exclude_event_names: ["w", "x"] });
    expect(summary(excluded).map((r) => r[0])).toEqual(["y", "z"]);
  });

  test("event_with_properties: values seen by more than 2 persons", async () => {
    const result = await run({ funnel_correlation_type: "event_with_properties", funnel_correlation_event_names: ["y"] });
    expect(summary(result)).toEqual([["y::color::red", 1, 2, "failure", 0.333333]]);
    const entity = JSON.parse(new URL(result.events[0].failure_people_url!).searchParams.get("funnel_correlation_person_entity")!);
    expect(entity).toEqual({ id: "y", type: "events", properties: [{ key: "color", value: "red", type: "event", operator: "exact" }] });
    const excluded = await run({
      funnel_correlation_type: "event_with_properties",
      funnel_correlation_event_names: ["y"],
      funnel_correlation_event_exclude_property_names: ["color"],
    });
    expect(excluded.events).toEqual([]);
  });

  test("properties: named person properties (missing is ''), or $all", async () => {
    const named = await run({ funnel_correlation_type: "properties", funnel_correlation_names: ["plan"] });
    // pro (3, 1): 4·3 / (2·2) = 3; '' (0, 1): 1·3 / (5·2) = 0.3; free (1, 1): 2·3 / (4·2) = 0.75.
    expect(summary(named)).toEqual([
      ["plan::pro", 3, 1, "success", 3],
      ["plan::", 0, 1, "failure", 0.3],
      ["plan::free", 1, 1, "failure", 0.75],
    ]);
    const url = new URL(named.events[0].success_people_url!);
    expect(url.pathname).toBe("/api/person/funnel/correlation");
    expect(JSON.parse(url.searchParams.get("funnel_correlation_property_values")!)).toEqual([
      { key: "plan", value: "pro", type: "person", operator: "exact", group_type_index: null },
    ]);
    const all = await run({ funnel_correlation_type: "properties", funnel_correlation_names: ["$all"] });
    // age 30 (1, 0): 2·4 / (4·1) = 2. f2 has no properties: no row.
    expect(summary(all)).toEqual([
      ["plan::pro", 3, 1, "success", 3],
      ["age::30", 1, 0, "success", 2],
      ["plan::free", 1, 1, "failure", 0.75],
    ]);
    const excluded = await run({
      funnel_correlation_type: "properties",
      funnel_correlation_names: ["$all"],
      funnel_correlation_exclude_names: ["plan"],
    });
    expect(summary(excluded).map((r) => r[0])).toEqual(["age::30"]);
  });

  test("funnel_step narrows the persons compared", async () => {
    // Only those who reached step 2: all successes, nothing to compare.
    expect(await run({ funnel_step: 2 })).toEqual({ events: [], skewed: true });
  });

  test("the persons behind a row", async () => {
    const ids = async (query: Record<string, unknown>) =>
      (await correlation.correlationActorIds(project, { ...FUNNEL, ...query }, { limit: 100, offset: 0 })).ids;
    const p = (...who: string[]) => who.map((w) => PERSONS[w]);
    const x = { funnel_correlation_person_entity: { id: "x", type: "events" } };
    expect(await ids({ ...x, funnel_correlation_person_converted: true })).toEqual(p("s1", "s2"));
    expect(await ids({ ...x, funnel_correlation_person_converted: false })).toEqual([]);
    expect(await ids({ funnel_correlation_person_entity: { id: "z", type: "events" } })).toEqual(p("s2", "f3"));
    const red = { id: "y", type: "events", properties: [{ key: "color", value: "red", type: "event", operator: "exact" }] };
    expect(
      await ids({
        funnel_correlation_type: "event_with_properties",
        funnel_correlation_person_entity: red,
        funnel_correlation_person_converted: false,
      }),
    ).toEqual(p("f1", "f2"));
    const pro = [{ key: "plan", value: "pro", type: "person", operator: "exact" }];
    expect(
      await ids({
        funnel_correlation_type: "properties",
        funnel_correlation_property_values: pro,
        funnel_correlation_person_converted: true,
      }),
    ).toEqual(p("s1", "s2", "s4"));
    expect(
      await ids({
        funnel_correlation_type: "properties",
        funnel_correlation_property_values: pro,
        funnel_correlation_person_converted: false,
      }),
    ).toEqual(p("f3"));
    const missing = [{ key: "plan", value: "", type: "person", operator: "exact" }];
    expect(await ids({ funnel_correlation_type: "properties", funnel_correlation_property_values: missing })).toEqual(p("f2"));
    const page = await correlation.correlationActorIds(project, { ...FUNNEL, ...x }, { limit: 1, offset: 1 });
    expect(page).toEqual({ ids: p("s2"), total: 2 });
    expect(await correlation.correlationActorIds(project, { ...FUNNEL, ...x }, { limit: 1, offset: 5 })).toEqual({ ids: [], total: 2 });
  });

  test("bad input: PostHog's 400s", async () => {
    const detail = async (promise: Promise<unknown>) => {
      try {
        await promise;
      } catch (error) {
        return (error as { body?: { detail?: string } }).body?.detail;
      }
      return "no error";
    };
    expect(await detail(run({ funnel_correlation_type: "sideways" }))).toMatch(/not a valid choice for funnel_correlation_type/);
    expect(await detail(run({ funnel_correlation_type: "properties" }))).toBe(
      "Property Correlation expects atleast one Property to run correlation on",
    );
    expect(await detail(run({ funnel_correlation_type: "event_with_properties" }))).toBe(
      "Event Property Correlation expects atleast one event name to run correlation on",
    );
    expect(await detail(run({ events: [FUNNEL.events[0]] }))).toMatch(/at least two steps/);
    expect(await detail(run({ funnel_step: 3 }))).toMatch(/funnel_step/);
    const actors = (query: Record<string, unknown>) =>
      correlation.correlationActorIds(project, { ...FUNNEL, ...query }, { limit: 10, offset: 0 });
    expect(await detail(actors({}))).toBe("No entity for persons specified");
    expect(await detail(actors({ funnel_correlation_type: "properties" }))).toBe(
      "Property Correlation expects atleast one Property to get persons for",
    );
  });
});
