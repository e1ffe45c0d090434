import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import {
  canonicalUuid,
  eventTimestamp,
  normalizeEvent,
  parseCapture,
  resolveSentAt,
  resolveToken,
  tokenShapeProblem,
  uuidv7,
  type CaptureContext,
} from "./events";
import { recordedRequests } from "./fixtures/sdk-requests";
import { MAX_EVENT_DEPTH } from "./well-formed";

const NOW = new Date("2030-01-01T12:00:00.000Z");
const ctx = (url = "/e/", form: URLSearchParams | null = null): CaptureContext => ({
  now: NOW,
  query: new URL(url, "http://h").searchParams,
  form,
});

describe("parseCapture: the SDKs' recorded batches", () => {
  const captures = recordedRequests().filter((r) => /batch|_e_|events/.test(r.name));
  for (const recorded of captures) {
    it(recorded.name, () => {
      const body = recorded.body_json as {
        batch: Record<string, any>[];
        sent_at?: string;
        historical_migration?: boolean;
        created_at?: string;
      };
      const { events, invalid } = parseCapture(body, ctx(recorded.url));
      expect(invalid).toEqual([]);
      expect(events).toHaveLength(body.batch.length);
      events.forEach((event, i) => {
        const sent = body.batch[i];
        expect(event.uuid).toBe(sent.uuid);
        expect(event.event).toBe(sent.event);
        expect(event.distinctId).toBe(sent.distinct_id ?? sent.properties.distinct_id);
        expect(event.properties).toMatchObject({ ...sent.properties, ...(sent.$set ? { $set: sent.$set } : {}) });
        const timestamp = new Date(sent.timestamp).getTime();
        // Skew correction: the event happened as long before the request arrived as before the client sent it.
        const expected =
          body.sent_at && !body.historical_migration ? NOW.getTime() + timestamp - new Date(body.sent_at).getTime() : timestamp;
        expect(event.timestamp.getTime()).toBe(expected);
      });
    });
  }

  it("keeps posthog-js' top-level $set and $set_once of $identify as person properties", () => {
    const identify = recordedRequests().find((r) => r.name === "posthog-js-gzip/02-POST-_e_.json")!;
    const [event] = parseCapture(identify.body_json, ctx()).events;
    expect(event.event).toBe("$identify");
    expect(event.properties.$set).toEqual({ email: "u1@example.com" });
    expect(event.properties.$set_once).toMatchObject({ $initial_pathname: "/page" });
  });
});

describe("parseCapture: shapes and invalid events", () => {
  const valid = { event: "e", distinct_id: "d" };

  it("accepts a single event, an array, a batch and {data: [...]}", () => {
    expect(parseCapture(valid, ctx()).events).toHaveLength(1);
    expect(parseCapture([valid, valid], ctx()).events).toHaveLength(2);
    expect(parseCapture({ api_key: "k", batch: [valid, valid, valid] }, ctx()).events).toHaveLength(3);
    expect(parseCapture({ api_key: "k", data: [valid] }, ctx()).events).toHaveLength(1);
  });

  it("reports each invalid event with its index and keeps the valid ones", () => {
    const batch = [
      valid,
      { event: "e" },
      { event: "e", distinct_id: "" },
      { distinct_id: "d" },
      { event: "e", distinct_id: "d", uuid: "not-a-uuid" },
      null,
      { event: "e", distinct_id: "d", properties: "nope" },
      { event: 5, distinct_id: "d" },
      { ...valid, uuid: "01A1FEA0-21DA-7B5A-82AF-1F6EC6219851" },
    ];
    const { events, positions, invalid } = parseCapture({ batch }, ctx());
    expect(events.map((e) => e.uuid)[1]).toBe("01a1fea0-21da-7b5a-82af-1f6ec6219851");
    expect(events).toHaveLength(2);
    expect(positions).toEqual([0, 8]);
    expect(invalid).toEqual([
      { index: 1, reason: 'All events must have the event field "distinct_id"!' },
      { index: 2, reason: 'Event field "distinct_id" should not be blank!' },
      { index: 3, reason: 'All events must have the event name field "event"!' },
      { index: 4, reason: 'Event field "uuid" is not a valid UUID!' },
      { index: 5, reason: "Event must be a JSON object." },
      { index: 6, reason: "Properties must be a JSON object, received str!" },
      { index: 7, reason: 'Event field "event" must be a string!' },
    ]);
  });

  it("refuses a batch that is not a list, and a payload that is not an event", () => {
    expect(() => parseCapture({ batch: "x" }, ctx())).toThrow(ApiError);
    expect(() => parseCapture("text", ctx())).toThrow(ApiError);
  });

  it("generates a time-ordered uuid for events sent without one", () => {
    const [event] = parseCapture(valid, ctx()).events;
    expect(event.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(event.uuid.replace(/-/g, "").slice(0, 12)).toBe(NOW.getTime().toString(16).padStart(12, "0"));
    expect(uuidv7(NOW)).not.toBe(uuidv7(NOW));
  });
});

describe("normalizeEvent", () => {
  it("finds distinct_id at the top level, as $distinct_id, or in properties; stringified and cut to 200", () => {
    const id = (raw: Record<string, unknown>) => (normalizeEvent({ event: "e", ...raw }, NOW, null) as { distinctId: string }).distinctId;
    expect(id({ distinct_id: "top", properties: { distinct_id: "prop" } })).toBe("top");
    expect(id({ $distinct_id: "dollar", properties: { distinct_id: "prop" } })).toBe("dollar");
    expect(id({ properties: { distinct_id: "prop" } })).toBe("prop");
    expect(id({ distinct_id: null, properties: { distinct_id: "prop" } })).toBe("prop");
    expect(id({ distinct_id: 42 })).toBe("42");
    expect(id({ distinct_id: "x".repeat(300) })).toHaveLength(200);
  });

  it("merges top-level $set/$set_once into properties, the top level winning", () => {
    const event = normalizeEvent(
      { event: "e", distinct_id: "d", $set: { a: 1 }, $set_once: { c: 3 }, properties: { $set: { a: 0, b: 2 } } },
      NOW,
      null,
    );
    expect(event).toMatchObject({ properties: { $set: { a: 1, b: 2 }, $set_once: { c: 3 } } });
  });

  it("stores U+FFFD for U+0000 and lone surrogates in the name, distinct id, $set and properties, keys too", () => {
    const sent = JSON.parse(
      '{"event":"e\\u0000","distinct_id":"d\\ud800","$set":{"s\\u0000":"\\udc00"},' +
        '"properties":{"k\\u0000":"v\\ud800","deep":[{"x\\udfff":["\\u0000"]}],"pair":"\\ud83d\\ude00"}}',
    );
    expect(normalizeEvent(sent, NOW, null)).toMatchObject({
      event: "e\ufffd",
      distinctId: "d\ufffd",
      properties: { "k\ufffd": "v\ufffd", deep: [{ "x\ufffd": ["\ufffd"] }], pair: "😀", $set: { "s\ufffd": "\ufffd" } },
    });
    expect((normalizeEvent({ event: "e", distinct_id: ["\u0000"] }, NOW, null) as { distinctId: string }).distinctId).toBe('["\ufffd"]');
  });

  it(`refuses an event nested deeper than ${MAX_EVENT_DEPTH} levels (the event is level 1), whatever holds the depth`, () => {
    const nested = (depth: number): unknown => JSON.parse("[".repeat(depth) + "]".repeat(depth));
    const reason = `Event is nested deeper than ${MAX_EVENT_DEPTH} levels!`;
    // The event (1), its properties (2): the arrays start at level 3.
    expect(normalizeEvent({ event: "e", distinct_id: "d", properties: { a: nested(MAX_EVENT_DEPTH - 2) } }, NOW, null)).toMatchObject({
      properties: { a: nested(MAX_EVENT_DEPTH - 2) },
    });
    expect(normalizeEvent({ event: "e", distinct_id: "d", properties: { a: nested(MAX_EVENT_DEPTH - 1) } }, NOW, null)).toBe(reason);
    expect(normalizeEvent({ event: "e", distinct_id: "d", $set: { a: nested(5000) } }, NOW, null)).toBe(reason);
    expect(normalizeEvent({ event: "e", distinct_id: nested(5000) }, NOW, null)).toBe(reason);
    const { events, invalid } = parseCapture(
      [
        { event: "ok", distinct_id: "d" },
        { event: "e", distinct_id: "d", properties: { a: nested(5000) } },
      ],
      ctx(),
    );
    expect(events.map((e) => e.event)).toEqual(["ok"]);
    expect(invalid).toEqual([{ index: 1, reason }]);
  });

  it("accepts the uuid spellings Python's uuid.UUID does", () => {
    expect(canonicalUuid("{01A1FEA021DA7B5A82AF1F6EC6219851}")).toBe("01a1fea0-21da-7b5a-82af-1f6ec6219851");
    expect(canonicalUuid("urn:uuid:01a1fea0-21da-7b5a-82af-1f6ec6219851")).toBe("01a1fea0-21da-7b5a-82af-1f6ec6219851");
    expect(canonicalUuid("01a1fea0-21da-7b5a-82af-1f6ec621985")).toBeNull();
  });
});

describe("eventTimestamp", () => {
  const sentAt = new Date("2020-06-01T10:00:10.000Z");
  const at = (raw: Record<string, unknown>, sent: Date | null = null, properties: Record<string, unknown> = {}) =>
    eventTimestamp(raw, properties, NOW, sent).toISOString();

  it("removes the client's clock skew using sent_at", () => {
    expect(at({ timestamp: "2020-06-01T10:00:00.000Z" }, sentAt)).toBe("2030-01-01T11:59:50.000Z");
  });
  it("takes offset as milliseconds before now", () => {
    expect(at({ offset: 1500, timestamp: "2020-06-01T10:00:00.000Z" }, sentAt)).toBe("2030-01-01T11:59:58.500Z");
  });
  it("takes the timestamp as is without sent_at, and $time (seconds) when there is no timestamp", () => {
    expect(at({ timestamp: "2020-06-01T10:00:00+02:00" })).toBe("2020-06-01T08:00:00.000Z");
    expect(at({}, null, { $time: 1591005600.5 })).toBe("2020-06-01T10:00:00.500Z");
  });
  it("falls back to now for no, unreadable or far-future timestamps", () => {
    expect(at({})).toBe(NOW.toISOString());
    expect(at({ timestamp: "yesterday-ish" })).toBe(NOW.toISOString());
    expect(at({ timestamp: "2030-01-02T12:00:00.000Z" })).toBe(NOW.toISOString());
    expect(at({ timestamp: "2030-01-02T10:00:00.000Z" })).toBe("2030-01-02T10:00:00.000Z");
  });
  it("skips skew correction for historical migrations and $ignore_sent_at", () => {
    const batch = { batch: [{ event: "e", distinct_id: "d", timestamp: "2020-06-01T10:00:00.000Z" }], sent_at: sentAt.toISOString() };
    expect(parseCapture({ ...batch, historical_migration: true }, ctx()).events[0].timestamp.toISOString()).toBe(
      "2020-06-01T10:00:00.000Z",
    );
    const ignoring = { ...batch, batch: [{ ...batch.batch[0], properties: { $ignore_sent_at: true } }] };
    expect(parseCapture(ignoring, ctx()).events[0].timestamp.toISOString()).toBe("2020-06-01T10:00:00.000Z");
  });
});

describe("resolveSentAt", () => {
  it("reads ?_= in ms (posthog-js) or s, the body's ISO sent_at, or the form's", () => {
    expect(resolveSentAt({}, ctx("/e/?_=1591005610000"))?.toISOString()).toBe("2020-06-01T10:00:10.000Z");
    expect(resolveSentAt({}, ctx("/e/?_=1591005610"))?.toISOString()).toBe("2020-06-01T10:00:10.000Z");
    expect(resolveSentAt({ sent_at: "2020-06-01T10:00:10.000Z" }, ctx())?.toISOString()).toBe("2020-06-01T10:00:10.000Z");
    expect(resolveSentAt({}, ctx("/e/", new URLSearchParams("sent_at=2020-06-01T10:00:10Z")))?.toISOString()).toBe(
      "2020-06-01T10:00:10.000Z",
    );
    expect(resolveSentAt([], ctx())).toBeNull();
  });
  it("refuses an unreadable sent_at with invalid_payload", () => {
    expect(() => resolveSentAt({ sent_at: "soon" }, ctx())).toThrow(/invalid sent at/);
    // Not stringified: a list nested 100,000 deep would overflow the stack.
    const deep = JSON.parse("[".repeat(100_000) + "]".repeat(100_000));
    expect(() => resolveSentAt({ sent_at: deep }, ctx())).toThrow(/invalid sent at: expected a string, received list/);
  });
});

describe("resolveToken and tokenShapeProblem", () => {
  const q = (s: string) => new URLSearchParams(s);
  it("looks where each SDK puts it", () => {
    expect(resolveToken({ api_key: "a" }, q(""), null)).toBe("a");
    expect(resolveToken({ token: "t", api_key: "a" }, q(""), null)).toBe("t");
    expect(resolveToken({ $token: "d", token: "t" }, q(""), null)).toBe("d");
    expect(resolveToken({ event: "e", properties: { token: "p" } }, q(""), null)).toBe("p");
    expect(resolveToken([{ event: "e", properties: { token: "first" } }, { api_key: "second" }], q(""), null)).toBe("first");
    expect(resolveToken({ api_key: "a" }, q("token=query"), null)).toBe("query");
    expect(resolveToken({ api_key: "a" }, q("api_key=query"), null)).toBe("query");
    expect(resolveToken(null, q(""), q("api_key=form"))).toBe("form");
    expect(resolveToken({ api_key: " padded " }, q(""), null)).toBe("padded");
    expect(resolveToken({ event: "e" }, q(""), null)).toBeNull();
    expect(resolveToken({ api_key: 5 }, q(""), null)).toBe(5);
  });
  it("finds tokens that cannot be project keys", () => {
    expect(tokenShapeProblem("phc_abc")).toBeNull();
    expect(tokenShapeProblem(5)).toBe("not_string");
    expect(tokenShapeProblem("x".repeat(65))).toBe("too_long");
    expect(tokenShapeProblem("phc_ü")).toBe("not_ascii");
    expect(tokenShapeProblem("phx_personal")).toBe("personal_api_key");
    expect(tokenShapeProblem("phc_abc\u0000")).toBe("null_byte");
  });
});
