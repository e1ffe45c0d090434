/** An export's runs and logs: list, read, retry, cancel. */

import { and, count, desc, eq, gt, ilike, inArray, lt } from "drizzle-orm";
import { notFound, validationError } from "@/lib/api/errors";
import type { Page } from "@/lib/api/pagination";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { containsPattern } from "@/lib/db/like";
import { batchExportLogEntries, batchExportRuns, type BatchExport, type BatchExportRun } from "@/lib/db/schema";
import { appendLog } from "./log";
import { canCancelRun, intervalMs, parseLogLevels } from "./rules";
import type { BatchExportInterval, TBatchExportLogEntry, TBatchExportLogsQuery } from "./schemas";

import { type BatchExportsOwner, reach, findExport } from "./reach";
import { serializeRun, newestRunsFirst } from "./serialize";
import { toDate } from "./exports";
import { cancelPendingRuns, cancelJobsOf, insertBackfill } from "./pausing";

async function findRun(batchExport: BatchExport, runId: string): Promise<BatchExportRun> {
  const db = await getDb();
  const [run] = await db
    .select()
    .from(batchExportRuns)
    .where(and(eq(batchExportRuns.id, runId), eq(batchExportRuns.batchExportId, batchExport.id)));
  if (!run) throw notFound();
  return run;
}

export async function listRuns(actor: Actor, owner: BatchExportsOwner, batchExportId: string, status: string | undefined, page: Page) {
  const batchExport = await findExport(await reach(actor, owner), batchExportId);
  const db = await getDb();
  const condition = and(eq(batchExportRuns.batchExportId, batchExport.id), status ? eq(batchExportRuns.status, status) : undefined);
  const [{ total }] = await db.select({ total: count() }).from(batchExportRuns).where(condition);
  const rows = await db
    .select()
    .from(batchExportRuns)
    .where(condition)
    .orderBy(...newestRunsFirst)
    .limit(page.limit)
    .offset(page.offset);
  return { count: total, results: rows.map(serializeRun) };
}

export async function getRun(actor: Actor, owner: BatchExportsOwner, batchExportId: string, runId: string) {
  const batchExport = await findExport(await reach(actor, owner), batchExportId);
  return serializeRun(await findRun(batchExport, runId));
}

/** Runs the run's interval again, as a new run of a one-interval backfill (PostHog's `retry`). */
export async function retryRun(actor: Actor, owner: BatchExportsOwner, batchExportId: string, runId: string) {
  const batchExport = await findExport(await reach(actor, owner), batchExportId);
  const run = await findRun(batchExport, runId);
  const end = run.dataIntervalEnd;
  const start = run.dataIntervalStart ?? new Date(end.getTime() - intervalMs(batchExport.interval as BatchExportInterval));
  const db = await getDb();
  const backfillId = await db.transaction(async (tx) => {
    await appendLog(tx, { batchExportId: batchExport.id, runId: run.id, level: "INFO", message: `Retried by ${actor.user.email}.` });
    return insertBackfill(tx, actor, batchExport, start, end, [{ start, end }]);
  });
  return { backfill_id: backfillId };
}

export async function cancelRun(actor: Actor, owner: BatchExportsOwner, batchExportId: string, runId: string) {
  const batchExport = await findExport(await reach(actor, owner), batchExportId);
  const run = await findRun(batchExport, runId);
  if (!canCancelRun(run.status)) throw validationError(`Cannot cancel a run that is already finished ('${run.status}').`);
  const db = await getDb();
  const cancelled = await db.transaction(async (tx) => {
    const runs = await cancelPendingRuns(tx, eq(batchExportRuns.id, run.id), new Date());
    // It finished between the read and the update.
    if (!runs.length) throw validationError("Cannot cancel a run that is already finished.");
    await appendLog(tx, { batchExportId: batchExport.id, runId: run.id, level: "INFO", message: `Cancelled by ${actor.user.email}.` });
    return runs;
  });
  await cancelJobsOf(cancelled);
  return { cancelled: true };
}

export async function listLogs(
  actor: Actor,
  owner: BatchExportsOwner,
  batchExportId: string,
  query: TBatchExportLogsQuery,
): Promise<{ count: number; results: TBatchExportLogEntry[] }> {
  const batchExport = await findExport(await reach(actor, owner), batchExportId);
  const levels = parseLogLevels(query.level);
  if (levels?.length === 0) return { count: 0, results: [] };
  const condition = and(
    eq(batchExportLogEntries.batchExportId, batchExport.id),
    levels ? inArray(batchExportLogEntries.level, levels) : undefined,
    query.after ? gt(batchExportLogEntries.timestamp, toDate(query.after)!) : undefined,
    query.before ? lt(batchExportLogEntries.timestamp, toDate(query.before)!) : undefined,
    query.search ? ilike(batchExportLogEntries.message, containsPattern(query.search)) : undefined,
    query.instance_id ? eq(batchExportLogEntries.runId, query.instance_id) : undefined,
  );
  const db = await getDb();
  const [{ total }] = await db.select({ total: count() }).from(batchExportLogEntries).where(condition);
  const rows = await db
    .select()
    .from(batchExportLogEntries)
    .where(condition)
    .orderBy(desc(batchExportLogEntries.timestamp), desc(batchExportLogEntries.id))
    .limit(query.limit)
    .offset(query.offset);
  return {
    count: total,
    results: rows.map((entry) => ({
      log_source_id: entry.batchExportId,
      instance_id: entry.runId,
      timestamp: entry.timestamp.toISOString(),
      level: entry.level as TBatchExportLogEntry["level"],
      message: entry.message,
    })),
  };
}
