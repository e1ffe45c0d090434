import { beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { sendEvents } from "../support/events";

const baseUrl = inject("baseUrl");
const HOUR = 3_600_000;
const PLANS = ["free", "hobby", "pro", "team", "scale", "enterprise", "startup", "nonprofit"];

let user: TestUser;
const now = Date.now();
// A handful of events: the size of a trend's answer comes from its series and intervals, not its data.
const events = Array.from({ length: 40 }, (_, i) => ({
  event: "$pageview",
  distinct_id: `user-${i % 6}`,
  timestamp: new Date(now - (i % 20) * 12 * HOUR - HOUR).toISOString(),
  properties: { plan: PLANS[i % PLANS.length] },
}));

beforeAll(async () => {
  user = await signUp(baseUrl);
  await sendEvents(baseUrl, user, events);
});

/** The distinct ids with a pageview on `plan` on `day` (UTC, the project's timezone): the reference. */
const viewersOf = (plan: string, day: string) =>
  [...new Set(events.filter((e) => e.properties.plan === plan && e.timestamp.startsWith(day)).map((e) => e.distinct_id))].sort();

/** `n` series of `$pageview`, each with a property filter of its own. */
const series = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: "$pageview",
    type: "events",
    order: i,
    properties: [{ key: "plan", value: PLANS[i % PLANS.length], operator: "exact", type: "event" }],
  }));

const trends = () => `/api/projects/${user.projectId}/insights/trend/`;

describe("a trend's answer size", () => {
  test("50 series × 30 days answer in bytes proportional to series × days; each persons URL names its own series", async () => {
    const answer = await user.session.post(trends(), { events: series(50), date_from: "-29d", interval: "day", refresh: true });
    expect(answer.status, answer.text.slice(0, 500)).toBe(200);
    const items = answer.body.result as any[];
    expect(items).toHaveLength(50);
    expect(items.every((item) => item.persons_urls.length === 30)).toBe(true);
    // 2.5 KB a point: the persons URL, its filter, the value, label and day (the 50-series filter in every URL
    // made this 22.7 MB).
    expect(answer.text.length).toBeLessThan(50 * 30 * 2_500);

    for (const item of items) {
      for (const { url } of [item.persons_urls[0], item.persons_urls[29]]) {
        const params = new URL(`/${url}`, baseUrl).searchParams;
        expect(params.get("actions")).toBeNull();
        const own = JSON.parse(params.get("events")!);
        expect(own).toHaveLength(1);
        expect(own[0]).toMatchObject({ id: "$pageview", order: item.action.order, properties: item.action.properties });
        expect(params.get("entity_order")).toBe(String(item.action.order));
      }
    }
  });

  test("each series' persons URLs still list the persons it counted", async () => {
    const answer = await user.session.post(trends(), { events: series(10), date_from: "-29d", interval: "day", refresh: true });
    expect(answer.status).toBe(200);
    let followed = 0;
    for (const item of answer.body.result as any[]) {
      const plan = PLANS[item.action.order % PLANS.length];
      for (const [day, count] of (item.data as number[]).entries()) {
        if (count === 0) continue;
        const people = await user.session.get(`/${item.persons_urls[day].url}`);
        expect(people.status).toBe(200);
        const ids = people.body.results[0].people.flatMap((p: { distinct_ids: string[] }) => p.distinct_ids).sort();
        expect(ids).toEqual(viewersOf(plan, item.days[day]));
        followed++;
      }
    }
    expect(followed).toBeGreaterThan(10);
  });
});

describe("an answer past the byte bound", () => {
  const tooLarge = (detail: string) => ({ type: "validation_error", code: "max_value", attr: null, detail: expect.stringMatching(detail) });

  test("50 series by the hour over 400 days is a 400 naming the bound, before any query runs", async () => {
    const started = Date.now();
    const answer = await user.session.post(trends(), { events: series(50), date_from: "-400d", interval: "hour", refresh: true });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(tooLarge("more than the 32 MB allowed"));
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  test("the same bound holds as GET parameters, compared periods, a cumulative display and the query endpoint", async () => {
    const filter = { events: series(25), date_from: "-400d", interval: "hour" };
    const get = await user.session.get(
      `${trends()}?events=${encodeURIComponent(JSON.stringify(filter.events))}&date_from=-400d&interval=hour`,
    );
    expect(get.status).toBe(400);
    expect(get.body).toEqual(tooLarge("more than the 32 MB allowed"));
    expect((await user.session.post(trends(), { ...filter, compare: true })).body).toEqual(tooLarge("32 MB"));
    expect((await user.session.post(trends(), { ...filter, display: "ActionsLineGraphCumulative" })).body).toEqual(tooLarge("32 MB"));
    const query = await user.session.post(`/api/projects/${user.projectId}/query/`, {
      query: {
        kind: "TrendsQuery",
        series: Array.from({ length: 50 }, () => ({ kind: "EventsNode", event: "$pageview", math: "total" })),
        interval: "hour",
        dateRange: { date_from: "-400d" },
      },
      refresh: "force_blocking",
    });
    expect(query.status).toBe(400);
    expect(query.body).toEqual(tooLarge("32 MB"));
  });

  test("a breakdown whose values take the answer past the bound is refused once they are known", async () => {
    // One value's items would fit: the check before the queries lets it through.
    const answer = await user.session.post(trends(), {
      events: series(1).map((s) => ({ ...s, properties: [] })),
      breakdown: "plan",
      date_from: "-400d",
      interval: "hour",
      refresh: true,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(tooLarge("32 MB"));
  });

  test("stickiness over thousands of days with many series is refused the same way", async () => {
    const answer = await user.session.post(trends(), {
      insight: "STICKINESS",
      shown_as: "Stickiness",
      events: series(50),
      date_from: "-9000d",
      interval: "day",
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(tooLarge("32 MB"));
  });
});
