import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { validationError } from "@/lib/api/errors";
import type { Project } from "@/lib/db/schema";
import { refreshMode } from "./refresh";

// A private PGlite database for this file: the cache stores results in the metadata database.
vi.stubEnv("HEDGEROW_DATA_DIR", mkdtempSync(path.join(tmpdir(), "hedgerow-cache-test-")));
vi.stubEnv("DATABASE_URL", "");

type CacheModule = typeof import("./cache");
let cache: CacheModule;
let project: Project;

beforeAll(async () => {
  cache = await import("./cache");
  const { getDb } = await import("@/lib/db/client");
  const schema = await import("@/lib/db/schema");
  const db = await getDb();
  const [org] = await db
    .insert(schema.organizations)
    .values({ name: "o", slug: `o-${Date.now()}` })
    .returning();
  [project] = await db
    .insert(schema.projects)
    .values({ organizationId: org.id, name: "p", apiToken: `phc_${Date.now()}` })
    .returning();
}, 60_000);

const counter = () => {
  let calls = 0;
  const compute = async () => ({ n: ++calls });
  return { compute, calls: () => calls };
};

const at = (iso: string) => () => new Date(iso);
const recent = { interval: "day", date_from: "-7d" };

describe("cachedResult", () => {
  test("the key ignores key order and volatile keys, and differs by filter, kind and timezone", () => {
    const p = { id: 1, timezone: "UTC" };
    expect(cache.cacheKey(p, "TRENDS", { a: 1, b: [1, 2], refresh: true })).toBe(cache.cacheKey(p, "TRENDS", { b: [1, 2], a: 1 }));
    expect(cache.cacheKey(p, "TRENDS", { a: 1 })).not.toBe(cache.cacheKey(p, "TRENDS", { a: 2 }));
    expect(cache.cacheKey(p, "TRENDS", { a: 1 })).not.toBe(cache.cacheKey(p, "FUNNELS", { a: 1 }));
    expect(cache.cacheKey(p, "TRENDS", { a: 1 })).not.toBe(cache.cacheKey({ id: 1, timezone: "Europe/Paris" }, "TRENDS", { a: 1 }));
    expect(cache.cacheKey(p, "TRENDS", { a: 1 })).not.toBe(cache.cacheKey({ id: 2, timezone: "UTC" }, "TRENDS", { a: 1 }));
    // Editing the test account filters changes the key; a project without any keeps the key it had.
    const internal = { key: "email", value: "@corp", operator: "not_icontains" as const, type: "person" as const };
    expect(cache.cacheKey({ ...p, testAccountFilters: [] }, "TRENDS", { a: 1 })).toBe(cache.cacheKey(p, "TRENDS", { a: 1 }));
    expect(cache.cacheKey({ ...p, testAccountFilters: [internal] }, "TRENDS", { a: 1 })).not.toBe(cache.cacheKey(p, "TRENDS", { a: 1 }));
  });

  test("staleness by interval, PostHog's default and lazy thresholds; ranges over are never stale", () => {
    const t = new Date("2024-06-01T12:00:00Z");
    const age = (filter: object, lazy = false) => {
      const target = cache.targetAge(filter, "UTC", t, lazy);
      return target ? (target.getTime() - t.getTime()) / 60_000 : null;
    };
    expect([
      age({}),
      age({ interval: "minute" }),
      age({ interval: "hour" }),
      age({ interval: "day" }),
      age({ interval: "week" }),
      age({ interval: "month" }),
    ]).toEqual([360, 5, 60, 360, 1440, 1440]);
    expect([
      age({}, true),
      age({ interval: "minute" }, true),
      age({ interval: "hour" }, true),
      age({ interval: "day" }, true),
      age({ interval: "week" }, true),
    ]).toEqual([720, 15, 120, 720, 1440]);
    expect(age({ interval: "day", date_to: "2024-05-01" })).toBeNull();
    expect(age({ source: { interval: "hour", dateRange: { date_to: "2024-05-01T00:00:00Z" } } })).toBeNull();
    // A range ending today (in the project's timezone) is still running.
    expect(age({ interval: "day", date_to: "2024-06-01" })).toBe(360);
    expect(cache.targetAge({ date_to: "2024-05-31" }, "Pacific/Auckland", new Date("2024-05-31T11:00:00Z"))).not.toBeNull();
    expect(cache.targetAge({ date_to: "2024-05-31" }, "Pacific/Auckland", new Date("2024-05-31T13:00:00Z"))).toBeNull();
  });

  test("force_cache never computes; blocking computes when missing or stale; force_blocking always", async () => {
    const c = counter();
    const filter = { ...recent, case: "blocking" };
    const miss = await cache.cachedResult(project, "TRENDS", filter, c.compute, { refresh: "force_cache" });
    expect(miss).toMatchObject({ result: null, last_refresh: null, is_cached: false, query_status: null });
    expect(c.calls()).toBe(0);

    const first = await cache.cachedResult(project, "TRENDS", filter, c.compute, { refresh: "blocking", now: at("2024-06-01T12:00:00Z") });
    expect(first).toMatchObject({
      result: { n: 1 },
      is_cached: false,
      last_refresh: "2024-06-01T12:00:00.000Z",
      cache_target_age: "2024-06-01T18:00:00.000Z",
    });
    const fresh = await cache.cachedResult(project, "TRENDS", filter, c.compute, { refresh: "blocking", now: at("2024-06-01T17:59:00Z") });
    expect(fresh).toMatchObject({ result: { n: 1 }, is_cached: true });
    const stale = await cache.cachedResult(project, "TRENDS", filter, c.compute, { refresh: "blocking", now: at("2024-06-01T18:00:01Z") });
    expect(stale).toMatchObject({ result: { n: 2 }, is_cached: false });
    const cached = await cache.cachedResult(project, "TRENDS", filter, c.compute, { refresh: "force_cache" });
    expect(cached).toMatchObject({ result: { n: 2 }, is_cached: true });
    const forced = await cache.cachedResult(project, "TRENDS", filter, c.compute, {
      refresh: "force_blocking",
      now: at("2024-06-01T18:00:02Z"),
    });
    expect(forced).toMatchObject({ result: { n: 3 }, is_cached: false });
  });

  test("async modes: background computation with query_status; lazy_async accepts somewhat fresh results", async () => {
    const c = counter();
    const filter = { ...recent, case: "async" };
    const started = await cache.cachedResult(project, "TRENDS", filter, c.compute, {
      refresh: "async",
      insightId: 7,
      now: at("2024-06-01T12:00:00Z"),
    });
    expect(started.result).toBeNull();
    expect(started.query_status).toMatchObject({ team_id: project.id, insight_id: 7, query_async: true, complete: false, error: false });
    const inFlight = await cache.cachedResult(project, "TRENDS", filter, c.compute, { refresh: "force_cache" });
    expect(inFlight.query_status?.id).toBe(started.query_status!.id);
    await cache.settled(started.query_status!.id);
    expect(cache.queryStatus(project.id, started.query_status!.id)).toMatchObject({ complete: true, results: { n: 1 } });
    expect(c.calls()).toBe(1);

    // 7 hours later: stale for async (6 h) but not for lazy_async (12 h).
    const later = at("2024-06-01T19:00:00Z");
    const lazy = await cache.cachedResult(project, "TRENDS", filter, c.compute, { refresh: "lazy_async", now: later });
    expect(lazy).toMatchObject({ result: { n: 1 }, is_cached: true, query_status: null });
    const stale = await cache.cachedResult(project, "TRENDS", filter, c.compute, { refresh: "async", now: later });
    expect(stale.result).toEqual({ n: 1 });
    expect(stale.query_status).toMatchObject({ complete: false });
    await cache.settled(stale.query_status!.id);
    expect((await cache.cachedResult(project, "TRENDS", filter, c.compute, { refresh: "force_cache" })).result).toEqual({ n: 2 });

    const forced = await cache.cachedResult(project, "TRENDS", filter, c.compute, { refresh: "force_async", now: later });
    expect(forced.query_status).toMatchObject({ complete: false });
    await cache.settled(forced.query_status!.id);
    expect(c.calls()).toBe(3);
  });

  test("cancel stops a running computation: nothing is stored, its status says cancelled", async () => {
    let release!: () => void;
    const slow = (signal: AbortSignal) =>
      new Promise<{ n: number }>((resolve) => {
        release = () => resolve({ n: 99 });
        signal.addEventListener("abort", () => resolve({ n: -1 }));
      });
    const filter = { ...recent, case: "cancel" };
    const started = await cache.cachedResult(project, "TRENDS", filter, slow, { refresh: "force_async" });
    const id = started.query_status!.id;
    await new Promise((r) => setTimeout(r, 10));
    expect(cache.cancelComputation(project.id + 1, id)).toBe(false); // another project's id
    expect(cache.cancelComputation(project.id, id)).toBe(true);
    release?.();
    await cache.settled(id);
    expect(cache.queryStatus(project.id, id)).toMatchObject({ complete: true, error: true, error_message: "Query cancelled" });
    const after = await cache.cachedResult(project, "TRENDS", filter, slow, { refresh: "force_cache" });
    expect(after).toMatchObject({ result: null, query_status: null });
    expect(cache.cancelComputation(project.id, id)).toBe(false);
  });

  test("a failing background computation reports its error in query_status: the caller's own, or a fault's id", async () => {
    const filter = { ...recent, case: "error" };
    const started = await cache.cachedResult(
      project,
      "TRENDS",
      filter,
      async () => {
        throw validationError("boom");
      },
      { refresh: "async" },
    );
    await cache.settled(started.query_status!.id);
    expect(cache.queryStatus(project.id, started.query_status!.id)).toMatchObject({ complete: true, error: true, error_message: "boom" });

    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const fault = await cache.cachedResult(
      project,
      "TRENDS",
      { ...filter, case: "fault" },
      async () => {
        throw new Error("/var/data secret");
      },
      { refresh: "async" },
    );
    await cache.settled(fault.query_status!.id);
    const status = cache.queryStatus(project.id, fault.query_status!.id)!;
    expect(status).toMatchObject({ complete: true, error: true });
    expect(status.error_message).toMatch(/^A server error occurred \(error id [0-9a-f-]+\)\.$/);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  test("refreshMode: the legacy true/false and the six modes; anything else is null", () => {
    expect(refreshMode(undefined)).toBe("force_cache");
    expect(refreshMode("true")).toBe("force_blocking");
    expect(refreshMode("false")).toBe("force_cache");
    expect(refreshMode("lazy_async")).toBe("lazy_async");
    expect(refreshMode("sometimes")).toBeNull();
  });
});
