import { describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { sendEvents, type SentEvent } from "../support/events";
import { mulberry32, personsOf } from "../support/reference";

const baseUrl = inject("baseUrl");
const DAY = 86_400_000;
const HOUR = 3_600_000;

const retentionPath = (user: TestUser, query = "") => `/api/projects/${user.projectId}/insights/retention/${query}`;

// ---------- Reference computation (PostHog's legacy retention, written from its documented rules) ----------

type Period = "Hour" | "Day" | "Week" | "Month";

/** The person of each distinct id after `$identify` merges (retroactive, S1). */
function startOf(ms: number, period: Period): number {
  const d = new Date(ms);
  switch (period) {
    case "Hour":
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours());
    case "Day":
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
    case "Week":
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - d.getUTCDay());
    case "Month":
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
}

function plus(ms: number, period: Period, n: number): number {
  const d = new Date(ms);
  if (period === "Month") return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, d.getUTCDate(), d.getUTCHours());
  return ms + n * { Hour: HOUR, Day: DAY, Week: 7 * DAY }[period];
}

function periodsBetween(a: number, b: number, period: Period): number {
  if (period === "Month") {
    const x = new Date(a);
    const y = new Date(b);
    return (y.getUTCFullYear() - x.getUTCFullYear()) * 12 + y.getUTCMonth() - x.getUTCMonth();
  }
  return Math.round((b - a) / { Hour: HOUR, Day: DAY, Week: 7 * DAY }[period]);
}

interface Options {
  period: Period;
  total: number;
  /** ISO datetime (UTC) or YYYY-MM-DD. */
  dateTo: string;
  firstTime: boolean;
  target: string;
  returning: string;
  where?: (e: SentEvent) => boolean;
}

function referenceRetention(events: SentEvent[], o: Options) {
  const person = personsOf(events);
  let to = Date.parse(o.dateTo.length === 10 ? `${o.dateTo}T00:00:00Z` : o.dateTo);
  to = plus(to, o.period, 1);
  if (o.period !== "Hour") to = startOf(to, "Day");
  let from = plus(to, o.period, -o.total);
  if (o.period === "Week") from -= new Date(from).getUTCDay() * DAY;
  const base = startOf(from, o.period);
  const kept = events.filter((e) => !o.where || o.where(e));
  const ts = (e: SentEvent) => Date.parse(e.timestamp!);
  const inRange = (e: SentEvent) => ts(e) >= from && ts(e) <= to;

  const targets: [string, number][] = [];
  if (o.firstTime) {
    const first = new Map<string, number>();
    for (const e of kept.filter((e) => e.event === o.target)) {
      const p = person(e.distinct_id);
      const d = startOf(ts(e), o.period);
      if (!first.has(p) || d < first.get(p)!) first.set(p, d);
    }
    for (const [p, d] of first) if (d >= from && d <= to) targets.push([p, d]);
  } else {
    const seen = new Set<string>();
    for (const e of kept.filter((e) => e.event === o.target && inRange(e))) {
      const key = `${person(e.distinct_id)}|${startOf(ts(e), o.period)}`;
      if (!seen.has(key)) {
        seen.add(key);
        targets.push([person(e.distinct_id), startOf(ts(e), o.period)]);
      }
    }
  }
  const returning = new Map<string, Set<number>>();
  for (const e of kept.filter((e) => e.event === o.returning && inRange(e))) {
    const p = person(e.distinct_id);
    if (!returning.has(p)) returning.set(p, new Set());
    returning.get(p)!.add(startOf(ts(e), o.period));
  }
  const cells = new Map<string, Set<string>>();
  const add = (cohort: number, interval: number, p: string) => {
    const key = `${cohort}:${interval}`;
    if (!cells.has(key)) cells.set(key, new Set());
    cells.get(key)!.add(p);
  };
  for (const [p, d] of targets) {
    const cohort = periodsBetween(base, d, o.period);
    add(cohort, 0, p);
    for (const r of returning.get(p) ?? []) if (r > d) add(cohort, periodsBetween(d, r, o.period), p);
  }
  return Array.from({ length: o.total }, (_, cohort) => ({
    values: Array.from({ length: o.total - cohort }, (_, interval) => ({ count: cells.get(`${cohort}:${interval}`)?.size ?? 0, people: [] })),
    label: `${o.period} ${cohort}`,
    date: new Date(plus(from, o.period, cohort)).toISOString().replace(".000Z", "Z"),
  }));
}

// ------------------------------------------------------------------------------------------------------------

const at = (day: number, hour = 12, minute = 0) => new Date(Date.UTC(2024, 2, day, hour, minute)).toISOString();

describe("retention", () => {
  test("hand-computed: recurring and first time, with a merged person", async () => {
    const user = await signUp(baseUrl);
    await sendEvents(baseUrl, user, [
      { event: "$pageview", distinct_id: "a", timestamp: at(1) },
      { event: "$pageview", distinct_id: "a", timestamp: at(2) },
      { event: "$pageview", distinct_id: "a", timestamp: at(4) },
      { event: "$pageview", distinct_id: "b", timestamp: at(2) },
      { event: "$pageview", distinct_id: "b", timestamp: at(3) },
      { event: "$pageview", distinct_id: "anon-c", timestamp: at(1) },
      { event: "$identify", distinct_id: "c", timestamp: at(3, 9), properties: { $anon_distinct_id: "anon-c" } },
      { event: "$pageview", distinct_id: "c", timestamp: at(3, 10) },
      // Outside the range (before 1 March; after the end of 5 March).
      { event: "$pageview", distinct_id: "d", timestamp: at(0) },
      { event: "$pageview", distinct_id: "d", timestamp: at(6, 1) },
    ]);
    const counts = (result: any[]) => result.map((c) => c.values.map((v: any) => v.count));
    const recurring = await user.session.post(retentionPath(user), { date_to: "2024-03-05", total_intervals: 5 });
    expect(recurring.status).toBe(200);
    expect(recurring.body).toMatchObject({ is_cached: false, timezone: "UTC" });
    expect(counts(recurring.body.result)).toEqual([[2, 1, 1, 1, 0], [2, 1, 1, 0], [2, 0, 0], [1, 0], [0]]);
    expect(recurring.body.result.map((c: any) => [c.label, c.date])).toEqual(
      [1, 2, 3, 4, 5].map((d, i) => [`Day ${i}`, `2024-03-0${d}T00:00:00Z`]),
    );
    expect(recurring.body.result[0].values[0]).toEqual({ count: 2, people: [] });

    const firstTime = await user.session.post(retentionPath(user), {
      date_to: "2024-03-05",
      total_intervals: 5,
      retention_type: "retention_first_time",
    });
    // d's first pageview (29 Feb) is before the range: d is in no cohort.
    expect(counts(firstTime.body.result)).toEqual([[2, 1, 1, 1, 0], [1, 1, 0, 0], [0, 0, 0], [0, 0], [0]]);

    // The same filter as GET query params (entities JSON-encoded), returning on another event.
    const query = new URLSearchParams({
      date_to: "2024-03-05",
      total_intervals: "5",
      target_entity: JSON.stringify({ id: "$pageview", type: "events" }),
      returning_entity: JSON.stringify({ id: "$identify", type: "events" }),
    });
    const viaGet = await user.session.get(retentionPath(user, `?${query}`));
    expect(viaGet.status).toBe(200);
    // Only c returns ($identify on 3 March, not after its own 3 March cohort).
    expect(counts(viaGet.body.result)).toEqual([[2, 0, 1, 0, 0], [2, 0, 0, 0], [2, 0, 0], [1, 0], [0]]);
  });

  test("equals the reference computation on generated events (periods, types, entities, filters)", async () => {
    const user = await signUp(baseUrl);
    const random = mulberry32(20240301);
    const events: SentEvent[] = [];
    const start = Date.UTC(2024, 1, 10);
    const span = 45 * DAY;
    const names = ["$pageview", "$pageview", "signup", "purchase"];
    for (let p = 0; p < 40; p++) {
      const merged = random() < 0.4;
      const ids = merged ? [`anon-${p}`, `user-${p}`] : [`user-${p}`];
      const n = 3 + Math.floor(random() * 25);
      const times = Array.from({ length: n }, () => start + Math.floor(random() * span / 1000) * 1000).sort((a, b) => a - b);
      const identifyAt = times[Math.floor(n / 2)] + 500;
      for (const t of times) {
        const id = merged && t < identifyAt ? ids[0] : ids[ids.length - 1];
        events.push({
          event: names[Math.floor(random() * names.length)],
          distinct_id: id,
          timestamp: new Date(t).toISOString(),
          properties: { $browser: random() < 0.5 ? "Chrome" : "Firefox" },
        });
      }
      if (merged)
        events.push({ event: "$identify", distinct_id: ids[1], timestamp: new Date(identifyAt).toISOString(), properties: { $anon_distinct_id: ids[0] } });
    }
    await sendEvents(baseUrl, user, events);

    const cases: (Options & { body: Record<string, unknown> })[] = [];
    const base = { firstTime: false, target: "$pageview", returning: "$pageview" };
    const add = (o: Partial<Options> & Pick<Options, "period" | "total" | "dateTo">, body: Record<string, unknown>) =>
      cases.push({ ...base, ...o, body: { period: o.period, total_intervals: o.total, date_to: o.dateTo, ...body } });
    add({ period: "Day", total: 11, dateTo: "2024-03-14" }, {});
    add({ period: "Day", total: 20, dateTo: "2024-03-20", firstTime: true }, { retention_type: "retention_first_time" });
    add(
      { period: "Day", total: 14, dateTo: "2024-03-10", target: "signup", returning: "purchase" },
      { target_entity: { id: "signup", type: "events" }, returning_entity: { id: "purchase", type: "events" } },
    );
    add(
      { period: "Day", total: 14, dateTo: "2024-03-10", target: "signup", returning: "purchase", firstTime: true },
      { target_entity: { id: "signup", type: "events" }, events: [{ id: "purchase", type: "events" }], retention_type: "retention_first_time" },
    );
    add({ period: "Week", total: 6, dateTo: "2024-03-20" }, {});
    add({ period: "Week", total: 6, dateTo: "2024-03-20", firstTime: true }, { retention_type: "retention_first_time" });
    add({ period: "Month", total: 3, dateTo: "2024-03-20" }, {});
    add({ period: "Month", total: 3, dateTo: "2024-03-20", firstTime: true }, { retention_type: "retention_first_time" });
    add({ period: "Hour", total: 24, dateTo: "2024-03-01T10:00:00Z" }, {});
    add(
      { period: "Day", total: 11, dateTo: "2024-03-14", where: (e) => e.properties?.$browser === "Chrome" },
      { properties: [{ key: "$browser", value: "Chrome", operator: "exact", type: "event" }] },
    );
    for (const c of cases) {
      const response = await user.session.post(retentionPath(user), c.body);
      expect(response.status, JSON.stringify(c.body)).toBe(200);
      expect(response.body.result, JSON.stringify(c.body)).toEqual(referenceRetention(events, c));
    }
    // Not a vacuous comparison: the daily table has returning persons.
    const daily = referenceRetention(events, cases[0]);
    expect(daily.flatMap((c) => c.values.slice(1)).some((v) => v.count > 0)).toBe(true);
  });

  test("bad input is a 400", async () => {
    const user = await signUp(baseUrl);
    for (const [body, attr] of [
      [{ period: "Year" }, "period"],
      [{ total_intervals: "many" }, "total_intervals"],
      [{ total_intervals: 0 }, "total_intervals"],
      [{ retention_type: "retention_sometimes" }, "retention_type"],
      [{ date_to: "the day after" }, "date_to"],
      [{ target_entity: { type: "events" } }, "target_entity__id"],
      [{ actions: [{ id: 1, type: "actions" }] }, "actions"],
      [{ breakdowns: [{ property: "$browser" }] }, "breakdowns"],
      [{ properties: [{ key: "$browser", operator: "sometimes", value: "x" }] }, null],
    ] as [Record<string, unknown>, string | null][]) {
      const response = await user.session.post(retentionPath(user), body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.type).toBe("validation_error");
      if (attr) expect(response.body.attr, JSON.stringify(body)).toBe(attr);
    }
    expect((await user.session.get(retentionPath(user, "?period=Fortnight"))).status).toBe(400);
  });

  test("scope insight:read; other projects are out of reach", async () => {
    const user = await signUp(baseUrl);
    const stranger = await signUp(baseUrl);
    await sendEvents(baseUrl, user, [{ event: "$pageview", distinct_id: "mine", timestamp: at(4) }]);
    await sendEvents(baseUrl, stranger, [{ event: "$pageview", distinct_id: "theirs", timestamp: at(4) }]);
    const body = { date_to: "2024-03-05", total_intervals: 3 };

    const reader = await user.key(["insight:read"]);
    const mine = await reader.post(retentionPath(user), body);
    expect(mine.status).toBe(200);
    expect(mine.body.result[1].values[0].count).toBe(1);
    expect((await reader.get(retentionPath(user, "?date_to=2024-03-05&total_intervals=3"))).body.result[1].values[0].count).toBe(1);

    const wrongScope = await user.key(["query:read"]);
    expect((await wrongScope.post(retentionPath(user), body)).body).toMatchObject({
      code: "permission_denied",
      detail: "API key missing required scope 'insight:read'",
    });
    expect((await stranger.session.post(retentionPath(user), body)).status).toBe(403);
    expect((await reader.post(retentionPath(user).replace(String(user.projectId), "999999999"), body)).status).toBe(404);
    expect((await user.session.as({}).post(retentionPath(user), body)).status).toBe(401);
    expect((await user.session.delete(retentionPath(user))).status).toBe(405);
  });
});
