import type { Database } from "@/lib/db/client";
import type { EventStore } from "@/lib/events/store/open";
import { finishRun, recordProgress, settleBackfill, type HoldState, type StartedRun } from "./queue";
import { destinationFor } from "./destinations/registry";
import type { DestinationWriter } from "./destinations/types";
import {
  isRecordCursor,
  planRecordPages,
  readRecordPage,
  type ExportSchema,
  type RecordCursor,
  type RecordModel,
  type RecordQuery,
} from "./records";
import { appendLog } from "./log";
import type { BatchExportLogLevel } from "./schemas";

export interface RunnerSettings {
  pageSize: number;
  maxAttempts: number;
}

/** When an attempt stops between pages: the process is stopping, or the job has used its time. */
export interface RunnerLimits {
  stop: AbortSignal;
  /** Past it (half the job's expiry), the run is handed over to a new job. */
  deadline: number;
}

/** What the job does once the attempt returns: nothing more, or hand the run over to a new job. */
export type RunnerResult = "done" | "handOver";

const log = (db: Database, run: StartedRun, level: BatchExportLogLevel, message: string) =>
  appendLog(db, { batchExportId: run.batchExportId, runId: run.id, level, message });

/** Where a run has got to: the last record written and the number of the next part (S3 objects are numbered by it). */
interface RunCursor {
  position: RecordCursor;
  part: number;
}

/** The run's stored cursor: `{part, ...position}` (the position's key names are the model's). */
function parseCursor(model: RecordModel, text: string | null): RunCursor | null {
  if (!text) return null;
  try {
    const { part, ...position } = JSON.parse(text) as { part: unknown };
    return Number.isInteger(part) && isRecordCursor(model, position) ? { position, part: part as number } : null;
  } catch {
    return null;
  }
}

const eventNames = (value: unknown) =>
  Array.isArray(value) ? value.filter((name): name is string => typeof name === "string") : undefined;

/**
 * Executes an attempt of a run a job started: reads its interval's records page by page after its cursor, writes each
 * page to the destination, then records the cursor and count (so a retried or continued run resumes after the last
 * page written; a page written twice is harmless, destinations write idempotently). Between pages it honours a cancel
 * and the limits (stopping, or out of time: the caller hands the run over). A destination error makes the run
 * `FailedRetryable` and is thrown (pg-boss retries the job with backoff, resuming from the cursor) until
 * `maxAttempts`, then `Failed`; either way the error is logged.
 */
export async function executeRun(
  db: Database,
  store: EventStore,
  run: StartedRun,
  settings: RunnerSettings,
  limits: RunnerLimits,
): Promise<RunnerResult> {
  const interval = `${run.dataIntervalStart?.toISOString() ?? "the beginning"} to ${run.dataIntervalEnd.toISOString()}`;
  const model: RecordModel = run.model === "persons" ? "persons" : "events";
  let cursor = parseCursor(model, run.cursor);
  let recordsCompleted = cursor ? run.recordsCompleted : 0;
  // A job continuing a handed-over attempt goes on silently.
  if (!run.continued)
    await log(
      db,
      run,
      "INFO",
      cursor
        ? `Batch export run resumed (attempt ${run.attempts}) for ${interval} after ${recordsCompleted} records.`
        : `Batch export run started (attempt ${run.attempts}) for ${interval}.`,
    );
  const config = run.destinationConfig;
  const query: RecordQuery = {
    teamId: run.teamId,
    model,
    start: run.dataIntervalStart,
    end: run.dataIntervalEnd,
    schema: (run.schema as ExportSchema | null) ?? null,
    includeEvents: eventNames(config.include_events),
    excludeEvents: eventNames(config.exclude_events),
  };
  let writer: DestinationWriter | null = null;
  let result: RunnerResult = "done";
  try {
    const destination = destinationFor(run.destinationType);
    const plan = await planRecordPages(store, query, { after: cursor?.position ?? null, pageSize: settings.pageSize });
    let holdState: HoldState = await recordProgress(db, run, { recordsTotalCount: plan.total });
    writer = await destination.open(config, {
      batchExportId: run.batchExportId,
      teamId: run.teamId,
      model,
      filtered: Boolean(query.includeEvents?.length || query.excludeEvents?.length),
      start: run.dataIntervalStart,
      end: run.dataIntervalEnd,
    });
    let part = cursor?.part ?? 0;
    // The next page is read from the event store while this one is written: the engine and the destination work at once.
    const { pageEnds } = plan;
    const read = (i: number) =>
      readRecordPage(store, query, { after: i ? pageEnds[i - 1] : (cursor?.position ?? null), last: pageEnds[i] }, destination.format);
    let next = pageEnds.length ? read(0) : null;
    const outOfTime = () => limits.stop.aborted || Date.now() > limits.deadline;
    try {
      for (let i = 0; next && holdState === "held" && !outOfTime(); i++) {
        const page = await next;
        next = i + 1 < pageEnds.length ? read(i + 1) : null;
        // A range that no longer holds records (the interval changed since it was planned) writes nothing.
        if (page.count > 0) {
          await writer.writePage(page, part);
          part += 1;
        }
        recordsCompleted += page.count;
        cursor = { position: pageEnds[i], part };
        holdState = await recordProgress(db, run, { cursor: JSON.stringify({ ...pageEnds[i], part }), recordsCompleted });
      }
    } finally {
      // A page read ahead and never written (stopped, or failed) is dropped.
      await next?.catch(() => undefined);
    }
    if (holdState === "cancelled") {
      await log(db, run, "WARNING", `Batch export run cancelled after ${recordsCompleted} records.`);
    } else if (holdState === "lost") {
      await log(db, run, "WARNING", "Batch export run stopped: it ran past its job's expiry and another attempt took it over.");
    } else if (next) {
      result = "handOver";
      if (limits.stop.aborted)
        await log(db, run, "INFO", `Batch export run paused after ${recordsCompleted} records: the server is stopping; it resumes there.`);
    } else if (await finishRun(db, run, { status: "Completed", recordsCompleted })) {
      await log(db, run, "INFO", `Batch export run completed: ${recordsCompleted} records exported.`);
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (run.attempts >= settings.maxAttempts) {
      if (await finishRun(db, run, { status: "Failed", error: message }))
        await log(db, run, "ERROR", `Batch export run failed after ${run.attempts} attempts: ${message}`);
    } else if (await finishRun(db, run, { status: "FailedRetryable", error: message })) {
      await log(db, run, "ERROR", `Batch export run attempt ${run.attempts} failed: ${message}. It is retried with backoff.`);
    }
    throw error;
  } finally {
    await writer?.close().catch(() => undefined);
    if (run.backfillId) await settleBackfill(db, run.backfillId);
  }
  return result;
}
