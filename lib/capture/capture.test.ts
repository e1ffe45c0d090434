import { describe, expect, test, vi } from "vitest";
import { ApiError } from "@/lib/api/errors";
import type { CapturedEvent, IngestionResult } from "@/lib/ingestion/types";
import { capture, type Ingest } from "./capture";
import type { RawCaptureRequest } from "./decode";

const PROJECTS: Record<string, object> = { phc_known: { id: 1, anonymizeIps: false }, phc_anonymous: { id: 2, anonymizeIps: true } };
vi.mock("./projects", () => ({ projectForToken: async (token: string) => PROJECTS[token] ?? null }));
/** The `$ip` of each event the transformations were given. */
const { transformedIps } = vi.hoisted(() => ({ transformedIps: [] as unknown[] }));
// The project's transformations drop the events named "dropped".
vi.mock("@/lib/plugins/transformations/run", () => ({
  transformEvents: async (_projectId: number, events: CapturedEvent[]) => {
    transformedIps.push(...events.map((event) => event.properties.$ip));
    const kept = events.flatMap((event, index) => (event.event === "dropped" ? [] : [index]));
    return { events: kept.map((index) => events[index]), kept };
  },
}));

const post = (payload: unknown, ip: string | null = null): RawCaptureRequest => ({
  method: "POST",
  query: new URLSearchParams(),
  contentType: "application/json",
  contentEncoding: "",
  body: Buffer.from(JSON.stringify(payload)),
  ip,
});

/** An ingestion that refuses the events named "refused" (as a database refusing their data would be answered). */
const refusing: Ingest = async (_project, events: CapturedEvent[]): Promise<IngestionResult> => {
  const refused = events.flatMap((event, index) => (event.event === "refused" ? [{ index, reason: "refused by the store" }] : []));
  return { stored: events.length - refused.length, duplicates: 0, refused };
};

describe("capture: events that cannot be stored", () => {
  test("invalid ones and ones a database refused are listed by their index in the batch; the answer is a 200", async () => {
    const batch = [
      { event: "ok", distinct_id: "d" },
      { event: "refused", distinct_id: "d" },
      { event: "no distinct id" },
      { event: "ok", distinct_id: "d" },
      { event: "refused", distinct_id: "d" },
    ];
    expect(await capture(post({ api_key: "phc_known", batch }), 1e6, refusing)).toEqual({
      status: 1,
      invalid_events: [
        { index: 1, reason: "refused by the store" },
        { index: 2, reason: 'All events must have the event field "distinct_id"!' },
        { index: 4, reason: "refused by the store" },
      ],
    });
  });

  test("none stored is a 400 with the first reason", async () => {
    const batch = [{ event: "no distinct id" }, { event: "refused", distinct_id: "d" }];
    const answer = capture(post({ api_key: "phc_known", batch }), 1e6, refusing);
    await expect(answer).rejects.toBeInstanceOf(ApiError);
    await expect(answer).rejects.toMatchObject({
      status: 400,
      body: {
        type: "validation_error",
        code: "invalid_payload",
        detail: 'Invalid payload: All events must have the event field "distinct_id"!',
        attr: null,
      },
    });
    await expect(capture(post({ api_key: "phc_known", batch: [batch[1]] }), 1e6, refusing)).rejects.toMatchObject({
      status: 400,
      body: { detail: "Invalid payload: refused by the store" },
    });
  });

  test("everything stored is {status: 1}", async () => {
    expect(await capture(post({ api_key: "phc_known", batch: [{ event: "ok", distinct_id: "d" }] }), 1e6, refusing)).toEqual({ status: 1 });
  });

  test("events a transformation drops are taken; a refused one after them keeps its own index", async () => {
    const batch = [
      { event: "dropped", distinct_id: "d" },
      { event: "ok", distinct_id: "d" },
      { event: "dropped", distinct_id: "d" },
      { event: "refused", distinct_id: "d" },
    ];
    expect(await capture(post({ api_key: "phc_known", batch }), 1e6, refusing)).toEqual({
      status: 1,
      invalid_events: [{ index: 3, reason: "refused by the store" }],
    });
    const stored: CapturedEvent[] = [];
    const keeping: Ingest = async (_project, events) => {
      stored.push(...events);
      return { stored: events.length, duplicates: 0, refused: [] };
    };
    expect(await capture(post({ api_key: "phc_known", batch: [batch[0], batch[2]] }), 1e6, keeping)).toEqual({ status: 1 });
    expect(stored).toEqual([]);
  });
});

describe("capture: the sender's address", () => {
  test("is the events' $ip unless they name one themselves, null included", async () => {
    const stored: CapturedEvent[] = [];
    const keeping: Ingest = async (_project, events) => {
      stored.push(...events);
      return { stored: events.length, duplicates: 0, refused: [] };
    };
    const batch = [
      { event: "plain", distinct_id: "d" },
      { event: "named", distinct_id: "d", properties: { $ip: "203.0.113.9" } },
      { event: "withheld", distinct_id: "d", properties: { $ip: null } },
    ];
    transformedIps.length = 0;
    await capture(post({ api_key: "phc_known", batch }, "198.51.100.7"), 1e6, keeping);
    // Transformations (GeoIP) read it.
    expect(transformedIps).toEqual(["198.51.100.7", "203.0.113.9", null]);
    expect(stored.map((event) => [event.event, event.properties.$ip])).toEqual([
      ["plain", "198.51.100.7"],
      ["named", "203.0.113.9"],
      ["withheld", null],
    ]);
    stored.length = 0;
    await capture(post({ api_key: "phc_known", batch: [batch[0]] }), 1e6, keeping);
    expect("$ip" in stored[0].properties).toBe(false);
  });

  test("with the project's anonymize_ips, no event keeps an $ip, and transformations (GeoIP) never see one", async () => {
    const stored: CapturedEvent[] = [];
    const keeping: Ingest = async (_project, events) => {
      stored.push(...events);
      return { stored: events.length, duplicates: 0, refused: [] };
    };
    transformedIps.length = 0;
    const batch = [
      { event: "plain", distinct_id: "d" },
      { event: "named", distinct_id: "d", properties: { $ip: "203.0.113.9", plan: "pro" } },
      { event: "withheld", distinct_id: "d", properties: { $ip: null } },
    ];
    await capture(post({ api_key: "phc_anonymous", batch }, "198.51.100.7"), 1e6, keeping);
    expect(stored.map((event) => event.event)).toEqual(["plain", "named", "withheld"]);
    expect(stored.filter((event) => "$ip" in event.properties)).toEqual([]);
    expect(stored[1].properties.plan).toBe("pro");
    expect(transformedIps).toEqual([undefined, undefined, undefined]);
  });
});
