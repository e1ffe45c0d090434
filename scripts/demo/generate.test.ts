import { describe, expect, it } from "vitest";
import { type DemoEvent, generateDemoEvents } from "./generate";
import { mixSeed, Random, sfc32 } from "./random";

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const DAY = 86_400_000;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const all = (options: Parameters<typeof generateDemoEvents>[0]): DemoEvent[] => [...generateDemoEvents(options)].flat();
const demo = all({ events: 30_000, seed: 7, now: NOW });

/** The distinct ids that did `event` at least once. */
const didEvent = (events: DemoEvent[], event: string) => new Set(events.filter((e) => e.event === event).map((e) => e.distinct_id));

describe("random", () => {
  it("repeats a seed's stream and differs between seeds", () => {
    const a = sfc32(1);
    const b = sfc32(1);
    const c = sfc32(2);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect([c(), c(), c()]).not.toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it("gives every visitor's stream its own UUIDs (no stream is a shifted copy of another)", () => {
    // With a 32-bit state (mulberry32) several of these 100,000 streams overlap another and repeat its UUIDs.
    const uuids = new Set<string>();
    for (let visitor = 0; visitor < 100_000; visitor++) {
      const random = new Random(mixSeed(1, visitor));
      for (let i = 0; i < 4; i++) uuids.add(random.uuidV4());
    }
    expect(uuids.size).toBe(400_000);
  }, 60_000); // 400,000 UUIDs: a few seconds alone, longer beside other work

  it("draws valid version 4 and version 7 UUIDs, v7 carrying the time", () => {
    const random = new Random(3);
    for (let i = 0; i < 1000; i++) expect(random.uuidV4()).toMatch(UUID_V4);
    const v7 = random.uuidV7(NOW);
    expect(v7).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(v7.replace(/-/g, "").slice(0, 12), 16)).toBe(NOW);
  });
});

describe("generateDemoEvents", () => {
  it("is deterministic for a seed and differs for another", () => {
    expect(all({ events: 2_000, seed: 7, now: NOW })).toEqual(demo.slice(0, 2_000));
    expect(all({ events: 2_000, seed: 8, now: NOW })[0].uuid).not.toBe(demo[0].uuid);
  });

  it("yields the requested number of events in batches of the requested size", () => {
    const batches = [...generateDemoEvents({ events: 2_345, now: NOW, batchSize: 500 })];
    expect(batches.map((b) => b.length)).toEqual([500, 500, 500, 500, 345]);
    expect(demo).toHaveLength(30_000);
  });

  it("makes every event one capture accepts: name, distinct id, unique v4 uuid, UTC timestamp in the window", () => {
    const start = NOW - 90 * DAY;
    const invalid = demo.filter((e) => {
      const at = Date.parse(e.timestamp);
      return !e.event || !e.distinct_id || !UUID_V4.test(e.uuid) || !ISO_UTC.test(e.timestamp) || !(at >= start && at <= NOW);
    });
    expect(invalid).toEqual([]);
    expect(new Set(demo.map((e) => e.uuid)).size).toBe(demo.length);
  });

  it("keeps each visitor's events in time order", () => {
    // Visitors come one after another: within a run of one distinct id, time never goes back.
    const backwards = demo.filter((e, i) => i > 0 && e.distinct_id === demo[i - 1].distinct_id && e.timestamp < demo[i - 1].timestamp);
    expect(backwards).toEqual([]);
  });

  it("has web-SDK pageviews with the usual properties, over many pages, browsers and countries", () => {
    const pageviews = demo.filter((e) => e.event === "$pageview");
    expect(pageviews.length / demo.length).toBeGreaterThan(0.5);
    for (const key of [
      "$current_url",
      "$pathname",
      "$host",
      "$referring_domain",
      "$browser",
      "$browser_version",
      "$os",
      "$device_type",
      "$screen_width",
      "$geoip_country_code",
      "$geoip_country_name",
      "$session_id",
    ])
      expect(
        pageviews.every((e) => key in e.properties),
        key,
      ).toBe(true);
    expect(pageviews.every((e) => e.properties.$lib === "web")).toBe(true);
    const distinct = (key: string) => new Set(pageviews.map((e) => e.properties[key])).size;
    expect(distinct("$pathname")).toBeGreaterThan(20);
    expect(distinct("$browser")).toBeGreaterThan(4);
    expect(distinct("$geoip_country_code")).toBeGreaterThan(10);
    expect(pageviews.some((e) => e.properties.utm_source === "newsletter")).toBe(true);
    expect(distinct("$session_id")).toBeGreaterThan(1000);
  });

  it("has weekly seasonality: weekdays busier than weekends", () => {
    const perWeekday = Array.from({ length: 7 }, () => 0);
    for (const e of demo) perWeekday[new Date(e.timestamp).getUTCDay()]++;
    const weekday = (perWeekday[1] + perWeekday[2] + perWeekday[3]) / 3;
    const weekend = (perWeekday[0] + perWeekday[6]) / 2;
    expect(weekday / weekend).toBeGreaterThan(1.4);
  });

  it("has a funnel that narrows: signed up ≥ onboarded ≥ created a project ≥ purchased, each step a subset", () => {
    const steps = ["signed_up", "onboarding_completed", "project_created", "purchase"].map((event) => didEvent(demo, event));
    for (let i = 1; i < steps.length; i++) {
      expect(steps[i].size, `step ${i}`).toBeLessThan(steps[i - 1].size);
      expect(steps[i].size).toBeGreaterThan(0);
      for (const id of steps[i]) expect(steps[i - 1].has(id)).toBe(true);
    }
    const purchases = demo.filter((e) => e.event === "purchase");
    expect(purchases.every((e) => typeof e.properties.amount === "number" && typeof e.properties.plan === "string")).toBe(true);
  });

  it("identifies users with $identify carrying the anonymous id, whose earlier events it merges", () => {
    const identifies = demo.filter((e) => e.event === "$identify");
    expect(identifies.length).toBeGreaterThan(100);
    const firstPageview = new Map<string, string>();
    for (const e of demo) if (e.event === "$pageview" && !firstPageview.has(e.distinct_id)) firstPageview.set(e.distinct_id, e.timestamp);
    const anonymousWithHistory = identifies.filter((identify) => {
      const anonymous = identify.properties.$anon_distinct_id as string;
      expect(anonymous).toEqual(expect.any(String));
      expect(anonymous).not.toBe(identify.distinct_id);
      expect(identify.properties.$set).toMatchObject({ email: expect.stringContaining("@"), name: expect.any(String) });
      return firstPageview.get(anonymous)! <= identify.timestamp;
    });
    expect(anonymousWithHistory.length).toBe(identifies.length);
    // Signing up sets the first touch once; logging in on a second device identifies that device too.
    expect(identifies.some((e) => (e.properties.$set_once as Record<string, unknown>)?.$initial_referrer)).toBe(true);
    const perUser = new Map<string, number>();
    for (const e of identifies) perUser.set(e.distinct_id, (perUser.get(e.distinct_id) ?? 0) + 1);
    expect([...perUser.values()].some((n) => n > 1)).toBe(true);
  });

  it("has returning visitors and test accounts", () => {
    const sessionsPerId = new Map<string, Set<unknown>>();
    for (const e of demo) {
      const sessions = sessionsPerId.get(e.distinct_id) ?? new Set();
      sessions.add(e.properties.$session_id);
      sessionsPerId.set(e.distinct_id, sessions);
    }
    expect([...sessionsPerId.values()].filter((s) => s.size > 1).length).toBeGreaterThan(100);
    expect(
      demo.some(
        (e) => e.event === "$identify" && String((e.properties.$set as Record<string, unknown>).email).endsWith("@hedgerow-demo.com"),
      ),
    ).toBe(true);
  });

  it("scales the number of people with the size", () => {
    const people = (events: DemoEvent[]) => new Set(events.map((e) => e.distinct_id)).size;
    const small = all({ events: 3_000, seed: 7, now: NOW });
    expect(people(demo) / people(small)).toBeGreaterThan(7);
  });
});
