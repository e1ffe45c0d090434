import { beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { sendEvents, type SentEvent } from "../support/events";
import { mulberry32 } from "../support/reference";

const baseUrl = inject("baseUrl");
const DAY = 86_400_000;
const FROM = Date.UTC(2024, 2, 1);
const TO = Date.UTC(2024, 2, 7) + DAY - 1;
const RANGE = { date_from: "2024-03-01", date_to: "2024-03-07", interval: "day" };
const DAYS = Array.from({ length: 7 }, (_, i) => FROM + i * DAY);

// ---------- Generated sessions: some start before the range, some cross midnight, some events have no session ----------

function generate(seed: number): SentEvent[] {
  const random = mulberry32(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
  const events: SentEvent[] = [];
  for (let s = 0; s < 70; s++) {
    const sessionId = `0190aaaa-0000-7000-8000-${String(s).padStart(12, "0")}`;
    const person = `user-${Math.floor(random() * 25)}`;
    // From Feb 29 (before the range) to Mar 8 (after it); a fifth start late in the evening and may cross midnight.
    const day = Date.UTC(2024, 1, 29) + Math.floor(random() * 9) * DAY;
    let t = day + (random() < 0.2 ? 23 * 3_600_000 + Math.floor(random() * 3_600_000) : Math.floor(random() * 20 * 3_600_000));
    const count = 1 + Math.floor(random() * 6);
    for (let i = 0; i < count; i++) {
      events.push({
        event: pick(["$pageview", "$pageview", "purchase", "$autocapture"]),
        distinct_id: person,
        timestamp: new Date(t).toISOString(),
        properties: { $session_id: sessionId, $browser: pick(["Chrome", "Safari"]) },
      });
      t += Math.floor(random() * 20 * 60_000);
    }
  }
  for (let i = 0; i < 40; i++) {
    const t = Date.UTC(2024, 1, 29) + Math.floor(random() * 9 * DAY);
    const properties = random() < 0.5 ? { $browser: "Chrome" } : { $browser: "Chrome", $session_id: "" };
    events.push({
      event: pick(["$pageview", "purchase"]),
      distinct_id: `user-${i % 25}`,
      timestamp: new Date(t).toISOString(),
      properties,
    });
  }
  return events;
}

// ---------- Reference computation (G19–G24, S23), in plain TypeScript ----------

const sessionOf = (e: SentEvent) => (typeof e.properties?.$session_id === "string" ? e.properties.$session_id : "");
const time = (e: SentEvent) => Date.parse(e.timestamp!);

/** Each session's duration: whole seconds crossed between its first and last event (ClickHouse's dateDiff). */
function durationsOf(events: SentEvent[]): Map<string, number> {
  const bounds = new Map<string, [number, number]>();
  for (const e of events) {
    const sid = sessionOf(e);
    if (!sid) continue;
    const [lo, hi] = bounds.get(sid) ?? [Infinity, -Infinity];
    bounds.set(sid, [Math.min(lo, time(e)), Math.max(hi, time(e))]);
  }
  return new Map([...bounds].map(([sid, [lo, hi]]) => [sid, Math.floor(hi / 1000) - Math.floor(lo / 1000)]));
}

/** Interpolated quantile (S23), 0 for no values. */
function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  return sorted[lo] + (h - lo) * ((sorted[Math.min(lo + 1, sorted.length - 1)] ?? 0) - sorted[lo]);
}

const MATHS: Record<string, (xs: number[]) => number> = {
  sum: (xs) => xs.reduce((a, b) => a + b, 0),
  avg: (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0),
  min: (xs) => (xs.length ? Math.min(...xs) : 0),
  max: (xs) => (xs.length ? Math.max(...xs) : 0),
  median: (xs) => quantile(xs, 0.5),
  p90: (xs) => quantile(xs, 0.9),
  p95: (xs) => quantile(xs, 0.95),
  p99: (xs) => quantile(xs, 0.99),
};

const dayOf = (ms: number) => ms - (ms % DAY);

/** The sessions of the matching events in range, per day (or `null`: over the whole range). */
function sessionsPerBucket(events: SentEvent[], where: (e: SentEvent) => boolean, perDay: boolean): Map<number, Set<string>> {
  const buckets = new Map<number, Set<string>>();
  for (const e of events) {
    if (time(e) < FROM || time(e) > TO || !where(e) || !sessionOf(e)) continue;
    const bucket = perDay ? dayOf(time(e)) : 0;
    buckets.set(bucket, (buckets.get(bucket) ?? new Set()).add(sessionOf(e)));
  }
  return buckets;
}

function sessionMath(events: SentEvent[], math: string, where: (e: SentEvent) => boolean): number[] {
  const durations = durationsOf(events);
  const buckets = sessionsPerBucket(events, where, true);
  return DAYS.map((d) => MATHS[math]([...(buckets.get(d) ?? [])].map((sid) => durations.get(sid)!)));
}

function sessionMathTotal(events: SentEvent[], math: string, where: (e: SentEvent) => boolean): number {
  const durations = durationsOf(events);
  return MATHS[math]([...(sessionsPerBucket(events, where, false).get(0) ?? [])].map((sid) => durations.get(sid)!));
}

function countPerDay(events: SentEvent[], where: (e: SentEvent) => boolean): number[] {
  return DAYS.map((d) => events.filter((e) => time(e) >= FROM && time(e) <= TO && dayOf(time(e)) === d && where(e)).length);
}

const COMPARE: Record<string, (a: number, b: number) => boolean> = {
  gt: (a, b) => a > b,
  gte: (a, b) => a >= b,
  lt: (a, b) => a < b,
  lte: (a, b) => a <= b,
  exact: (a, b) => a === b,
};

function expectClose(actual: number[], expected: number[]) {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((v, i) => {
    expect(v, `point ${i}: ${actual} vs ${expected}`).toBeCloseTo(expected[i], 6);
  });
}

describe("sessions in trends, funnels and retention, against the reference computation", () => {
  let user: TestUser;
  let events: SentEvent[];
  let durations: Map<string, number>;
  const post = (body: Record<string, unknown>, path = "trend") =>
    user.session.post(`/api/projects/${user.projectId}/insights/${path}/`, body);
  const pageviews = (e: SentEvent) => e.event === "$pageview";

  beforeAll(async () => {
    user = await signUp(baseUrl);
    events = generate(2929);
    durations = durationsOf(events);
    // Another project's events in the same sessions, days later: they must change no duration here.
    const other = await signUp(baseUrl);
    const sessions = [...durations.keys()].slice(0, 20);
    await Promise.all([
      sendEvents(baseUrl, user, events),
      sendEvents(
        baseUrl,
        other,
        sessions.map((sid) => ({
          event: "$pageview",
          distinct_id: "intruder",
          timestamp: "2024-03-20T12:00:00.000Z",
          properties: { $session_id: sid },
        })),
      ),
    ]);
  }, 60_000);

  test("the generated data has what the rules are about", () => {
    const values = [...durations.values()];
    expect(values.filter((d) => d === 0).length).toBeGreaterThan(3);
    expect(new Set(values).size).toBeGreaterThan(30);
    // Sessions starting before the range and crossing midnight.
    const starts = new Map<string, number>();
    for (const e of events) if (sessionOf(e)) starts.set(sessionOf(e), Math.min(starts.get(sessionOf(e)) ?? Infinity, time(e)));
    expect([...starts.values()].some((t) => t < FROM)).toBe(true);
    expect(events.some((e) => sessionOf(e) && time(e) >= FROM && dayOf(time(e)) !== dayOf(starts.get(sessionOf(e))!))).toBe(true);
  });

  test("unique_session: distinct sessions per bucket (a session in two buckets counts in both), and over the range", async () => {
    const response = await post({ ...RANGE, events: [{ id: "$pageview", math: "unique_session" }] });
    expect(response.status, response.text).toBe(200);
    const buckets = sessionsPerBucket(events, pageviews, true);
    expect(response.body.result[0].data).toEqual(DAYS.map((d) => buckets.get(d)?.size ?? 0));
    const bold = await post({ ...RANGE, display: "BoldNumber", events: [{ id: "$pageview", math: "unique_session" }] });
    expect(bold.body.result[0].aggregated_value).toBe(sessionsPerBucket(events, pageviews, false).get(0)!.size);
  });

  test.each(Object.keys(MATHS))("%s of $session_duration: each session once per bucket, over all its events", async (math) => {
    const series = {
      id: "$pageview",
      math,
      math_property: "$session_duration",
      ...(math === "avg" ? { math_property_type: "session_properties" } : {}),
    };
    const response = await post({ ...RANGE, events: [series] });
    expect(response.status, response.text).toBe(200);
    const expected = sessionMath(events, math, pageviews);
    expectClose(response.body.result[0].data, expected);
    expect(expected.filter((v) => v > 0).length).toBeGreaterThan(3);
  });

  test("an empty bucket is 0; an action-less event series of all events", async () => {
    const response = await post({
      date_from: "2024-02-01",
      date_to: "2024-02-03",
      events: [{ id: null, math: "avg", math_property: "$session_duration" }],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.result[0].data).toEqual([0, 0, 0]);
    const all = await post({ ...RANGE, events: [{ id: null, math: "max", math_property: "$session_duration" }] });
    expectClose(
      all.body.result[0].data,
      sessionMath(events, "max", () => true),
    );
  });

  test.each([
    ["BoldNumber", "avg"],
    ["ActionsTable", "median"],
    ["ActionsPie", "sum"],
    ["BoldNumber", "p90"],
  ])("%s with %s: each session once over the whole range", async (display, math) => {
    const response = await post({ ...RANGE, display, events: [{ id: "purchase", math, math_property: "$session_duration" }] });
    expect(response.status, response.text).toBe(200);
    const expected = sessionMathTotal(events, math, (e) => e.event === "purchase");
    expect(response.body.result[0].aggregated_value).toBeCloseTo(expected, 6);
    // Sessions crossing midnight make the range's value differ from the days' (sum would double-count them).
    if (math === "sum")
      expect(sessionMath(events, "sum", (e) => e.event === "purchase").reduce((a, b) => a + b, 0)).toBeGreaterThan(expected);
  });

  describe("session filters", () => {
    /** The middle duration of the sessions with pageviews in range: one some sessions have exactly. */
    const threshold = () => {
      const sorted = [...(sessionsPerBucket(events, pageviews, false).get(0) ?? [])]
        .map((sid) => durations.get(sid)!)
        .sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)];
    };
    const matches = (e: SentEvent, operator: string, value: number) =>
      !!sessionOf(e) && COMPARE[operator](durations.get(sessionOf(e))!, value);

    test.each(["gt", "gte", "lt", "lte", "exact"])(
      "global %s on $session_duration (events without a session never match)",
      async (operator) => {
        const value = threshold();
        const response = await post({
          ...RANGE,
          events: [{ id: "$pageview" }],
          properties: [{ type: "session", key: "$session_duration", operator, value }],
        });
        expect(response.status, response.text).toBe(200);
        const expected = countPerDay(events, (e) => pageviews(e) && matches(e, operator, value));
        expect(response.body.result[0].data).toEqual(expected);
        expect(expected.some((v) => v > 0)).toBe(true);
      },
    );

    test("exact on a duration some sessions have, and 0 (one-event sessions)", async () => {
      for (const value of [0, [...durations.values()].find((d) => d > 0)!]) {
        const response = await post({
          ...RANGE,
          events: [{ id: null }],
          properties: [{ type: "session", key: "$session_duration", operator: "exact", value }],
        });
        expect(response.status, response.text).toBe(200);
        const expected = countPerDay(events, (e) => matches(e, "exact", value));
        expect(response.body.result[0].data).toEqual(expected);
        expect(expected.some((v) => v > 0)).toBe(true);
      }
    });

    test("per series, with a session-duration math and a global event filter", async () => {
      const value = threshold();
      const response = await post({
        ...RANGE,
        properties: [{ type: "event", key: "$browser", value: "Chrome", operator: "exact" }],
        events: [
          { id: "$pageview", order: 0, properties: [{ type: "session", key: "$session_duration", operator: "lt", value }] },
          {
            id: "$pageview",
            order: 1,
            math: "avg",
            math_property: "$session_duration",
            properties: [{ type: "session", key: "$session_duration", operator: "gte", value: String(value) }],
          },
        ],
      });
      expect(response.status, response.text).toBe(200);
      const chrome = (e: SentEvent) => pageviews(e) && e.properties?.$browser === "Chrome";
      expect(response.body.result[0].data).toEqual(countPerDay(events, (e) => chrome(e) && matches(e, "lt", value)));
      expectClose(
        response.body.result[1].data,
        sessionMath(events, "avg", (e) => chrome(e) && matches(e, "gte", value)),
      );
    });

    test("a one-step funnel counts the persons of the matching events", async () => {
      const value = threshold();
      const properties = [{ type: "session", key: "$session_duration", operator: "gt", value }];
      const response = await post({ ...RANGE, insight: "FUNNELS", events: [{ id: "$pageview", order: 0 }], properties }, "funnel");
      expect(response.status, response.text).toBe(200);
      const persons = new Set(
        events.filter((e) => time(e) >= FROM && time(e) <= TO && pageviews(e) && matches(e, "gt", value)).map((e) => e.distinct_id),
      );
      expect(response.body.result[0].count).toBe(persons.size);
      const step = await post({ ...RANGE, insight: "FUNNELS", events: [{ id: "$pageview", order: 0, properties }] }, "funnel");
      expect(step.body.result[0].count).toBe(persons.size);
    });

    test("retention accepts session filters", async () => {
      const properties = [{ type: "session", key: "$session_duration", operator: "gt", value: 1e9 }];
      const response = await post(
        { date_to: "2024-03-07", total_intervals: 3, target_entity: { id: "$pageview", type: "events" }, properties },
        "retention",
      );
      expect(response.status, response.text).toBe(200);
      expect(response.body.result.every((row: any) => row.values.every((v: any) => v.count === 0))).toBe(true);
    });
  });

  test("session breakdown: one series per duration in seconds, no binning", async () => {
    const response = await post({
      ...RANGE,
      events: [{ id: "$pageview" }],
      breakdown_type: "session",
      breakdown: "$session_duration",
      breakdown_limit: 1000,
    });
    expect(response.status, response.text).toBe(200);
    const byDuration = new Map<string, number[]>();
    for (const e of events) {
      if (!pageviews(e) || !sessionOf(e) || time(e) < FROM || time(e) > TO) continue;
      const key = String(durations.get(sessionOf(e)));
      const data = byDuration.get(key) ?? DAYS.map(() => 0);
      data[DAYS.indexOf(dayOf(time(e)))]++;
      byDuration.set(key, data);
    }
    const got = new Map(response.body.result.map((i: any) => [i.breakdown_value, i.data]));
    expect(got).toEqual(byDuration);
    expect(byDuration.size).toBeGreaterThan(20);
    expect(response.body.result[0].filter).toMatchObject({ breakdown_type: "session", breakdown: "$session_duration" });
    // A point's persons: those with a pageview that day in a session of that duration.
    const item = response.body.result.find((i: any) => i.data.some((v: number) => v > 0));
    const day = item.data.findIndex((v: number) => v > 0);
    const persons = await user.session.get(`/${item.persons_urls[day].url}`);
    expect(persons.status, persons.text).toBe(200);
    const expected = new Set(
      events
        .filter(
          (e) =>
            pageviews(e) && sessionOf(e) && String(durations.get(sessionOf(e))) === item.breakdown_value && dayOf(time(e)) === DAYS[day],
        )
        .map((e) => e.distinct_id),
    );
    expect(new Set(persons.body.results[0].people.flatMap((p: any) => p.distinct_ids).filter((id: string) => expected.has(id)))).toEqual(
      expected,
    );
  });

  test("session breakdown with a session-duration math and the other values folded", async () => {
    const response = await post({
      ...RANGE,
      display: "ActionsTable",
      events: [{ id: null, math: "sum", math_property: "$session_duration" }],
      breakdown_type: "session",
      breakdown: "$session_duration",
      breakdown_limit: 3,
    });
    expect(response.status, response.text).toBe(200);
    const totals = new Map<string, number>();
    for (const sid of sessionsPerBucket(events, () => true, false).get(0)!) {
      const d = durations.get(sid)!;
      totals.set(String(d), (totals.get(String(d)) ?? 0) + d);
    }
    const top = [...totals].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? 1 : -1)).slice(0, 3);
    const other = [...totals.values()].reduce((a, b) => a + b, 0) - top.reduce((a, [, v]) => a + v, 0);
    expect(response.body.result.map((i: any) => [i.breakdown_value, i.aggregated_value])).toEqual([
      ...top,
      ["$$_posthog_breakdown_other_$$", other],
    ]);
  });

  describe("bad input: PostHog-style 400s", () => {
    const badRequests: [string, Record<string, unknown>, string, string][] = [
      [
        "another session property",
        { properties: [{ type: "session", key: "$entry_current_url", value: "x" }] },
        "properties",
        "$entry_current_url",
      ],
      [
        "an unsupported operator",
        { properties: [{ type: "session", key: "$session_duration", operator: "icontains", value: 5 }] },
        "properties",
        "icontains",
      ],
      [
        "a value that is not a number",
        { properties: [{ type: "session", key: "$session_duration", operator: "gt", value: "long" }] },
        "properties",
        "number",
      ],
      ["no value", { properties: [{ type: "session", key: "$session_duration", operator: "gt" }] }, "properties", "number"],
      [
        "a series' bad session filter",
        { events: [{ id: "$pageview", properties: [{ type: "session", key: "$channel_type", value: "x" }] }] },
        "events",
        "$channel_type",
      ],
      ["another session breakdown", { breakdown_type: "session", breakdown: "$entry_pathname" }, "breakdown", "$entry_pathname"],
      [
        "another session math property",
        { events: [{ id: "$pageview", math: "avg", math_property: "$entry_x", math_property_type: "session_properties" }] },
        "math_property",
        "$entry_x",
      ],
    ];
    test.each(badRequests)("trends: %s", async (_, body, attr, named) => {
      const response = await post({ ...RANGE, events: [{ id: "$pageview" }], ...body });
      expect(response.status, response.text).toBe(400);
      expect(response.body).toMatchObject({ type: "validation_error", attr });
      expect(response.body.detail).toContain(named);
    });

    test("the events list and paths apply session filters; an action step refuses them with a 400, not a 500", async () => {
      const properties = JSON.stringify([{ type: "session", key: "$session_duration", operator: "gt", value: 5 }]);
      const listed = await user.session.get(`/api/projects/${user.projectId}/events/?properties=${encodeURIComponent(properties)}`);
      expect(listed.status, listed.text).toBe(200);
      const paths = await post({ ...RANGE, properties: JSON.parse(properties) }, "path");
      expect(paths.status, paths.text).toBe(200);
      const action = await user.session.post(`/api/projects/${user.projectId}/actions/`, {
        name: "Long sessions",
        steps: [{ event: "$pageview", properties: JSON.parse(properties) }],
      });
      expect(action.status, action.text).toBe(400);
    });

    test("funnels and retention refuse other session properties too", async () => {
      const properties = [{ type: "session", key: "$entry_current_url", value: "x" }];
      const funnel = await post(
        {
          ...RANGE,
          events: [
            { id: "$pageview", order: 0 },
            { id: "purchase", order: 1 },
          ],
          properties,
        },
        "funnel",
      );
      expect(funnel.status, funnel.text).toBe(400);
      expect(funnel.body.detail).toContain("$entry_current_url");
      const retention = await post({ target_entity: { id: "$pageview", type: "events" }, properties }, "retention");
      expect(retention.status, retention.text).toBe(400);
      expect(retention.body.detail).toContain("$entry_current_url");
    });
  });
});
