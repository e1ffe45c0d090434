import { beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { projectToken, sendBatch, type SentEvent } from "../support/events";
import { mulberry32, personsOf } from "../support/reference";

const baseUrl = inject("baseUrl");
const funnelPath = (user: TestUser) => `/api/projects/${user.projectId}/insights/funnel/`;
const RANGE = { date_from: "2024-03-01", date_to: "2024-03-14" };

// ---------------------------------------------------------------------------------------------------------
// Reference: docs/analytics.md S1, S11–S19 in plain TypeScript, one person at a time.
// ---------------------------------------------------------------------------------------------------------

interface Ev {
  event: string;
  distinct_id: string;
  /** Milliseconds since the epoch. */
  ts: number;
  properties: Record<string, unknown>;
}
interface Step {
  id: string;
}
interface RefOptions {
  steps: Step[];
  order: "ordered" | "strict" | "unordered";
  windowMs: number;
  from: number;
  /** Inclusive. */
  to: number;
  exclusions?: { id: string; from: number; to: number }[];
  breakdown?: string;
  attribution?: "first_touch" | "last_touch" | "all_events" | "step";
  /** The 0-based step of `step` attribution. */
  attributionStep?: number;
}
interface RefStats {
  counts: number[];
  avg: (number | null)[];
  median: (number | null)[];
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** An event's breakdown value ('' when it has none). */
const breakdownValueOf = (e: Ev, key: string) =>
  e.properties[key] === undefined || e.properties[key] === null ? "" : String(e.properties[key]);

/**
 * The attempts of one person: arrays of step times (ms), reached steps only. With `stepValue` (step attribution,
 * PostHog's aggregate_funnel UDF): an event enters the attributed step only when it carries the value (ordered,
 * strict), or an unordered attempt starts only at an event carrying it.
 */
function attemptsOf(o: RefOptions, evs: Ev[], stepValue?: string): number[][] {
  const n = o.steps.length;
  const attributed = (e: Ev) => stepValue === undefined || breakdownValueOf(e, o.breakdown!) === stepValue;
  const matches = (e: Ev, i: number) => e.event === o.steps[i].id && (o.order === "unordered" || i !== o.attributionStep || attributed(e));
  const attempts: number[][] = [];
  if (o.order === "ordered") {
    for (const start of evs) {
      if (!matches(start, 0)) continue;
      const times = [start.ts];
      for (let i = 1; i < n; i++) {
        const prev = times[i - 1];
        const strictlyLater = o.steps[i].id === o.steps[i - 1].id;
        const next = evs.find((e) => matches(e, i) && (strictlyLater ? e.ts > prev : e.ts >= prev) && e.ts <= start.ts + o.windowMs);
        if (!next) break;
        times.push(next.ts);
      }
      attempts.push(times);
    }
  } else if (o.order === "strict") {
    // Timeline: every event of the person; same-millisecond ties put step events first, by step order.
    const rank = (e: Ev) => {
      const i = o.steps.findIndex((s) => s.id === e.event);
      return i < 0 ? n : i;
    };
    const timeline = [...evs].sort((a, b) => a.ts - b.ts || rank(a) - rank(b));
    timeline.forEach((start, j) => {
      if (!matches(start, 0)) return;
      const times = [start.ts];
      for (let i = 1; i < n; i++) {
        const e = timeline[j + i];
        if (!e || !matches(e, i) || e.ts > start.ts + o.windowMs) break;
        times.push(e.ts);
      }
      attempts.push(times);
    });
  } else {
    for (let s = 0; s < n; s++) {
      for (const start of evs) {
        if (!matches(start, s) || !attributed(start)) continue;
        const times = [start.ts];
        for (let j = 0; j < n; j++) {
          if (j === s) continue;
          const hit = evs.find((e) => matches(e, j) && e.ts > start.ts && e.ts <= start.ts + o.windowMs);
          if (hit) times.push(hit.ts);
        }
        attempts.push(times.sort((a, b) => a - b));
      }
    }
  }
  const excluded = (times: number[]) =>
    (o.exclusions ?? []).some((x) => {
      if (times.length <= x.from) return false;
      const start = times[x.from];
      const end = times.length > x.to ? times[x.to] : start + o.windowMs;
      return evs.some((e) => e.event === x.id && e.ts > start && e.ts < end);
    });
  return attempts.filter((a) => !excluded(a));
}

/**
 * The funnel runs of one person (sorted events), each counted under its breakdown value: first/last touch run once
 * under the value of its first/last step event having one; all_events once per value of its step events, over
 * the events carrying it; step attribution once per value of its attributed step's events (any step's in an
 * unordered funnel), over all its events.
 */
function runsOf(o: RefOptions, evs: Ev[]): { value: string; attempts: number[][] }[] {
  if (!o.breakdown) return [{ value: "", attempts: attemptsOf(o, evs) }];
  const key = o.breakdown;
  const stepEvents = evs.filter((e) => o.steps.some((s) => s.id === e.event));
  if (o.attribution === "all_events" || o.attribution === "step") {
    const attributedEvents =
      o.attribution === "step" && o.order !== "unordered" ? evs.filter((e) => e.event === o.steps[o.attributionStep!].id) : stepEvents;
    return [...new Set(attributedEvents.map((e) => breakdownValueOf(e, key)))].map((value) => {
      if (o.attribution === "step") return { value, attempts: attemptsOf(o, evs, value) };
      const own = evs.filter((e) => breakdownValueOf(e, key) === value);
      return { value, attempts: attemptsOf(o, own) };
    });
  }
  const candidates = stepEvents.filter((e) => e.properties[key] !== undefined);
  const first = o.attribution === "last_touch" ? candidates.at(-1) : candidates[0];
  return [{ value: first ? String(first.properties[key]) : "", attempts: attemptsOf(o, evs) }];
}

function referenceFunnel(all: Ev[], o: RefOptions): Map<string, RefStats> {
  const personOf = personsOf(all);
  const byPerson = new Map<string, Ev[]>();
  for (const e of all) {
    if (e.ts < o.from || e.ts > o.to) continue;
    const p = personOf(e.distinct_id);
    if (!byPerson.has(p)) byPerson.set(p, []);
    byPerson.get(p)!.push(e);
  }
  const n = o.steps.length;
  const groups = new Map<string, { furthest: number; means: (number | null)[]; medians: (number | null)[] }[]>();
  for (const personEvents of byPerson.values()) {
    personEvents.sort((a, b) => a.ts - b.ts);
    for (const { value, attempts } of runsOf(o, personEvents)) {
      if (attempts.length === 0) continue;
      const furthest = Math.max(...attempts.map((a) => a.length));
      const best = attempts.filter((a) => a.length === furthest);
      const means: (number | null)[] = [null];
      const medians: (number | null)[] = [null];
      for (let i = 1; i < n; i++) {
        if (furthest <= i) {
          means.push(null);
          medians.push(null);
          continue;
        }
        const diffs = best.map((a) => (a[i] - a[i - 1]) / 1000);
        means.push(mean(diffs));
        medians.push(median(diffs));
      }
      if (!groups.has(value)) groups.set(value, []);
      groups.get(value)!.push({ furthest, means, medians });
    }
  }
  const result = new Map<string, RefStats>();
  for (const [value, persons] of groups) {
    const counts = o.steps.map((_, k) => persons.filter((p) => p.furthest >= k + 1).length);
    const avg = o.steps.map((_, i) => {
      const xs = persons.filter((p) => p.furthest > i && i > 0).map((p) => p.means[i]!);
      return xs.length ? mean(xs) : null;
    });
    const med = o.steps.map((_, i) => {
      const xs = persons.filter((p) => p.furthest > i && i > 0).map((p) => p.medians[i]!);
      return xs.length ? median(xs) : null;
    });
    result.set(value, { counts, avg, median: med });
  }
  return result;
}

type Period = "hour" | "day" | "week" | "month";

/** The UTC start of the entrance period holding `ms` (weeks from Sunday), as `days` shows it. */
function periodOf(ms: number, interval: Period): string {
  const d = new Date(ms);
  const day = (y: number, m: number, dd: number) => new Date(Date.UTC(y, m, dd)).toISOString().slice(0, 10);
  if (interval === "hour") return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 13)}:00:00`;
  if (interval === "day") return day(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  if (interval === "week") return day(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - d.getUTCDay());
  return day(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/**
 * S19 by period: per entrance period (of an ordered attempt's first event), each person once at its furthest
 * step of the attempts started in it; conversion first → last step in %, rounded to 2 decimals.
 */
function referenceFunnelTrends(
  all: Ev[],
  steps: string[],
  windowMs: number,
  interval: Period,
  from: number,
  to: number,
): Map<string, number> {
  const personOf = personsOf(all);
  const byPerson = new Map<string, Ev[]>();
  for (const e of all) {
    if (e.ts < from || e.ts > to) continue;
    const p = personOf(e.distinct_id);
    byPerson.set(p, [...(byPerson.get(p) ?? []), e]);
  }
  const perPeriod = new Map<string, Map<string, number>>();
  for (const [person, evs] of byPerson) {
    evs.sort((a, b) => a.ts - b.ts);
    for (const a of attemptsOf({ steps: steps.map((id) => ({ id })), order: "ordered", windowMs, from, to }, evs)) {
      const period = periodOf(a[0], interval);
      if (!perPeriod.has(period)) perPeriod.set(period, new Map());
      const furthest = perPeriod.get(period)!;
      furthest.set(person, Math.max(furthest.get(person) ?? 0, a.length));
    }
  }
  return new Map(
    [...perPeriod].map(([period, furthest]) => {
      const reached = [...furthest.values()];
      const entered = reached.filter((f) => f >= 1).length;
      const converted = reached.filter((f) => f >= steps.length).length;
      return [period, entered === 0 ? 0 : Math.round((converted / entered) * 10000) / 100];
    }),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Generated events: persons with one or two distinct ids (merged by a later $identify), events on a coarse
// grid (many ties, exact window edges, ±1 s), some just outside the date range.
// ---------------------------------------------------------------------------------------------------------

function generate(
  seed: number,
  persons: number,
  opts: { uniqueTimes?: boolean; sparse?: boolean } = {},
): { events: Ev[]; identifies: Ev[] } {
  const r = mulberry32(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const events: Ev[] = [];
  const identifies: Ev[] = [];
  const DAY = 86_400_000;
  const base = Date.UTC(2024, 2, 1);
  let unique = 0;
  for (let p = 0; p < persons; p++) {
    const ids = [`anon-${seed}-${p}`];
    if (r() < 0.5) ids.push(`user-${seed}-${p}`);
    // Starts from Feb 29 to Mar 15 so some events fall outside the range.
    const start = base + Math.floor(r() * 16 - 1) * DAY + Math.floor(r() * 24) * 3_600_000;
    const count = 2 + Math.floor(r() * 12);
    for (let k = 0; k < count; k++) {
      let ts = start + Math.floor(r() * 10) * 900_000 + pick([0, 0, 0, 1000, -1000]);
      if (r() < 0.1) ts += Math.floor(r() * 20) * DAY;
      if (opts.uniqueTimes) ts += ++unique;
      events.push({
        event: pick(["a", "a", "b", "b", "c", "c", "d", "x", "other"]),
        distinct_id: pick(ids),
        ts,
        // `sparse`: some events without the property (counted under '').
        properties: opts.sparse && r() < 0.2 ? {} : { $browser: pick(["Chrome", "Firefox", "Safari"]) },
      });
    }
    if (ids.length === 2) {
      identifies.push({
        event: "$identify",
        distinct_id: ids[1],
        ts: start + Math.floor(r() * 10) * 900_000 + (opts.uniqueTimes ? ++unique : 0),
        properties: { $anon_distinct_id: ids[0] },
      });
    }
  }
  return { events, identifies };
}

async function sendAll(user: TestUser, evs: Ev[]) {
  const sent: SentEvent[] = evs.map((e) => ({
    event: e.event,
    distinct_id: e.distinct_id,
    timestamp: new Date(e.ts).toISOString(),
    properties: e.properties,
  }));
  for (let i = 0; i < sent.length; i += 500) {
    const response = await sendBatch(baseUrl, projectToken(user), sent.slice(i, i + 500));
    expect(response.status).toBe(200);
  }
}

const FROM = Date.UTC(2024, 2, 1);
const TO = Date.UTC(2024, 2, 15) - 1;

function expectSteps(steps: any[], ref: RefStats | undefined, names: string[]) {
  expect(steps.map((s) => s.count)).toEqual(ref ? ref.counts : names.map(() => 0));
  steps.forEach((s, i) => {
    expect(s.order).toBe(i);
    expect(s.action_id).toBe(names[i]);
    const avg = ref?.avg[i] ?? null;
    const med = ref?.median[i] ?? null;
    if (avg === null) expect(s.average_conversion_time).toBeNull();
    else expect(s.average_conversion_time).toBeCloseTo(avg, 6);
    if (med === null) expect(s.median_conversion_time).toBeNull();
    else expect(s.median_conversion_time).toBeCloseTo(med, 6);
  });
}

const entities = (ids: string[]) => ids.map((id, order) => ({ id, type: "events", order }));

describe("funnels against the reference computation", () => {
  let user: TestUser;
  let all: Ev[];

  // Generated events, with merges sent after the fact.
  beforeAll(async () => {
    user = await signUp(baseUrl);
    const { events, identifies } = generate(7, 120);
    all = [...events, ...identifies];
    await sendAll(user, events);
    // The merges arrive last: they apply to every earlier event of the merged ids (S1).
    await sendAll(user, identifies);
  }, 60_000);

  const cases: {
    name: string;
    steps: string[];
    order: RefOptions["order"];
    window: Record<string, unknown>;
    windowMs: number;
    exclusions?: RefOptions["exclusions"];
  }[] = [
    {
      name: "ordered, 1 hour window",
      steps: ["a", "b", "c"],
      order: "ordered",
      window: { funnel_window_interval: 1, funnel_window_interval_unit: "hour" },
      windowMs: 3_600_000,
    },
    {
      name: "ordered, 45 minutes (seed's interval_type)",
      steps: ["a", "c", "b"],
      order: "ordered",
      window: { funnel_window_interval: 45, funnel_window_interval_type: "MINUTE" },
      windowMs: 2_700_000,
    },
    { name: "ordered, default 14 days", steps: ["a", "b", "c"], order: "ordered", window: {}, windowMs: 14 * 86_400_000 },
    {
      name: "ordered, funnel_window_days 1",
      steps: ["b", "a", "c"],
      order: "ordered",
      window: { funnel_window_days: 1 },
      windowMs: 86_400_000,
    },
    {
      name: "ordered, repeated step a → a → b",
      steps: ["a", "a", "b"],
      order: "ordered",
      window: { funnel_window_interval: 2, funnel_window_interval_unit: "hour" },
      windowMs: 7_200_000,
    },
    {
      name: "strict, 1 hour",
      steps: ["a", "b", "c"],
      order: "strict",
      window: { funnel_window_interval: 1, funnel_window_interval_unit: "hour" },
      windowMs: 3_600_000,
    },
    { name: "strict, 14 days", steps: ["a", "b"], order: "strict", window: {}, windowMs: 14 * 86_400_000 },
    {
      name: "unordered, 1 hour",
      steps: ["a", "b", "c"],
      order: "unordered",
      window: { funnel_window_interval: 1, funnel_window_interval_unit: "hour" },
      windowMs: 3_600_000,
    },
    {
      name: "unordered, 45 minutes in seconds",
      steps: ["a", "b", "c", "d"],
      order: "unordered",
      window: { funnel_window_interval: 2700, funnel_window_interval_unit: "second" },
      windowMs: 2_700_000,
    },
    {
      name: "ordered with exclusions",
      steps: ["a", "b", "c"],
      order: "ordered",
      window: { funnel_window_interval: 2, funnel_window_interval_unit: "hour" },
      windowMs: 7_200_000,
      exclusions: [{ id: "x", from: 0, to: 1 }],
    },
    {
      name: "ordered with an exclusion over the whole funnel",
      steps: ["a", "b", "c"],
      order: "ordered",
      window: { funnel_window_interval: 1, funnel_window_interval_unit: "day" },
      windowMs: 86_400_000,
      exclusions: [
        { id: "x", from: 0, to: 2 },
        { id: "d", from: 1, to: 2 },
      ],
    },
    {
      name: "unordered with exclusions",
      steps: ["a", "b"],
      order: "unordered",
      window: { funnel_window_interval: 1, funnel_window_interval_unit: "hour" },
      windowMs: 3_600_000,
      exclusions: [{ id: "x", from: 0, to: 1 }],
    },
  ];

  for (const c of cases) {
    test(c.name, async () => {
      const ref = referenceFunnel(all, {
        steps: c.steps.map((id) => ({ id })),
        order: c.order,
        windowMs: c.windowMs,
        from: FROM,
        to: TO,
        exclusions: c.exclusions,
      });
      const response = await user.session.post(funnelPath(user), {
        insight: "FUNNELS",
        events: entities(c.steps),
        funnel_order_type: c.order,
        exclusions: (c.exclusions ?? []).map((x) => ({ id: x.id, type: "events", funnel_from_step: x.from, funnel_to_step: x.to })),
        ...c.window,
        ...RANGE,
      });
      expect(response.status, response.text).toBe(200);
      expect(response.body.is_cached).toBe(false);
      expect(response.body.timezone).toBe("UTC");
      expectSteps(response.body.result, ref.get(""), c.steps);
      expect(ref.get("")!.counts[0]).toBeGreaterThan(0);
      expect(ref.get("")!.counts.at(-1)).toBeGreaterThan(0);
      if (c.exclusions) {
        // The generated data must exercise the exclusions.
        const plain = referenceFunnel(all, {
          steps: c.steps.map((id) => ({ id })),
          order: c.order,
          windowMs: c.windowMs,
          from: FROM,
          to: TO,
        });
        expect(plain.get("")!.counts).not.toEqual(ref.get("")!.counts);
      }
    });
  }

  test("time to convert from the reference's per-person times", async () => {
    const steps = ["a", "b", "c"];
    const o: RefOptions = { steps: steps.map((id) => ({ id })), order: "ordered", windowMs: 3_600_000, from: FROM, to: TO };
    const personOf = personsOf(all);
    const byPerson = new Map<string, Ev[]>();
    for (const e of all) {
      if (e.ts < FROM || e.ts > TO) continue;
      const p = personOf(e.distinct_id);
      byPerson.set(p, [...(byPerson.get(p) ?? []), e]);
    }
    // Per converted person: mean over its furthest attempts of (step 2 − step 0), i.e. the sum of step means.
    const times: number[] = [];
    for (const evs of byPerson.values()) {
      evs.sort((a, b) => a.ts - b.ts);
      const attempts = attemptsOf(o, evs);
      if (!attempts.length || Math.max(...attempts.map((a) => a.length)) < 3) continue;
      const best = attempts.filter((a) => a.length === 3);
      times.push(mean(best.map((a) => (a[1] - a[0]) / 1000)) + mean(best.map((a) => (a[2] - a[1]) / 1000)));
    }
    expect(times.length).toBeGreaterThan(3);
    const lo = Math.floor(Math.min(...times));
    const hi = Math.ceil(Math.max(...times));
    const count = Math.min(60, Math.max(1, Math.ceil(Math.cbrt(times.length))));
    const width = Math.ceil((hi - lo) / count) || 60;
    const bins = Array.from({ length: count + 1 }, (_, k) => [
      lo + k * width,
      times.filter((t) => Math.floor((t - lo) / width) === k).length,
    ]);
    const response = await user.session.post(funnelPath(user), {
      events: entities(steps),
      funnel_viz_type: "time_to_convert",
      funnel_window_interval: 1,
      funnel_window_interval_unit: "hour",
      ...RANGE,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.result.bins).toEqual(bins);
    expect(response.body.result.average_conversion_time).toBeCloseTo(mean(times), 2);
  });

  test("funnel trends: conversion per entrance day", async () => {
    const steps = ["a", "b", "c"];
    const data = referenceFunnelTrends(all, steps, 3_600_000, "day", FROM, TO);
    const days = Array.from({ length: 14 }, (_, i) => new Date(FROM + i * 86_400_000).toISOString().slice(0, 10));
    const response = await user.session.post(funnelPath(user), {
      events: entities(steps),
      funnel_viz_type: "trends",
      funnel_window_interval: 1,
      funnel_window_interval_unit: "hour",
      ...RANGE,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.result).toEqual([
      { count: 14, data: days.map((d) => data.get(d) ?? 0), days, labels: days.map((d) => `${Number(d.slice(8))}-Mar-2024`) },
    ]);
    expect([...data.values()].some((x) => x > 0)).toBe(true);
  });

  test.each([
    ["hour", "2024-03-04", "2024-03-05", 48],
    ["week", "2024-03-01", "2024-03-14", 3],
    ["month", "2024-03-01", "2024-03-14", 1],
  ] as const)("funnel trends by %s: conversion per entrance period", async (interval, from, to, periods) => {
    const steps = ["a", "b"];
    const data = referenceFunnelTrends(
      all,
      steps,
      7_200_000,
      interval,
      Date.parse(`${from}T00:00:00Z`),
      Date.parse(`${to}T00:00:00Z`) + 86_399_999,
    );
    const response = await user.session.post(funnelPath(user), {
      events: entities(steps),
      funnel_viz_type: "trends",
      interval,
      funnel_window_interval: 2,
      funnel_window_interval_unit: "hour",
      date_from: from,
      date_to: to,
    });
    expect(response.status, response.text).toBe(200);
    const [item] = response.body.result;
    expect(item.count).toBe(periods);
    expect(item.days).toHaveLength(periods);
    expect(item.data).toEqual(item.days.map((d: string) => data.get(d) ?? 0));
    expect(item.data.some((x: number) => x > 0 && x < 100)).toBe(true);
    if (interval === "hour") expect([item.days[1], item.labels[1]]).toEqual(["2024-03-04 01:00:00", "4-Mar-2024 01:00"]);
    if (interval === "week") expect(item.days).toEqual(["2024-02-25", "2024-03-03", "2024-03-10"]);
  });

  test("compare: the steps of the current and the previous period, each tagged", async () => {
    const steps = ["a", "b", "c"];
    const o = { steps: steps.map((id) => ({ id })), order: "ordered" as const, windowMs: 3_600_000 };
    const current = referenceFunnel(all, { ...o, from: Date.UTC(2024, 2, 8), to: TO }).get("");
    const previous = referenceFunnel(all, { ...o, from: Date.UTC(2024, 2, 1), to: Date.UTC(2024, 2, 8) - 1 }).get("");
    expect(current!.counts).not.toEqual(previous!.counts);
    const response = await user.session.post(funnelPath(user), {
      events: entities(steps),
      funnel_window_interval: 1,
      funnel_window_interval_unit: "hour",
      date_from: "2024-03-08",
      date_to: "2024-03-14",
      compare: true,
    });
    expect(response.status, response.text).toBe(200);
    const result = response.body.result;
    expect(result).toHaveLength(2);
    expectSteps(result[0], current, steps);
    expectSteps(result[1], previous, steps);
    expect(result.map((period: any[]) => period.map((s) => [s.compare, s.compare_label]))).toEqual([
      steps.map(() => [true, "current"]),
      steps.map(() => [true, "previous"]),
    ]);
    // The people behind each period's steps are that period's.
    expect(new URL(result[1][1].converted_people_url, baseUrl).searchParams.get("date_from")).toBe("2024-03-01T00:00:00.000Z");
    expect(new URL(result[0][1].converted_people_url, baseUrl).searchParams.get("date_from")).toBe("2024-03-08T00:00:00.000Z");
  });

  test("compare with a breakdown: each period's arrays of steps per value, as the period computed alone", async () => {
    const body = { events: entities(["a", "b"]), breakdown: "$browser", funnel_window_interval: 1, funnel_window_interval_unit: "hour" };
    const response = await user.session.post(funnelPath(user), { ...body, date_from: "2024-03-08", date_to: "2024-03-14", compare: true });
    expect(response.status, response.text).toBe(200);
    const alone = async (date_from: string, date_to: string) =>
      (await user.session.post(funnelPath(user), { ...body, date_from, date_to })).body.result;
    const current = await alone("2024-03-08", "2024-03-14");
    const previous = await alone("2024-03-01", "2024-03-07");
    const tagged = (periods: any[][], label: string) =>
      periods.map((steps) => steps.map((s) => ({ ...s, compare: true, compare_label: label })));
    expect(current.length).toBeGreaterThan(1);
    expect(response.body.result).toEqual([...tagged(current, "current"), ...tagged(previous, "previous")]);
  });

  test("compare with funnel trends: both periods' items, labelled by position", async () => {
    const steps = ["a", "c"];
    const body = { events: entities(steps), funnel_viz_type: "trends", funnel_window_interval: 1, funnel_window_interval_unit: "hour" };
    const current = referenceFunnelTrends(all, steps, 3_600_000, "day", Date.UTC(2024, 2, 8), TO);
    const previous = referenceFunnelTrends(all, steps, 3_600_000, "day", Date.UTC(2024, 2, 1), Date.UTC(2024, 2, 8) - 1);
    const response = await user.session.post(funnelPath(user), {
      ...body,
      date_from: "2024-03-08",
      date_to: "2024-03-14",
      compare: "true",
    });
    expect(response.status, response.text).toBe(200);
    const [now, before] = response.body.result;
    expect([now.compare_label, before.compare_label, now.compare, before.labels[0]]).toEqual(["current", "previous", true, "day 0"]);
    expect(before.days[0]).toBe("2024-03-01");
    expect(now.data).toEqual(now.days.map((d: string) => current.get(d) ?? 0));
    expect(before.data).toEqual(before.days.map((d: string) => previous.get(d) ?? 0));
  });
});

describe("funnel breakdown against the reference", () => {
  test.each(["first_touch", "last_touch"] as const)(
    "by $browser (%s), persons merged from two ids",
    async (attribution) => {
      const user = await signUp(baseUrl);
      const { events, identifies } = generate(11, 80, { uniqueTimes: true });
      await sendAll(user, events);
      await sendAll(user, identifies);
      const all = [...events, ...identifies];
      const steps = ["a", "b", "c"];
      const ref = referenceFunnel(all, {
        steps: steps.map((id) => ({ id })),
        order: "ordered",
        windowMs: 7_200_000,
        from: FROM,
        to: TO,
        breakdown: "$browser",
        attribution,
      });
      const response = await user.session.post(funnelPath(user), {
        events: entities(steps),
        breakdown: "$browser",
        breakdown_type: "event",
        breakdown_attribution_type: attribution,
        funnel_window_interval: 2,
        funnel_window_interval_unit: "hour",
        ...RANGE,
      });
      expect(response.status, response.text).toBe(200);
      const result = response.body.result as any[][];
      expect(result.map((r) => r[0].breakdown_value).sort()).toEqual([...ref.keys()].sort());
      for (const steps_ of result) {
        expectSteps(steps_, ref.get(steps_[0].breakdown_value), steps);
        expect(steps_.every((s) => s.breakdown === steps_[0].breakdown_value)).toBe(true);
      }
      // Largest first.
      const firsts = result.map((r) => r[0].count);
      expect(firsts).toEqual([...firsts].sort((a, b) => b - a));
    },
    60_000,
  );

  test("person property breakdown uses the current value; a list breakdown answers lists; breakdown_limit", async () => {
    const user = await signUp(baseUrl);
    await sendBatch(baseUrl, projectToken(user), [
      { event: "a", distinct_id: "s1", timestamp: at(2, 10), properties: { $set: { plan: "free" } } },
      { event: "b", distinct_id: "s1", timestamp: at(2, 11) },
      { event: "a", distinct_id: "s2", timestamp: at(2, 10), properties: { $set: { plan: "free" } } },
      { event: "a", distinct_id: "s3", timestamp: at(2, 10) },
    ]);
    // s1 upgrades later: its whole funnel counts under its current plan.
    await sendBatch(baseUrl, projectToken(user), [
      { event: "upgrade", distinct_id: "s1", timestamp: at(5, 10), properties: { $set: { plan: "pro" } } },
    ]);
    const body = { events: entities(["a", "b"]), breakdown: "plan", breakdown_type: "person", ...RANGE };
    const { body: answer } = await user.session.post(funnelPath(user), body);
    const summary = (result: any[][]) => result.map((r) => [r[0].breakdown_value, r.map((s) => s.count)]);
    expect(summary(answer.result)).toEqual([
      ["", [1, 0]],
      ["free", [1, 0]],
      ["pro", [1, 1]],
    ]);
    const listed = await user.session.post(funnelPath(user), { ...body, breakdown: ["plan"], breakdown_limit: 2 });
    expect(summary(listed.body.result)).toEqual([
      [[""], [1, 0]],
      [["free"], [1, 0]],
    ]);
  });
});

describe("funnel breakdown attribution (all_events, step) against the reference", () => {
  let user: TestUser;
  let all: Ev[];
  const steps = ["a", "b", "c"];

  // Generated events, some without the breakdown property.
  beforeAll(async () => {
    user = await signUp(baseUrl);
    const { events, identifies } = generate(13, 100, { uniqueTimes: true, sparse: true });
    all = [...events, ...identifies];
    await sendAll(user, events);
    await sendAll(user, identifies);
  }, 60_000);

  const cases: { name: string; order: RefOptions["order"]; attribution: "all_events" | "step"; step?: number }[] = [
    { name: "all_events, ordered", order: "ordered", attribution: "all_events" },
    { name: "all_events, strict", order: "strict", attribution: "all_events" },
    { name: "all_events, unordered", order: "unordered", attribution: "all_events" },
    { name: "step 0, ordered", order: "ordered", attribution: "step", step: 0 },
    { name: "step 1, ordered", order: "ordered", attribution: "step", step: 1 },
    { name: "step 2, ordered", order: "ordered", attribution: "step", step: 2 },
    { name: "step 1, strict", order: "strict", attribution: "step", step: 1 },
    { name: "step 0, unordered", order: "unordered", attribution: "step", step: 0 },
  ];
  for (const c of cases) {
    test(c.name, async () => {
      const o: RefOptions = {
        steps: steps.map((id) => ({ id })),
        order: c.order,
        windowMs: 7_200_000,
        from: FROM,
        to: TO,
        breakdown: "$browser",
        attribution: c.attribution,
        attributionStep: c.step,
      };
      const ref = referenceFunnel(all, o);
      const response = await user.session.post(funnelPath(user), {
        events: entities(steps),
        funnel_order_type: c.order,
        breakdown: "$browser",
        breakdown_attribution_type: c.attribution,
        ...(c.step !== undefined ? { breakdown_attribution_value: c.step } : {}),
        funnel_window_interval: 2,
        funnel_window_interval_unit: "hour",
        ...RANGE,
      });
      expect(response.status, response.text).toBe(200);
      const result = response.body.result as any[][];
      expect(result.map((r) => r[0].breakdown_value).sort()).toEqual([...ref.keys()].sort());
      for (const steps_ of result) expectSteps(steps_, ref.get(steps_[0].breakdown_value), steps);
      // The data must tell these attributions from first touch: some person is counted under several values, or
      // under another value than its first.
      const firstTouch = referenceFunnel(all, { ...o, attribution: "first_touch" });
      expect([...ref.entries()].map(([v, r]) => [v, r.counts])).not.toEqual([...firstTouch.entries()].map(([v, r]) => [v, r.counts]));
      expect(ref.has("")).toBe(true);
      if (c.attribution === "all_events") {
        const entered = (m: Map<string, RefStats>) => [...m.values()].reduce((sum, r) => sum + r.counts[0], 0);
        expect(entered(ref)).toBeGreaterThan(entered(firstTouch));
      }
      // Each value's people are the persons counted under it.
      for (const steps_ of result.slice(0, 2)) {
        const listed = await user.session.get(steps_[1].converted_people_url);
        expect(listed.status, listed.text).toBe(200);
        expect(listed.body.results[0].people.length).toBe(steps_[1].count);
      }
    });
  }
});

// ---------------------------------------------------------------------------------------------------------
// Hand-computed cases.
// ---------------------------------------------------------------------------------------------------------

const at = (day: number, h: number, m = 0, s = 0) => new Date(Date.UTC(2024, 2, day, h, m, s)).toISOString();

describe("hand-computed funnels", () => {
  test("window end inclusive to the second, same-second steps, every step-0 starts an attempt", async () => {
    const user = await signUp(baseUrl);
    const sent: SentEvent[] = [
      // p1: a, then b exactly 1 h later (inside), c 1 h + 1 s after a (outside that attempt) → 2 steps; a second
      // a at 10:30 starts an attempt reaching c at 11:00:01 (b 11:00 ≥ 10:30) → 3 steps, times 1800 and 1.
      { event: "a", distinct_id: "p1", timestamp: at(2, 10) },
      { event: "a", distinct_id: "p1", timestamp: at(2, 10, 30) },
      { event: "b", distinct_id: "p1", timestamp: at(2, 11) },
      { event: "c", distinct_id: "p1", timestamp: at(2, 11, 0, 1) },
      // p2: a, b and c in the same second → 3 steps, times 0.
      { event: "a", distinct_id: "p2", timestamp: at(3, 9) },
      { event: "c", distinct_id: "p2", timestamp: at(3, 9) },
      { event: "b", distinct_id: "p2", timestamp: at(3, 9) },
      // p3: b 1 h + 1 s after a: outside the window → 1 step.
      { event: "a", distinct_id: "p3", timestamp: at(4, 9) },
      { event: "b", distinct_id: "p3", timestamp: at(4, 10, 0, 1) },
      // p4: b before a only; and a c after date_to → 1 step.
      { event: "b", distinct_id: "p4", timestamp: at(5, 8) },
      { event: "a", distinct_id: "p4", timestamp: at(14, 23, 30) },
      { event: "b", distinct_id: "p4", timestamp: at(15, 0, 0, 0) },
      // p5: only b and c: not in the funnel.
      { event: "b", distinct_id: "p5", timestamp: at(6, 8) },
    ];
    const response = await sendBatch(baseUrl, projectToken(user), sent);
    expect(response.status).toBe(200);
    const body = { events: entities(["a", "b", "c"]), funnel_window_interval: 1, funnel_window_interval_unit: "hour", ...RANGE };
    const { status, body: answer } = await user.session.post(funnelPath(user), body);
    expect(status).toBe(200);
    expect(answer.result.map((s: any) => s.count)).toEqual([4, 2, 2]);
    expect(answer.result[0]).toMatchObject({
      action_id: "a",
      name: "a",
      custom_name: null,
      order: 0,
      type: "events",
      people: [],
      average_conversion_time: null,
      median_conversion_time: null,
      dropped_people_url: null,
    });
    expect(answer.result[0].converted_people_url).toMatch(/^\/api\/person\/funnel\/\?.*funnel_step=1/);
    expect(answer.result[1].dropped_people_url).toMatch(/funnel_step=-2/);
    // p1: a 10:30 → b 11:00 (1800 s) → c 11:00:01 (1 s); p2: 0 and 0.
    expect(answer.result[1].average_conversion_time).toBe(900);
    expect(answer.result[1].median_conversion_time).toBe(900);
    expect(answer.result[2].average_conversion_time).toBe(0.5);

    // GET with the filter as query parameters gives the same.
    const query = new URLSearchParams({
      events: JSON.stringify(body.events),
      funnel_window_interval: "1",
      funnel_window_interval_unit: "hour",
      ...RANGE,
    });
    const viaGet = await user.session.get(`${funnelPath(user)}?${query}`);
    expect(viaGet.status).toBe(200);
    expect(viaGet.body.result.map((s: any) => s.count)).toEqual([4, 2, 2]);

    // Strict: p1's a(10:30) → b(11:00) → c; a(10:00) is followed by a, not b. p2: a, b, c in one second are
    // ordered by step → 3. p3: 1 (b outside window).
    const strict = await user.session.post(funnelPath(user), { ...body, funnel_order_type: "strict" });
    expect(strict.body.result.map((s: any) => s.count)).toEqual([4, 2, 2]);
    // Unordered: other steps must be strictly later, so p2's one-second funnel is 1 step; p1 3 steps; p3, p4
    // (its b on the 15th is outside the range) and p5 (b only) 1 step.
    const unordered = await user.session.post(funnelPath(user), { ...body, funnel_order_type: "unordered" });
    expect(unordered.body.result.map((s: any) => s.count)).toEqual([5, 1, 1]);
  });

  test("time to convert: PostHog's histogram of per-person conversion times", async () => {
    const user = await signUp(baseUrl);
    await sendBatch(baseUrl, projectToken(user), [
      // t1: 10 s; t2: 20 s; t3: attempts of 60 s and 80 s both reaching b → mean 70 s; t4: never converts.
      { event: "a", distinct_id: "t1", timestamp: at(2, 10) },
      { event: "b", distinct_id: "t1", timestamp: at(2, 10, 0, 10) },
      { event: "a", distinct_id: "t2", timestamp: at(2, 10) },
      { event: "b", distinct_id: "t2", timestamp: at(2, 10, 0, 20) },
      { event: "a", distinct_id: "t3", timestamp: at(3, 10) },
      { event: "b", distinct_id: "t3", timestamp: at(3, 10, 1) },
      { event: "a", distinct_id: "t3", timestamp: at(4, 10) },
      { event: "b", distinct_id: "t3", timestamp: at(4, 10, 1, 20) },
      { event: "a", distinct_id: "t4", timestamp: at(4, 10) },
    ]);
    const body = { events: entities(["a", "b"]), funnel_viz_type: "time_to_convert", ...RANGE };
    const { status, body: answer } = await user.session.post(funnelPath(user), body);
    expect(status).toBe(200);
    // 3 samples → ceil(cbrt(3)) = 2 bins of ceil((70 − 10) / 2) = 30 s, plus one.
    expect(answer.result).toEqual({
      bins: [
        [10, 2],
        [40, 0],
        [70, 1],
      ],
      average_conversion_time: 33.33,
    });
    const custom = await user.session.post(funnelPath(user), { ...body, bin_count: 6 });
    expect(custom.body.result.bins).toEqual([
      [10, 1],
      [20, 1],
      [30, 0],
      [40, 0],
      [50, 0],
      [60, 0],
      [70, 1],
    ]);
    const empty = await user.session.post(funnelPath(user), { ...body, events: entities(["b", "c"]) });
    expect(empty.body.result).toEqual({
      bins: [
        [0, 0],
        [1, 0],
      ],
      average_conversion_time: null,
    });
    const bad = await user.session.post(funnelPath(user), { ...body, funnel_to_step: 2 });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe("Filter parameter funnel_to_step can only be one of 1 for time to convert!");
  });

  test("an exclusion drops the attempt, and a person with no clean attempt entirely", async () => {
    const user = await signUp(baseUrl);
    await sendBatch(baseUrl, projectToken(user), [
      { event: "a", distinct_id: "q1", timestamp: at(2, 10) },
      { event: "x", distinct_id: "q1", timestamp: at(2, 10, 10) },
      { event: "b", distinct_id: "q1", timestamp: at(2, 10, 20) },
      // q2: excluded in its first attempt, clean in the second.
      { event: "a", distinct_id: "q2", timestamp: at(3, 10) },
      { event: "x", distinct_id: "q2", timestamp: at(3, 10, 5) },
      { event: "a", distinct_id: "q2", timestamp: at(3, 10, 10) },
      { event: "b", distinct_id: "q2", timestamp: at(3, 10, 20) },
      // q3: an x at exactly the b's time is not strictly between.
      { event: "a", distinct_id: "q3", timestamp: at(4, 10) },
      { event: "x", distinct_id: "q3", timestamp: at(4, 10, 20) },
      { event: "b", distinct_id: "q3", timestamp: at(4, 10, 20) },
    ]);
    const { body } = await user.session.post(funnelPath(user), {
      events: entities(["a", "b"]),
      exclusions: [{ id: "x", type: "events", funnel_from_step: 0, funnel_to_step: 1 }],
      ...RANGE,
    });
    expect(body.result.map((s: any) => s.count)).toEqual([2, 2]);
    expect(body.result[1].average_conversion_time).toBe(900); // q2: 10 min, q3: 20 min
  });
});

describe("hand-computed breakdown attribution", () => {
  const body = (extra: Record<string, unknown>) => ({
    events: entities(["sign up", "buy"]),
    breakdown: "$browser",
    breakdown_type: "event",
    ...RANGE,
    ...extra,
  });
  const summary = (result: any[][]) => result.map((r) => [r[0].breakdown_value, r.map((s) => s.count), r[1].average_conversion_time]);
  const people = async (user: TestUser, url: string) => {
    const response = await user.session.get(url);
    expect(response.status, response.text).toBe(200);
    return response.body.results[0].people.map((p: any) => p.distinct_ids[0]).sort();
  };

  test("all_events: one person counted under two values, in steps, persons, time to convert and trends", async () => {
    const user = await signUp(baseUrl);
    await sendBatch(baseUrl, projectToken(user), [
      // u1 signs up on Chrome, then watches and signs up again on Safari: Chrome reaches step 1 only (its play
      // movie is on Safari), Safari converts in 1 h (its first play movie precedes its sign up).
      { event: "sign up", distinct_id: "u1", timestamp: at(2, 12), properties: { $browser: "Chrome" } },
      { event: "buy", distinct_id: "u1", timestamp: at(3, 12, 30), properties: { $browser: "Safari" } },
      { event: "sign up", distinct_id: "u1", timestamp: at(3, 13), properties: { $browser: "Safari" } },
      { event: "buy", distinct_id: "u1", timestamp: at(3, 14), properties: { $browser: "Safari" } },
      // u2 never has the property: counted under '' (converts in 30 min).
      { event: "sign up", distinct_id: "u2", timestamp: at(4, 10) },
      { event: "buy", distinct_id: "u2", timestamp: at(4, 10, 30) },
    ]);
    const steps = await user.session.post(funnelPath(user), body({ breakdown_attribution_type: "all_events" }));
    expect(steps.status, steps.text).toBe(200);
    expect(summary(steps.body.result)).toEqual([
      ["", [1, 1], 1800],
      ["Chrome", [1, 0], null],
      ["Safari", [1, 1], 3600],
    ]);
    const [empty, chrome, safari] = steps.body.result;
    expect(await people(user, chrome[0].converted_people_url)).toEqual(["u1"]);
    expect(await people(user, chrome[1].dropped_people_url)).toEqual(["u1"]);
    expect(await people(user, safari[1].converted_people_url)).toEqual(["u1"]);
    expect(await people(user, empty[1].converted_people_url)).toEqual(["u2"]);
    // First touch counts u1 once, under Chrome (its first sign up, converting on the next day's buy).
    const firstTouch = await user.session.post(funnelPath(user), body({}));
    expect(summary(firstTouch.body.result).map(([v, c]) => [v, c])).toEqual([
      ["", [1, 1]],
      ["Chrome", [1, 1]],
    ]);

    // Time to convert: one time per (person, value): 1800 and 3600 → 2 bins of 900 s, plus one.
    const times = await user.session.post(
      funnelPath(user),
      body({ breakdown_attribution_type: "all_events", funnel_viz_type: "time_to_convert" }),
    );
    expect(times.body.result).toEqual({
      bins: [
        [1800, 1],
        [2700, 0],
        [3600, 1],
      ],
      average_conversion_time: 2700,
    });

    // Trends: per value, conversion per entrance day (Mar 2 is index 1).
    const trends = await user.session.post(funnelPath(user), body({ breakdown_attribution_type: "all_events", funnel_viz_type: "trends" }));
    expect(trends.status, trends.text).toBe(200);
    const byValue = Object.fromEntries(trends.body.result.map((item: any) => [item.breakdown_value, item.data.slice(0, 5)]));
    expect(byValue).toEqual({ "": [0, 0, 0, 100, 0], Safari: [0, 0, 100, 0, 0], Chrome: [0, 0, 0, 0, 0] });
  });

  test("step attribution: the value on step N, even when only step N has it; persons without step N are left out", async () => {
    const user = await signUp(baseUrl);
    await sendBatch(baseUrl, projectToken(user), [
      { event: "sign up", distinct_id: "p1", timestamp: at(2, 12), properties: { $browser: "Chrome" } },
      { event: "buy", distinct_id: "p1", timestamp: at(2, 13) },
      { event: "sign up", distinct_id: "p2", timestamp: at(2, 13) },
      { event: "buy", distinct_id: "p2", timestamp: at(3, 13), properties: { $browser: "Safari" } },
      { event: "sign up", distinct_id: "p3", timestamp: at(3, 14), properties: { $browser: "Mac" } },
      { event: "buy", distinct_id: "p3", timestamp: at(3, 15) },
      { event: "sign up", distinct_id: "p4", timestamp: at(3, 15), properties: { $browser: 0 } },
      { event: "buy", distinct_id: "p4", timestamp: at(3, 16), properties: { $browser: "alakazam" } },
      // p5 never buys: no value at step 1, so not counted by step 1 attribution.
      { event: "sign up", distinct_id: "p5", timestamp: at(4, 10), properties: { $browser: "Chrome" } },
    ]);
    const stepOne = await user.session.post(funnelPath(user), body({ breakdown_attribution_type: "step", breakdown_attribution_value: 1 }));
    expect(stepOne.status, stepOne.text).toBe(200);
    expect(summary(stepOne.body.result)).toEqual([
      ["", [2, 2], 3600],
      ["Safari", [1, 1], 86400],
      ["alakazam", [1, 1], 3600],
    ]);
    expect(await people(user, stepOne.body.result[0][1].converted_people_url)).toEqual(["p1", "p3"]);
    // The value as query text ("1"), as PostHog's filters carry it.
    const asText = await user.session.post(
      funnelPath(user),
      body({ breakdown_attribution_type: "step", breakdown_attribution_value: "1" }),
    );
    expect(asText.body.result).toEqual(stepOne.body.result);

    const stepZero = await user.session.post(
      funnelPath(user),
      body({ breakdown_attribution_type: "step", breakdown_attribution_value: 0 }),
    );
    expect(summary(stepZero.body.result)).toEqual([
      ["Chrome", [2, 1], 3600],
      ["", [1, 1], 86400],
      ["0", [1, 1], 3600],
      ["Mac", [1, 1], 3600],
    ]);

    // Time to convert: p1, p3 and p4 in 1 h, p2 in 1 day → 2 bins of 41,400 s, plus one.
    const times = await user.session.post(
      funnelPath(user),
      body({ breakdown_attribution_type: "step", breakdown_attribution_value: 1, funnel_viz_type: "time_to_convert" }),
    );
    expect(times.body.result).toEqual({
      bins: [
        [3600, 3],
        [45000, 0],
        [86400, 1],
      ],
      average_conversion_time: 24300,
    });
    const trends = await user.session.post(
      funnelPath(user),
      body({ breakdown_attribution_type: "step", breakdown_attribution_value: 1, funnel_viz_type: "trends" }),
    );
    const byValue = Object.fromEntries(trends.body.result.map((item: any) => [item.breakdown_value, item.data.slice(0, 4)]));
    expect(byValue).toEqual({ "": [0, 100, 100, 0], Safari: [0, 100, 0, 0], alakazam: [0, 0, 100, 0] });
  });

  test("step attribution's 400s: unordered beyond the first step, a missing or out-of-range step, an unknown attribution", async () => {
    const user = await signUp(baseUrl);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { funnel_order_type: "unordered", breakdown_attribution_type: "step", breakdown_attribution_value: 1 },
        "breakdown_attribution_value",
        "Only the first step can be used for breakdown attribution in unordered funnels",
      ],
      [{ breakdown_attribution_type: "step" }, "breakdown_attribution_value", ""],
      [{ breakdown_attribution_type: "step", breakdown_attribution_value: 2 }, "breakdown_attribution_value", ""],
      [{ breakdown_attribution_type: "step", breakdown_attribution_value: -1 }, "breakdown_attribution_value", ""],
      [{ breakdown_attribution_type: "middle_touch" }, "breakdown_attribution_type", ""],
    ];
    for (const [extra, attr, detail] of cases) {
      const response = await user.session.post(funnelPath(user), body(extra));
      expect(response.status, JSON.stringify(extra)).toBe(400);
      expect(response.body).toMatchObject({ type: "validation_error", attr });
      if (detail) expect(response.body.detail).toBe(detail);
    }
    const unorderedFirst = await user.session.post(
      funnelPath(user),
      body({ funnel_order_type: "unordered", breakdown_attribution_type: "step", breakdown_attribution_value: 0 }),
    );
    expect(unorderedFirst.status, unorderedFirst.text).toBe(200);
  });
});

describe("funnel requests", () => {
  test("a repeated request answers from the cache; refresh=true recomputes", async () => {
    const user = await signUp(baseUrl);
    await sendBatch(baseUrl, projectToken(user), [
      { event: "a", distinct_id: "c1", timestamp: at(2, 10) },
      { event: "b", distinct_id: "c1", timestamp: at(2, 11) },
    ]);
    const body = { events: entities(["a", "b"]), ...RANGE };
    const first = await user.session.post(funnelPath(user), body);
    expect(first.body).toMatchObject({ is_cached: false, timezone: "UTC" });
    const second = await user.session.post(funnelPath(user), body);
    expect(second.body.is_cached).toBe(true);
    expect(second.body.result).toEqual(first.body.result);
    expect(second.body.last_refresh).toBe(first.body.last_refresh);
    const refreshed = await user.session.post(funnelPath(user), { ...body, refresh: true });
    expect(refreshed.body.is_cached).toBe(false);
    expect(refreshed.body.result.map((s: any) => s.count)).toEqual([1, 1]);
  });

  test("bad input: PostHog's 400s", async () => {
    const user = await signUp(baseUrl);
    const post = (extra: Record<string, unknown>) =>
      user.session.post(funnelPath(user), { events: entities(["a", "b", "c"]), ...RANGE, ...extra });
    const exclusion = (from: unknown, to: unknown) =>
      post({ exclusions: [{ id: "x", type: "events", funnel_from_step: from, funnel_to_step: to }] });
    const cases: [Promise<any>, string][] = [
      [exclusion(null, 1), "Exclusion event needs to define funnel steps"],
      [exclusion(1, 1), "Exclusion event range is invalid. End of range should be greater than start."],
      [exclusion(2, 3), "Exclusion event range is invalid. Start of range is greater than number of steps."],
      [exclusion(0, 3), "Exclusion event range is invalid. End of range is greater than number of steps."],
      [
        post({ exclusions: [{ id: "b", type: "events", funnel_from_step: 0, funnel_to_step: 1 }] }),
        "Exclusion steps cannot contain an event that's part of funnel steps.",
      ],
    ];
    for (const [request, detail] of cases) {
      const response = await request;
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ type: "validation_error", detail });
    }
    for (const extra of [
      { funnel_order_type: "sideways" },
      { funnel_viz_type: "time_to_convert", funnel_to_step: 3 },
      { breakdown: "$browser", breakdown_attribution_type: "step" },
      { funnel_window_interval: 1, funnel_window_interval_unit: "fortnight" },
      { funnel_window_interval: 0, funnel_window_interval_unit: "day" },
      { date_from: "not a date" },
      { properties: [{ key: "k", value: "v", operator: "bogus" }] },
      { actions: [{ id: 1, type: "actions", order: 0 }] },
      { funnel_viz_type: "time_to_convert", compare: true },
      { funnel_viz_type: "trends", interval: "fortnight" },
      { funnel_viz_type: "trends", interval: "hour", date_from: "2020-01-01" },
    ]) {
      const response = await post(extra);
      expect(response.status, JSON.stringify(extra)).toBe(400);
      expect(response.body.type).toBe("validation_error");
    }
  });

  test("scopes and other projects", async () => {
    const user = await signUp(baseUrl);
    const body = { events: entities(["a", "b"]), ...RANGE };
    const reader = await user.key(["insight:read"]);
    expect((await reader.post(funnelPath(user), body)).status).toBe(200);
    const other = await user.key(["query:read"]);
    expect((await other.post(funnelPath(user), body)).status).toBe(403);
    const stranger = await signUp(baseUrl);
    expect((await stranger.session.post(funnelPath(user), body)).status).toBe(403);
    expect((await user.session.post("/api/projects/999999999/insights/funnel/", body)).status).toBe(404);
    expect((await new (reader.constructor as any)(baseUrl).post(funnelPath(user), body)).status).toBe(401);
  });

  test("property filters apply to every step (global) and per step", async () => {
    const user = await signUp(baseUrl);
    await sendBatch(baseUrl, projectToken(user), [
      { event: "a", distinct_id: "r1", timestamp: at(2, 10), properties: { plan: "pro" } },
      { event: "b", distinct_id: "r1", timestamp: at(2, 10, 5), properties: { plan: "free" } },
      { event: "b", distinct_id: "r1", timestamp: at(2, 10, 6), properties: { plan: "pro" } },
      { event: "a", distinct_id: "r2", timestamp: at(2, 10), properties: { plan: "free" } },
      { event: "b", distinct_id: "r2", timestamp: at(2, 10, 9), properties: { plan: "free" } },
    ]);
    const global = await user.session.post(funnelPath(user), {
      events: entities(["a", "b"]),
      properties: [{ key: "plan", value: "pro", operator: "exact", type: "event" }],
      ...RANGE,
    });
    expect(global.body.result.map((s: any) => [s.count, s.average_conversion_time])).toEqual([
      [1, null],
      [1, 360],
    ]);
    const perStep = await user.session.post(funnelPath(user), {
      events: [
        { id: "a", type: "events", order: 0 },
        { id: "b", type: "events", order: 1, properties: [{ key: "plan", value: "free", operator: "exact" }] },
      ],
      ...RANGE,
    });
    expect(perStep.body.result.map((s: any) => [s.count, s.average_conversion_time])).toEqual([
      [2, null],
      [2, 420],
    ]);
  });
});
