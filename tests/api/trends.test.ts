import { beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { projectToken, sendBatch, type SentEvent } from "../support/events";

const baseUrl = inject("baseUrl");
const NULL = "$$_posthog_breakdown_null_$$";
const OTHER = "$$_posthog_breakdown_other_$$";

// ---------------------------------------------------------------------------------------------------------
// Generated data (seeded): persons with several distinct ids merged by $identify, events over 2024-02-10..03-14
// ---------------------------------------------------------------------------------------------------------

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Ev {
  event: string;
  distinct_id: string;
  ts: number;
  properties: Record<string, any>;
}

const BROWSERS = ["Chrome", "Firefox", "Safari", "Edge", undefined];
const PLANS = ["free", "pro", "team"];
const START = Date.UTC(2024, 1, 10);
const END = Date.UTC(2024, 2, 15); // exclusive

function generate(seed: number): { events: Ev[]; personOf: Map<string, string>; planOf: Map<string, string | undefined> } {
  const r = rng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const events: Ev[] = [];
  const personOf = new Map<string, string>();
  const planOf = new Map<string, string | undefined>();
  for (let p = 0; p < 14; p++) {
    const main = `user-${p}`;
    const anons = Array.from({ length: 1 + Math.floor(r() * 3) }, (_, k) => `anon-${p}-${k}`);
    const identified = p % 5 !== 4; // some persons stay anonymous: each anon id its own person
    const plan = p % 7 === 6 ? undefined : pick(PLANS);
    const ids = identified ? [main, ...anons] : anons;
    for (const id of ids) personOf.set(id, identified ? main : id);
    if (identified) planOf.set(main, plan);
    const n = 10 + Math.floor(r() * 25);
    for (let i = 0; i < n; i++) {
      const ts = START + Math.floor(r() * ((END - START) / 1000)) * 1000;
      const properties: Record<string, any> = {};
      const browser = pick(BROWSERS);
      if (browser) properties.$browser = browser;
      if (r() < 0.8) properties.amount = Math.floor(r() * 100) + 1;
      if (r() < 0.7) properties.$session_id = `s-${p}-${Math.floor(r() * 4)}`;
      events.push({ event: pick(["$pageview", "$pageview", "purchase", "signup"]), distinct_id: pick(ids), ts, properties });
    }
    if (identified) {
      // Identify late for some persons: merges are retroactive whatever the order (S1).
      for (const anon of anons) {
        const ts = START + Math.floor(r() * ((END - START) / 1000)) * 1000;
        events.push({ event: "$identify", distinct_id: main, ts, properties: { $anon_distinct_id: anon, $set: plan ? { plan } : {} } });
      }
    }
  }
  events.sort((a, b) => a.ts - b.ts);
  return { events, personOf, planOf };
}

async function send(user: TestUser, events: Ev[]) {
  const batch: SentEvent[] = events.map((e) => ({
    event: e.event,
    distinct_id: e.distinct_id,
    timestamp: new Date(e.ts).toISOString(),
    properties: e.properties,
  }));
  for (let i = 0; i < batch.length; i += 500) {
    const response = await sendBatch(baseUrl, projectToken(user), batch.slice(i, i + 500));
    expect(response.status).toBe(200);
  }
}

// ---------------------------------------------------------------------------------------------------------
// The reference computation: plain TypeScript from docs/analytics.md (UTC project)
// ---------------------------------------------------------------------------------------------------------

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const label = (day: string) => {
  const [y, m, d] = day.split("-").map(Number);
  return `${d}-${MONTHS[m - 1]}-${y}`;
};

function bucketOf(ts: number, interval: "day" | "week" | "month"): string {
  const d = new Date(ts);
  if (interval === "day") return iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  if (interval === "week") return iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - d.getUTCDay()));
  return iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
}

function bucketsOf(from: string, to: string, interval: "day" | "week" | "month"): string[] {
  const out: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  let cur = Date.parse(`${bucketOf(Date.parse(`${from}T00:00:00Z`), interval)}T00:00:00Z`);
  while (cur <= end) {
    out.push(iso(cur));
    const d = new Date(cur);
    cur = interval === "day" ? cur + DAY : interval === "week" ? cur + 7 * DAY : Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
  return out;
}

function quantile(xs: number[], q: number): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const pos = q * (s.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}

const Q: Record<string, number> = { median: 0.5, p90: 0.9, p95: 0.95, p99: 0.99 };

/** One math over a set of events (not the active-user ones). */
function mathOf(events: Ev[], math: string, personOf: (id: string) => string, prop = "amount"): number {
  const nums = events.map((e) => e.properties[prop]).filter((v): v is number => typeof v === "number");
  if (math === "total") return events.length;
  if (math === "dau") return new Set(events.map((e) => personOf(e.distinct_id))).size;
  if (math === "unique_session") return new Set(events.map((e) => e.properties.$session_id).filter(Boolean)).size;
  if (math === "sum") return nums.reduce((a, b) => a + b, 0);
  if (math === "avg") return nums.length ? nums.reduce((a, b) => a + b, 0) / nums.length : 0;
  if (math === "min") return nums.length ? Math.min(...nums) : 0;
  if (math === "max") return nums.length ? Math.max(...nums) : 0;
  if (math in Q) return quantile(nums, Q[math]);
  if (math.endsWith("_count_per_actor")) {
    const counts = new Map<string, number>();
    for (const e of events) counts.set(personOf(e.distinct_id), (counts.get(personOf(e.distinct_id)) ?? 0) + 1);
    const cs = [...counts.values()];
    const kind = math.replace("_count_per_actor", "");
    if (!cs.length) return 0;
    if (kind === "avg") return cs.reduce((a, b) => a + b, 0) / cs.length;
    if (kind === "min") return Math.min(...cs);
    if (kind === "max") return Math.max(...cs);
    return quantile(cs, Q[kind]);
  }
  throw new Error(`reference has no math ${math}`);
}

interface RefSeries {
  event: string | null;
  math: string;
  where?: (e: Ev) => boolean;
}

function referenceSeries(
  all: Ev[],
  personOf: (id: string) => string,
  s: RefSeries,
  from: string,
  to: string,
  interval: "day" | "week" | "month",
  breakdownOf?: (e: Ev) => string,
): Map<string, number[]> {
  const fromMs = Date.parse(`${from}T00:00:00Z`);
  const toMs = Date.parse(`${to}T00:00:00Z`) + DAY; // exclusive
  const matching = all.filter((e) => (s.event === null || e.event === s.event) && (!s.where || s.where(e)));
  const buckets = bucketsOf(from, to, interval);
  const groups = new Map<string, Ev[]>();
  for (const e of matching) {
    const key = breakdownOf ? breakdownOf(e) : "";
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(e);
  }
  const out = new Map<string, number[]>();
  for (const [key, evs] of groups) {
    if (s.math === "weekly_active" || s.math === "monthly_active") {
      const n = s.math === "weekly_active" ? 7 : 30;
      out.set(
        key,
        buckets.map((day) => {
          const end = Date.parse(`${day}T00:00:00Z`) + DAY;
          const start = end - n * DAY;
          return new Set(evs.filter((e) => e.ts >= start && e.ts < end && e.ts < toMs).map((e) => personOf(e.distinct_id))).size;
        }),
      );
      continue;
    }
    const inRange = evs.filter((e) => e.ts >= fromMs && e.ts < toMs);
    out.set(
      key,
      buckets.map((b) =>
        mathOf(
          inRange.filter((e) => bucketOf(e.ts, interval) === b),
          s.math,
          personOf,
        ),
      ),
    );
  }
  return out;
}

function referenceTotal(
  all: Ev[],
  personOf: (id: string) => string,
  s: RefSeries,
  from: string,
  to: string,
  breakdownOf?: (e: Ev) => string,
) {
  const fromMs = Date.parse(`${from}T00:00:00Z`);
  const toMs = Date.parse(`${to}T00:00:00Z`) + DAY;
  const matching = all.filter(
    (e) => (s.event === null || e.event === s.event) && (!s.where || s.where(e)) && e.ts >= fromMs && e.ts < toMs,
  );
  const groups = new Map<string, Ev[]>();
  for (const e of matching) {
    const key = breakdownOf ? breakdownOf(e) : "";
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(e);
  }
  const math = s.math === "weekly_active" || s.math === "monthly_active" ? "dau" : s.math;
  return new Map([...groups].map(([k, evs]) => [k, mathOf(evs, math, personOf)]));
}

const close = (a: number[], b: number[]) => {
  expect(a).toHaveLength(b.length);
  a.forEach((v, i) => {
    expect(v).toBeCloseTo(b[i], 6);
  });
};

// ---------------------------------------------------------------------------------------------------------

describe("trends", () => {
  let user: TestUser;
  let data: ReturnType<typeof generate>;
  let personOf: (id: string) => string;
  const FROM = "2024-03-01";
  const TO = "2024-03-14";

  beforeAll(async () => {
    user = await signUp(baseUrl);
    data = generate(42);
    personOf = (id) => data.personOf.get(id) ?? id;
    await send(user, data.events);
  }, 60_000);

  const trend = (body: Record<string, unknown>) => user.session.post(`/api/projects/${user.projectId}/insights/trend/`, body);

  test("every math over generated events equals the reference (day, week, month)", async () => {
    const maths = [
      "total",
      "dau",
      "weekly_active",
      "monthly_active",
      "unique_session",
      "sum",
      "avg",
      "min",
      "max",
      "median",
      "p90",
      "p95",
      "p99",
      "avg_count_per_actor",
      "min_count_per_actor",
      "max_count_per_actor",
      "median_count_per_actor",
      "p90_count_per_actor",
    ];
    for (const interval of ["day", "week", "month"] as const) {
      const events = maths.map((math) => ({
        id: "$pageview",
        math,
        ...(math in Q || ["sum", "avg", "min", "max"].includes(math) ? { math_property: "amount" } : {}),
      }));
      const response = await trend({ events, date_from: FROM, date_to: TO, interval });
      expect(response.status, response.text).toBe(200);
      expect(response.body.result).toHaveLength(maths.length);
      // The data is not trivial, and merges matter: counting raw distinct ids would give other numbers.
      expect(response.body.result[0].count).toBeGreaterThan(50);
      const rawDau = referenceSeries(data.events, (id) => id, { event: "$pageview", math: "dau" }, FROM, TO, interval).get("")!;
      expect(response.body.result[1].data).not.toEqual(rawDau);
      maths.forEach((math, i) => {
        const item = response.body.result[i];
        if (interval !== "day" && (math === "weekly_active" || math === "monthly_active")) return; // day-based rule (S6)
        const expected = referenceSeries(data.events, personOf, { event: "$pageview", math }, FROM, TO, interval).get("") ?? [];
        expect(item.days).toEqual(bucketsOf(FROM, TO, interval));
        expect(item.labels).toEqual(bucketsOf(FROM, TO, interval).map(label));
        close(item.data, expected.length ? expected : item.days.map(() => 0));
        expect(item.count).toBeCloseTo(
          item.data.reduce((a: number, b: number) => a + b, 0),
          6,
        );
        expect(item.label).toBe("$pageview");
        expect(item.action).toMatchObject({ id: "$pageview", type: "events", math, name: "$pageview" });
      });
    }
  });

  test("breakdowns by an event and a person property, ranked and limited (S8)", async () => {
    for (const [math, breakdown, breakdown_type, limit] of [
      ["total", "$browser", "event", 3],
      ["dau", "$browser", "event", 25],
      ["sum", "$browser", "event", 2],
      ["total", "plan", "person", 25],
      ["dau", "plan", "person", 2],
    ] as const) {
      const body = {
        events: [{ id: "$pageview", math, ...(math === "sum" ? { math_property: "amount" } : {}) }],
        date_from: FROM,
        date_to: TO,
        breakdown,
        breakdown_type,
        breakdown_limit: limit,
      };
      const response = await trend(body);
      expect(response.status, response.text).toBe(200);
      const breakdownValueOf =
        breakdown_type === "event" ? (e: Ev) => e.properties.$browser ?? NULL : (e: Ev) => data.planOf.get(personOf(e.distinct_id)) ?? NULL;
      const totals = referenceTotal(data.events, personOf, { event: "$pageview", math }, FROM, TO, breakdownValueOf);
      const ranked = [...totals]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? 1 : -1))
        .slice(0, limit)
        .map(([k]) => k);
      // The values past the limit are one "other" series.
      const withOther = totals.size > limit ? [...ranked, OTHER] : ranked;
      expect(response.body.result.map((r: any) => r.breakdown_value)).toEqual(withOther);
      expect(ranked.length).toBeGreaterThan(1);
      const rankedOrOther = (e: Ev) => (ranked.includes(breakdownValueOf(e)) ? breakdownValueOf(e) : OTHER);
      const series = referenceSeries(data.events, personOf, { event: "$pageview", math }, FROM, TO, "day", rankedOrOther);
      for (const item of response.body.result) {
        close(item.data, series.get(item.breakdown_value)!);
        expect(item.label).toBe(item.breakdown_value);
      }
      if (totals.size > limit) {
        const hidden = await trend({ ...body, breakdown_hide_other_aggregation: true });
        expect(hidden.body.result.map((r: any) => r.breakdown_value)).toEqual(ranked);
      }
      if (ranked.length >= limit) expect(response.body.next).toContain(`offset=${limit}`);
      else expect(response.body.next).toBeNull();
    }
  });

  test("compare: the previous period of the same length (S7)", async () => {
    const response = await trend({
      events: [{ id: "$pageview", math: "dau" }, { id: "purchase" }],
      date_from: "2024-03-08",
      date_to: TO,
      compare: true,
    });
    expect(response.status, response.text).toBe(200);
    const r = response.body.result;
    expect(r.map((i: any) => [i.label, i.compare_label])).toEqual([
      ["$pageview", "current"],
      ["$pageview", "previous"],
      ["purchase", "current"],
      ["purchase", "previous"],
    ]);
    expect(r[1].days).toEqual(bucketsOf("2024-03-01", "2024-03-07", "day"));
    expect(r[0].labels).toEqual(["day 0", "day 1", "day 2", "day 3", "day 4", "day 5", "day 6"]);
    close(r[0].data, referenceSeries(data.events, personOf, { event: "$pageview", math: "dau" }, "2024-03-08", TO, "day").get("")!);
    close(
      r[1].data,
      referenceSeries(data.events, personOf, { event: "$pageview", math: "dau" }, "2024-03-01", "2024-03-07", "day").get("")!,
    );
    close(
      r[3].data,
      referenceSeries(data.events, personOf, { event: "purchase", math: "total" }, "2024-03-01", "2024-03-07", "day").get("")!,
    );
  });

  test("formula over series letters (S9), with and without breakdown", async () => {
    const response = await trend({
      events: [{ id: "$pageview" }, { id: "purchase", math: "dau" }, { id: "signup", math: "sum", math_property: "amount" }],
      date_from: FROM,
      date_to: TO,
      formula: "(A + C) / B",
    });
    expect(response.status, response.text).toBe(200);
    const a = referenceSeries(data.events, personOf, { event: "$pageview", math: "total" }, FROM, TO, "day").get("")!;
    const b = referenceSeries(data.events, personOf, { event: "purchase", math: "dau" }, FROM, TO, "day").get("")!;
    const c = referenceSeries(data.events, personOf, { event: "signup", math: "sum" }, FROM, TO, "day").get("") ?? a.map(() => 0);
    const expected = a.map((_, i) => {
      const v = (a[i] + c[i]) / b[i];
      return Number.isFinite(v) ? v : 0;
    });
    expect(response.body.result).toHaveLength(1);
    expect(response.body.result[0].label).toBe("Formula ((A + C) / B)");
    response.body.result[0].data.forEach((v: number, i: number) => {
      expect(Math.abs(v - expected[i])).toBeLessThanOrEqual(0.005);
    });

    const byBrowser = await trend({
      events: [{ id: "$pageview" }, { id: "purchase" }],
      date_from: FROM,
      date_to: TO,
      formula: "A - B",
      breakdown: "$browser",
    });
    expect(byBrowser.status, byBrowser.text).toBe(200);
    const breakdownValueOf = (e: Ev) => e.properties.$browser ?? NULL;
    const pa = referenceSeries(data.events, personOf, { event: "$pageview", math: "total" }, FROM, TO, "day", breakdownValueOf);
    const pb = referenceSeries(data.events, personOf, { event: "purchase", math: "total" }, FROM, TO, "day", breakdownValueOf);
    for (const item of byBrowser.body.result) {
      const x = pa.get(item.breakdown_value) ?? [];
      const y = pb.get(item.breakdown_value) ?? [];
      close(
        item.data,
        item.days.map((_: string, i: number) => (x[i] ?? 0) - (y[i] ?? 0)),
      );
    }
  });

  test("`formulas`: the series, then each formula's lines, each naming its formula; the same numbers as `formula` alone", async () => {
    const events = [{ id: "$pageview" }, { id: "purchase", math: "dau" }];
    const both = await trend({
      events,
      date_from: FROM,
      date_to: TO,
      breakdown: "$browser",
      formulas: ["B / A * 100", " A - B ", "", "A - B"],
    });
    expect(both.status, both.text).toBe(200);
    const series = await trend({ events, date_from: FROM, date_to: TO, breakdown: "$browser" });
    const ratio = await trend({ events, date_from: FROM, date_to: TO, breakdown: "$browser", formula: "B / A * 100" });
    const difference = await trend({ events, date_from: FROM, date_to: TO, breakdown: "$browser", formula: "A - B" });
    const strip = (items: any[]) =>
      items.map(({ label, breakdown_value, data, count, formula }) => ({ label, breakdown_value, data, count, formula }));
    const [seriesItems, formulaItems] = [both.body.result.filter((i: any) => !i.formula), both.body.result.filter((i: any) => i.formula)];
    // Blank and repeated formulas are left out; the series come first and keep their persons.
    expect(both.body.result.slice(0, seriesItems.length)).toEqual(seriesItems);
    expect(strip(seriesItems)).toEqual(strip(series.body.result));
    expect(seriesItems.every((i: any) => i.persons_urls?.length)).toBe(true);
    expect(strip(formulaItems)).toEqual([...strip(ratio.body.result), ...strip(difference.body.result)]);
    expect(new Set(formulaItems.map((i: any) => i.formula))).toEqual(new Set(["B / A * 100", "A - B"]));
    expect(ratio.body.result.every((i: any) => i.formula === "B / A * 100")).toBe(true);

    // A cumulative count of persons is counted at each person's first event; its formula sums the daily values.
    const cumulative = await trend({ events, date_from: FROM, date_to: TO, display: "ActionsLineGraphCumulative", formulas: ["A + B"] });
    const cumulativeAlone = await trend({ events, date_from: FROM, date_to: TO, display: "ActionsLineGraphCumulative", formula: "A + B" });
    const cumulativeSeries = await trend({ events, date_from: FROM, date_to: TO, display: "ActionsLineGraphCumulative" });
    expect(strip(cumulative.body.result)).toEqual([...strip(cumulativeSeries.body.result), ...strip(cumulativeAlone.body.result)]);

    const bad = await trend({ events, date_from: FROM, date_to: TO, formulas: ["A + C"] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ type: "validation_error", attr: "formulas" });
    const tooMany = await trend({ events, date_from: FROM, date_to: TO, formulas: Array.from({ length: 21 }, (_, i) => `A + ${i}`) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.attr).toBe("formulas");
  });

  test("aggregated displays (S10) and cumulative", async () => {
    const bold = await trend({
      events: [
        { id: "$pageview", math: "dau" },
        { id: "purchase", math: "avg", math_property: "amount" },
      ],
      date_from: FROM,
      date_to: TO,
      display: "BoldNumber",
    });
    expect(bold.status, bold.text).toBe(200);
    expect(bold.body.result[0].aggregated_value).toBe(
      referenceTotal(data.events, personOf, { event: "$pageview", math: "dau" }, FROM, TO).get(""),
    );
    expect(bold.body.result[1].aggregated_value).toBeCloseTo(
      referenceTotal(data.events, personOf, { event: "purchase", math: "avg" }, FROM, TO).get("")!,
      6,
    );
    expect(bold.body.result[0].days).toEqual(bucketsOf(FROM, TO, "day"));

    const pie = await trend({ events: [{ id: "$pageview" }], date_from: FROM, date_to: TO, display: "ActionsPie", breakdown: "$browser" });
    const totals = referenceTotal(
      data.events,
      personOf,
      { event: "$pageview", math: "total" },
      FROM,
      TO,
      (e) => e.properties.$browser ?? NULL,
    );
    for (const item of pie.body.result) expect(item.aggregated_value).toBe(totals.get(item.breakdown_value));

    const cumulative = await trend({
      events: [{ id: "$pageview" }, { id: "$pageview", math: "dau" }],
      date_from: FROM,
      date_to: TO,
      display: "ActionsLineGraphCumulative",
    });
    const daily = referenceSeries(data.events, personOf, { event: "$pageview", math: "total" }, FROM, TO, "day").get("")!;
    close(
      cumulative.body.result[0].data,
      daily.map((_, i) => daily.slice(0, i + 1).reduce((a, b) => a + b, 0)),
    );
    // Persons accumulate once each, at their first event.
    const fromMs = Date.parse(`${FROM}T00:00:00Z`);
    const pv = data.events.filter((e) => e.event === "$pageview" && e.ts >= fromMs && e.ts < Date.parse(`${TO}T00:00:00Z`) + DAY);
    const expected = bucketsOf(FROM, TO, "day").map(
      (day) => new Set(pv.filter((e) => iso(e.ts) <= day).map((e) => personOf(e.distinct_id))).size,
    );
    close(cumulative.body.result[1].data, expected);
  });

  test("global and per-series properties, flat and AND/OR groups, event and person", async () => {
    const cases: { properties: unknown; where: (e: Ev) => boolean }[] = [
      {
        properties: [{ key: "$browser", value: "Chrome", operator: "exact", type: "event" }],
        where: (e) => e.properties.$browser === "Chrome",
      },
      {
        properties: [{ key: "$browser", value: ["Chrome", "Safari"], operator: "is_not" }],
        where: (e) => !["Chrome", "Safari"].includes(e.properties.$browser),
      },
      { properties: [{ key: "$browser", value: "FI", operator: "icontains" }], where: (e) => /fi/i.test(e.properties.$browser ?? "") },
      {
        properties: [{ key: "$browser", value: "^(C|E)", operator: "not_regex" }],
        where: (e) => !/^(C|E)/.test(e.properties.$browser ?? ""),
      },
      {
        properties: [{ key: "amount", value: 50, operator: "gt" }],
        where: (e) => typeof e.properties.amount === "number" && e.properties.amount > 50,
      },
      {
        properties: [
          { key: "amount", value: 20, operator: "lte" },
          { key: "$browser", operator: "is_set" },
        ],
        where: (e) => e.properties.amount <= 20 && e.properties.$browser !== undefined,
      },
      { properties: [{ key: "amount", operator: "is_not_set" }], where: (e) => e.properties.amount === undefined },
      { properties: [{ key: "plan", value: "pro", type: "person" }], where: (e) => data.planOf.get(personOf(e.distinct_id)) === "pro" },
      {
        properties: {
          type: "OR",
          values: [
            {
              type: "AND",
              values: [
                { key: "plan", value: "team", operator: "exact", type: "person" },
                { key: "$browser", value: "Safari", operator: "exact", type: "event" },
              ],
            },
            { type: "AND", values: [{ key: "amount", value: 90, operator: "gte", type: "event" }] },
          ],
        },
        where: (e) =>
          (data.planOf.get(personOf(e.distinct_id)) === "team" && e.properties.$browser === "Safari") || e.properties.amount >= 90,
      },
    ];
    for (const { properties, where } of cases) {
      expect(data.events.filter((e) => e.event === "$pageview" && where(e)).length).toBeGreaterThan(0);
      const global = await trend({ events: [{ id: "$pageview", math: "dau" }], date_from: FROM, date_to: TO, properties });
      expect(global.status, global.text).toBe(200);
      close(
        global.body.result[0].data,
        referenceSeries(data.events, personOf, { event: "$pageview", math: "dau", where }, FROM, TO, "day").get("") ?? Array(14).fill(0),
      );
      const own = await trend({ events: [{ id: "purchase", properties }], date_from: FROM, date_to: TO });
      close(
        own.body.result[0].data,
        referenceSeries(data.events, personOf, { event: "purchase", math: "total", where }, FROM, TO, "day").get("") ?? Array(14).fill(0),
      );
    }
  });

  test("GET takes the filter as query parameters", async () => {
    const q = new URLSearchParams({ events: JSON.stringify([{ id: "$pageview" }]), date_from: FROM, date_to: TO, interval: "week" });
    const response = await user.session.get(`/api/projects/${user.projectId}/insights/trend/?${q}`);
    expect(response.status, response.text).toBe(200);
    close(
      response.body.result[0].data,
      referenceSeries(data.events, personOf, { event: "$pageview", math: "total" }, FROM, TO, "week").get("")!,
    );
    expect(response.body).toMatchObject({ timezone: "UTC", next: null, is_cached: expect.any(Boolean) });
  });

  test("results are cached until refresh=true; several series with a breakdown label each by name", async () => {
    const body = {
      events: [{ id: "$pageview" }, { id: "purchase" }],
      date_from: "2024-03-02",
      date_to: "2024-03-09",
      breakdown: "$browser",
    };
    const first = await trend(body);
    expect(first.body.is_cached).toBe(false);
    const second = await trend(body);
    expect(second.body).toMatchObject({ is_cached: true, result: first.body.result });
    const refreshed = await user.session.post(`/api/projects/${user.projectId}/insights/trend/?refresh=true`, body);
    expect(refreshed.body.is_cached).toBe(false);
    for (const item of first.body.result) expect(item.label).toBe(`${item.action.id} - ${item.breakdown_value}`);
  });
});

describe("trends: hand-computed cases", () => {
  test("small counts, merges, weekly_active look-back, hours, relative dates, timezone", async () => {
    const user = await signUp(baseUrl);
    const t = (s: string) => Date.parse(s);
    await send(user, [
      { event: "view", distinct_id: "anon", ts: t("2024-02-27T10:00:00Z"), properties: {} },
      { event: "view", distinct_id: "anon", ts: t("2024-03-03T10:00:00Z"), properties: { amount: 5 } },
      { event: "view", distinct_id: "alice", ts: t("2024-03-03T23:30:00Z"), properties: { amount: 7 } },
      { event: "$identify", distinct_id: "alice", ts: t("2024-03-04T08:00:00Z"), properties: { $anon_distinct_id: "anon" } },
      { event: "view", distinct_id: "bob", ts: t("2024-03-04T09:15:00Z"), properties: {} },
    ]);
    const trend = (body: Record<string, unknown>) => user.session.post(`/api/projects/${user.projectId}/insights/trend/`, body);
    const r = await trend({
      events: [
        { id: "view" },
        { id: "view", math: "dau" },
        { id: "view", math: "weekly_active" },
        { id: "view", math: "sum", math_property: "amount" },
      ],
      date_from: "2024-03-02",
      date_to: "2024-03-05",
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.result.map((i: any) => i.data)).toEqual([
      [0, 2, 1, 0],
      [0, 1, 1, 0], // anon + alice are one person
      [1, 1, 2, 2], // the 27 Feb event counts on 2 Mar (look-back)
      [0, 12, 0, 0],
    ]);
    expect(r.body.result[0]).toMatchObject({
      count: 3,
      days: ["2024-03-02", "2024-03-03", "2024-03-04", "2024-03-05"],
      labels: ["2-Mar-2024", "3-Mar-2024", "4-Mar-2024", "5-Mar-2024"],
    });

    const hourly = await trend({
      events: [{ id: "view" }],
      date_from: "2024-03-04T08:00:00Z",
      date_to: "2024-03-04T10:00:00Z",
      interval: "hour",
    });
    expect(hourly.body.result[0].days).toEqual(["2024-03-04 08:00:00", "2024-03-04 09:00:00", "2024-03-04 10:00:00"]);
    expect(hourly.body.result[0].labels).toEqual(["4-Mar-2024 08:00", "4-Mar-2024 09:00", "4-Mar-2024 10:00"]);
    expect(hourly.body.result[0].data).toEqual([0, 1, 0]);

    const relative = await trend({ events: [{ id: "view" }], date_from: "-7d" });
    expect(relative.body.result[0].data).toHaveLength(8);
    expect(relative.body.result[0].days.at(-1)).toBe(new Date().toISOString().slice(0, 10));
    const all = await trend({ events: [{ id: "view" }], date_from: "all", interval: "month" });
    expect(all.body.result[0].days[0]).toBe("2024-02-01");
    expect(all.body.result[0].data.slice(0, 2)).toEqual([1, 3]);

    // In New York, alice's 23:30 UTC view of 3 March is on 3 March 18:30, bob's is 4 March 04:15.
    const patched = await user.session.patch(`/api/projects/${user.projectId}/`, { timezone: "America/New_York" });
    expect(patched.status, patched.text).toBe(200);
    const ny = await trend({ events: [{ id: "view" }], date_from: "2024-03-03", date_to: "2024-03-04" });
    expect(ny.body.timezone).toBe("America/New_York");
    expect(ny.body.result[0].data).toEqual([2, 1]);
  });
});

describe("trends: access and bad input", () => {
  test("scopes, no key, other projects", async () => {
    const owner = await signUp(baseUrl);
    const other = await signUp(baseUrl);
    const path = `/api/projects/${owner.projectId}/insights/trend/`;
    const body = { events: [{ id: "x" }], date_from: "2024-03-01", date_to: "2024-03-02" };
    const reader = await owner.key(["insight:read"]);
    expect((await reader.post(path, body)).status).toBe(200);
    expect((await reader.get(`${path}?date_from=2024-03-01`)).status).toBe(200);
    const wrong = await owner.key(["query:read"]);
    const denied = await wrong.post(path, body);
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toBe("API key missing required scope 'insight:read'");
    const anonymous = owner.session.as({});
    expect((await anonymous.post(path, body)).status).toBe(401);
    const outsider = await other.session.post(path, body);
    expect(outsider.status).toBe(403);
    expect(outsider.body.detail).toBe("You don't have access to the project.");
    expect((await owner.session.post(`/api/projects/99999999/insights/trend/`, body)).status).toBe(404);
  });

  test("PostHog's 400s", async () => {
    const user = await signUp(baseUrl);
    const path = `/api/projects/${user.projectId}/insights/trend/`;
    const bad = async (body: Record<string, unknown>, attr: string | null) => {
      const r = await user.session.post(path, { date_from: "2024-03-01", date_to: "2024-03-02", ...body });
      expect(r.status, r.text).toBe(400);
      expect(r.body).toMatchObject({ type: "validation_error", attr });
    };
    await bad({ events: [{ id: "x", math: "bogus" }] }, "math");
    await bad({ events: [{ id: "x", math: "sum" }] }, "math_property");
    await bad({ events: [{ id: "x" }, { id: "y" }], formula: "A + C" }, "formula");
    await bad({ events: [{ id: "x" }], formula: "A +" }, "formula");
    await bad({ events: [{ id: "x" }], interval: "fortnight" }, "interval");
    await bad({ events: [{ id: "x" }], date_from: "not-a-date" }, "date_from");
    await bad({ events: [{ id: "x" }], date_to: "2024-13-45" }, "date_to");
    await bad({ events: [{ id: "x" }], properties: [{ key: "a", value: "b", operator: "nope" }] }, expect.any(String) as any);
  });
});
