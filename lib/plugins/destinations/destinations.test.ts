import { describe, expect, test } from "vitest";
import { batchesOf, jsonSize } from "@/lib/batch-exports/destinations/http";
import { ConfigProblem } from "../transformations/kinds";
import { builtInDestination } from "./apps";
import type { DestinationEvent } from "./kinds";
import { jobBatches, MAX_JOB_BYTES, MAX_JOB_EVENTS } from "./queue";

const event = (name: string, i = 0, size = 0): DestinationEvent => ({
  event: {
    uuid: `00000000-0000-7000-8000-${String(i).padStart(12, "0")}`,
    event: name,
    distinct_id: "u",
    timestamp: "2024-06-01T00:00:00.000Z",
    properties: size ? { blob: "x".repeat(size) } : {},
    elements_chain: "",
  },
  person: null,
  projectId: 1,
});

const webhook = builtInDestination("https://github.com/hedgerow/webhook-destination")!;
const replicator = builtInDestination("https://github.com/PostHog/posthog-plugin-replicator")!;

function problemOf(run: () => unknown): ConfigProblem {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigProblem) return error;
    throw error;
  }
  throw new Error("no problem found");
}

describe("batches", () => {
  test("cut by count and by bytes, in order; a larger item goes alone", () => {
    expect(batchesOf(["a", "b", "c", "d", "e"], jsonSize, 2, 100)).toEqual([["a", "b"], ["c", "d"], ["e"]]);
    expect(batchesOf(["aaaa", "b", "cccccccccc", "d"], jsonSize, 10, 6)).toEqual([["aaaa"], ["b"], ["cccccccccc"], ["d"]]);
    expect(batchesOf([], jsonSize, 2, 10)).toEqual([]);
  });

  test("a job carries at most MAX_JOB_EVENTS events and about MAX_JOB_BYTES", () => {
    const many = Array.from({ length: MAX_JOB_EVENTS * 2 + 1 }, (_, i) => event("e", i));
    expect(jobBatches(many).map((batch) => batch.length)).toEqual([MAX_JOB_EVENTS, MAX_JOB_EVENTS, 1]);
    const big = Array.from({ length: 5 }, (_, i) => event("e", i, MAX_JOB_BYTES / 2));
    const batches = jobBatches(big);
    expect(batches.length).toBe(5);
    expect(batches.flat().map((e) => e.event.uuid)).toEqual(big.map((e) => e.event.uuid));
  });
});

describe("settings", () => {
  test("the webhook takes http(s) URLs, its methods, a header object and a template; filters on event names", () => {
    const prepared = webhook.prepare({ url: "https://hooks.example.com/x", method: "PUT", headers: '{"X-Key": "k"}', events: "a, b" });
    expect(prepared.accepts(event("a"))).toBe(true);
    expect(prepared.accepts(event("c"))).toBe(false);
    expect(webhook.prepare({ url: "http://hooks.example.com" }).accepts(event("c"))).toBe(true);
    for (const [config, key] of [
      [{ url: "ftp://x.test" }, "url"],
      [{ url: "not a url" }, "url"],
      [{ url: "https://user:pw@x.test" }, "url"],
      [{ url: "https://x.test", method: "DELETE" }, "method"],
      [{ url: "https://x.test", headers: "[1]" }, "headers"],
      [{ url: "https://x.test", headers: '{"Bad Name": "v"}' }, "headers"],
      [{ url: "https://x.test", headers: '{"X": "a\\nb"}' }, "headers"],
      [
        { url: "https://x.test", headers: JSON.stringify(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`h${i}`, "v"]))) },
        "headers",
      ],
      [{ url: "https://x.test", body: '{"a": "{event.secret}"}' }, "body"],
    ] as const)
      expect(problemOf(() => webhook.prepare(config)).key, JSON.stringify(config)).toBe(key);
  });

  test("the replicator needs a host and a key, takes 1 to 10 copies and leaves out ignored events", () => {
    const prepared = replicator.prepare({ host: "eu.i.posthog.com", project_api_key: "phc_x", events_to_ignore: "$pageview" });
    expect(prepared.accepts(event("$pageview"))).toBe(false);
    expect(prepared.accepts(event("signed_up"))).toBe(true);
    expect(problemOf(() => replicator.prepare({ host: "x.test", project_api_key: " " })).key).toBe("project_api_key");
    for (const replication of ["0", "11", "1.5", "two"])
      expect(problemOf(() => replicator.prepare({ host: "x.test", project_api_key: "k", replication })).key).toBe("replication");
    expect(problemOf(() => replicator.prepare({ host: "ftp://x.test", project_api_key: "k" })).key).toBe("host");
  });
});
