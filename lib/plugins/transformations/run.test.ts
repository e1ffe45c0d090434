import { expect, test, vi } from "vitest";
import type { CapturedEvent } from "@/lib/ingestion/types";

// Four set-ups in order, each a transformation of its own: synchronous ones, a promise, a throw and a rejection.
const { counts, logs } = vi.hoisted(() => ({
  counts: [] as [number, string][],
  logs: [] as { configId: number; eventUuid?: string | null }[],
}));
vi.mock("../enabled", () => ({
  enabledApps: async () => [1, 2, 3, 4].map((id) => ({ id, url: `app-${id}`, name: `app ${id}`, config: {} })),
  projectCache: (_name: string, load: (projectId: number) => Promise<unknown>) => ({ get: load, forget: () => {} }),
}));
vi.mock("../catalog", () => ({ catalogEntry: (url: string) => ({ url }) }));
const mark = (name: string) => (event: CapturedEvent) => ({ ...event, properties: { ...event.properties, [name]: true } });
vi.mock("./apps", () => ({
  BUILT_IN_TRANSFORMATIONS: {
    // Tags every event; drops "dropped".
    "app-1": { prepare: () => (event: CapturedEvent) => (event.event === "dropped" ? null : mark("one")(event)) },
    // Answers with a promise; rejects "rejected".
    "app-2": {
      prepare: () => async (event: CapturedEvent) => {
        if (event.event === "rejected") throw new Error("no answer");
        return mark("two")(event);
      },
    },
    // Throws on "thrown".
    "app-3": {
      prepare: () => (event: CapturedEvent) => {
        if (event.event === "thrown") throw new Error("bad event");
        return mark("three")(event);
      },
    },
    "app-4": { prepare: () => mark("four") },
  },
}));
vi.mock("../observe/tally", () => ({
  Tally: class {
    add(configId: number, kind: string) {
      counts.push([configId, kind]);
    }
    log(entry: { configId: number; eventUuid?: string | null }) {
      logs.push(entry);
    }
    async flush() {}
  },
}));

const { transformEvents } = await import("./run");

const event = (name: string): CapturedEvent => ({
  uuid: `uuid-${name}`,
  event: name,
  distinctId: "d",
  properties: {},
  timestamp: new Date(0),
});

test("each event goes through the set-ups in order, synchronous or not; dropped ones go no further; a failing one is skipped", async () => {
  const result = await transformEvents(1, ["kept", "dropped", "rejected", "thrown"].map(event));
  expect(result.kept).toEqual([0, 2, 3]);
  expect(result.events.map((e) => [e.event, Object.keys(e.properties)])).toEqual([
    ["kept", ["one", "two", "three", "four"]],
    ["rejected", ["one", "three", "four"]],
    ["thrown", ["one", "two", "four"]],
  ]);
  const countsOf = (configId: number) => counts.filter(([id]) => id === configId).map(([, kind]) => kind);
  expect(countsOf(1)).toEqual(["succeeded", "filtered", "succeeded", "succeeded"]);
  expect(countsOf(2)).toEqual(["succeeded", "failed", "succeeded"]);
  expect(countsOf(3)).toEqual(["succeeded", "succeeded", "failed"]);
  expect(countsOf(4)).toEqual(["succeeded", "succeeded", "succeeded"]);
  expect(logs.map((entry) => [entry.configId, entry.eventUuid])).toEqual([
    [2, "uuid-rejected"],
    [3, "uuid-thrown"],
  ]);
});
