import { beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { sendEvents, type SentEvent } from "../support/events";
import { intervalStart, mulberry32, personsOf } from "../support/reference";

const baseUrl = inject("baseUrl");
const trendPath = (user: TestUser, query = "") => `/api/projects/${user.projectId}/insights/trend/${query}`;

// ---------- Reference computation: PostHog's stickiness, from its documented rules (UTC project) ----------

type Interval = "hour" | "day" | "week" | "month";
const DAY = 86_400_000;

function nextStart(ms: number, interval: Interval): number {
  const d = new Date(ms);
  if (interval === "month") return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  return ms + { hour: 3_600_000, day: DAY, week: 7 * DAY }[interval];
}

/**
 * Per k = 1 … (intervals the range touches): how many persons (merged by $identify) did a matching event in
 * exactly k distinct intervals of [from, to] (both inclusive, ms).
 */
function referenceStickiness(
  events: SentEvent[],
  o: { from: number; to: number; interval: Interval; where: (e: SentEvent) => boolean },
): number[] {
  const person = personsOf(events);
  const intervals = new Map<string, Set<number>>();
  for (const e of events) {
    const t = Date.parse(e.timestamp!);
    if (t < o.from || t > o.to || !o.where(e)) continue;
    const p = person(e.distinct_id);
    if (!intervals.has(p)) intervals.set(p, new Set());
    intervals.get(p)!.add(intervalStart(t, o.interval));
  }
  let n = 0;
  for (let b = intervalStart(o.from, o.interval); b <= o.to; b = nextStart(b, o.interval)) n++;
  const data = Array.from({ length: n }, () => 0);
  for (const set of intervals.values()) data[set.size - 1]++;
  return data;
}

const plural = (k: number, interval: string) => `${k} ${interval}${k > 1 ? "s" : ""}`;
const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`);
const dayEnd = (date: string) => dayStart(date) + DAY - 1;

// ---------- Generated events: persons with merged ids, Jan 20 – Mar 20 2024, some in bursts of hours ----------

function generate(seed: number): SentEvent[] {
  const random = mulberry32(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
  const events: SentEvent[] = [];
  const start = Date.UTC(2024, 0, 20);
  for (let p = 0; p < 40; p++) {
    const ids = random() < 0.5 ? [`anon-${p}`, `user-${p}`] : [`user-${p}`];
    // Active persons come back on many days; others once or twice.
    const visits = random() < 0.3 ? 15 + Math.floor(random() * 30) : 1 + Math.floor(random() * 4);
    for (let v = 0; v < visits; v++) {
      let t =
        random() < 0.2
          ? Date.UTC(2024, 2, 5, 8) + Math.floor(random() * 12 * 3600) * 1000
          : start + Math.floor(random() * 60 * 24 * 60) * 60_000;
      for (let i = 0; i < 1 + Math.floor(random() * 3); i++) {
        t += Math.floor(random() * 600) * 1000;
        events.push({
          event: pick(["$pageview", "$pageview", "purchase"]),
          distinct_id: pick(ids),
          timestamp: new Date(t).toISOString(),
          properties: { $browser: pick(["Chrome", "Safari"]) },
        });
      }
    }
    if (ids.length === 2)
      events.push({
        event: "$identify",
        distinct_id: ids[1],
        timestamp: new Date(start + p * 60_000).toISOString(),
        properties: { $anon_distinct_id: ids[0] },
      });
  }
  return events;
}

describe("stickiness against the reference computation", () => {
  let user: TestUser;
  let events: SentEvent[];
  const post = (body: Record<string, unknown>) => user.session.post(trendPath(user), { insight: "STICKINESS", ...body });

  beforeAll(async () => {
    user = await signUp(baseUrl);
    events = generate(77);
    await sendEvents(baseUrl, user, events);
  }, 60_000);

  test.each([
    ["day", "2024-03-01", "2024-03-14"],
    ["week", "2024-01-28", "2024-03-16"],
    ["month", "2024-01-01", "2024-03-31"],
  ] as [Interval, string, string][])("by %s: persons per number of intervals, PostHog's item shape", async (interval, from, to) => {
    const response = await post({ events: [{ id: "$pageview", type: "events", order: 0 }], interval, date_from: from, date_to: to });
    expect(response.status, response.text).toBe(200);
    const data = referenceStickiness(events, { from: dayStart(from), to: dayEnd(to), interval, where: (e) => e.event === "$pageview" });
    const days = data.map((_, i) => i + 1);
    expect(response.body.result).toEqual([
      expect.objectContaining({
        label: "$pageview",
        count: data.reduce((a, b) => a + b, 0),
        data,
        days,
        labels: days.map((k) => plural(k, interval)),
        action: expect.objectContaining({ id: "$pageview", type: "events", order: 0, name: "$pageview" }),
        filter: expect.objectContaining({ insight: "STICKINESS", interval, date_from: from, date_to: to }),
      }),
    ]);
    // The generated data must reach past one interval.
    expect(data.slice(1).some((x) => x > 0)).toBe(true);
  });

  test("by hour, within one day", async () => {
    const response = await post({ events: [{ id: "$pageview" }], interval: "hour", date_from: "2024-03-05", date_to: "2024-03-05" });
    expect(response.status, response.text).toBe(200);
    const data = referenceStickiness(events, {
      from: dayStart("2024-03-05"),
      to: dayEnd("2024-03-05"),
      interval: "hour",
      where: (e) => e.event === "$pageview",
    });
    expect(data).toHaveLength(24);
    expect(data.slice(1).some((x) => x > 0)).toBe(true);
    expect(response.body.result[0].data).toEqual(data);
    expect(response.body.result[0].labels.slice(0, 2)).toEqual(["1 hour", "2 hours"]);
  });

  test("several series, global and per-series properties; shown_as Stickiness on GET", async () => {
    const chrome = [{ key: "$browser", value: "Chrome", operator: "exact", type: "event" }];
    const body = {
      events: [
        { id: "$pageview", order: 0, properties: chrome },
        { id: "purchase", order: 1 },
      ],
      properties: [{ key: "$browser", value: ["Chrome", "Safari"], operator: "exact", type: "event" }],
      date_from: "2024-02-01",
      date_to: "2024-03-14",
    };
    const range = { from: dayStart("2024-02-01"), to: dayEnd("2024-03-14"), interval: "day" as const };
    const expected = [
      referenceStickiness(events, { ...range, where: (e) => e.event === "$pageview" && e.properties?.$browser === "Chrome" }),
      referenceStickiness(events, { ...range, where: (e) => e.event === "purchase" }),
    ];
    const response = await post(body);
    expect(response.status, response.text).toBe(200);
    expect(response.body.result.map((i: any) => [i.label, i.data])).toEqual([
      ["$pageview", expected[0]],
      ["purchase", expected[1]],
    ]);
    const query = new URLSearchParams({
      shown_as: "Stickiness",
      events: JSON.stringify(body.events),
      properties: JSON.stringify(body.properties),
      date_from: body.date_from,
      date_to: body.date_to,
    });
    const viaGet = await user.session.get(trendPath(user, `?${query}`));
    expect(viaGet.status, viaGet.text).toBe(200);
    expect(viaGet.body.result.map((i: any) => i.data)).toEqual(expected);
  });

  test("compare: the previous period of the same length, labelled by position", async () => {
    const response = await post({ events: [{ id: "$pageview" }], date_from: "2024-03-01", date_to: "2024-03-07", compare: true });
    expect(response.status, response.text).toBe(200);
    const where = (e: SentEvent) => e.event === "$pageview";
    const current = referenceStickiness(events, { from: dayStart("2024-03-01"), to: dayEnd("2024-03-07"), interval: "day", where });
    const previous = referenceStickiness(events, { from: dayStart("2024-02-23"), to: dayEnd("2024-02-29"), interval: "day", where });
    expect(response.body.result.map((i: any) => [i.compare, i.compare_label, i.data, i.labels[1], i.days.length])).toEqual([
      [true, "current", current, "day 1", 7],
      [true, "previous", previous, "day 1", 7],
    ]);
    expect(previous.some((x) => x > 0)).toBe(true);
  });

  test("persons_urls list the persons of each number of intervals", async () => {
    const response = await post({ events: [{ id: "purchase", type: "events", order: 0 }], date_from: "2024-02-01", date_to: "2024-03-14" });
    expect(response.status, response.text).toBe(200);
    const [item] = response.body.result;
    expect(item.persons_urls).toHaveLength(item.days.length);
    // The reference's persons by number of days, each as its distinct ids.
    const person = personsOf(events);
    const days = new Map<string, Set<string>>();
    for (const e of events) {
      const t = Date.parse(e.timestamp!);
      if (e.event !== "purchase" || t < dayStart("2024-02-01") || t > dayEnd("2024-03-14")) continue;
      const p = person(e.distinct_id);
      days.set(p, (days.get(p) ?? new Set()).add(e.timestamp!.slice(0, 10)));
    }
    const allIds = new Set(
      events.flatMap((e) => [e.distinct_id, ...(e.event === "$identify" ? [String(e.properties?.$anon_distinct_id)] : [])]),
    );
    const idsOf = (p: string) =>
      [...allIds]
        .filter((d) => person(d) === p)
        .sort()
        .join(",");
    for (const k of [1, 2, 3]) {
      expect(item.persons_urls[k - 1].filter).toMatchObject({ stickiness_days: k, entity_id: "purchase", entity_type: "events" });
      const expected = [...days]
        .filter(([, d]) => d.size === k)
        .map(([p]) => idsOf(p))
        .sort();
      const listed = await user.session.get(`/${item.persons_urls[k - 1].url}`);
      expect(listed.status, listed.text).toBe(200);
      expect(listed.body.results[0].people.map((p: any) => [...p.distinct_ids].sort().join(",")).sort()).toEqual(expected);
      expect(listed.body.results[0].count).toBe(item.data[k - 1]);
    }
    expect(item.data[1]).toBeGreaterThan(0);
    const legacy = await user.session.get(`/api/person/stickiness/?${new URL(item.persons_urls[0].url, baseUrl).searchParams}`);
    expect(legacy.status, legacy.text).toBe(200);
    expect(legacy.body.results[0].count).toBe(item.data[0]);
  });

  test("a saved insight with insight STICKINESS computes the same result", async () => {
    const filters = {
      insight: "STICKINESS",
      events: [{ id: "purchase", type: "events", order: 0 }],
      date_from: "2024-02-01",
      date_to: "2024-03-14",
    };
    const created = await user.session.post(`/api/projects/${user.projectId}/insights/`, { name: "Sticky", filters });
    expect(created.status, created.text).toBe(201);
    const computed = await user.session.get(`/api/projects/${user.projectId}/insights/${created.body.id}/?refresh=blocking`);
    expect(computed.status, computed.text).toBe(200);
    const where = (e: SentEvent) => e.event === "purchase";
    expect(computed.body.result.map((i: any) => i.data)).toEqual([
      referenceStickiness(events, { from: dayStart("2024-02-01"), to: dayEnd("2024-03-14"), interval: "day", where }),
    ]);
  });

  test("a StickinessQuery insight computes what the legacy filter computes", async () => {
    const source = {
      kind: "StickinessQuery",
      series: [{ kind: "EventsNode", event: "$pageview" }],
      dateRange: { date_from: "2024-03-01", date_to: "2024-03-07" },
      interval: "day",
      compareFilter: { compare: true },
    };
    const created = await user.session.post(`/api/projects/${user.projectId}/insights/`, {
      name: "Sticky query",
      query: { kind: "InsightVizNode", source },
    });
    expect(created.status, created.text).toBe(201);
    const computed = await user.session.get(`/api/projects/${user.projectId}/insights/${created.body.id}/?refresh=blocking`);
    expect(computed.status, computed.text).toBe(200);
    const legacy = await post({
      events: [{ id: "$pageview" }],
      date_from: "2024-03-01",
      date_to: "2024-03-07",
      interval: "day",
      compare: true,
    });
    expect(computed.body.result.map((i: any) => [i.compare_label, i.data])).toEqual(
      legacy.body.result.map((i: any) => [i.compare_label, i.data]),
    );
    expect(computed.body.result).toHaveLength(2);
  });

  test("a breakdown is a 400: PostHog's stickiness has none", async () => {
    const response = await post({ events: [{ id: "$pageview" }], breakdown: "$browser" });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ type: "validation_error", attr: "breakdown" });
    expect((await post({ events: [{ id: "$pageview" }], interval: "fortnight" })).body).toMatchObject({ attr: "interval" });
  });
});
