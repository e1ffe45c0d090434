import { beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type ApiClient, type TestUser } from "../support/api";
import { sendEvents, type SentEvent } from "../support/events";

// HogQL expressions that compile and pass the engine's type check, then fail on the project's own rows: every
// analysis answers PostHog's 400 with the engine's reason (never a 500), and a passing control reads dates in the
// project's timezone (Asia/Tokyo, UTC+9 all year).
const baseUrl = inject("baseUrl");
const HOUR = 3_600_000;
const ZONE_OFFSET = 9 * HOUR;
const START = Date.UTC(2024, 2, 2);
const RANGE = { date_from: "2024-03-01", date_to: "2024-03-07" };

// Twelve pageviews seven hours apart from March 2 (UTC), by six persons: every `$browser` is a word, some `n` are
// "0", some `when` are no date.
const EVENTS: SentEvent[] = Array.from({ length: 12 }, (_, i) => ({
  event: "$pageview",
  distinct_id: `u${i % 6}`,
  timestamp: new Date(START + i * 7 * HOUR).toISOString(),
  properties: { $browser: i % 2 ? "Chrome" : "Firefox", n: String(i % 3), when: i % 4 === 0 ? "not a date" : "2024-03-03 10:00:00" },
}));

const n = (e: SentEvent) => Number(e.properties?.n);
/** The day an event falls on in `offset` from UTC, as ClickHouse writes a DateTime. */
const dayIn = (e: SentEvent, offset: number) => `${new Date(Date.parse(e.timestamp!) + offset).toISOString().slice(0, 10)} 00:00:00`;
/** Sum of `n` per day of the events whose `n` is at least 1: the control's reference. */
function sumPerDay(offset: number): Map<string, number> {
  const sums = new Map<string, number>();
  for (const e of EVENTS.filter((e) => n(e) >= 1)) sums.set(dayIn(e, offset), (sums.get(dayIn(e, offset)) ?? 0) + n(e));
  return sums;
}

const CONTROL_FILTER = [{ type: "hogql", key: "toInt(properties.n) >= 1" }];
const CONTROL = {
  events: [{ id: "$pageview", math: "hogql", math_hogql: "sum(toInt(properties.n))" }],
  properties: CONTROL_FILTER,
  breakdown_type: "hogql",
  breakdown: "toString(toStartOfDay(timestamp))",
};

interface Failure {
  name: string;
  attr: string;
  detail: RegExp;
}
const TEXT_AS_NUMBER: Failure = {
  name: "a word read as a number",
  attr: "properties",
  detail: /Cannot parse string '(Chrome|Firefox)' as Int64/,
};
const BAD_DATE: Failure = { name: "a text that is no date", attr: "breakdown", detail: /DateTime/ };
const DIVISION: Failure = { name: "a division by zero", attr: "math_hogql", detail: /Division by zero/ };
// A property is Nullable, and the engine reads a Nullable text that does not parse as NULL: `coalesce` makes it fail.
const FAILING_FILTER = [{ type: "hogql", key: "toInt64(coalesce(properties.$browser, '')) > 0" }];
const FAILING_BREAKDOWN = { breakdown_type: "hogql", breakdown: "toDateTime(coalesce(properties.when, ''))" };
const FAILING_MATH = { math: "hogql", math_hogql: "sum(intDiv(10, toInt64(properties.n)))" };

/** PostHog's 400 for a query error, with the engine's reason and none of its internals. */
function expectQueryError(response: { status: number; body: any; text?: string }, failure: Failure, attr: string | null = failure.attr) {
  expect(response.status, `${failure.name}: ${response.text}`).toBe(400);
  expect(response.body).toMatchObject({ type: "validation_error", code: "query_error", attr });
  expect(response.body.detail).toMatch(/^The HogQL expression cannot run: /);
  expect(response.body.detail).toMatch(failure.detail);
  expect(response.body.detail).not.toMatch(/DB::Exception|Code: \d|while executing|In scope|__table|\([A-Z_]{6,}\)|Stack trace|version/);
}

let user: TestUser;
let reader: ApiClient;
const insights = (kind: string) => `/api/projects/${user.projectId}/insights/${kind}/`;
const post = (kind: string, body: Record<string, unknown>) => user.session.post(insights(kind), { ...RANGE, ...body });
/** An actors URL of a control answer with its `properties` made to fail. */
function failingUrl(url: string): string {
  const parsed = new URL(url.replace(/^\/?/, "http://x/"));
  parsed.searchParams.set("properties", JSON.stringify(FAILING_FILTER));
  return `${parsed.pathname}${parsed.search}`;
}

beforeAll(async () => {
  user = await signUp(baseUrl);
  const zoned = await user.session.patch(`/api/projects/${user.projectId}/`, { timezone: "Asia/Tokyo" });
  expect(zoned.status, zoned.text).toBe(200);
  await sendEvents(baseUrl, user, EVENTS);
  reader = await user.key(["query:read"]);
}, 60_000);

describe("a passing control: the right numbers, dates in the project's timezone", () => {
  test("trends: math_hogql per toStartOfDay(timestamp) of the project's zone, under a HogQL filter", async () => {
    const tokyo = sumPerDay(ZONE_OFFSET);
    // The reference tells the zones apart: a UTC day would be another answer.
    expect(tokyo).not.toEqual(sumPerDay(0));
    const response = await post("trend", CONTROL);
    expect(response.status, response.text).toBe(200);
    const got = new Map<string, number>(
      response.body.result.map((item: any) => [String(item.breakdown_value), item.data.reduce((a: number, b: number) => a + b, 0)]),
    );
    expect(got).toEqual(tokyo);

    // The query API converts its series with their math_hogql: the same sums per day.
    const query = await reader.post(`/api/projects/${user.projectId}/query/`, {
      query: {
        kind: "TrendsQuery",
        series: CONTROL.events.map(({ id, ...rest }) => ({ kind: "EventsNode", event: id, ...rest })),
        dateRange: RANGE,
        properties: CONTROL_FILTER,
        breakdownFilter: { breakdown_type: "hogql", breakdown: CONTROL.breakdown },
      },
      refresh: "force_blocking",
    });
    expect(query.status, query.text).toBe(200);
    const byValue = (items: any[]) => Object.fromEntries(items.map((item) => [item.breakdown_value, item.data]));
    expect(byValue(query.body.results)).toEqual(byValue(response.body.result));

    // Counting instead: the events per day of the same filter.
    const counts = await post("trend", { ...CONTROL, events: [{ id: "$pageview" }] });
    expect(counts.status, counts.text).toBe(200);
    const perDay = new Map<string, number>();
    for (const e of EVENTS.filter((e) => n(e) >= 1)) perDay.set(dayIn(e, ZONE_OFFSET), (perDay.get(dayIn(e, ZONE_OFFSET)) ?? 0) + 1);
    expect(
      new Map(counts.body.result.map((item: any) => [item.breakdown_value, item.data.reduce((a: number, b: number) => a + b, 0)])),
    ).toEqual(perDay);
  });
});

describe("the analyses answer a 400 with the engine's reason", () => {
  test.each([
    ["a filter", { properties: FAILING_FILTER }, TEXT_AS_NUMBER],
    ["a breakdown", FAILING_BREAKDOWN, BAD_DATE],
  ] as const)("trends: %s", async (_, body, failure) => {
    expectQueryError(await post("trend", { events: [{ id: "$pageview" }], ...body }), failure);
  });

  test("trends: a series' math_hogql, and the field left open when two expressions could be at fault", async () => {
    expectQueryError(await post("trend", { events: [{ id: "$pageview", ...FAILING_MATH }] }), DIVISION);
    const both = await post("trend", { events: [{ id: "$pageview", ...FAILING_MATH }], properties: FAILING_FILTER });
    expect(both.status, both.text).toBe(400);
    expect(both.body).toMatchObject({ code: "query_error", attr: null });
  });

  test("stickiness and lifecycle", async () => {
    expectQueryError(
      await post("trend", { insight: "STICKINESS", shown_as: "Stickiness", events: [{ id: "$pageview" }], properties: FAILING_FILTER }),
      TEXT_AS_NUMBER,
    );
    expectQueryError(
      await post("trend", { insight: "LIFECYCLE", shown_as: "Lifecycle", events: [{ id: "$pageview" }], properties: FAILING_FILTER }),
      TEXT_AS_NUMBER,
    );
  });

  test.each(["steps", "trends", "time_to_convert"])("funnels shown as %s", async (viz) => {
    const funnel = { events: [0, 1].map((order) => ({ id: "$pageview", order })), funnel_viz_type: viz };
    expectQueryError(await post("funnel", { ...funnel, properties: FAILING_FILTER }), TEXT_AS_NUMBER);
    if (viz === "steps") expectQueryError(await post("funnel", { ...funnel, ...FAILING_BREAKDOWN }), BAD_DATE);
  });

  test("retention and paths", async () => {
    const entity = { id: "$pageview", type: "events" };
    const retention = { target_entity: entity, returning_entity: entity, period: "Day", total_intervals: 7, date_to: RANGE.date_to };
    expectQueryError(await user.session.post(insights("retention"), { ...retention, properties: FAILING_FILTER }), TEXT_AS_NUMBER);
    expectQueryError(await post("path", { properties: FAILING_FILTER }), TEXT_AS_NUMBER);
  });

  test("GET as well as POST", async () => {
    const search = new URLSearchParams({
      ...RANGE,
      events: JSON.stringify([{ id: "$pageview" }]),
      properties: JSON.stringify(FAILING_FILTER),
    });
    expectQueryError(await user.session.get(`${insights("trend")}?${search}`), TEXT_AS_NUMBER);
  });
});

describe("the actors endpoints answer the same 400", () => {
  test("persons of a trend, stickiness and lifecycle point", async () => {
    for (const body of [{}, { insight: "STICKINESS", shown_as: "Stickiness" }, { insight: "LIFECYCLE", shown_as: "Lifecycle" }]) {
      const control = await post("trend", { ...body, events: [{ id: "$pageview" }], properties: CONTROL_FILTER });
      expect(control.status, control.text).toBe(200);
      // A point with persons: the failing expression is then evaluated on their events.
      const item = control.body.result.find((i: any) => i.data.some((v: number) => v > 0));
      const url = item.persons_urls[item.data.findIndex((v: number) => v > 0)].url;
      const people = await user.session.get(`/${url.replace(/^\//, "")}`);
      expect(people.status, people.text).toBe(200);
      expect(people.body.results[0].people.length, JSON.stringify(body)).toBeGreaterThan(0);
      expectQueryError(await user.session.get(failingUrl(url)), TEXT_AS_NUMBER);
    }
  });

  test("persons of a funnel step and of a retention cohort", async () => {
    const events = JSON.stringify([0, 1].map((order) => ({ id: "$pageview", order })));
    const funnel = new URLSearchParams({ ...RANGE, events, funnel_step: "1", properties: JSON.stringify(FAILING_FILTER) });
    expectQueryError(await user.session.get(`/api/projects/${user.projectId}/persons/funnel/?${funnel}`), TEXT_AS_NUMBER);

    const entity = { id: "$pageview", type: "events" };
    const control = await user.session.post(insights("retention"), {
      target_entity: entity,
      returning_entity: entity,
      period: "Day",
      total_intervals: 7,
      date_to: RANGE.date_to,
      properties: CONTROL_FILTER,
    });
    expect(control.status, control.text).toBe(200);
    expectQueryError(await user.session.get(failingUrl(control.body.result[1].people_url)), TEXT_AS_NUMBER);
  });
});

describe("the query API", () => {
  const path = () => `/api/projects/${user.projectId}/query/`;
  const series = [{ kind: "EventsNode", event: "$pageview" }];
  const entity = { id: "$pageview", type: "events" };
  const sources: [string, Record<string, unknown>][] = [
    ["TrendsQuery", { kind: "TrendsQuery", series }],
    ["StickinessQuery", { kind: "StickinessQuery", series }],
    ["LifecycleQuery", { kind: "LifecycleQuery", series }],
    ["FunnelsQuery", { kind: "FunnelsQuery", series: [...series, ...series] }],
    [
      "RetentionQuery",
      { kind: "RetentionQuery", retentionFilter: { period: "Day", totalIntervals: 7, targetEntity: entity, returningEntity: entity } },
    ],
    ["PathsQuery", { kind: "PathsQuery" }],
  ];

  test.each(sources)("%s, bare and in an InsightVizNode", async (_, source) => {
    const failing = { ...source, dateRange: RANGE, properties: FAILING_FILTER };
    for (const query of [failing, { kind: "InsightVizNode", source: failing }])
      expectQueryError(await reader.post(path(), { query, refresh: "force_blocking" }), TEXT_AS_NUMBER);
  });

  test("a breakdown", async () => {
    for (const kind of ["TrendsQuery", "FunnelsQuery"]) {
      const query = {
        kind,
        series: kind === "FunnelsQuery" ? [...series, ...series] : series,
        dateRange: RANGE,
        breakdownFilter: FAILING_BREAKDOWN,
      };
      expectQueryError(await reader.post(path(), { query, refresh: "force_blocking" }), BAD_DATE);
    }
  });

  test("an expression the engine's type check refuses is a 400 before the analysis runs", async () => {
    const query = { kind: "TrendsQuery", series, dateRange: RANGE, properties: [{ type: "hogql", key: "properties.when" }] };
    const response = await reader.post(path(), { query, refresh: "force_blocking" });
    expect(response.status, response.text).toBe(400);
    expect(response.body).toMatchObject({ type: "validation_error", code: "query_error", attr: "properties" });
    expect(response.body.detail).toMatch(/^The HogQL expression cannot run: /);
    // In the async modes too, at once.
    const asynchronous = await reader.post(path(), { query, refresh: "force_async" });
    expect(asynchronous.status, asynchronous.text).toBe(400);
    expect(asynchronous.body).toEqual(response.body);
  });

  test("async: the status reports the same error", async () => {
    const query = { kind: "TrendsQuery", series, dateRange: RANGE, properties: FAILING_FILTER };
    const started = await reader.post(path(), { query, refresh: "force_async", client_query_id: `runtime-${Date.now()}` });
    expect(started.status, started.text).toBe(202);
    let status: any;
    for (let i = 0; i < 200; i++) {
      status = await reader.get(`${path()}${started.body.query_status.id}/`);
      if (status.body.query_status?.complete) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status.status, status.text).toBe(200);
    expect(status.body.query_status).toMatchObject({ complete: true, error: true, results: null });
    expect(status.body.query_status.error_message).toMatch(/^The HogQL expression cannot run: /);
    expect(status.body.query_status.error_message).toMatch(TEXT_AS_NUMBER.detail);
  });
});
