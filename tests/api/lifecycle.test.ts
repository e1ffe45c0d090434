import { beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { sendEvents, type SentEvent } from "../support/events";
import { intervalStart, mulberry32, personsOf } from "../support/reference";

const baseUrl = inject("baseUrl");
const trendPath = (user: TestUser) => `/api/projects/${user.projectId}/insights/trend/`;

// ---------- Reference computation: PostHog's lifecycle from its rules G14–G17 (UTC project) ----------

type Interval = "day" | "week" | "month";
type Status = "new" | "returning" | "resurrecting" | "dormant";
const STATUSES: Status[] = ["new", "returning", "resurrecting", "dormant"];
const DAY = 86_400_000;

function shift(start: number, interval: Interval, n: number): number {
  const d = new Date(start);
  if (interval === "month") return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1);
  return start + n * (interval === "day" ? DAY : 7 * DAY);
}

/**
 * Per status, per bucket of [from, to]: the persons (merged, S1) of that status. A person is created at its
 * earliest event (any event, G14); activity is a matching event in a bucket, the one before the range included.
 */
function referenceLifecycle(events: SentEvent[], o: { from: number; to: number; interval: Interval; where: (e: SentEvent) => boolean }) {
  const person = personsOf(events);
  const created = new Map<string, number>();
  for (const e of events) {
    const p = person(e.distinct_id);
    created.set(p, Math.min(created.get(p) ?? Infinity, Date.parse(e.timestamp!)));
  }
  const buckets: number[] = [];
  for (let b = intervalStart(o.from, o.interval); b <= o.to; b = shift(b, o.interval, 1)) buckets.push(b);
  const before = shift(buckets[0], o.interval, -1);
  const active = new Map<string, Set<number>>();
  for (const e of events) {
    const t = Date.parse(e.timestamp!);
    if (t < before || t > o.to || !o.where(e)) continue;
    const p = person(e.distinct_id);
    if (!active.has(p)) active.set(p, new Set());
    active.get(p)!.add(intervalStart(t, o.interval));
  }
  const persons = Object.fromEntries(STATUSES.map((s) => [s, buckets.map(() => new Set<string>())])) as Record<Status, Set<string>[]>;
  buckets.forEach((bucket, i) => {
    const previous = i === 0 ? before : buckets[i - 1];
    for (const [p, periods] of active) {
      const now = periods.has(bucket);
      const then = periods.has(previous);
      if (now) {
        const status: Status = intervalStart(created.get(p)!, o.interval) === bucket ? "new" : then ? "returning" : "resurrecting";
        persons[status][i].add(p);
      } else if (then) persons.dormant[i].add(p);
    }
  });
  const data = (s: Status) => persons[s].map((set) => (s === "dormant" ? -set.size : set.size) || 0);
  return { persons, data, days: buckets.map((b) => new Date(b).toISOString().slice(0, 10)) };
}

const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`);
const dayEnd = (date: string) => dayStart(date) + DAY - 1;

// ---------- Generated events: persons who come, go and come back, Jan 1 – Mar 31 2024, some merged ----------

function generate(seed: number): SentEvent[] {
  const random = mulberry32(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
  const events: SentEvent[] = [];
  for (let p = 0; p < 60; p++) {
    const ids = random() < 0.4 ? [`anon-${p}`, `user-${p}`] : [`user-${p}`];
    // Each person arrives some day and visits in bursts, with gaps that make them dormant and resurrect.
    let t = Date.UTC(2024, 0, 1) + Math.floor(random() * 80 * 24) * 3_600_000;
    const visits = 1 + Math.floor(random() * 25);
    for (let v = 0; v < visits && t < Date.UTC(2024, 3, 1); v++) {
      events.push({
        event: random() < 0.7 ? "$pageview" : "purchase",
        distinct_id: pick(ids),
        timestamp: new Date(t).toISOString(),
        properties: { $browser: pick(["Chrome", "Safari"]) },
      });
      t += (random() < 0.7 ? 1 + Math.floor(random() * 2) : 3 + Math.floor(random() * 20)) * DAY + Math.floor(random() * 3600) * 1000;
    }
    if (ids.length === 2) {
      const first = events.find((e) => ids.includes(e.distinct_id))!;
      events.push({
        event: "$identify",
        distinct_id: ids[1],
        timestamp: new Date(Date.parse(first.timestamp!) + 60_000).toISOString(),
        properties: { $anon_distinct_id: ids[0] },
      });
    }
  }
  // In time order, so a person is created at its earliest event.
  return events.sort((a, b) => Date.parse(a.timestamp!) - Date.parse(b.timestamp!));
}

describe("lifecycle against the reference computation", () => {
  let user: TestUser;
  let events: SentEvent[];
  const post = (body: Record<string, unknown>) => user.session.post(trendPath(user), { insight: "LIFECYCLE", ...body });

  beforeAll(async () => {
    user = await signUp(baseUrl);
    events = generate(41);
    await sendEvents(baseUrl, user, events);
  }, 60_000);

  test.each([
    ["day", "$pageview", "2024-03-01", "2024-03-14"],
    ["week", "purchase", "2024-02-04", "2024-03-16"],
    ["month", "$pageview", "2024-01-01", "2024-03-31"],
  ] as [Interval, string, string, string][])("by %s (%s): persons per status, PostHog's item shape", async (interval, event, from, to) => {
    const response = await post({ events: [{ id: event, type: "events", order: 0 }], interval, date_from: from, date_to: to });
    expect(response.status, response.text).toBe(200);
    const reference = referenceLifecycle(events, { from: dayStart(from), to: dayEnd(to), interval, where: (e) => e.event === event });
    expect(response.body.result).toEqual(
      STATUSES.map((status) =>
        expect.objectContaining({
          label: `${event} - ${status}`,
          status,
          data: reference.data(status),
          count: reference.data(status).reduce((a, b) => a + b, 0),
          days: reference.days,
          action: expect.objectContaining({ id: event, type: "events", order: 0 }),
          filter: expect.objectContaining({ insight: "LIFECYCLE", interval }),
        }),
      ),
    );
    // The generated data has every status somewhere.
    for (const status of STATUSES)
      expect(
        reference.data(status).some((x) => x !== 0),
        status,
      ).toBe(true);
  });

  test("each point's persons URL lists exactly the persons of its status", async () => {
    const response = await post({ events: [{ id: "$pageview" }], interval: "week", date_from: "2024-02-04", date_to: "2024-03-16" });
    expect(response.status, response.text).toBe(200);
    const reference = referenceLifecycle(events, {
      from: dayStart("2024-02-04"),
      to: dayEnd("2024-03-16"),
      interval: "week",
      where: (e) => e.event === "$pageview",
    });
    const person = personsOf(events);
    let checked = 0;
    for (const item of response.body.result) {
      for (const [i, entry] of (item.persons_urls as { url: string }[]).entries()) {
        const expected = reference.persons[item.status as Status][i];
        if (!expected.size && i % 2) continue;
        const listed = await user.session.get(`/${entry.url}`);
        expect(listed.status, listed.text).toBe(200);
        const people = listed.body.results[0].people as { distinct_ids: string[] }[];
        expect(new Set(people.map((p) => person(p.distinct_ids[0]))), `${item.status} ${item.days[i]}`).toEqual(expected);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  test("properties filter the events; a saved insight and LifecycleQuery answer the same", async () => {
    const chrome = [{ key: "$browser", value: "Chrome", operator: "exact", type: "event" }];
    const body = { events: [{ id: "$pageview", properties: chrome }], interval: "day", date_from: "2024-03-01", date_to: "2024-03-10" };
    const filtered = await post(body);
    expect(filtered.status, filtered.text).toBe(200);
    const reference = referenceLifecycle(events, {
      from: dayStart("2024-03-01"),
      to: dayEnd("2024-03-10"),
      interval: "day",
      where: (e) => e.event === "$pageview" && e.properties?.$browser === "Chrome",
    });
    expect(filtered.body.result.map((item: any) => item.data)).toEqual(STATUSES.map((s) => reference.data(s)));
    const global = await post({ ...body, events: [{ id: "$pageview" }], properties: chrome });
    expect(global.body.result.map((item: any) => item.data)).toEqual(filtered.body.result.map((item: any) => item.data));

    const insight = await user.session.post(`/api/projects/${user.projectId}/insights/`, {
      filters: { insight: "LIFECYCLE", ...body },
      saved: true,
    });
    expect(insight.status, insight.text).toBe(201);
    const computed = await user.session.get(`/api/projects/${user.projectId}/insights/${insight.body.id}/?refresh=blocking`);
    expect(computed.body.result.map((item: any) => item.data)).toEqual(filtered.body.result.map((item: any) => item.data));

    const query = await user.session.post(`/api/projects/${user.projectId}/query/`, {
      query: {
        kind: "LifecycleQuery",
        series: [{ kind: "EventsNode", event: "$pageview", properties: chrome }],
        interval: "day",
        dateRange: { date_from: "2024-03-01", date_to: "2024-03-10" },
        lifecycleFilter: { toggledLifecycles: ["new", "dormant"] },
      },
      refresh: "force_blocking",
    });
    expect(query.status, query.text).toBe(200);
    expect(query.body.results.map((item: any) => [item.status, item.data])).toEqual(
      filtered.body.result.map((item: any) => [item.status, item.data]),
    );
  });

  test("PostHog's 400s: one series, no breakdown, no compare; a persons URL's date must be a bucket", async () => {
    const bad = async (body: Record<string, unknown>, attr: string) => {
      const response = await post({ interval: "day", date_from: "2024-03-01", date_to: "2024-03-10", ...body });
      expect(response.status, response.text).toBe(400);
      expect(response.body).toMatchObject({ type: "validation_error", attr });
    };
    await bad({ events: [{ id: "$pageview" }, { id: "purchase" }] }, "events");
    await bad({ events: [] }, "events");
    await bad({ events: [{ id: "$pageview" }], breakdown: "$browser" }, "breakdown");
    await bad({ events: [{ id: "$pageview" }], compare: true }, "compare");
    const legacy = await user.session.post(trendPath(user), {
      shown_as: "Lifecycle",
      events: [{ id: "$pageview" }],
      date_from: "2024-03-01",
      date_to: "2024-03-02",
    });
    expect(legacy.body.result.map((item: any) => item.status)).toEqual(STATUSES);

    const ok = await post({ events: [{ id: "$pageview" }], interval: "day", date_from: "2024-03-01", date_to: "2024-03-10" });
    const url = new URL(`http://x/${ok.body.result[0].persons_urls[0].url}`);
    for (const [key, value] of [
      ["target_date", "2024-02-01"],
      ["target_date", "not a date"],
      ["lifecycle_type", "zombie"],
    ]) {
      const changed = new URL(url);
      changed.searchParams.set(key, value);
      const response = await user.session.get(`${changed.pathname}${changed.search}`);
      expect(response.status, `${key}=${value}`).toBe(400);
      expect(response.body.attr).toBe(key);
    }
    // Another project's persons URL is refused.
    const stranger = await signUp(baseUrl);
    expect((await stranger.session.get(`${url.pathname}${url.search}`)).status).toBe(403);
  });
});
