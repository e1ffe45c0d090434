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
const NONE = "$$_posthog_breakdown_null_$$";

// ---------- Generated events: plans (sometimes missing), prices (sometimes not numbers), person tiers, sessions, clicks ----------

/** An autocaptured element as the test knows it; its chain text is built from it as posthog-js writes it. */
interface TestElement {
  tag: string;
  classes: string[];
  text?: string;
  href?: string;
  id?: string;
}

const CLICKS: TestElement[][] = [
  [
    { tag: "a", classes: ["btn"], text: "Sign up", href: "/signup" },
    { tag: "div", classes: ["hero"], id: "top" },
  ],
  [
    { tag: "button", classes: ["cta"], text: 'Buy "now"' },
    { tag: "form", classes: [] },
    { tag: "body", classes: [] },
  ],
  [
    { tag: "span", classes: [], text: "Sign UP today" },
    { tag: "a", classes: ["nav"], href: "/SIGNUP/now" },
    { tag: "nav", classes: [] },
  ],
  [
    { tag: "button", classes: ["cta", "small"], text: "Buy" },
    { tag: "div", classes: ["hero"], id: "bottom" },
  ],
];

const quoted = (value: string) => value.replace(/"/g, '\\"');
function chainOf(elements: TestElement[]): string {
  return elements
    .map((el, i) => {
      const attributes: Record<string, string> = { "nth-child": String(i + 1), "nth-of-type": "1" };
      if (el.text) attributes.text = el.text;
      if (el.href) Object.assign(attributes, { href: el.href, attr__href: el.href });
      if (el.id) Object.assign(attributes, { attr_id: el.id, attr__id: el.id });
      const pairs = Object.keys(attributes)
        .sort()
        .map((k) => `${k}="${quoted(attributes[k])}"`)
        .join("");
      return `${el.tag}${[...el.classes]
        .sort()
        .map((c) => `.${c}`)
        .join("")}:${pairs}`;
    })
    .join(";");
}

interface Generated extends SentEvent {
  clicked?: TestElement[];
}

const TIERS: Record<string, string | undefined> = {};

function generate(seed: number): Generated[] {
  const random = mulberry32(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
  const events: Generated[] = [];
  for (let p = 0; p < 16; p++) TIERS[`user-${p}`] = pick(["gold", "silver", undefined]);
  for (let i = 0; i < 260; i++) {
    const person = `user-${Math.floor(random() * 16)}`;
    // A day before the range to one after it.
    const t = FROM - DAY + Math.floor(random() * 9 * DAY);
    const event = pick(["$pageview", "$pageview", "purchase", "$autocapture"]);
    const properties: Record<string, unknown> = {};
    const plan = pick(["pro", "free", "Pro", undefined]);
    if (plan !== undefined) properties.plan = plan;
    const price = pick([3, 7.5, 12, "n/a", undefined]);
    if (price !== undefined) properties.price = price;
    if (random() < 0.7) properties.$session_id = `0190bbbb-0000-7000-8000-${String(Math.floor(random() * 40)).padStart(12, "0")}`;
    const tier = TIERS[person];
    if (tier) properties.$set = { tier };
    const generated: Generated = { event, distinct_id: person, timestamp: new Date(t).toISOString(), properties };
    if (event === "$autocapture" && random() < 0.85) {
      generated.clicked = pick(CLICKS);
      properties.$elements_chain = chainOf(generated.clicked);
    }
    events.push(generated);
  }
  return events;
}

// ---------- Reference computation (G25–G29), in plain TypeScript ----------

const time = (e: SentEvent) => Date.parse(e.timestamp!);
const inRange = (e: SentEvent) => time(e) >= FROM && time(e) <= TO;
const dayOf = (ms: number) => ms - (ms % DAY);
const prop = (e: SentEvent, key: string) => e.properties?.[key];
const plan = (e: SentEvent) => prop(e, "plan") as string | undefined;
/** HogQL's toFloat: the number a property's text reads as, else null. */
const toFloat = (e: SentEvent, key: string): number | null => {
  const v = prop(e, key);
  if (v === undefined || v === null) return null;
  const n = Number(v);
  return Number.isFinite(n) && String(v).trim() !== "" ? n : null;
};

function perDay(
  events: SentEvent[],
  where: (e: SentEvent) => boolean,
  aggregate: (xs: SentEvent[]) => number = (xs) => xs.length,
): number[] {
  return DAYS.map((d) => aggregate(events.filter((e) => inRange(e) && dayOf(time(e)) === d && where(e))));
}

function expectClose(actual: number[], expected: number[]) {
  expect(actual).toHaveLength(expected.length);
  for (const [i, v] of actual.entries()) expect(v, `point ${i}: ${actual} vs ${expected}`).toBeCloseTo(expected[i], 6);
}

/** The durations of sessions (seconds between first and last event, all events). */
function durationsOf(events: SentEvent[]): Map<string, number> {
  const bounds = new Map<string, [number, number]>();
  for (const e of events) {
    const sid = prop(e, "$session_id") as string | undefined;
    if (!sid) continue;
    const [lo, hi] = bounds.get(sid) ?? [Infinity, -Infinity];
    bounds.set(sid, [Math.min(lo, time(e)), Math.max(hi, time(e))]);
  }
  return new Map([...bounds].map(([sid, [lo, hi]]) => [sid, Math.floor(hi / 1000) - Math.floor(lo / 1000)]));
}

/** Persons per breakdown value of a one-step funnel: each person under its first step event's value ('' none). */
function funnelPersonsByValue(events: SentEvent[], step: string, valueIn: (e: SentEvent) => string): Map<string, number> {
  const first = new Map<string, SentEvent>();
  const sorted = events.filter((e) => inRange(e) && e.event === step).sort((a, b) => time(a) - time(b));
  const seen = new Set<string>();
  for (const e of sorted) {
    seen.add(e.distinct_id);
    if (!first.has(e.distinct_id) && valueIn(e) !== "") first.set(e.distinct_id, e);
  }
  const counts = new Map<string, number>();
  for (const person of seen) {
    const value = first.has(person) ? valueIn(first.get(person)!) : "";
    counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return counts;
}

/** G29 on the elements themselves (not on the chain text). */
const ELEMENT_MATCH: Record<string, (el: TestElement, key: "text" | "href", value: string) => boolean> = {
  exact: (el, key, value) => el[key] === value,
  icontains: (el, key, value) => (el[key] ?? "").toLowerCase().includes(value.toLowerCase()) && el[key] !== undefined,
  regex: (el, key, value) => el[key] !== undefined && new RegExp(`^(?:${value})$`).test(el[key]!),
};

function elementFilter(e: Generated, key: string, operator: string, values: string[]): boolean {
  const elements = e.clicked ?? [];
  const one = (value: string) => {
    if (key === "tag_name") return elements.some((el) => el.tag === value);
    return elements.some((el) => ELEMENT_MATCH[operator === "is_not" ? "exact" : operator](el, key as "text" | "href", value));
  };
  return operator === "is_not" ? !values.some(one) : values.some(one);
}

describe("HogQL expressions and element filters in analyses, against the reference computation", () => {
  let user: TestUser;
  let other: TestUser;
  let events: Generated[];
  const post = (body: Record<string, unknown>, path = "trend", as = user) =>
    as.session.post(`/api/projects/${as.projectId}/insights/${path}/`, body);
  const pageviews = (e: SentEvent) => e.event === "$pageview";
  const byValue = (result: any[]) => new Map<string, number[]>(result.map((item) => [String(item.breakdown_value), item.data]));

  beforeAll(async () => {
    [user, other] = await Promise.all([signUp(baseUrl), signUp(baseUrl)]);
    events = generate(2525);
    // Another project's events, with values no expression here may ever see.
    const intruders = DAYS.map((d) => ({
      event: "$pageview",
      distinct_id: "user-1",
      timestamp: new Date(d + 3_600_000).toISOString(),
      properties: { plan: "secret", price: 1e6 },
    }));
    await Promise.all([sendEvents(baseUrl, user, events), sendEvents(baseUrl, other, intruders)]);
  }, 60_000);

  test("the generated data has what the rules are about", () => {
    const ranged = events.filter(inRange);
    expect(ranged.filter((e) => plan(e) === undefined).length).toBeGreaterThan(10);
    expect(ranged.filter((e) => prop(e, "price") === "n/a").length).toBeGreaterThan(5);
    expect(Object.values(TIERS).filter((t) => t === undefined).length).toBeGreaterThan(0);
    expect(ranged.filter((e) => (e as Generated).clicked).length).toBeGreaterThan(15);
  });

  describe("G25 breakdown by an expression", () => {
    test("an event property: one series per value, the missing ones under none", async () => {
      const response = await post({ ...RANGE, events: [{ id: "$pageview" }], breakdown_type: "hogql", breakdown: "properties.plan" });
      expect(response.status, response.text).toBe(200);
      const got = byValue(response.body.result);
      for (const value of ["pro", "free", "Pro"])
        expect(got.get(value), value).toEqual(perDay(events, (e) => pageviews(e) && plan(e) === value));
      expect(got.get(NONE)).toEqual(perDay(events, (e) => pageviews(e) && plan(e) === undefined));
    });

    test("the person's current property, and a computed value", async () => {
      const tiers = await post({ ...RANGE, events: [{ id: null }], breakdown_type: "hogql", breakdown: "person.properties.tier" });
      expect(tiers.status, tiers.text).toBe(200);
      const got = byValue(tiers.body.result);
      for (const tier of ["gold", "silver"]) expect(got.get(tier)).toEqual(perDay(events, (e) => TIERS[e.distinct_id] === tier));
      expect(got.get(NONE)).toEqual(perDay(events, (e) => TIERS[e.distinct_id] === undefined));

      const computed = await post({
        ...RANGE,
        events: [{ id: "purchase" }],
        breakdown_type: "hogql",
        breakdown: "concat(lower(properties.plan), '/', event)",
      });
      expect(computed.status, computed.text).toBe(200);
      const byConcat = byValue(computed.body.result);
      // concat with a NULL argument is NULL: none.
      expect(byConcat.get("pro/purchase")).toEqual(
        perDay(events, (e) => e.event === "purchase" && (plan(e) ?? "").toLowerCase() === "pro"),
      );
      expect(byConcat.get(NONE)).toEqual(perDay(events, (e) => e.event === "purchase" && plan(e) === undefined));
    });
  });

  describe("G26 math_hogql", () => {
    const mathCases: [string, (xs: SentEvent[]) => number][] = [
      ["count()", (xs) => xs.length],
      ["sum(toFloat(properties.price))", (xs) => xs.reduce((a, e) => a + (toFloat(e, "price") ?? 0), 0)],
      [
        "avg(toFloat(properties.price))",
        (xs) => {
          const values = xs.map((e) => toFloat(e, "price")).filter((v): v is number => v !== null);
          return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
        },
      ],
      ["count(distinct person_id)", (xs) => new Set(xs.map((e) => e.distinct_id)).size],
      [
        "countIf(properties.plan = 'pro') * 10 + max(toFloat(properties.price))",
        (xs) => xs.filter((e) => plan(e) === "pro").length * 10 + Math.max(0, ...xs.map((e) => toFloat(e, "price") ?? -Infinity)),
      ],
    ];
    test.each(mathCases)("%s per day", async (expression, aggregate) => {
      const response = await post({ ...RANGE, events: [{ id: "$pageview", math: "hogql", math_hogql: expression }] });
      expect(response.status, response.text).toBe(200);
      const expected = perDay(events, pageviews, aggregate);
      expectClose(response.body.result[0].data, expected);
      expect(expected.some((v) => v > 0)).toBe(true);
    });

    test("a point's persons URL keeps the expression: who had the day's pageviews", async () => {
      const response = await post({ ...RANGE, events: [{ id: "$pageview", math: "hogql", math_hogql: "count()" }] });
      const urls = response.body.result[0].persons_urls as { url: string }[];
      const day = response.body.result[0].data.findIndex((v: number) => v > 0);
      const listed = await user.session.get(`/${urls[day].url}&limit=500`);
      expect(listed.status, listed.text).toBe(200);
      const expected = perDay(events, pageviews, (xs) => new Set(xs.map((e) => e.distinct_id)).size)[day];
      expect(listed.body.results[0].people).toHaveLength(expected);
    });

    test("an empty bucket is 0, and a breakdown splits the aggregate", async () => {
      const empty = await post({
        date_from: "2024-02-01",
        date_to: "2024-02-03",
        events: [{ id: "$pageview", math: "hogql", math_hogql: "avg(toFloat(properties.price))" }],
      });
      expect(empty.status, empty.text).toBe(200);
      expect(empty.body.result[0].data).toEqual([0, 0, 0]);
      const split = await post({
        ...RANGE,
        breakdown_type: "hogql",
        breakdown: "properties.plan",
        events: [{ id: null, math: "hogql", math_hogql: "sum(toFloat(properties.price))" }],
      });
      expect(split.status, split.text).toBe(200);
      const sum = (xs: SentEvent[]) => xs.reduce((a, e) => a + (toFloat(e, "price") ?? 0), 0);
      expectClose(
        byValue(split.body.result).get("free")!,
        perDay(events, (e) => plan(e) === "free", sum),
      );
    });
  });

  describe("G27 hogql property filters and their NULL rules", () => {
    const filterCases: [string, (e: SentEvent) => boolean][] = [
      ["properties.plan = 'pro'", (e) => plan(e) === "pro"],
      ["properties.plan != 'pro'", (e) => plan(e) !== "pro"],
      ["toFloat(properties.price) > 5", (e) => (toFloat(e, "price") ?? -Infinity) > 5],
      ["toFloat(properties.price) <= 7.5", (e) => toFloat(e, "price") !== null && toFloat(e, "price")! <= 7.5],
      ["properties.plan like 'P%'", (e) => plan(e)?.startsWith("P") === true],
      ["properties.plan not like 'p%'", (e) => plan(e)?.startsWith("p") !== true],
      ["properties.plan ilike 'P%'", (e) => plan(e)?.toLowerCase().startsWith("p") === true],
      ["person.properties.tier = 'gold'", (e) => TIERS[e.distinct_id] === "gold"],
      ["person.properties.tier != 'gold' and event = '$pageview'", (e) => TIERS[e.distinct_id] !== "gold" && pageviews(e)],
      ["properties.plan = 'secret'", () => false],
    ];
    test.each(filterCases)("global %s", async (key, where) => {
      const response = await post({ ...RANGE, events: [{ id: null }], properties: [{ type: "hogql", key }] });
      expect(response.status, response.text).toBe(200);
      expect(response.body.result[0].data).toEqual(perDay(events, where));
    });

    test("on a series and ANDed with the global ones", async () => {
      const response = await post({
        ...RANGE,
        properties: [{ type: "hogql", key: "properties.plan != 'free'" }],
        events: [
          { id: "$pageview", order: 0, properties: [{ type: "hogql", key: "toFloat(properties.price) > 5" }] },
          { id: "$pageview", order: 1, properties: [{ type: "hogql", key: "person.properties.tier = 'silver'" }] },
        ],
      });
      expect(response.status, response.text).toBe(200);
      const notFree = (e: SentEvent) => pageviews(e) && plan(e) !== "free";
      expect(response.body.result[0].data).toEqual(perDay(events, (e) => notFree(e) && (toFloat(e, "price") ?? 0) > 5));
      expect(response.body.result[1].data).toEqual(perDay(events, (e) => notFree(e) && TIERS[e.distinct_id] === "silver"));
    });

    test("on a funnel step, and a funnel broken down by an expression", async () => {
      const step = await post(
        {
          ...RANGE,
          insight: "FUNNELS",
          events: [{ id: "$pageview", order: 0, properties: [{ type: "hogql", key: "properties.plan = 'pro'" }] }],
        },
        "funnel",
      );
      expect(step.status, step.text).toBe(200);
      const persons = new Set(events.filter((e) => inRange(e) && pageviews(e) && plan(e) === "pro").map((e) => e.distinct_id));
      expect(step.body.result[0].count).toBe(persons.size);

      const split = await post(
        { ...RANGE, insight: "FUNNELS", events: [{ id: "purchase", order: 0 }], breakdown_type: "hogql", breakdown: "properties.plan" },
        "funnel",
      );
      expect(split.status, split.text).toBe(200);
      const got = new Map<string, number>(split.body.result.map((steps: any[]) => [String(steps[0].breakdown_value), steps[0].count]));
      const expected = funnelPersonsByValue(events, "purchase", (e) => plan(e) ?? "");
      expect(Object.fromEntries(got)).toEqual(Object.fromEntries(expected));
    });

    test("a funnel broken down by $session_duration: each person under its first session's duration", async () => {
      const durations = durationsOf(events);
      const response = await post(
        {
          ...RANGE,
          insight: "FUNNELS",
          events: [{ id: "purchase", order: 0 }],
          breakdown_type: "session",
          breakdown: "$session_duration",
          breakdown_limit: 100,
        },
        "funnel",
      );
      expect(response.status, response.text).toBe(200);
      const got = new Map<string, number>(response.body.result.map((steps: any[]) => [String(steps[0].breakdown_value), steps[0].count]));
      const expected = funnelPersonsByValue(events, "purchase", (e) => {
        const sid = prop(e, "$session_id") as string | undefined;
        return sid ? String(durations.get(sid)) : "";
      });
      expect(Object.fromEntries(got)).toEqual(Object.fromEntries(expected));
      expect(expected.size).toBeGreaterThan(3);
    });

    test("retention, paths, stickiness and lifecycle accept hogql filters", async () => {
      const never = [{ type: "hogql", key: "properties.plan = 'secret'" }];
      const always = [{ type: "hogql", key: "1 = 1" }];
      const retention = (properties: unknown) =>
        post({ date_to: "2024-03-07", total_intervals: 3, target_entity: { id: "$pageview", type: "events" }, properties }, "retention");
      const [none, all, plain] = await Promise.all([retention(never), retention(always), retention([])]);
      expect(none.status, none.text).toBe(200);
      expect(none.body.result.every((row: any) => row.values.every((v: any) => v.count === 0))).toBe(true);
      const counts = (result: any[]) => result.map((row) => row.values.map((v: any) => v.count));
      expect(counts(all.body.result)).toEqual(counts(plain.body.result));
      expect(
        counts(plain.body.result)
          .flat()
          .some((n: number) => n > 0),
      ).toBe(true);
      const paths = await post({ ...RANGE, include_event_types: ["$pageview"], properties: never }, "path");
      expect(paths.status, paths.text).toBe(200);
      expect(paths.body.result).toEqual([]);
      for (const shown_as of ["Stickiness", "Lifecycle"]) {
        const response = await post({ ...RANGE, shown_as, events: [{ id: "$pageview" }], properties: never });
        expect(response.status, `${shown_as}: ${response.text}`).toBe(200);
        expect(response.body.result.every((item: any) => item.data.every((v: number) => v === 0))).toBe(true);
      }
    });
  });

  describe("G29 element filters", () => {
    const elementCases: [string, string, string | string[]][] = [
      ["text", "exact", "Sign up"],
      ["text", "exact", 'Buy "now"'],
      ["text", "exact", ["Sign up", "Buy"]],
      ["text", "is_not", "Sign up"],
      ["text", "is_not", ["Sign up", "Buy"]],
      ["text", "icontains", "sign up"],
      ["text", "regex", "Sign.*"],
      ["text", "regex", "Sign"],
      ["href", "exact", "/signup"],
      ["href", "icontains", "signup"],
      ["href", "regex", "/[A-Z]+/.*"],
      ["href", "is_not", "/signup"],
      ["tag_name", "exact", "button"],
      ["tag_name", "exact", ["nav", "form"]],
      ["tag_name", "is_not", "div"],
    ];
    test.each(elementCases)("%s %s %j", async (key, operator, value) => {
      const response = await post({ ...RANGE, events: [{ id: "$autocapture" }], properties: [{ type: "element", key, operator, value }] });
      expect(response.status, response.text).toBe(200);
      const values = Array.isArray(value) ? value : [value];
      expect(response.body.result[0].data).toEqual(
        perDay(events, (e) => e.event === "$autocapture" && elementFilter(e as Generated, key, operator, values)),
      );
    });

    test.each([
      ["div.hero > a.btn", (els: TestElement[]) => els[0].tag === "a" && els[1]?.id === "top"],
      ["div#bottom button.cta", (els: TestElement[]) => els.some((el) => el.id === "bottom")],
      ["body button", (els: TestElement[]) => els.some((el) => el.tag === "body")],
    ])("selector %s, and is_not", async (selector, matches) => {
      const response = await post({
        ...RANGE,
        events: [
          { id: "$autocapture", order: 0, properties: [{ type: "element", key: "selector", operator: "exact", value: selector }] },
          { id: "$autocapture", order: 1, properties: [{ type: "element", key: "selector", operator: "is_not", value: selector }] },
        ],
      });
      expect(response.status, response.text).toBe(200);
      const clicked = (e: SentEvent) => e.event === "$autocapture";
      const hit = (e: SentEvent) => (e as Generated).clicked !== undefined && matches((e as Generated).clicked!);
      expect(response.body.result[0].data).toEqual(perDay(events, (e) => clicked(e) && hit(e)));
      expect(response.body.result[1].data).toEqual(perDay(events, (e) => clicked(e) && !hit(e)));
    });
  });

  test("a point of a trend broken down by an expression lists the persons of its value", async () => {
    const trend = await post({
      ...RANGE,
      events: [{ id: "$pageview", math: "dau" }],
      breakdown_type: "hogql",
      breakdown: "properties.plan",
      properties: [{ type: "hogql", key: "event != 'x'" }],
    });
    expect(trend.status, trend.text).toBe(200);
    const item = trend.body.result.find((i: any) => i.breakdown_value === "pro");
    const day = item.data.findIndex((v: number) => v > 0);
    const people = await user.session.get(`/${item.persons_urls[day].url}`);
    expect(people.status, people.text).toBe(200);
    const expected = new Set(
      events.filter((e) => inRange(e) && pageviews(e) && plan(e) === "pro" && dayOf(time(e)) === DAYS[day]).map((e) => e.distinct_id),
    );
    expect(people.body.results[0].people.flatMap((p: any) => p.distinct_ids).sort()).toEqual([...expected].sort());
    const typeError = await user.session.get(
      `/api/projects/${user.projectId}/persons/trends/?${new URLSearchParams({ ...RANGE, entity_id: "$pageview", entity_type: "events", properties: JSON.stringify([{ type: "hogql", key: "properties.plan" }]) })}`,
    );
    expect(typeError.status, typeError.text).toBe(400);
    expect(typeError.body.attr).toBe("properties");
  });

  test("HogQL queries: the event's session id and duration, and the person's current properties", async () => {
    const durations = durationsOf(events);
    const query = `select distinct_id, session.session_id, session.$session_duration, person.properties.tier from events
      where event = 'purchase' and timestamp >= '2024-03-01' and timestamp < '2024-03-08' order by timestamp, distinct_id`;
    const response = await user.session.post(`/api/projects/${user.projectId}/query/`, {
      query: { kind: "HogQLQuery", query, limit: 1000 },
      refresh: "force_blocking",
    });
    expect(response.status, response.text).toBe(200);
    const expected = events
      .filter((e) => inRange(e) && e.event === "purchase")
      .sort((a, b) => time(a) - time(b) || (a.distinct_id < b.distinct_id ? -1 : 1))
      .map((e) => {
        const sid = (prop(e, "$session_id") as string | undefined) ?? null;
        return [e.distinct_id, sid, sid ? durations.get(sid) : null, TIERS[e.distinct_id] ?? null];
      });
    // Events at the same instant may come in either order: compare as sorted rows.
    const sorted = (rows: unknown[][]) => rows.map((row) => JSON.stringify(row)).sort();
    expect(sorted(response.body.results)).toEqual(sorted(expected));
  });

  describe("hostile expressions: a 400 naming the field, never a 500 nor another project's rows", () => {
    const refusals: [string, Record<string, unknown>, string][] = [
      ["a subquery in a breakdown", { breakdown_type: "hogql", breakdown: "event IN (SELECT event FROM events)" }, "breakdown"],
      ["a scalar subquery in a filter", { properties: [{ type: "hogql", key: "(SELECT count() FROM events) > 0" }] }, "properties"],
      ["SELECT as a filter", { properties: [{ type: "hogql", key: "SELECT 1" }] }, "properties"],
      ["file()", { properties: [{ type: "hogql", key: "file('/etc/passwd') != ''" }] }, "properties"],
      ["url()", { breakdown_type: "hogql", breakdown: "url('http://127.0.0.1:8123/?query=SELECT+1', 'CSV')" }, "breakdown"],
      ["remote()", { properties: [{ type: "hogql", key: "remote('127.0.0.1', 'default', 'events') = 1" }] }, "properties"],
      ["cluster()", { properties: [{ type: "hogql", key: "cluster('default', 'events') = 1" }] }, "properties"],
      ["a table", { properties: [{ type: "hogql", key: "system.tables.name = 'events'" }] }, "properties"],
      ["a second statement after a comment", { properties: [{ type: "hogql", key: "1 = 1 /* x */; DROP TABLE events" }] }, "properties"],
      ["a fullwidth letter", { properties: [{ type: "hogql", key: "ｅvent = '$pageview'" }] }, "properties"],
      ["a right-to-left override", { properties: [{ type: "hogql", key: "event\u202e = 'x'" }] }, "properties"],
      ["huge nesting", { properties: [{ type: "hogql", key: `${"lower(".repeat(300)}event${")".repeat(300)} = 'a'` }] }, "properties"],
      ["a huge expression", { properties: [{ type: "hogql", key: `event = '${"x".repeat(5_000)}'` }] }, "properties"],
      ["an aggregate in a filter", { properties: [{ type: "hogql", key: "count() > 1" }] }, "properties"],
      ["an aggregate in a breakdown", { breakdown_type: "hogql", breakdown: "max(timestamp)" }, "breakdown"],
      ["a non-aggregate math_hogql", { events: [{ id: "$pageview", math: "hogql", math_hogql: "properties.price" }] }, "math_hogql"],
      ["a nested aggregate", { events: [{ id: "$pageview", math: "hogql", math_hogql: "sum(count())" }] }, "math_hogql"],
      ["a missing math_hogql", { events: [{ id: "$pageview", math: "hogql" }] }, "math_hogql"],
      ["a type error in math_hogql", { events: [{ id: "$pageview", math: "hogql", math_hogql: "sum(event)" }] }, "math_hogql"],
      ["a text as a condition", { properties: [{ type: "hogql", key: "properties.plan" }] }, "properties"],
      ["a placeholder", { properties: [{ type: "hogql", key: "event = {team_id}" }] }, "properties"],
      ["an unknown field", { properties: [{ type: "hogql", key: "password = 'x'" }] }, "properties"],
      ["an element key", { properties: [{ type: "element", key: "attr_class", operator: "exact", value: "x" }] }, "properties"],
      [
        "an operator tag_name cannot take",
        { properties: [{ type: "element", key: "tag_name", operator: "icontains", value: "a" }] },
        "properties",
      ],
      [
        "an unsupported selector",
        { properties: [{ type: "element", key: "selector", operator: "exact", value: "a:hover" }] },
        "properties",
      ],
      ["a broken element regex", { properties: [{ type: "element", key: "text", operator: "regex", value: "(" }] }, "properties"],
    ];
    test.each(refusals)("%s", async (_, body, attr) => {
      for (const path of ["trend", "funnel"]) {
        const response = await post(
          { ...RANGE, events: [{ id: "$pageview", order: 0 }], ...body, ...(path === "funnel" ? { insight: "FUNNELS" } : {}) },
          path,
        );
        expect(response.status, `${path}: ${response.text}`).toBe(400);
        expect(response.body.type).toBe("validation_error");
        expect(typeof response.body.code).toBe("string");
        expect(response.body.attr, response.text).toBe(attr);
        expect(response.text).not.toMatch(/secret|1000000/);
      }
    });

    test("the same refusals through GET query parameters", async () => {
      const params = new URLSearchParams({
        ...RANGE,
        events: JSON.stringify([{ id: "$pageview" }]),
        properties: JSON.stringify([{ type: "hogql", key: "file('x') = 1" }]),
      });
      const response = await user.session.get(`/api/projects/${user.projectId}/insights/trend/?${params}`);
      expect(response.status, response.text).toBe(400);
      expect(response.body.attr).toBe("properties");
    });

    test("an expression reads only its own project's events, even naming team_id", async () => {
      const keys = [
        "properties.plan = 'secret'",
        "team_id != 0 and toFloat(properties.price) > 1000",
        "properties.plan = 'secret' or team_id = team_id + 1",
      ];
      for (const key of keys) {
        const response = await post({ ...RANGE, events: [{ id: null }], properties: [{ type: "hogql", key }] });
        expect(response.status, response.text).toBe(200);
        expect(response.body.result[0].data).toEqual(DAYS.map(() => 0));
      }
      const split = await post({
        ...RANGE,
        events: [{ id: null, math: "hogql", math_hogql: "max(toFloat(properties.price))" }],
        breakdown_type: "hogql",
        breakdown: "toString(team_id)",
      });
      expect(split.status, split.text).toBe(200);
      // One team only: the project's own.
      expect(split.body.result).toHaveLength(1);
      expect(Math.max(...split.body.result[0].data)).toBe(12);
      // The other project sees its own values.
      const theirs = await post(
        { ...RANGE, events: [{ id: null }], properties: [{ type: "hogql", key: "properties.plan = 'secret'" }] },
        "trend",
        other,
      );
      expect(theirs.body.result[0].data).toEqual(DAYS.map(() => 1));
    });
  });
});
