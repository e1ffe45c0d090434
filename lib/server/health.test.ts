import { afterEach, beforeEach, expect, test, vi } from "vitest";

const metadata = vi.hoisted(() => ({ execute: vi.fn() }));
const events = vi.hoisted(() => ({ query: vi.fn() }));
vi.mock("@/lib/db/client", () => ({ getDb: async () => metadata }));
vi.mock("@/lib/events/store/open", () => ({ getEventStore: async () => events }));

const { isReady, readiness } = await import("./health");

beforeEach(() => {
  metadata.execute.mockResolvedValue([{ "?column?": 1 }]);
  events.query.mockResolvedValue([{ "1": 1 }]);
});
afterEach(() => vi.useRealTimers());

test("ready when both databases answer", async () => {
  const state = await readiness();
  expect(state).toEqual({ http: true, postgres: true, clickhouse: true });
  expect(isReady(state)).toBe(true);
});

test("a database that fails is reported down", async () => {
  events.query.mockRejectedValue(new Error("chDB is gone"));
  const state = await readiness();
  expect(state).toEqual({ http: true, postgres: true, clickhouse: false });
  expect(isReady(state)).toBe(false);
});

test("a database that does not answer in time is reported down", async () => {
  vi.useFakeTimers();
  metadata.execute.mockReturnValue(new Promise(() => {}));
  const pending = readiness();
  await vi.advanceTimersByTimeAsync(2_000);
  const state = await pending;
  expect(state).toEqual({ http: true, postgres: false, clickhouse: true });
  expect(isReady(state)).toBe(false);
});
