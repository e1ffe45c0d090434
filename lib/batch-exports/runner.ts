import type { Database } from "@/lib/db/client";
import type { EventStore } from "@/lib/events/store";
import { finishRun, recordProgress, releaseRun, settleBackfill, type ClaimedRun, type LeaseState } from "./claim";
import { destinationFor } from "./destinations";
import type { DestinationWriter } from "./destinations/types";
import { isRecordCursor, planRecordPages, readRecordPage, type ExportSchema, type RecordCursor, type RecordModel, type RecordQuery } from "./records";
import { appendLog } from "./log";
import type { BatchExportLogLevel } from "./schemas";

export interface RunnerSettings {
  owner: string;
  leaseSeconds: number;
  pageSize: number;
  maxAttempts: number;
  retrySeconds: number;
}

const log = (db: Database, run: ClaimedRun, level: BatchExportLogLevel, message: string) =>
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

const eventNames = (value: unknown) => (Array.isArray(value) ? value.filter((name): name is string => typeof name === "string") : undefined);

/** The retry delay after the `attempt`th failure: `retrySeconds`, doubled each attempt, at most an hour. */
export const retryDelaySeconds = (retrySeconds: number, attempt: number) => Math.min(3_600, retrySeconds * 2 ** Math.max(0, attempt - 1));

/**
 * Executes a claimed run: reads its interval's records page by page after its cursor, writes each page to the
 * destination, then records the cursor and count (so a run taken over after a crash resumes after the last page
 * written; a page written twice is harmless, destinations write idempotently). Between pages it honours a cancel and
 * `stop` (the process is shutting down: the run is given back). A destination error makes the run `FailedRetryable`
 * (retried with backoff, resuming from its cursor) until `maxAttempts`, then `Failed`; either way the error is logged.
 */
export async function executeRun(db: Database, store: EventStore, run: ClaimedRun, settings: RunnerSettings, stop: AbortSignal) {
  const held = { id: run.id, owner: settings.owner, leaseSeconds: settings.leaseSeconds };
  const interval = `${run.dataIntervalStart?.toISOString() ?? "the beginning"} to ${run.dataIntervalEnd.toISOString()}`;
  const model: RecordModel = run.model === "persons" ? "persons" : "events";
  let cursor = parseCursor(model, run.cursor);
  let recordsCompleted = cursor ? run.recordsCompleted : 0;
  await log(
    db,
    run,
    "INFO",
    cursor
      ? `Batch export run resumed (attempt ${run.attempts}) for ${interval} after ${recordsCompleted} records.`
      : `Batch export run started (attempt ${run.attempts}) for ${interval}.`,
  );
  // A page write longer than the lease must not let another worker take the run over.
  let leaseState: LeaseState = "held";
  const heartbeat = setInterval(
    () => void recordProgress(db, held, {}).then((state) => (leaseState = state), () => undefined),
    Math.max(1_000, (settings.leaseSeconds * 1_000) / 3),
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
  try {
    const destination = destinationFor(run.destinationType);
    const plan = await planRecordPages(store, query, { after: cursor?.position ?? null, pageSize: settings.pageSize });
    leaseState = await recordProgress(db, held, { recordsTotalCount: plan.total });
    writer = await destination.open(config, {
      batchExportId: run.batchExportId,
      model,
      start: run.dataIntervalStart,
      end: run.dataIntervalEnd,
    });
    let part = cursor?.part ?? 0;
    // The next page is read from the event store while this one is written: the engine and the destination work at once.
    const { pageEnds } = plan;
    const read = (i: number) => readRecordPage(store, query, { after: i ? pageEnds[i - 1] : (cursor?.position ?? null), last: pageEnds[i] }, destination.format);
    let next = pageEnds.length ? read(0) : null;
    try {
      for (let i = 0; next && leaseState === "held" && !stop.aborted; i++) {
        const page = await next;
        next = i + 1 < pageEnds.length ? read(i + 1) : null;
        // A range that no longer holds records (the interval changed since it was planned) writes nothing.
        if (page.count > 0) {
          await writer.writePage(page, part);
          part += 1;
        }
        recordsCompleted += page.count;
        cursor = { position: pageEnds[i], part };
        leaseState = await recordProgress(db, held, { cursor: JSON.stringify({ ...pageEnds[i], part }), recordsCompleted });
      }
    } finally {
      // A page read ahead and never written (stopped, or failed) is dropped.
      await next?.catch(() => undefined);
    }
    if (leaseState === "cancelled") {
      await log(db, run, "WARNING", `Batch export run cancelled after ${recordsCompleted} records.`);
    } else if (leaseState === "lost") {
      await log(db, run, "WARNING", "Batch export run stopped: another worker took it over (its lease had expired).");
    } else if (stop.aborted) {
      await releaseRun(db, held);
      await log(db, run, "INFO", `Batch export run paused after ${recordsCompleted} records: the server is stopping; it resumes there.`);
    } else if (await finishRun(db, held, { status: "Completed", recordsCompleted })) {
      await log(db, run, "INFO", `Batch export run completed: ${recordsCompleted} records exported.`);
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (run.attempts >= settings.maxAttempts) {
      if (await finishRun(db, held, { status: "Failed", error: message }))
        await log(db, run, "ERROR", `Batch export run failed after ${run.attempts} attempts: ${message}`);
    } else {
      const retryInSeconds = retryDelaySeconds(settings.retrySeconds, run.attempts);
      if (await finishRun(db, held, { status: "FailedRetryable", error: message, retryInSeconds }))
        await log(db, run, "ERROR", `Batch export run attempt ${run.attempts} failed: ${message}. Retrying in ${retryInSeconds} s.`);
    }
  } finally {
    clearInterval(heartbeat);
    await writer?.close().catch(() => undefined);
    if (run.backfillId) await settleBackfill(db, run.backfillId);
  }
}
