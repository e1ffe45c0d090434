/** Pausing, resuming and backfilling an export, and cancelling the runs that stop with it. */

import { and, eq, inArray, min, type SQL } from "drizzle-orm";
import { validationError } from "@/lib/api/errors";
import type { Actor } from "@/lib/auth/actor";
import { config } from "@/lib/config";
import { getDb, type Tx } from "@/lib/db/client";
import { batchExportBackfills, batchExportRuns, batchExports, persons, type BatchExport } from "@/lib/db/schema";
import { getEventStore } from "@/lib/events/store/open";
import { appendLog } from "./log";
import { cancelRunJobs, runQueue } from "./queue";
import {
  backfillIntervals,
  backfillRangeProblem,
  backfillWorkflowId,
  intervalStartOf,
  parseBackfillDatetime,
  type DataInterval,
} from "./rules";
import type { BatchExportInterval, TBatchExportBackfill } from "./schemas";

import { type BatchExportsOwner, reach, findExport } from "./reach";

/** Runs not yet finished become Cancelled (a worker holding one stops at its next page); answers their jobs. */
export function cancelPendingRuns(tx: Tx, condition: SQL, now: Date) {
  return tx
    .update(batchExportRuns)
    .set({ status: "Cancelled", finishedAt: now, lastUpdatedAt: now })
    .where(and(condition, inArray(batchExportRuns.status, ["Starting", "Running", "FailedRetryable"])))
    .returning({ id: batchExportRuns.id, jobId: batchExportRuns.jobId });
}

/** Cancels in pg-boss the queued jobs of runs just cancelled (after the cancel is committed). */
export async function cancelJobsOf(runs: { jobId: string | null }[]) {
  const jobIds = runs.flatMap((run) => (run.jobId ? [run.jobId] : []));
  if (jobIds.length) await cancelRunJobs(await runQueue(await getDb(), config.batchExports), jobIds);
}

export async function pauseBatchExport(actor: Actor, owner: BatchExportsOwner, batchExportId: string) {
  const batchExport = await findExport(await reach(actor, owner), batchExportId);
  // Already paused: nothing changes, as in PostHog (the time of the pause stays the first one).
  if (batchExport.paused) return { paused: true };
  const db = await getDb();
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx.update(batchExports).set({ paused: true, lastPausedAt: now, lastUpdatedAt: now }).where(eq(batchExports.id, batchExport.id));
    await appendLog(tx, { batchExportId: batchExport.id, level: "INFO", message: `Paused by ${actor.user.email}.` });
  });
  return { paused: true };
}

/**
 * Resumes the schedule; with `backfill`, the intervals missed while paused (from the one holding `last_paused_at`
 * to the last one ended) are backfilled.
 */
export async function unpauseBatchExport(actor: Actor, owner: BatchExportsOwner, batchExportId: string, backfill: boolean) {
  const batchExport = await findExport(await reach(actor, owner), batchExportId);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx.update(batchExports).set({ paused: false, lastUpdatedAt: now }).where(eq(batchExports.id, batchExport.id));
    await appendLog(tx, { batchExportId: batchExport.id, level: "INFO", message: `Unpaused by ${actor.user.email}.` });
    if (backfill && batchExport.paused && batchExport.lastPausedAt) {
      const interval = batchExport.interval as BatchExportInterval;
      const end = intervalStartOf(now, interval);
      const intervals = backfillIntervals(batchExport.lastPausedAt, end, interval);
      if (intervals.length) await insertBackfill(tx, actor, batchExport, batchExport.lastPausedAt, end, intervals);
    }
  });
  return { paused: false };
}

/** A backfill and its runs (one per interval, Starting): the workers' next poll queues their jobs. */
export async function insertBackfill(
  tx: Tx,
  actor: Actor,
  batchExport: BatchExport,
  start: Date,
  end: Date | null,
  intervals: DataInterval[],
): Promise<string> {
  const [backfill] = await tx
    .insert(batchExportBackfills)
    .values({ batchExportId: batchExport.id, startAt: start, endAt: end })
    .returning({ id: batchExportBackfills.id });
  const rows = intervals.map((interval) => ({
    batchExportId: batchExport.id,
    backfillId: backfill.id,
    status: "Starting",
    dataIntervalStart: interval.start,
    dataIntervalEnd: interval.end,
  }));
  // In slices, to stay well under PostgreSQL's 65,535 bound parameters per statement.
  for (let i = 0; i < rows.length; i += 1_000) await tx.insert(batchExportRuns).values(rows.slice(i, i + 1_000));
  const workflowId = backfillWorkflowId(batchExport.id, start, end);
  await appendLog(tx, {
    batchExportId: batchExport.id,
    level: "INFO",
    message: `Backfill ${workflowId} requested by ${actor.user.email}: ${intervals.length} interval${intervals.length === 1 ? "" : "s"}.`,
  });
  return workflowId;
}

/** Where a backfill without `start_at` starts: the project's first event (or first person, for persons). */
async function earliestData(batchExport: BatchExport): Promise<Date | null> {
  if (batchExport.model === "persons") {
    const db = await getDb();
    const [row] = await db
      .select({ first: min(persons.createdAt) })
      .from(persons)
      .where(eq(persons.projectId, batchExport.projectId));
    return row?.first ?? null;
  }
  const store = await getEventStore();
  const [row] = await store.query<{ first: string | null }>(
    `SELECT if(count() = 0, NULL, toUnixTimestamp64Milli(min(timestamp))) AS first FROM events WHERE team_id = {team:Int64}`,
    { team: batchExport.projectId },
  );
  return row?.first === null || row?.first === undefined ? null : new Date(Number(row.first));
}

export async function backfillBatchExport(
  actor: Actor,
  owner: BatchExportsOwner,
  batchExportId: string,
  input: TBatchExportBackfill,
): Promise<{ backfill_id: string }> {
  const batchExport = await findExport(await reach(actor, owner), batchExportId);
  const interval = batchExport.interval as BatchExportInterval;
  const now = new Date();
  const requestedStart = input.start_at ? parseBackfillDatetime(input.start_at) : null;
  const end = input.end_at ? parseBackfillDatetime(input.end_at) : null;
  const start = requestedStart ?? (await earliestData(batchExport));
  if (!start) throw validationError("There is no data to backfill: give 'start_at'.", "start_at", "required");
  const problem = backfillRangeProblem(start, end, batchExport.destinationType, interval, now);
  if (problem) throw problem;
  // Open-ended: up to the last interval ended; the schedule takes over from there.
  const intervals = backfillIntervals(start, end ?? intervalStartOf(now, interval), interval);
  const db = await getDb();
  const backfillId = await db.transaction((tx) => insertBackfill(tx, actor, batchExport, start, end, intervals));
  return { backfill_id: backfillId };
}
