import { createHash, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { ApiError, serverError } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";
import { insightResultsCache, type Project } from "@/lib/db/schema";
// The refresh modes live apart from the cache (no database there), so the schemas that name them load in browsers.
import { refreshMode, type RefreshMode } from "./refresh";

/** How long a result stays fresh, by interval (`posthog/caching/utils.py`). */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const DEFAULT_TARGET_AGE: Record<string, number> = { none: 6 * HOUR, minute: 5 * MINUTE, hour: HOUR, day: 6 * HOUR, week: DAY, month: DAY };
const LAZY_TARGET_AGE: Record<string, number> = {
  none: 12 * HOUR,
  minute: 15 * MINUTE,
  hour: 2 * HOUR,
  day: 12 * HOUR,
  week: DAY,
  month: DAY,
};

export interface QueryStatus {
  id: string;
  team_id: number;
  insight_id: number | null;
  dashboard_id: number | null;
  query_async: true;
  complete: boolean;
  error: boolean;
  error_message: string | null;
  results: unknown;
  start_time: string;
  pickup_time: string | null;
  end_time: string | null;
  expiration_time: string;
  task_id: string;
  labels: string[] | null;
  query_progress: {
    bytes_read: number;
    rows_read: number;
    estimated_rows_total: number;
    time_elapsed: number;
    active_cpu_time: number;
  } | null;
}

export interface CachedAnswer<T = unknown> {
  result: T | null;
  last_refresh: string | null;
  cache_target_age: string | null;
  is_cached: boolean;
  timezone: string;
  query_status: QueryStatus | null;
}

export type Compute<T> = (signal: AbortSignal) => Promise<T>;

export interface CacheOptions {
  refresh?: RefreshMode;
  insightId?: number | null;
  /** The id a background computation's status is known by (the query API's `client_query_id`); else a new uuid. */
  queryId?: string;
  /** For tests: the current time. */
  now?: () => Date;
}

interface Running {
  status: QueryStatus;
  key: string;
  projectId: number;
  controller: AbortController;
  done: Promise<void>;
}

// Background computations of this process, by query id and by cache key (one at a time per key).
const holder = globalThis as unknown as { __hedgerowInsightRuns?: { byId: Map<string, Running>; byKey: Map<string, Running> } };
const runs = (holder.__hedgerowInsightRuns ??= { byId: new Map(), byKey: new Map() });
const QUERY_STATUS_TTL_MS = 10 * MINUTE;

/** Keys that say how to run an analysis, not what to compute: they never split the cache. */
const VOLATILE_KEYS = new Set(["refresh", "client_query_id", "cache_invalidation_key", "format", "from_dashboard", "sharing_access_token"]);

function normalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalize);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const item = (value as Record<string, unknown>)[key];
      if (VOLATILE_KEYS.has(key) || item === undefined) continue;
      out[key] = normalize(item);
    }
    return out;
  }
  return value;
}

/**
 * The cache key: a hash of the analysis kind, the normalized filter and what else changes the answer (timezone, the
 * test account filters when the project has any: editing them must not leave old answers in place).
 */
export function cacheKey(
  project: Pick<Project, "id" | "timezone"> & Partial<Pick<Project, "testAccountFilters">>,
  kind: string,
  filter: unknown,
): string {
  const testAccounts = project.testAccountFilters?.length ? project.testAccountFilters : undefined;
  const material = JSON.stringify({ kind, filter: normalize(filter), timezone: project.timezone, project: project.id, testAccounts });
  return `${kind.toLowerCase()}_${createHash("sha256").update(material).digest("hex").slice(0, 40)}`;
}

function intervalOf(filter: unknown): string {
  const f = (filter ?? {}) as Record<string, unknown>;
  const source = ((f.source ?? {}) as Record<string, unknown>) ?? {};
  const interval = (f.interval ?? source.interval) as unknown;
  return typeof interval === "string" && interval in DEFAULT_TARGET_AGE ? interval : "none";
}

/** The offset of `timeZone` from UTC at `at`, in ms. */
function zoneOffset(at: Date, timeZone: string): number {
  try {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      })
        .formatToParts(at)
        .map((p) => [p.type, p.value]),
    );
    const asUtc = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour % 24, +parts.minute, +parts.second);
    return asUtc - Math.floor(at.getTime() / 1000) * 1000;
  } catch {
    return 0;
  }
}

/** An absolute `date_to` as an instant (a date alone is the end of that day in the project's timezone), else null. */
export function absoluteDateTo(filter: unknown, timeZone: string): Date | null {
  const f = (filter ?? {}) as Record<string, unknown>;
  const source = (f.source ?? {}) as Record<string, unknown>;
  const range = (source.dateRange ?? {}) as Record<string, unknown>;
  const raw = f.date_to ?? range.date_to;
  if (typeof raw !== "string") return null;
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  if (dateOnly) {
    const endUtc = Date.UTC(+dateOnly[1], +dateOnly[2] - 1, +dateOnly[3], 23, 59, 59, 999);
    return new Date(endUtc - zoneOffset(new Date(endUtc), timeZone));
  }
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(raw)) return null;
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/.test(raw);
  const parsed = new Date(hasZone ? raw : `${raw.replace(" ", "T")}Z`);
  if (Number.isNaN(parsed.getTime())) return null;
  return hasZone ? parsed : new Date(parsed.getTime() - zoneOffset(parsed, timeZone));
}

/** When a result computed at `lastRefresh` stops being fresh; null when it never does (its range is over). */
export function targetAge(filter: unknown, timeZone: string, lastRefresh: Date, lazy = false): Date | null {
  const dateTo = absoluteDateTo(filter, timeZone);
  if (dateTo && dateTo.getTime() < lastRefresh.getTime() - 10_000) return null;
  const table = lazy ? LAZY_TARGET_AGE : DEFAULT_TARGET_AGE;
  return new Date(lastRefresh.getTime() + table[intervalOf(filter)]);
}

function isStale(filter: unknown, timeZone: string, lastRefresh: Date, now: Date, lazy: boolean): boolean {
  const target = targetAge(filter, timeZone, lastRefresh, lazy);
  return target !== null && target.getTime() <= now.getTime();
}

async function readCache(projectId: number, key: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(insightResultsCache)
    .where(and(eq(insightResultsCache.projectId, projectId), eq(insightResultsCache.cacheKey, key)));
  return row ?? null;
}

async function writeCache(projectId: number, key: string, result: unknown, lastRefresh: Date) {
  const db = await getDb();
  await db
    .insert(insightResultsCache)
    .values({ projectId, cacheKey: key, result: result as never, lastRefresh })
    .onConflictDoUpdate({
      target: [insightResultsCache.projectId, insightResultsCache.cacheKey],
      set: { result: result as never, lastRefresh },
    });
}

function answerFrom(
  row: { result: unknown; lastRefresh: Date } | null,
  filter: unknown,
  timeZone: string,
  isCached: boolean,
  status: QueryStatus | null,
): CachedAnswer {
  if (!row) return { result: null, last_refresh: null, cache_target_age: null, is_cached: false, timezone: timeZone, query_status: status };
  const target = targetAge(filter, timeZone, row.lastRefresh);
  return {
    result: row.result,
    last_refresh: row.lastRefresh.toISOString(),
    cache_target_age: target?.toISOString() ?? null,
    is_cached: isCached,
    timezone: timeZone,
    query_status: status,
  };
}

function startBackground<T>(
  project: Project,
  key: string,
  compute: Compute<T>,
  insightId: number | null,
  now: () => Date,
  queryId?: string,
): Running {
  const existing = runs.byKey.get(`${project.id}:${key}`);
  if (existing && !existing.status.complete) return existing;
  const id = queryId && !runs.byId.has(queryId) ? queryId : randomUUID();
  const started = now();
  const status: QueryStatus = {
    id,
    team_id: project.id,
    insight_id: insightId,
    dashboard_id: null,
    query_async: true,
    complete: false,
    error: false,
    error_message: null,
    results: null,
    start_time: started.toISOString(),
    pickup_time: started.toISOString(),
    end_time: null,
    expiration_time: new Date(started.getTime() + QUERY_STATUS_TTL_MS).toISOString(),
    task_id: id,
    labels: null,
    query_progress: null,
  };
  const controller = new AbortController();
  const running: Running = { status, key, projectId: project.id, controller, done: Promise.resolve() };
  running.done = (async () => {
    // Let the request that started it answer first.
    await new Promise((resolve) => setTimeout(resolve, 0));
    try {
      if (controller.signal.aborted) return;
      const result = await compute(controller.signal);
      if (controller.signal.aborted) return;
      const finished = now();
      await writeCache(project.id, key, result, finished);
      Object.assign(status, { complete: true, results: result, end_time: finished.toISOString() });
    } catch (error) {
      if (controller.signal.aborted) return;
      // The caller's own mistakes say what they are (as a blocking answer's 400 would); a fault only its id.
      let message: string;
      if (error instanceof ApiError) message = error.detail;
      else {
        message = serverError().detail;
        console.error(`[analysis] a background query failed: ${message}`, error);
      }
      Object.assign(status, { complete: true, error: true, error_message: message, end_time: now().toISOString() });
    } finally {
      setTimeout(() => {
        runs.byId.delete(id);
        if (runs.byKey.get(`${project.id}:${key}`) === running) runs.byKey.delete(`${project.id}:${key}`);
      }, QUERY_STATUS_TTL_MS).unref?.();
    }
  })();
  runs.byId.set(id, running);
  runs.byKey.set(`${project.id}:${key}`, running);
  return running;
}

/** The status of a background computation still running (or just finished) for this key, if any. */
function runningStatus(projectId: number, key: string): QueryStatus | null {
  const running = runs.byKey.get(`${projectId}:${key}`);
  return running && !running.status.complete ? running.status : null;
}

/**
 * A result from the cache or computed, as `refresh` says (PostHog's query runner):
 * - `force_cache` answers the cached result (stale or not) or a miss (`result: null`); never computes;
 * - `blocking` computes now unless a fresh result is cached; `force_blocking` always computes now;
 * - `async` starts a background computation unless a fresh result is cached, `lazy_async` unless a somewhat
 *   fresh one is (the longer, lazy thresholds), `force_async` always; they answer what is cached (or a miss)
 *   with `query_status` tracking the computation.
 */
export async function cachedResult<T>(
  project: Project,
  kind: string,
  filter: unknown,
  compute: Compute<T>,
  options: CacheOptions = {},
): Promise<CachedAnswer<T>> {
  const mode = options.refresh ?? "force_cache";
  const now = options.now ?? (() => new Date());
  const key = cacheKey(project, kind, filter);
  const tz = project.timezone;
  const cached = mode === "force_blocking" ? null : await readCache(project.id, key);

  if (mode === "force_cache") return answerFrom(cached, filter, tz, true, runningStatus(project.id, key)) as CachedAnswer<T>;

  const lazy = mode === "lazy_async";
  const fresh = cached !== null && !isStale(filter, tz, cached.lastRefresh, now(), lazy);
  if (fresh && mode !== "force_async") return answerFrom(cached, filter, tz, true, null) as CachedAnswer<T>;

  if (mode === "blocking" || mode === "force_blocking") {
    const result = await compute(new AbortController().signal);
    const computedAt = now();
    await writeCache(project.id, key, result, computedAt);
    return answerFrom({ result, lastRefresh: computedAt }, filter, tz, false, null) as CachedAnswer<T>;
  }

  const running = startBackground(project, key, compute, options.insightId ?? null, now, options.queryId);
  return answerFrom(cached, filter, tz, true, running.status) as CachedAnswer<T>;
}

/** Stops a background computation of the project (`cancel/`); true when one was running. */
export function cancelComputation(projectId: number, queryId: string): boolean {
  const running = runs.byId.get(queryId);
  if (!running || running.projectId !== projectId || running.status.complete) return false;
  running.controller.abort();
  Object.assign(running.status, { complete: true, error: true, error_message: "Query cancelled", end_time: new Date().toISOString() });
  runs.byKey.delete(`${projectId}:${running.key}`);
  return true;
}

/** For tests: waits for the background computation `queryId` to settle. */
export async function settled(queryId: string): Promise<void> {
  await runs.byId.get(queryId)?.done;
}

/** The status of a background computation by id, within the project. */
export function queryStatus(projectId: number, queryId: string): QueryStatus | null {
  const running = runs.byId.get(queryId);
  return running && running.projectId === projectId ? running.status : null;
}

/**
 * The legacy analysis endpoints (trend/, funnel/, retention/, path/): answered from the cache while it is fresh,
 * recomputed when stale, and always recomputed with `refresh=true` (PostHog's legacy flag). They never answer
 * without a result, so only the blocking modes apply.
 */
export function analysisResult<T>(
  project: Project,
  kind: string,
  filter: Record<string, unknown>,
  compute: Compute<T>,
  refreshParam: unknown,
): Promise<CachedAnswer<T>> {
  const raw = typeof refreshParam === "string" ? refreshParam : refreshParam === true ? "true" : undefined;
  const refresh = refreshMode(raw, "blocking") === "force_blocking" ? "force_blocking" : "blocking";
  return cachedResult<T>(project, kind, { ...filter, insight: kind }, compute, { refresh });
}
