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
const NULL_BREAKDOWN = "$$_posthog_breakdown_null_$$";

// Groups in analyses (G1, G11–G13) against a plain TypeScript reference over generated events: companies
// (type index 0) and projects (index 1); some companies described by `$groupidentify` (some twice: the last
// `$group_set` wins), some only named in `$groups`, some events in no company, persons switching companies.

const COMPANIES = Array.from({ length: 8 }, (_, i) => `c${i}`);
/** The companies described, with their current properties (c6 and c7 never are). */
type Properties = Record<string, unknown>;

function generate(seed: number): { events: SentEvent[]; companies: Map<string, Properties> } {
  const random = mulberry32(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
  // Types are indexed in the order first seen (G9): company 0, project 1, before anything else.
  const events: SentEvent[] = [
    { event: "setup", distinct_id: "admin", timestamp: "2024-02-20T00:00:00Z", properties: { $groups: { company: "c0", project: "p0" } } },
  ];
  const companies = new Map<string, Properties>();
  for (const [i, key] of COMPANIES.slice(0, 6).entries()) {
    const first = { name: `Company ${i}`, plan: pick(["free", "pro"]), seats: 1 + Math.floor(random() * 50) };
    events.push({
      event: "$groupidentify",
      distinct_id: "admin",
      timestamp: "2024-02-21T00:00:00Z",
      properties: { $group_type: "company", $group_key: key, $group_set: first },
    });
    const current = { ...first };
    if (random() < 0.5) {
      const later = { plan: first.plan === "pro" ? "free" : "pro" };
      events.push({
        event: "$groupidentify",
        distinct_id: "admin",
        timestamp: "2024-02-22T00:00:00Z",
        properties: { $group_type: "company", $group_key: key, $group_set: later },
      });
      Object.assign(current, later);
    }
    companies.set(key, current);
  }
  for (let p = 0; p < 30; p++) {
    const home = pick(COMPANIES);
    const n = 4 + Math.floor(random() * 12);
    for (let k = 0; k < n; k++) {
      const t = Date.UTC(2024, 1, 28) + Math.floor(random() * 10 * DAY);
      const groups: Record<string, string> = {};
      const r = random();
      if (r < 0.7) groups.company = home;
      else if (r < 0.85) groups.company = pick(COMPANIES);
      if (random() < 0.5) groups.project = pick(["p0", "p1", "p2"]);
      events.push({
        event: pick(["$pageview", "$pageview", "signup", "purchase"]),
        distinct_id: `user-${p}`,
        timestamp: new Date(t).toISOString(),
        properties: Object.keys(groups).length ? { $groups: groups } : {},
      });
    }
  }
  return { events, companies };
}

// ---------- Reference computation ----------

const time = (e: SentEvent) => Date.parse(e.timestamp!);
const inRange = (e: SentEvent) => time(e) >= FROM && time(e) <= TO;
const companyOf = (e: SentEvent) => ((e.properties?.$groups as Record<string, string> | undefined)?.company ?? "") as string;
const dayOf = (ms: number) => ms - (ms % DAY);

/** G11: the current properties of the event's company ({} when none or not described). */
const companyProperties = (companies: Map<string, Properties>, e: SentEvent): Properties => companies.get(companyOf(e)) ?? {};

function perDay(events: SentEvent[], where: (e: SentEvent) => boolean, value: (es: SentEvent[]) => number): number[] {
  return DAYS.map((d) => value(events.filter((e) => inRange(e) && dayOf(time(e)) === d && where(e))));
}

/** G1/G12 ordered two-step funnel: per actor (any key function), reached step 1 / step 2 within `window`. */
function referenceFunnel(
  events: SentEvent[],
  actorOf: (e: SentEvent) => string,
  window: number,
): { counts: [number, number]; converted: Set<string> } {
  const byActor = new Map<string, SentEvent[]>();
  for (const e of events) {
    const actor = actorOf(e);
    if (!actor || !inRange(e) || (e.event !== "signup" && e.event !== "purchase")) continue;
    byActor.set(actor, [...(byActor.get(actor) ?? []), e]);
  }
  let entered = 0;
  const converted = new Set<string>();
  for (const [actor, list] of byActor) {
    const signups = list.filter((e) => e.event === "signup").map(time);
    if (!signups.length) continue;
    entered += 1;
    const purchases = list.filter((e) => e.event === "purchase").map(time);
    if (signups.some((s) => purchases.some((p) => p >= s && p <= s + window))) converted.add(actor);
  }
  return { counts: [entered, converted.size], converted };
}

/** G1/G12 recurring daily retention of `$pageview` by company: cohort day i, back on day i + j. */
function referenceRetention(events: SentEvent[]): number[][] {
  const active = DAYS.map(
    (d) => new Set(events.filter((e) => e.event === "$pageview" && inRange(e) && dayOf(time(e)) === d && companyOf(e)).map(companyOf)),
  );
  return DAYS.map((_, i) => DAYS.slice(i).map((_, j) => [...active[i]].filter((c) => active[i + j].has(c)).length));
}

// ---------- Tests ----------

let owner: TestUser;
let stranger: TestUser;
let generated: ReturnType<typeof generate>;
const insight = (kind: string, user = owner) => `/api/projects/${user.projectId}/insights/${kind}/`;
const pageviews = (extra: Record<string, unknown> = {}) => ({ ...RANGE, events: [{ id: "$pageview", ...extra }] });
const FUNNEL = {
  ...RANGE,
  events: [
    { id: "signup", order: 0 },
    { id: "purchase", order: 1 },
  ],
  funnel_window_interval: 2,
  funnel_window_interval_unit: "day",
};

beforeAll(async () => {
  [owner, stranger] = await Promise.all([signUp(baseUrl), signUp(baseUrl)]);
  generated = generate(20241128);
  await sendEvents(baseUrl, owner, generated.events.slice(0, 1));
  await sendEvents(baseUrl, owner, generated.events.slice(1));
  // Another project with the same keys: its companies are all "enterprise" and have many events.
  const theirs = generate(7);
  await sendEvents(baseUrl, stranger, theirs.events.slice(0, 1));
  await sendEvents(baseUrl, stranger, [
    ...theirs.events.slice(1).filter((e) => e.event !== "$groupidentify"),
    ...COMPANIES.map((key) => ({
      event: "$groupidentify",
      distinct_id: "admin",
      timestamp: "2024-02-23T00:00:00Z",
      properties: { $group_type: "company", $group_key: key, $group_set: { plan: "enterprise", name: "Theirs" } },
    })),
  ]);
}, 120_000);

describe("events carry their groups by index", () => {
  test("$group_0 / $group_1 are set from $groups at ingestion", async () => {
    const listed = await owner.session.get(`/api/projects/${owner.projectId}/events/?event=setup`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.results[0].properties).toMatchObject({ $group_0: "c0", $group_1: "p0" });
  });
});

describe("group property filters (G11)", () => {
  test("trends filtered by the current properties of the event's company equal the reference", async () => {
    const { events, companies } = generated;
    const cases: [Record<string, unknown>, (p: Properties) => boolean][] = [
      [{ key: "plan", value: "pro", operator: "exact" }, (p) => p.plan === "pro"],
      [{ key: "plan", value: "pro", operator: "is_not" }, (p) => p.plan !== "pro"],
      [{ key: "seats", value: 20, operator: "gt" }, (p) => typeof p.seats === "number" && p.seats > 20],
      [{ key: "name", operator: "is_set" }, (p) => "name" in p],
      [{ key: "plan", value: "enterprise", operator: "exact" }, (p) => p.plan === "enterprise"],
    ];
    for (const [filter, matches] of cases) {
      const property = { type: "group", group_type_index: 0, ...filter };
      const expected = perDay(
        events,
        (e) => e.event === "$pageview" && matches(companyProperties(companies, e)),
        (es) => es.length,
      );
      const global = await owner.session.post(insight("trend"), { ...pageviews(), properties: [property] });
      expect(global.status, global.text).toBe(200);
      expect(global.body.result[0].data, JSON.stringify(filter)).toEqual(expected);
      // The same filter on the series.
      const onSeries = await owner.session.post(insight("trend"), pageviews({ properties: [property] }));
      expect(onSeries.body.result[0].data, JSON.stringify(filter)).toEqual(expected);
    }
    // Not vacuous: both plans have pageviews.
    expect(
      perDay(
        events,
        (e) => e.event === "$pageview" && companyProperties(companies, e).plan === "pro",
        (es) => es.length,
      ).some((n) => n > 0),
    ).toBe(true);
  });

  test("a funnel step's own group filter", async () => {
    const { events, companies } = generated;
    const pro = (e: SentEvent) => companyProperties(companies, e).plan === "pro";
    const filtered = events.filter((e) => e.event !== "signup" || pro(e));
    const body = {
      ...FUNNEL,
      events: [
        { id: "signup", order: 0, properties: [{ type: "group", group_type_index: 0, key: "plan", value: "pro" }] },
        FUNNEL.events[1],
      ],
    };
    const response = await owner.session.post(insight("funnel"), body);
    expect(response.status, response.text).toBe(200);
    expect(response.body.result.map((s: any) => s.count)).toEqual(referenceFunnel(filtered, (e) => e.distinct_id, 2 * DAY).counts);
  });
});

describe("unique_group (G12)", () => {
  test("distinct non-empty company keys per day", async () => {
    const response = await owner.session.post(insight("trend"), pageviews({ math: "unique_group", math_group_type_index: 0 }));
    expect(response.status, response.text).toBe(200);
    const expected = perDay(
      generated.events,
      (e) => e.event === "$pageview" && companyOf(e) !== "",
      (es) => new Set(es.map(companyOf)).size,
    );
    expect(response.body.result[0].data).toEqual(expected);
    expect(expected.every((n) => n <= COMPANIES.length)).toBe(true);
  });

  test("a point's actors are its companies, not persons", async () => {
    const response = await owner.session.post(insight("trend"), pageviews({ math: "unique_group", math_group_type_index: 0 }));
    const urls = response.body.result[0].persons_urls as { url: string }[];
    expect(urls).toHaveLength(DAYS.length);
    for (const [i, day] of DAYS.entries()) {
      const expected = new Set(
        generated.events.filter((e) => e.event === "$pageview" && inRange(e) && dayOf(time(e)) === day).map(companyOf),
      );
      const listed = await owner.session.get(`/${urls[i].url}`);
      expect(listed.status, listed.text).toBe(200);
      const actors = listed.body.results[0].people as { type: string; group_type_index: number; group_key: string }[];
      for (const actor of actors) expect(actor).toMatchObject({ type: "group", group_type_index: 0 });
      // Only described companies have a group to show (as funnels' group actors).
      const described = [...expected].filter((key) => generated.companies.has(key)).sort();
      expect(actors.map((a) => a.group_key).sort(), `day ${i}`).toEqual(described);
    }
  });

  test("a group breakdown's persons URLs keep the group type", async () => {
    const response = await owner.session.post(insight("trend"), {
      ...pageviews({ math: "dau" }),
      breakdown: "plan",
      breakdown_type: "group",
      breakdown_group_type_index: 0,
    });
    expect(response.status, response.text).toBe(200);
    let followed = 0;
    for (const item of response.body.result) {
      for (const [i, entry] of (item.persons_urls as { url: string }[]).entries()) {
        if (!item.data[i]) continue;
        const listed = await owner.session.get(`/${entry.url}&limit=500`);
        expect(listed.status, listed.text).toBe(200);
        expect(listed.body.results[0].people, `${item.breakdown_value} day ${i}`).toHaveLength(item.data[i]);
        followed++;
      }
    }
    expect(followed).toBeGreaterThan(3);
  });
});

describe("group breakdown (G13)", () => {
  test("trend by the company's plan: each event under its company's current plan, none when missing", async () => {
    const { events, companies } = generated;
    const response = await owner.session.post(insight("trend"), {
      ...pageviews(),
      breakdown: "plan",
      breakdown_type: "group",
      breakdown_group_type_index: 0,
    });
    expect(response.status, response.text).toBe(200);
    const got = Object.fromEntries(response.body.result.map((item: any) => [item.breakdown_value, item.data]));
    const planOf = (e: SentEvent) => (companyProperties(companies, e).plan as string | undefined) ?? NULL_BREAKDOWN;
    const values = new Set(events.filter((e) => e.event === "$pageview" && inRange(e)).map(planOf));
    const expected = Object.fromEntries(
      [...values].map((v) => [
        v,
        perDay(
          events,
          (e) => e.event === "$pageview" && planOf(e) === v,
          (es) => es.length,
        ),
      ]),
    );
    expect(got).toEqual(expected);
    expect(Object.keys(expected)).toContain(NULL_BREAKDOWN);
    expect(Object.keys(got)).not.toContain("enterprise");
  });

  test("funnel by the company's plan (first touch)", async () => {
    const { events, companies } = generated;
    const response = await owner.session.post(insight("funnel"), {
      ...FUNNEL,
      breakdown: "plan",
      breakdown_type: "group",
      breakdown_group_type_index: 0,
    });
    expect(response.status, response.text).toBe(200);
    // A person's value: that of its earliest in-range step event whose company has a plan ('' when none has).
    const planOfPerson = new Map<string, string>();
    const sorted = events.filter((e) => inRange(e) && (e.event === "signup" || e.event === "purchase")).sort((a, b) => time(a) - time(b));
    for (const e of sorted) {
      const plan = companyProperties(companies, e).plan as string | undefined;
      if (plan !== undefined && !planOfPerson.has(e.distinct_id)) planOfPerson.set(e.distinct_id, plan);
    }
    const got = Object.fromEntries(
      response.body.result.map((steps: any[]) => [
        steps[0].breakdown_value.join?.("") ?? steps[0].breakdown_value,
        steps.map((s) => s.count),
      ]),
    );
    const expected: Record<string, number[]> = {};
    for (const value of new Set([...sorted.map((e) => planOfPerson.get(e.distinct_id) ?? "")])) {
      const counts = referenceFunnel(
        events,
        (e) => ((planOfPerson.get(e.distinct_id) ?? "") === value ? e.distinct_id : ""),
        2 * DAY,
      ).counts;
      if (counts[0] > 0) expected[value] = counts;
    }
    expect(got).toEqual(expected);
  });
});

describe("aggregation_group_type_index (G1)", () => {
  test("funnels: absent = persons, 0 = companies (the first type), by each event's key", async () => {
    const { events } = generated;
    const byPerson = await owner.session.post(insight("funnel"), FUNNEL);
    expect(byPerson.body.result.map((s: any) => s.count)).toEqual(referenceFunnel(events, (e) => e.distinct_id, 2 * DAY).counts);
    const reference = referenceFunnel(events, companyOf, 2 * DAY);
    const byCompany = await owner.session.post(insight("funnel"), { ...FUNNEL, aggregation_group_type_index: 0 });
    expect(byCompany.status, byCompany.text).toBe(200);
    expect(byCompany.body.result.map((s: any) => s.count)).toEqual(reference.counts);
    expect(reference.counts[1]).toBeGreaterThan(0);

    // The converted actors are the companies (the described ones: a key only named in $groups has no group row).
    const converted = await owner.session.get(byCompany.body.result[1].converted_people_url);
    expect(converted.status, converted.text).toBe(200);
    const listed = converted.body.results[0].people;
    for (const actor of listed) expect(actor).toMatchObject({ type: "group", group_type_index: 0, id: actor.group_key });
    expect(listed.map((a: any) => a.group_key).sort()).toEqual([...reference.converted].filter((k) => generated.companies.has(k)).sort());
    // Their properties are this project's, never the other project's.
    for (const actor of listed) expect(actor.properties).toEqual(generated.companies.get(actor.group_key));
  });

  test("funnel trends and time to convert aggregate by company too", async () => {
    const reference = referenceFunnel(generated.events, companyOf, 2 * DAY);
    const trends = await owner.session.post(insight("funnel"), { ...FUNNEL, funnel_viz_type: "trends", aggregation_group_type_index: 0 });
    expect(trends.status, trends.text).toBe(200);
    expect(trends.body.result).toHaveLength(1);
    const ttc = await owner.session.post(insight("funnel"), {
      ...FUNNEL,
      funnel_viz_type: "time_to_convert",
      aggregation_group_type_index: 0,
    });
    expect(ttc.status, ttc.text).toBe(200);
    expect(ttc.body.result.bins.reduce((n: number, [, c]: [number, number]) => n + c, 0)).toBe(reference.counts[1]);
  });

  test("retention by company: each cohort's companies back on later days", async () => {
    const response = await owner.session.post(insight("retention"), {
      date_to: "2024-03-07",
      total_intervals: 7,
      period: "Day",
      aggregation_group_type_index: 0,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.result.map((c: any) => c.values.map((v: any) => v.count))).toEqual(referenceRetention(generated.events));
    const day0 = response.body.result[0];
    const people = await owner.session.get(day0.people_url);
    expect(people.status, people.text).toBe(200);
    // Day 0's companies (the described ones: a key only named in $groups has no group row), with their return days.
    const active = DAYS.map(
      (d) => new Set(generated.events.filter((e) => e.event === "$pageview" && inRange(e) && dayOf(time(e)) === d).map(companyOf)),
    );
    const expected = [...active[0]].filter((c) => generated.companies.has(c)).sort();
    expect(people.body.result.map((row: any) => row.person.group_key).sort()).toEqual(expected);
    for (const row of people.body.result) {
      expect(row.person).toMatchObject({ type: "group", group_type_index: 0, properties: generated.companies.get(row.person.group_key) });
      expect(row.appearances).toEqual(DAYS.map((_, j) => (active[j].has(row.person.group_key) ? 1 : 0)));
    }
  });
});

describe("query nodes", () => {
  test("FunnelsQuery, RetentionQuery and TrendsQuery carry the group fields to the same answers", async () => {
    const run = (query: Record<string, unknown>) => owner.session.post(`/api/projects/${owner.projectId}/query/`, { query });
    const series = [
      { kind: "EventsNode", event: "signup" },
      { kind: "EventsNode", event: "purchase" },
    ];
    const funnel = await run({
      kind: "FunnelsQuery",
      series,
      dateRange: { date_from: RANGE.date_from, date_to: RANGE.date_to },
      funnelsFilter: { funnelWindowInterval: 2, funnelWindowIntervalUnit: "day" },
      aggregation_group_type_index: 0,
    });
    expect(funnel.status, funnel.text).toBe(200);
    expect(funnel.body.results.map((s: any) => s.count)).toEqual(referenceFunnel(generated.events, companyOf, 2 * DAY).counts);
    const retention = await run({
      kind: "RetentionQuery",
      dateRange: { date_to: "2024-03-07" },
      retentionFilter: { period: "Day", totalIntervals: 7 },
      aggregation_group_type_index: 0,
    });
    expect(retention.status, retention.text).toBe(200);
    expect(retention.body.results.map((c: any) => c.values.map((v: any) => v.count))).toEqual(referenceRetention(generated.events));
    const trend = await run({
      kind: "TrendsQuery",
      series: [{ kind: "EventsNode", event: "$pageview", math: "unique_group", math_group_type_index: 0 }],
      dateRange: { date_from: RANGE.date_from, date_to: RANGE.date_to },
      interval: "day",
      breakdownFilter: { breakdown: "plan", breakdown_type: "group", breakdown_group_type_index: 0 },
    });
    expect(trend.status, trend.text).toBe(200);
    const legacy = await owner.session.post(insight("trend"), {
      ...pageviews({ math: "unique_group", math_group_type_index: 0 }),
      breakdown: "plan",
      breakdown_type: "group",
      breakdown_group_type_index: 0,
    });
    const byValue = (items: any[]) => Object.fromEntries(items.map((item) => [item.breakdown_value, item.data]));
    expect(byValue(trend.body.results)).toEqual(byValue(legacy.body.result));
    expect(Object.keys(byValue(trend.body.results)).length).toBeGreaterThan(1);
  });
});

describe("bounds and tenants", () => {
  test("a bad group type index is a clear 400 everywhere", async () => {
    const bad: [string, Record<string, unknown>, string][] = [
      ["funnel", { ...FUNNEL, aggregation_group_type_index: 5 }, "aggregation_group_type_index"],
      ["funnel", { ...FUNNEL, aggregation_group_type_index: "x" }, "aggregation_group_type_index"],
      ["retention", { total_intervals: 7, aggregation_group_type_index: -1 }, "aggregation_group_type_index"],
      ["trend", pageviews({ math: "unique_group" }), "math_group_type_index"],
      ["trend", { ...pageviews(), breakdown: "plan", breakdown_type: "group" }, "breakdown_group_type_index"],
      ["trend", { ...pageviews(), properties: [{ type: "group", key: "plan", value: "pro" }] }, "group_type_index"],
      ["funnel", { ...FUNNEL, properties: [{ type: "group", group_type_index: 9, key: "plan", value: "pro" }] }, "group_type_index"],
    ];
    for (const [kind, body, attr] of bad) {
      const response = await owner.session.post(insight(kind), body);
      expect(response.status, `${kind} ${JSON.stringify(body)}: ${response.text}`).toBe(400);
      expect(response.body).toMatchObject({ type: "validation_error", attr });
    }
  });

  test("another project's groups never leak, and its analyses stay its own", async () => {
    // The stranger's companies are all "enterprise": in the owner's project no event matches that.
    const theirs = await stranger.session.post(insight("trend", stranger), {
      ...pageviews(),
      properties: [{ type: "group", group_type_index: 0, key: "plan", value: "enterprise" }],
    });
    expect(theirs.status).toBe(200);
    expect(theirs.body.result[0].data.some((n: number) => n > 0)).toBe(true);
    const ours = await owner.session.post(insight("trend"), {
      ...pageviews(),
      properties: [{ type: "group", group_type_index: 0, key: "plan", value: "enterprise" }],
    });
    expect(ours.body.result[0].data.every((n: number) => n === 0)).toBe(true);
    // Nobody reads another project's groups through an analysis of it.
    for (const kind of ["trend", "funnel"]) {
      const body =
        kind === "funnel" ? { ...FUNNEL, aggregation_group_type_index: 0 } : pageviews({ math: "unique_group", math_group_type_index: 0 });
      const refused = await stranger.session.post(insight(kind, owner), body);
      expect(refused.status).toBe(403);
    }
  });
});
