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

/** PostHog's retention range: `date_to` plus a period (to the day unless hourly), back `total` periods (weeks: to Sunday). */
function rangeOf(o: Pick<Options, "period" | "total" | "dateTo">): { from: number; to: number } {
  let to = Date.parse(o.dateTo.length === 10 ? `${o.dateTo}T00:00:00Z` : o.dateTo);
  to = plus(to, o.period, 1);
  if (o.period !== "Hour") to = startOf(to, "Day");
  let from = plus(to, o.period, -o.total);
  if (o.period === "Week") from -= new Date(from).getUTCDay() * DAY;
  return { from, to };
}

function referenceRetention(events: SentEvent[], o: Options) {
  const person = personsOf(events);
  const { from, to } = rangeOf(o);
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
    values: Array.from({ length: o.total - cohort }, (_, interval) => ({
      count: cells.get(`${cohort}:${interval}`)?.size ?? 0,
      people: [],
    })),
    label: `${o.period} ${cohort}`,
    date: new Date(plus(from, o.period, cohort)).toISOString().replace(".000Z", "Z"),
  }));
}

interface BreakdownOptions extends Options {
  breakdowns: { property: string; type: "event" | "person" }[];
}

/** A property as a breakdown value: text as itself, other JSON as its text, '' when missing (PostHog's legacy retention). */
const asBreakdownValue = (v: unknown) => (v === undefined || v === null ? "" : typeof v === "string" ? v : JSON.stringify(v));

/**
 * PostHog's legacy retention with breakdowns: every target (recurring: each period with a target event, one per
 * breakdown values seen in it; first time: the person's first target event, with its values) counts its person at
 * interval 0 of its breakdown values' row, and at interval k when the person returned k periods later. Rows sorted
 * by their values; each has `total` values. `personProperties`: each person's (final) properties.
 */
function referenceBreakdownRetention(
  events: SentEvent[],
  o: BreakdownOptions,
  personProperties: (person: string) => Record<string, unknown>,
) {
  const person = personsOf(events);
  const { from, to } = rangeOf(o);
  const kept = events.filter((e) => !o.where || o.where(e));
  const ts = (e: SentEvent) => Date.parse(e.timestamp!);
  const inRange = (e: SentEvent) => ts(e) >= from && ts(e) <= to;
  const valuesOf = (e: SentEvent) =>
    o.breakdowns.map((b) =>
      asBreakdownValue(b.type === "event" ? e.properties?.[b.property] : personProperties(person(e.distinct_id))[b.property]),
    );

  const targets: { p: string; d: number; values: string[] }[] = [];
  const targetEvents = kept.filter((e) => e.event === o.target);
  if (o.firstTime) {
    const first = new Map<string, SentEvent>();
    for (const e of targetEvents) {
      const p = person(e.distinct_id);
      if (!first.has(p) || ts(e) < ts(first.get(p)!)) first.set(p, e);
    }
    for (const [p, e] of first) {
      const d = startOf(ts(e), o.period);
      if (d >= from && d <= to) targets.push({ p, d, values: valuesOf(e) });
    }
  } else {
    const seen = new Set<string>();
    for (const e of targetEvents.filter(inRange)) {
      const target = { p: person(e.distinct_id), d: startOf(ts(e), o.period), values: valuesOf(e) };
      const key = JSON.stringify(target);
      if (!seen.has(key)) {
        seen.add(key);
        targets.push(target);
      }
    }
  }
  const returning = new Map<string, Set<number>>();
  for (const e of kept.filter((e) => e.event === o.returning && inRange(e))) {
    const p = person(e.distinct_id);
    if (!returning.has(p)) returning.set(p, new Set());
    returning.get(p)!.add(startOf(ts(e), o.period));
  }
  const rows = new Map<string, Map<number, Set<string>>>();
  const add = (values: string[], interval: number, p: string) => {
    const key = JSON.stringify(values);
    if (!rows.has(key)) rows.set(key, new Map());
    const cells = rows.get(key)!;
    if (!cells.has(interval)) cells.set(interval, new Set());
    cells.get(interval)!.add(p);
  };
  for (const { p, d, values } of targets) {
    add(values, 0, p);
    for (const r of returning.get(p) ?? []) if (r > d) add(values, periodsBetween(d, r, o.period), p);
  }
  const byValues = (a: string[], b: string[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
  };
  return [...rows.keys()]
    .map((key) => JSON.parse(key) as string[])
    .sort(byValues)
    .map((values) => {
      const cells = rows.get(JSON.stringify(values))!;
      return {
        values: Array.from({ length: o.total }, (_, interval) => ({ count: cells.get(interval)?.size ?? 0, people: [] })),
        label: values.join("::"),
        breakdown_values: values,
        /** Not in the response: each person of the row with the intervals they were active in. */
        persons: new Map([...cells.get(0)!].map((p) => [p, Array.from({ length: o.total }, (_, i) => (cells.get(i)?.has(p) ? 1 : 0))])),
      };
    });
}

/** The result without its `people_url`s (checked on their own). */
const withoutUrls = (result: any[]) =>
  result.map(({ people_url: _url, ...row }) => ({ ...row, values: row.values.map(({ people_url: _v, ...value }: any) => value) }));

/** Every row links its persons; a value links them only when it counts some (PostHog zero-fills without a URL). */
function expectPeopleUrls(result: any[]) {
  for (const row of result) {
    expect(row.people_url).toMatch(/^\/api\/person\/retention\/\?/);
    for (const value of row.values) expect("people_url" in value, JSON.stringify(value)).toBe(value.count > 0);
  }
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
    expect(recurring.body.result[0].values[0]).toMatchObject({ count: 2, people: [] });
    expect(recurring.body.result[0].values[4]).toEqual({ count: 0, people: [] });
    expectPeopleUrls(recurring.body.result);

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
      const times = Array.from({ length: n }, () => start + Math.floor((random() * span) / 1000) * 1000).sort((a, b) => a - b);
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
        events.push({
          event: "$identify",
          distinct_id: ids[1],
          timestamp: new Date(identifyAt).toISOString(),
          properties: { $anon_distinct_id: ids[0] },
        });
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
      {
        target_entity: { id: "signup", type: "events" },
        events: [{ id: "purchase", type: "events" }],
        retention_type: "retention_first_time",
      },
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
      expect(withoutUrls(response.body.result), JSON.stringify(c.body)).toEqual(referenceRetention(events, c));
      expectPeopleUrls(response.body.result);
    }
    // Not a vacuous comparison: the daily table has returning persons.
    const daily = referenceRetention(events, cases[0]);
    expect(daily.flatMap((c) => c.values.slice(1)).some((v) => v.count > 0)).toBe(true);
  });

  /**
   * a: Chrome on 1 March, Firefox on 2 March, Chrome on 4 March (plan "pro"); b: Chrome on 2 March, no browser on
   * 3 March (no plan); c: Firefox on 3 March (plan "free"). Day table to 5 March, 5 intervals.
   */
  const breakdownEvents = (): SentEvent[] => [
    { event: "$pageview", distinct_id: "a", timestamp: at(1), properties: { $browser: "Chrome", $set: { plan: "pro" } } },
    { event: "$pageview", distinct_id: "a", timestamp: at(2), properties: { $browser: "Firefox" } },
    { event: "$pageview", distinct_id: "a", timestamp: at(4), properties: { $browser: "Chrome" } },
    { event: "$pageview", distinct_id: "b", timestamp: at(2), properties: { $browser: "Chrome" } },
    { event: "$pageview", distinct_id: "b", timestamp: at(3) },
    { event: "$pageview", distinct_id: "c", timestamp: at(3), properties: { $browser: "Firefox", $set: { plan: "free" } } },
  ];
  const table = { date_to: "2024-03-05", total_intervals: 5 };
  const rowsOf = (result: any[]) => result.map((r) => [r.label, r.breakdown_values, r.values.map((v: any) => v.count)]);

  test("hand-computed breakdowns: one row per breakdown values, by value, missing values ''", async () => {
    const user = await signUp(baseUrl);
    await sendEvents(baseUrl, user, breakdownEvents());
    const byBrowser = [{ property: "$browser", type: "event" }];

    const recurring = await user.session.post(retentionPath(user), { ...table, breakdowns: byBrowser });
    expect(recurring.status, recurring.text).toBe(200);
    // Chrome: a (1 March) returns 2 and 4 March, a again (4 March), b (2 March) returns 3 March. Firefox: a (2 March)
    // returns 4 March; c. '': b on 3 March.
    expect(rowsOf(recurring.body.result)).toEqual([
      ["", [""], [1, 0, 0, 0, 0]],
      ["Chrome", ["Chrome"], [2, 2, 0, 1, 0]],
      ["Firefox", ["Firefox"], [2, 0, 1, 0, 0]],
    ]);
    expect(Object.keys(recurring.body.result[1]).sort()).toEqual(["breakdown_values", "label", "people_url", "values"]);
    expectPeopleUrls(recurring.body.result);

    // First time: each person's first pageview, with its browser.
    const firstTime = await user.session.post(retentionPath(user), {
      ...table,
      breakdowns: byBrowser,
      retention_type: "retention_first_time",
    });
    expect(rowsOf(firstTime.body.result)).toEqual([
      ["Chrome", ["Chrome"], [2, 2, 0, 1, 0]],
      ["Firefox", ["Firefox"], [1, 0, 0, 0, 0]],
    ]);

    // Two breakdowns, an event and a person property; the same as GET query params.
    const twoBreakdowns = [...byBrowser, { property: "plan", type: "person" }];
    const both = await user.session.post(retentionPath(user), { ...table, breakdowns: twoBreakdowns });
    const expected = [
      ["::", ["", ""], [1, 0, 0, 0, 0]],
      ["Chrome::", ["Chrome", ""], [1, 1, 0, 0, 0]],
      ["Chrome::pro", ["Chrome", "pro"], [1, 1, 0, 1, 0]],
      ["Firefox::free", ["Firefox", "free"], [1, 0, 0, 0, 0]],
      ["Firefox::pro", ["Firefox", "pro"], [1, 0, 1, 0, 0]],
    ];
    expect(rowsOf(both.body.result)).toEqual(expected);
    const query = new URLSearchParams({ date_to: "2024-03-05", total_intervals: "5", breakdowns: JSON.stringify(twoBreakdowns) });
    const viaGet = await user.session.get(retentionPath(user, `?${query}`));
    expect(viaGet.status, viaGet.text).toBe(200);
    expect(rowsOf(viaGet.body.result)).toEqual(expected);

    // `breakdown_type` names the table of every item (PostHog reads them all from it).
    const asPerson = await user.session.post(retentionPath(user), {
      ...table,
      breakdowns: [{ property: "plan", type: "event" }],
      breakdown_type: "person",
    });
    expect(rowsOf(asPerson.body.result)).toEqual([
      ["", [""], [1, 1, 0, 0, 0]],
      ["free", ["free"], [1, 0, 0, 0, 0]],
      ["pro", ["pro"], [1, 1, 1, 1, 0]],
    ]);
  });

  test("display ActionsLineGraph: recurring target events of the first period only (PostHog's RetentionEventsQuery)", async () => {
    const user = await signUp(baseUrl);
    await sendEvents(baseUrl, user, breakdownEvents());
    const counts = (result: any[]) => result.map((c) => c.values.map((v: any) => v.count));
    const line = await user.session.post(retentionPath(user), { ...table, display: "ActionsLineGraph" });
    expect(counts(line.body.result)).toEqual([[1, 1, 0, 1, 0], [0, 0, 0, 0], [0, 0, 0], [0, 0], [0]]);
    const tableDisplay = await user.session.post(retentionPath(user), { ...table, display: "ActionsTable" });
    expect(counts(tableDisplay.body.result)).toEqual([[1, 1, 0, 1, 0], [2, 1, 1, 0], [2, 0, 0], [1, 0], [0]]);
    // First-time retention reads its target events over the whole range whatever the display.
    const firstTime = { ...table, retention_type: "retention_first_time" };
    const firstLine = await user.session.post(retentionPath(user), { ...firstTime, display: "ActionsLineGraph" });
    expect(counts(firstLine.body.result)).toEqual(counts((await user.session.post(retentionPath(user), firstTime)).body.result));
  });

  test("people_url lists a cohort's or a breakdown value's persons with the intervals they were active in", async () => {
    const user = await signUp(baseUrl);
    await sendEvents(baseUrl, user, breakdownEvents());
    const listed = (body: any) => Object.fromEntries(body.result.map((r: any) => [r.person.distinct_ids[0], r.appearances]));

    const cohorts = (await user.session.post(retentionPath(user), table)).body.result;
    // 2 March: a (returns 4 March) and b (returns 3 March); appearances cover every interval of the table.
    const cohort = await user.session.get(cohorts[1].people_url);
    expect(cohort.status, cohort.text).toBe(200);
    expect(listed(cohort.body)).toEqual({ a: [1, 0, 1, 0, 0], b: [1, 1, 0, 0, 0] });
    expect(cohort.body).toMatchObject({ next: null, missing_persons: 0 });
    expect(new URL(cohorts[1].people_url, baseUrl).searchParams.get("breakdown_values")).toBe("[1]");
    // A value's URL adds selected_interval: as PostHog's, the same persons, appearances from that interval on.
    const value = await user.session.get(cohorts[1].values[1].people_url);
    expect(new URL(cohorts[1].values[1].people_url, baseUrl).searchParams.get("selected_interval")).toBe("1");
    expect(listed(value.body)).toEqual({ a: [1, 0, 1, 0], b: [1, 1, 0, 0] });

    const rows = (await user.session.post(retentionPath(user), { ...table, breakdowns: [{ property: "$browser", type: "event" }] })).body
      .result;
    const chrome = await user.session.get(rows[1].people_url);
    expect(listed(chrome.body)).toEqual({ a: [1, 1, 0, 1, 0], b: [1, 1, 0, 0, 0] });
    expect(chrome.body.result[0].person).toMatchObject({ distinct_ids: ["a"], properties: { plan: "pro" } });
    const missing = await user.session.get(rows[0].people_url);
    expect(listed(missing.body)).toEqual({ b: [1, 0, 0, 0, 0] });

    // Paged: most active first, `next` while persons remain.
    const first = await user.session.get(`${rows[1].people_url}&limit=1`);
    expect(listed(first.body)).toEqual({ a: [1, 1, 0, 1, 0] });
    expect(first.body.next).toContain("offset=1");
    const second = await user.session.get(first.body.next);
    expect(listed(second.body)).toEqual({ b: [1, 1, 0, 0, 0] });
    expect(second.body.next).toBeNull();

    // With breakdowns the row is required; without, it is [cohort index].
    const noRow = new URL(rows[1].people_url, baseUrl);
    noRow.searchParams.delete("breakdown_values");
    expect((await user.session.get(`${noRow.pathname}${noRow.search}`)).body).toMatchObject({ attr: "breakdown_values", code: "required" });
    expect(
      (await user.session.get(cohorts[1].people_url.replace("breakdown_values=%5B1%5D", "breakdown_values=%5B%22x%22%5D"))).status,
    ).toBe(400);

    // person:read, in the caller's own project only.
    const reader = await user.key(["person:read"]);
    expect(listed((await reader.get(rows[1].people_url)).body)).toEqual({ a: [1, 1, 0, 1, 0], b: [1, 1, 0, 0, 0] });
    const insightReader = await user.key(["insight:read"]);
    expect((await insightReader.get(rows[1].people_url)).body).toMatchObject({
      code: "permission_denied",
      detail: "API key missing required scope 'person:read'",
    });
    const stranger = await signUp(baseUrl);
    const theirs = await stranger.session.get(rows[1].people_url);
    expect(theirs.status).toBe(200);
    expect(theirs.body.result).toEqual([]);
    expect((await user.session.as({}).get(rows[1].people_url)).status).toBe(401);
    expect((await user.session.post(rows[1].people_url)).status).toBe(405);

    // The project's own path answers the same, and another project's path is refused.
    const projectPath = rows[1].people_url.replace("/api/person/retention/", `/api/projects/${user.projectId}/persons/retention/`);
    expect(listed((await user.session.get(projectPath)).body)).toEqual({ a: [1, 1, 0, 1, 0], b: [1, 1, 0, 0, 0] });
    expect((await stranger.session.get(projectPath)).status).toBe(403);
  });

  test("breakdowns equal the reference computation on generated events (types, several, first time, persons lists)", {
    timeout: 120_000,
  }, async () => {
    const user = await signUp(baseUrl);
    const random = mulberry32(20240315);
    const events: SentEvent[] = [];
    const plans = new Map<string, string>();
    const start = Date.UTC(2024, 1, 20);
    const span = 30 * DAY;
    const names = ["$pageview", "$pageview", "signup", "purchase"];
    for (let p = 0; p < 40; p++) {
      const merged = random() < 0.4;
      const ids = merged ? [`anon-${p}`, `user-${p}`] : [`user-${p}`];
      const n = 3 + Math.floor(random() * 20);
      // Distinct instants per person: the first target event of a person is never a tie.
      const times = [...new Set(Array.from({ length: n }, () => start + Math.floor((random() * span) / 1000) * 1000))].sort(
        (a, b) => a - b,
      );
      const identifyAt = times[Math.floor(times.length / 2)] + 500;
      const plan = random() < 0.7 ? (random() < 0.5 ? "free" : "pro") : undefined;
      if (plan) plans.set(`user-${p}`, plan);
      for (const [i, t] of times.entries()) {
        const id = merged && t < identifyAt ? ids[0] : ids[ids.length - 1];
        const properties: Record<string, unknown> = {};
        const browser = random();
        if (browser < 0.8) properties.$browser = browser < 0.4 ? "Chrome" : browser < 0.6 ? "Firefox" : "Safari";
        const tier = random();
        if (tier < 0.6) properties.tier = tier < 0.3 ? "a" : 2;
        if (plan && i === times.length - 1) properties.$set = { plan };
        events.push({
          event: names[Math.floor(random() * names.length)],
          distinct_id: id,
          timestamp: new Date(t).toISOString(),
          properties,
        });
      }
      if (merged)
        events.push({
          event: "$identify",
          distinct_id: ids[1],
          timestamp: new Date(identifyAt).toISOString(),
          properties: { $anon_distinct_id: ids[0] },
        });
    }
    await sendEvents(baseUrl, user, events);
    const person = personsOf(events);
    const planOf = new Map([...plans].map(([id, plan]) => [person(id), plan]));
    const personProperties = (p: string) => (planOf.has(p) ? { plan: planOf.get(p) } : {});

    const base = { firstTime: false, target: "$pageview", returning: "$pageview" };
    const browser = { property: "$browser", type: "event" as const };
    const tier = { property: "tier", type: "event" as const };
    const plan = { property: "plan", type: "person" as const };
    const cases: (BreakdownOptions & { body: Record<string, unknown> })[] = [];
    const add = (
      o: Partial<BreakdownOptions> & Pick<BreakdownOptions, "period" | "total" | "dateTo" | "breakdowns">,
      body: Record<string, unknown> = {},
    ) =>
      cases.push({
        ...base,
        ...o,
        body: { period: o.period, total_intervals: o.total, date_to: o.dateTo, breakdowns: o.breakdowns, ...body },
      });
    add({ period: "Day", total: 14, dateTo: "2024-03-10", breakdowns: [browser] });
    add(
      { period: "Day", total: 14, dateTo: "2024-03-10", breakdowns: [browser], firstTime: true },
      { retention_type: "retention_first_time" },
    );
    add({ period: "Week", total: 5, dateTo: "2024-03-20", breakdowns: [browser, tier] });
    add({ period: "Day", total: 11, dateTo: "2024-03-12", breakdowns: [plan] });
    add(
      { period: "Day", total: 11, dateTo: "2024-03-12", breakdowns: [tier, plan], firstTime: true },
      { retention_type: "retention_first_time" },
    );
    add(
      { period: "Day", total: 20, dateTo: "2024-03-20", breakdowns: [browser], target: "signup", returning: "purchase" },
      { target_entity: { id: "signup", type: "events" }, returning_entity: { id: "purchase", type: "events" } },
    );
    add(
      { period: "Month", total: 3, dateTo: "2024-03-20", breakdowns: [tier], where: (e) => e.properties?.$browser === "Chrome" },
      { properties: [{ key: "$browser", value: "Chrome", operator: "exact", type: "event" }] },
    );
    for (const c of cases) {
      const response = await user.session.post(retentionPath(user), c.body);
      expect(response.status, JSON.stringify(c.body)).toBe(200);
      const reference = referenceBreakdownRetention(events, c, personProperties);
      expect(withoutUrls(response.body.result), JSON.stringify(c.body)).toEqual(reference.map(({ persons: _p, ...row }) => row));
      expectPeopleUrls(response.body.result);
      // Each row's people_url lists the row's persons, with the intervals each was active in.
      for (const [i, row] of response.body.result.entries()) {
        const listed = await user.session.get(row.people_url);
        expect(listed.status).toBe(200);
        const got = new Map(listed.body.result.map((r: any) => [person(r.person.distinct_ids[0]), r.appearances]));
        expect(got, `${JSON.stringify(c.body)} ${row.label}`).toEqual(reference[i].persons);
      }
    }
    // Not vacuous: several rows, returning persons, the missing value among the rows.
    const daily = referenceBreakdownRetention(events, cases[0], personProperties);
    expect(daily.length).toBeGreaterThan(2);
    expect(daily.some((r) => r.label === "")).toBe(true);
    expect(daily.flatMap((r) => r.values.slice(1)).some((v) => v.count > 0)).toBe(true);
    expect(referenceBreakdownRetention(events, cases[2], personProperties).some((r) => r.label.endsWith("::2"))).toBe(true);
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
      [{ breakdowns: "$browser" }, "breakdowns"],
      [{ breakdowns: [{ type: "event" }] }, "breakdowns__0__property"],
      [{ breakdowns: [{ property: 3, type: "cohort" }] }, "breakdowns__0__type"],
      [{ breakdowns: [{ property: "name", type: "group", group_type_index: 0 }] }, "breakdowns__0__type"],
      [{ breakdowns: [{ property: "$browser", type: "session" }] }, "breakdowns__0__type"],
      [{ breakdowns: [{ property: "$browser", type: "event" }], breakdown_type: "cohort" }, "breakdown_type"],
      [{ breakdown: "$browser", breakdown_type: "event" }, "breakdown"],
      [{ cumulative: true }, "cumulative"],
      [{ aggregation_group_type_index: 5 }, "aggregation_group_type_index"],
      [{ sampling_factor: 0.1 }, "sampling_factor"],
      [{ sampling_factor: 3 }, "sampling_factor"],
      [{ properties: [{ key: "$browser", operator: "sometimes", value: "x" }] }, null],
    ] as [Record<string, unknown>, string | null][]) {
      const response = await user.session.post(retentionPath(user), body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.type).toBe("validation_error");
      if (attr) expect(response.body.attr, JSON.stringify(body)).toBe(attr);
    }
    expect((await user.session.get(retentionPath(user, "?period=Fortnight"))).status).toBe(400);
    expect((await user.session.get(retentionPath(user, "?cumulative=true"))).body).toMatchObject({
      attr: "cumulative",
      type: "validation_error",
    });
    const cohortBreakdown = await user.session.post(retentionPath(user), { breakdowns: [{ property: 3, type: "cohort" }] });
    expect(cohortBreakdown.body.detail).toBe("Breaking down by cohort is not supported: there are no cohorts.");
    // Group aggregation (G1) takes a group type index, 0 to 4 (tests/api/groups-analyses.test.ts).
    const groupAggregation = await user.session.post(retentionPath(user), { aggregation_group_type_index: "first" });
    expect(groupAggregation.body.detail).toMatch(/^aggregation_group_type_index must be a group type index/);
    // What does not change the numbers is read as PostHog reads it: no sampling, cumulative off, no breakdowns.
    for (const body of [
      { cumulative: false },
      { sampling_factor: "" },
      { sampling_factor: 1 },
      { aggregation_group_type_index: null },
      { breakdown_type: "cohort" },
      { breakdowns: [] },
      { breakdown: null },
    ]) {
      const response = await user.session.post(retentionPath(user), body);
      expect(response.status, JSON.stringify(body)).toBe(200);
      expect(response.body.result[0].label, JSON.stringify(body)).toBe("Day 0");
    }
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
