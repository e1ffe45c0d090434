import { ApiError } from "@/lib/api/errors";
import { eq } from "drizzle-orm";
import { hogqlDataError, ZONE_PARAM, ZONE_PLACEHOLDER } from "@/lib/analytics/filters/hogql-marks";
import { getDb } from "@/lib/db/client";
import { projects } from "@/lib/db/schema";
import { config } from "@/lib/config";
import { getEventStore, type EventStore } from "@/lib/events/store/open";
import { queryLimitError, type QuerySettings } from "@/lib/events/store/limits";
import { FairTurns, NoTurnError } from "./turns";

/** How many analysis queries run at once in this process (HEDGEROW_ANALYSIS_CONCURRENCY, default: one per core). */
export const ANALYSIS_CONCURRENCY = config.analysisConcurrency;
/** How many more may wait for a turn; past that a caller is told to come back (429), not queued without end. */
export const ANALYSIS_QUEUE_LIMIT = 200;
/** A query that got no turn within the time it would be allowed to run is told to come back (429). */
const ANALYSIS_MAX_WAIT_MS = config.queryTimeoutSeconds * 1000;

// One queue per process, on globalThis like the stores: every route bundle must share it.
const holder = globalThis as unknown as { __hedgerowAnalysisTurns?: FairTurns };
const turns = (holder.__hedgerowAnalysisTurns ??= new FairTurns({
  slots: ANALYSIS_CONCURRENCY,
  queueLimit: ANALYSIS_QUEUE_LIMIT,
  maxWaitMs: ANALYSIS_MAX_WAIT_MS,
}));

const busy = () =>
  new ApiError(429, "throttled_error", "concurrency_limit_exceeded", "Too many analyses are running at once. Try again in a few seconds.");

/**
 * Runs `work` for `projectId` once it has its turn at one of the ANALYSIS_CONCURRENCY slots, shared fairly
 * between projects (FairTurns); a 429 when it gets none (the queue is full, or the wait was too long).
 */
export async function inTurn<T>(projectId: number, work: () => Promise<T>): Promise<T> {
  return turns.run(String(projectId), work).catch((error: unknown) => {
    throw error instanceof NoTurnError ? busy() : error;
  });
}

/**
 * The event store as one project's analyses read it: a few queries run at once, the rest wait their turn
 * (fairly between projects), so heavy analyses leave the engine's threads to ingestion and cheap routes, and
 * one project's flood never holds another's analyses behind it; a query the engine stopped at one of its
 * limits answers PostHog's error for it instead of a server error, and one whose HogQL expression failed on the
 * project's data (a text that is no number…) a 400 with the engine's reason (`hogqlDataError`).
 */
export async function getAnalysisStore(projectId: number): Promise<Pick<EventStore, "query">> {
  const store = await getEventStore();
  let zone: Promise<string> | undefined;
  return {
    async query<T>(sql: string, params?: Record<string, unknown>, settings?: QuerySettings) {
      // HogQL expressions read dates in the project's timezone (see hogql-marks.ts).
      const bound =
        sql.includes(ZONE_PLACEHOLDER) && !(params && ZONE_PARAM in params)
          ? { ...params, [ZONE_PARAM]: await (zone ??= projectZone(projectId)) }
          : params;
      return inTurn(projectId, () => store.query<T>(sql, bound, settings)).catch((error: unknown) => {
        throw queryLimitError(error) ?? hogqlDataError(sql, error) ?? error;
      });
    },
  };
}

async function projectZone(projectId: number): Promise<string> {
  const [project] = await (await getDb()).select({ timezone: projects.timezone }).from(projects).where(eq(projects.id, projectId));
  return project?.timezone || "UTC";
}
