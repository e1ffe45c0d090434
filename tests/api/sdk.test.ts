import { JSDOM } from "jsdom";
import { PostHog as PostHogNode } from "posthog-node";
import { beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { listAllEvents, projectToken } from "../support/events";

/**
 * The real SDKs send to a started Hedgerow; what they sent (as the SDK reports it) must be stored exactly once,
 * with its distinct id, person, timestamp and properties, as the events and persons APIs show it.
 */

const baseUrl = inject("baseUrl");
const TIMESTAMP_TOLERANCE_MS = 3000;

interface SentRequest {
  url: string;
  status: number;
}

/** A fetch that records each request's path and status, for the SDKs' `fetch` option. */
function recordingFetch(requests: SentRequest[], inner: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    requests.push({ url: url.replace(baseUrl, ""), status: response.status });
    return response;
  };
}

/** The stored events, once there are at least `count` (SDKs that send in the background are waited for). */
async function waitForEvents(user: TestUser, count: number, timeoutMs = 20_000): Promise<any[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const events = await listAllEvents(user);
    if (events.length >= count || Date.now() > deadline) return events;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function personOf(user: TestUser, distinctId: string): Promise<any> {
  const response = await user.session.get(`/api/projects/${user.projectId}/persons/?distinct_id=${encodeURIComponent(distinctId)}`);
  expect(response.status).toBe(200);
  return response.body.results[0] ?? null;
}

interface SentEvent {
  uuid: string;
  event: string;
  distinctId: string;
  properties: Record<string, unknown>;
  timestamp: Date;
}

/** Every sent event is stored once, as sent: the same uuid, name, distinct id, properties and (about) time. */
function expectStoredExactlyOnce(stored: any[], sent: SentEvent[]) {
  expect(stored.map((e) => e.id).sort()).toEqual(sent.map((e) => e.uuid).sort());
  const byId = new Map(stored.map((e) => [e.id, e]));
  for (const event of sent) {
    const row = byId.get(event.uuid);
    expect(row.event).toBe(event.event);
    expect(row.distinct_id).toBe(event.distinctId);
    expect(row.properties).toMatchObject(event.properties);
    expect(Math.abs(Date.parse(row.timestamp) - event.timestamp.getTime()), `${event.event} timestamp`).toBeLessThanOrEqual(
      TIMESTAMP_TOLERANCE_MS,
    );
  }
}

describe("posthog-node", () => {
  /** What posthog-node sends for a typical server: captures (one dated in the past), identify, alias, group. */
  async function sendWithNode(options: { disableCompression?: boolean; historicalMigration?: boolean }) {
    const user = await signUp(baseUrl);
    const token = await projectToken(user);
    const requests: SentRequest[] = [];
    const errors: unknown[] = [];
    const sent: SentEvent[] = [];
    const client = new PostHogNode(token, {
      host: baseUrl,
      flushAt: 100,
      flushInterval: 60_000,
      fetchRetryCount: 0,
      fetch: recordingFetch(requests) as never,
      ...options,
    });
    client.on("error", (error: unknown) => errors.push(error));
    client.on("flush", (messages: any[]) => {
      for (const message of messages)
        sent.push({
          uuid: message.uuid,
          event: message.event,
          distinctId: message.distinct_id,
          // As JSON carried them (undefined values are not sent).
          properties: JSON.parse(JSON.stringify(message.properties)),
          timestamp: new Date(message.timestamp),
        });
    });

    client.capture({ distinctId: "user-1", event: "test event", properties: { plan: "free", $current_url: "http://example.com/a" } });
    client.capture({
      distinctId: "user-1",
      event: "$pageview",
      properties: { $current_url: "http://example.com/b" },
      timestamp: new Date("2024-01-02T03:04:05.000Z"),
    });
    client.identify({ distinctId: "user-1", properties: { email: "u1@example.com" } });
    client.alias({ distinctId: "user-1", alias: "anon-123" });
    client.capture({ distinctId: "anon-123", event: "after alias", properties: { n: 1 } });
    client.groupIdentify({ groupType: "company", groupKey: "acme", properties: { name: "Acme" } });
    client.capture({ distinctId: "user-2", event: "purchase", properties: { amount: 42 }, groups: { company: "acme" } });
    const flags = await client.getAllFlags("user-1");
    await client.shutdown();

    expect(errors).toEqual([]);
    expect(flags).toEqual({});
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) expect(request.status, request.url).toBe(200);
    expect(sent).toHaveLength(7);
    return { user, sent, requests };
  }

  async function expectNodeEventsStored(user: TestUser, sent: SentEvent[]) {
    const stored = await listAllEvents(user);
    expectStoredExactlyOnce(stored, sent);
    const identify = stored.find((e) => e.event === "$identify");
    expect(identify.properties.$set).toEqual({ email: "u1@example.com" });
    // identify set the email, alias joined anon-123 to user-1's person.
    const person = await personOf(user, "user-1");
    expect(person.distinct_ids).toEqual(expect.arrayContaining(["user-1", "anon-123"]));
    expect(person.properties).toMatchObject({ email: "u1@example.com" });
    expect((await personOf(user, "anon-123")).id).toBe(person.id);
    for (const event of stored.filter((e) => ["user-1", "anon-123"].includes(e.distinct_id)))
      expect(event.person?.id, `${event.event}'s person`).toBe(person.id);
    const buyer = stored.find((e) => e.event === "purchase");
    expect(buyer.person.distinct_ids).toEqual(["user-2"]);
    expect(buyer.properties.$groups).toEqual({ company: "acme" });
    expect(buyer.properties).toMatchObject({ $lib: "posthog-node", amount: 42 });
  }

  test("gzip (the default): every event stored once, persons merged", async () => {
    const { user, sent, requests } = await sendWithNode({});
    expect(requests.filter((r) => r.url === "/batch/")).toHaveLength(1);
    await expectNodeEventsStored(user, sent);
  });

  test("without compression (disableCompression)", async () => {
    const { user, sent } = await sendWithNode({ disableCompression: true });
    await expectNodeEventsStored(user, sent);
  });

  test("historicalMigration: timestamps kept exactly as sent", async () => {
    const { user, sent } = await sendWithNode({ historicalMigration: true });
    await expectNodeEventsStored(user, sent);
    const stored = await listAllEvents(user);
    for (const event of sent) expect(stored.find((e) => e.id === event.uuid).timestamp).toBe(event.timestamp.toISOString());
  });

  test("local evaluation: the flag definitions load without errors (and none are defined)", async () => {
    const user = await signUp(baseUrl);
    const token = await projectToken(user);
    const key = await user.session.post("/api/personal_api_keys/", { label: "node", scopes: ["feature_flag:read"] });
    const requests: SentRequest[] = [];
    const errors: unknown[] = [];
    const client = new PostHogNode(token, {
      host: baseUrl,
      personalApiKey: key.body.value,
      featureFlagsPollingInterval: 60_000,
      fetch: recordingFetch(requests) as never,
    });
    client.on("error", (error: unknown) => errors.push(error));
    await client.reloadFeatureFlags();
    expect(await client.getFeatureFlag("nope", "u1", { onlyEvaluateLocally: true })).toBeUndefined();
    await client.shutdown();
    expect(errors).toEqual([]);
    expect(requests.find((r) => r.url.startsWith("/flags/definitions"))?.status).toBe(200);
  });
});

describe("posthog-js in jsdom", () => {
  let PostHogJs: any;
  const requests: SentRequest[] = [];
  beforeAll(async () => {
    const dom = new JSDOM("<!doctype html><html><head><title>t</title></head><body></body></html>", {
      url: `${baseUrl}/page?utm_source=test`,
      pretendToBeVisual: true,
    });
    // posthog-js reads the browser from globals when its module loads; requests go through the global fetch.
    const globals: Record<string, unknown> = {
      window: dom.window,
      document: dom.window.document,
      location: dom.window.location,
      navigator: dom.window.navigator,
      localStorage: dom.window.localStorage,
      sessionStorage: dom.window.sessionStorage,
      fetch: recordingFetch(requests, globalThis.fetch),
    };
    for (const [name, value] of Object.entries(globals))
      Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
    PostHogJs = (await import("posthog-js")).PostHog;
  });

  async function sendWithJs(options: { disable_compression: boolean }) {
    const user = await signUp(baseUrl);
    const token = await projectToken(user);
    const sent: SentEvent[] = [];
    const posthog = new PostHogJs();
    const started = Date.now();
    posthog.init(token, {
      api_host: baseUrl,
      persistence: "memory",
      autocapture: false,
      capture_pageview: false,
      capture_pageleave: false,
      disable_session_recording: true,
      disable_surveys: true,
      ...options,
      before_send: (event: any) => {
        sent.push({
          uuid: event.uuid,
          event: event.event,
          distinctId: event.properties.distinct_id,
          properties: { ...event.properties, ...(event.$set ? { $set: event.$set } : {}) },
          timestamp: new Date(event.timestamp ?? Date.now()),
        });
        return event;
      },
    });
    const anonymousId = posthog.get_distinct_id();
    posthog.capture("test event", { plan: "free" });
    posthog.identify("user-1", { email: "u1@example.com" });
    posthog.capture("purchase", { amount: 42 });
    posthog.capture("$pageview");
    // posthog-js loads flags (and its remote config) in the background, debounced.
    await new Promise((r) => setTimeout(r, 1500));
    await posthog.shutdown();
    const stored = await waitForEvents(user, sent.length);
    return { user, sent, stored, anonymousId, started };
  }

  for (const compression of ["gzip", "plain"]) {
    test(`${compression}: every event stored once, the anonymous id joined to the identified person`, async () => {
      const { user, sent, stored, anonymousId, started } = await sendWithJs({ disable_compression: compression === "plain" });
      expect(sent.map((e) => e.event)).toEqual(["test event", "$identify", "purchase", "$pageview"]);
      expectStoredExactlyOnce(stored, sent);
      for (const event of stored) {
        expect(Date.parse(event.timestamp)).toBeGreaterThanOrEqual(started - TIMESTAMP_TOLERANCE_MS);
        expect(event.properties).toMatchObject({ $lib: "web", token: expect.any(String), $current_url: `${baseUrl}/page?utm_source=test` });
      }
      expect(stored.find((e) => e.event === "test event").distinct_id).toBe(anonymousId);
      const person = await personOf(user, "user-1");
      expect(person.distinct_ids).toEqual(expect.arrayContaining(["user-1", anonymousId]));
      expect(person.properties).toMatchObject({ email: "u1@example.com", $initial_utm_source: "test" });
      for (const event of stored.filter((e) => e.distinct_id === "user-1")) expect(event.person?.id).toBe(person.id);

      const failed = requests.filter((r) => !r.url.startsWith("/api/") && r.status !== 200);
      expect(failed).toEqual([]);
      expect(requests.some((r) => r.url.startsWith("/flags/"))).toBe(true);
    });
  }
});
