import { randomUUID } from "node:crypto";
import { describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { listAllEvents, projectToken, sendBatch, type SentEvent } from "../support/events";

const baseUrl = inject("baseUrl");

const at = (second: number, ms = 0) => new Date(Date.UTC(2024, 4, 1, 12, 0, second, ms)).toISOString();

async function send(user: TestUser, events: SentEvent[]) {
  const response = await sendBatch(baseUrl, projectToken(user), events);
  expect(response).toEqual({ status: 200, body: { status: 1 } });
}

const eventsPath = (user: TestUser, query = "") => `/api/projects/${user.projectId}/events/${query}`;

describe("events", () => {
  test("an event as the API shows it", async () => {
    const user = await signUp(baseUrl);
    const uuid = randomUUID();
    await send(user, [
      {
        event: "$autocapture",
        distinct_id: "d1",
        uuid,
        timestamp: at(7, 123),
        properties: { $browser: "Firefox", nested: { a: [1, 2] }, $elements_chain: 'button:text="Buy"' },
      },
    ]);
    const { body } = await user.session.get(eventsPath(user));
    expect(body.next).toBeNull();
    expect(body.results).toEqual([
      {
        id: uuid,
        distinct_id: "d1",
        event: "$autocapture",
        timestamp: at(7, 123),
        properties: expect.objectContaining({ $browser: "Firefox", nested: { a: [1, 2] }, $ip: "127.0.0.1" }),
        person: { id: expect.any(String), uuid: expect.any(String), distinct_ids: ["d1"], properties: {} },
        // PostHog's elements, parsed from the chain.
        elements: [
          {
            tag_name: "button",
            text: "Buy",
            href: null,
            attr_id: null,
            attr_class: null,
            nth_child: null,
            nth_of_type: null,
            attributes: {},
            order: 0,
          },
        ],
        elements_chain: 'button:text="Buy"',
      },
    ]);
    expect(body.results[0].properties).not.toHaveProperty("$elements_chain");
  });

  test("a retried uuid is stored once, within a request, across requests and concurrently", async () => {
    const user = await signUp(baseUrl);
    const batch = Array.from({ length: 20 }, (_, i) => ({ event: "e", distinct_id: `d${i % 3}`, uuid: randomUUID(), timestamp: at(i) }));
    await send(user, [...batch, batch[0], batch[1]]);
    await send(user, batch);
    await Promise.all(Array.from({ length: 5 }, () => send(user, [...batch].reverse())));
    const stored = await listAllEvents(user);
    expect(stored.map((e) => e.id).sort()).toEqual(batch.map((e) => e.uuid).sort());
  });

  test("filters: event name, after/before, distinct id, person; limit and next pages through ties", async () => {
    const user = await signUp(baseUrl);
    // 7 events in one millisecond, so pages must end inside that run without losing or repeating any.
    const tied = Array.from({ length: 7 }, () => ({ event: "tick", distinct_id: "a", timestamp: at(10) }));
    await send(user, [
      ...tied,
      { event: "other", distinct_id: "b", timestamp: at(5) },
      { event: "other", distinct_id: "a", timestamp: at(20) },
    ]);
    const all = await listAllEvents(user);
    expect(all.map((e) => e.timestamp)).toEqual([at(20), ...tied.map(() => at(10)), at(5)]);

    const names = async (query: string) => (await listAllEvents(user, Object.fromEntries(new URLSearchParams(query)))).length;
    expect(await names("event=tick")).toBe(7);
    expect(await names("event=nothing")).toBe(0);
    expect(await names(`after=${at(5)}`)).toBe(8);
    expect(await names(`before=${at(10)}`)).toBe(1);
    expect(await names(`after=${at(5)}&before=${at(20)}`)).toBe(7);
    expect(await names("after=2024-05-01&before=2024-05-02")).toBe(9);
    expect(await names("after=2024-05-01T14:00:00%2B02:00")).toBe(9);
    expect(await names("distinct_id=b")).toBe(1);
    const personOfA = all.find((e) => e.distinct_id === "a").person.id;
    expect(await names(`person_id=${personOfA}`)).toBe(8);
    expect(await names(`person_id=${randomUUID()}`)).toBe(0);

    const seen: string[] = [];
    let url: string | null = eventsPath(user, "?limit=3");
    let pages = 0;
    while (url) {
      const page: any = await user.session.get(url);
      expect(page.status).toBe(200);
      seen.push(...page.body.results.map((e: any) => e.id));
      url = page.body.next;
      pages += 1;
    }
    expect(pages).toBe(4);
    expect(seen).toEqual(all.map((e) => e.id));

    expect((await user.session.get(eventsPath(user, "?limit=abc"))).body.results).toHaveLength(9);
    expect((await user.session.get(eventsPath(user, "?limit=5000"))).body.results).toHaveLength(9);
  });

  test("properties: event and person property filters, AND/OR groups, kept by next", async () => {
    const user = await signUp(baseUrl);
    await send(user, [
      {
        event: "$pageview",
        distinct_id: "ann",
        timestamp: at(1),
        properties: { $browser: "Firefox", plan: 3, $set: { email: "ann@example.com" } },
      },
      {
        event: "$pageview",
        distinct_id: "bob",
        timestamp: at(2),
        properties: { $browser: "Chrome", plan: 7, $set: { email: "bob@example.org" } },
      },
      { event: "click", distinct_id: "ann", timestamp: at(3), properties: { $browser: "Chrome", label: "Buy now" } },
    ]);
    const matching = async (properties: unknown, query: Record<string, string> = {}) =>
      (await listAllEvents(user, { ...query, properties: JSON.stringify(properties) })).map((e) => `${e.event}@${e.distinct_id}`);

    expect(await matching([{ key: "$browser", value: ["Chrome"], operator: "exact", type: "event" }])).toEqual([
      "click@ann",
      "$pageview@bob",
    ]);
    expect(await matching([{ key: "$browser", value: "Chrome" }], { event: "$pageview" })).toEqual(["$pageview@bob"]);
    expect(await matching([{ key: "label", value: "BUY", operator: "icontains" }])).toEqual(["click@ann"]);
    expect(await matching([{ key: "plan", value: 5, operator: "gt" }])).toEqual(["$pageview@bob"]);
    expect(await matching([{ key: "label", operator: "is_not_set" }])).toEqual(["$pageview@bob", "$pageview@ann"]);
    // Person properties are the person's now: ann's click (sent without $set) matches too.
    expect(await matching([{ key: "email", value: "example.com", operator: "icontains", type: "person" }])).toEqual([
      "click@ann",
      "$pageview@ann",
    ]);
    expect(
      await matching({
        type: "OR",
        values: [
          { key: "label", operator: "is_set" },
          {
            type: "AND",
            values: [
              { key: "email", value: ["bob@example.org"], type: "person" },
              { key: "plan", value: 7, operator: "gte" },
            ],
          },
        ],
      }),
    ).toEqual(["click@ann", "$pageview@bob"]);
    expect(await matching([])).toHaveLength(3);
    expect((await user.session.get(eventsPath(user, "?properties="))).body.results).toHaveLength(3);

    const firstPage = await user.session.get(
      eventsPath(user, `?limit=1&properties=${encodeURIComponent(JSON.stringify([{ key: "$browser", value: "Chrome" }]))}`),
    );
    expect(firstPage.body.results.map((e: any) => e.event)).toEqual(["click"]);
    expect(new URL(firstPage.body.next).searchParams.get("properties")).toBe(JSON.stringify([{ key: "$browser", value: "Chrome" }]));
    expect((await user.session.get(firstPage.body.next)).body.results.map((e: any) => e.distinct_id)).toEqual(["bob"]);
  });

  test("bad properties are 400s naming properties", async () => {
    const user = await signUp(baseUrl);
    const deep = JSON.stringify(Array.from({ length: 70 }).reduce((inner) => ({ type: "AND", values: [inner] }), { key: "a", value: "b" }));
    for (const properties of [
      "not json",
      "[{",
      JSON.stringify({ key: "a" }),
      JSON.stringify([{ key: "a", value: "b", type: "cohort" }]),
      JSON.stringify([{ key: "a", value: "b", operator: "almost" }]),
      JSON.stringify([{ key: "a", value: "(", operator: "regex" }]),
      JSON.stringify([{ key: "a", value: "x", operator: "gt" }]),
      JSON.stringify([{ key: "", value: "b" }]),
    ]) {
      const response = await user.session.get(eventsPath(user, `?properties=${encodeURIComponent(properties)}`));
      expect(response.status, properties.slice(0, 60)).toBe(400);
      expect(response.body).toMatchObject({ type: "validation_error", attr: expect.stringMatching(/^properties/) });
    }
    const tooDeep = await user.session.get(eventsPath(user, `?properties=${encodeURIComponent(deep)}`));
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body).toMatchObject({ type: "validation_error", code: "max_depth" });
  });

  test("bad filters are 400s", async () => {
    const user = await signUp(baseUrl);
    for (const [query, attr] of [
      ["?after=yesterday", "after"],
      ["?before=2024-02-31", "before"],
      ["?person_id=not-a-uuid", "person_id"],
      [`?before=${at(1)}&before_id=nope`, "before_id"],
    ]) {
      const response = await user.session.get(eventsPath(user, query));
      expect(response.status, query).toBe(400);
      expect(response.body).toMatchObject({ type: "validation_error", attr });
    }
  });

  test("scope query:read; another project's events are out of reach", async () => {
    const user = await signUp(baseUrl);
    const stranger = await signUp(baseUrl);
    await send(user, [{ event: "secret", distinct_id: "d", timestamp: at(1) }]);
    await send(stranger, [{ event: "theirs", distinct_id: "d", timestamp: at(1) }]);

    const reader = await user.key(["query:read"]);
    expect((await reader.get(eventsPath(user))).body.results.map((e: any) => e.event)).toEqual(["secret"]);
    const wrongScope = await user.key(["person:read"]);
    expect((await wrongScope.get(eventsPath(user))).body).toEqual({
      type: "authentication_error",
      code: "permission_denied",
      detail: "API key missing required scope 'query:read'",
      attr: null,
    });
    expect((await stranger.session.get(eventsPath(user))).status).toBe(403);
    expect((await stranger.session.get(eventsPath(stranger))).body.results.map((e: any) => e.event)).toEqual(["theirs"]);
    expect((await user.session.get("/api/projects/999999999/events/")).status).toBe(404);
    expect((await user.session.post(eventsPath(user), {})).status).toBe(405);
  });

  describe("summary", () => {
    const summaryPath = (user: TestUser) => `/api/projects/${user.projectId}/events/summary/`;
    const ago = (hours: number) => new Date(Date.now() - hours * 3600 * 1000).toISOString();

    test("counts of the last 24 hours and 30 days, the newest event, the top events of 30 days", async () => {
      const user = await signUp(baseUrl);
      const newest = ago(0.5);
      await send(user, [
        ...Array.from({ length: 3 }, (_, i) => ({ event: "$pageview", distinct_id: "a", timestamp: ago(1 + i) })),
        ...Array.from({ length: 4 }, (_, i) => ({ event: "$pageview", distinct_id: "a", timestamp: ago(48 + i) })),
        { event: "signed_up", distinct_id: "a", timestamp: newest },
        { event: "signed_up", distinct_id: "b", timestamp: ago(72) },
        { event: "ancient", distinct_id: "a", timestamp: ago(24 * 40) },
      ]);
      const { status, body } = await user.session.get(summaryPath(user));
      expect(status).toBe(200);
      expect(body).toEqual({
        events_last_24_hours: 4,
        events_last_30_days: 9,
        last_event_at: newest,
        top_events: [
          { event: "$pageview", count: 7 },
          { event: "signed_up", count: 2 },
        ],
      });
    });

    test("at most 10 top events; an empty project has none and no last event; an old one keeps its last event", async () => {
      const busy = await signUp(baseUrl);
      await send(
        busy,
        Array.from({ length: 12 }, (_, i) => ({ event: `e${String(i).padStart(2, "0")}`, distinct_id: "a", timestamp: ago(2) })),
      );
      const top = (await busy.session.get(summaryPath(busy))).body.top_events;
      expect(top.map((e: any) => e.event)).toEqual(Array.from({ length: 10 }, (_, i) => `e${String(i).padStart(2, "0")}`));

      const empty = await signUp(baseUrl);
      expect((await empty.session.get(summaryPath(empty))).body).toEqual({
        events_last_24_hours: 0,
        events_last_30_days: 0,
        last_event_at: null,
        top_events: [],
      });

      const old = await signUp(baseUrl);
      const when = new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 678)).toISOString();
      await send(old, [{ event: "ancient", distinct_id: "a", timestamp: when }]);
      expect((await old.session.get(summaryPath(old))).body).toEqual({
        events_last_24_hours: 0,
        events_last_30_days: 0,
        last_event_at: when,
        top_events: [],
      });
    });

    test("scope query:read; another project's summary is out of reach", async () => {
      const user = await signUp(baseUrl);
      const stranger = await signUp(baseUrl);
      await send(stranger, [{ event: "theirs", distinct_id: "d", timestamp: ago(1) }]);
      expect((await (await user.key(["query:read"])).get(summaryPath(user))).status).toBe(200);
      expect((await (await user.key(["person:read"])).get(summaryPath(user))).status).toBe(403);
      expect((await user.session.get(summaryPath(stranger))).status).toBe(403);
      expect((await user.session.get("/api/projects/999999999/events/summary/")).status).toBe(404);
      expect((await user.session.post(summaryPath(user), {})).status).toBe(405);
      expect((await user.session.get(summaryPath(user))).body.top_events).toEqual([]);
    });
  });
});
