import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";

/** A run claimed by this process, with what its export says to do. */
export interface ClaimedRun {
  id: string;
  batchExportId: string;
  teamId: number;
  model: string;
  destinationType: string;
  destinationConfig: Record<string, unknown>;
  schema: Record<string, unknown> | null;
  dataIntervalStart: Date | null;
  dataIntervalEnd: Date;
  backfillId: string | null;
  cursor: string | null;
  recordsCompleted: number;
  attempts: number;
}

/** The rows of a raw statement's result (PGlite and node-postgres both answer `{ rows }`). */
export const rowsOf = <T = Record<string, unknown>>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A timestamp column's value as a Date (drivers give Dates or strings). */
export const toDate = (value: unknown): Date | null => (value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value)));

/**
 * Claims one run to execute: a `Starting` run, a `FailedRetryable` one whose retry is due, or a `Running` one whose
 * worker's lease expired (its process died). `FOR UPDATE SKIP LOCKED` lets workers of several processes claim at
 * once without waiting on each other, and the lease (`lease_owner` until `lease_expires_at`) keeps the run theirs.
 * Two runs of the same interval (a scheduled one and a backfill's, or a retry) never run at once: the transaction
 * takes an advisory lock on the interval and skips it while another run of it holds a live lease.
 */
export async function claimRun(db: Database, owner: string, leaseSeconds: number): Promise<ClaimedRun | null> {
  return db.transaction(async (tx) => {
    const candidates = await tx.execute(sql`
      SELECT r.id, r.batch_export_id, r.data_interval_end
      FROM batch_export_runs r JOIN batch_exports e ON e.id = r.batch_export_id
      WHERE NOT e.deleted
        AND (r.status = 'Starting'
          OR (r.status = 'FailedRetryable' AND r.next_attempt_at <= now())
          OR (r.status = 'Running' AND r.lease_expires_at < now()))
      ORDER BY r.data_interval_end, r.created_at
      LIMIT 5
      FOR UPDATE OF r SKIP LOCKED`);
    for (const candidate of rowsOf<{ id: string; batch_export_id: string; data_interval_end: unknown }>(candidates)) {
      const intervalKey = `${candidate.batch_export_id}/${toDate(candidate.data_interval_end)!.toISOString()}`;
      const locked = await tx.execute(sql`SELECT pg_try_advisory_xact_lock(hashtext(${intervalKey})) AS locked`);
      if (!rowsOf<{ locked: boolean }>(locked)[0].locked) continue;
      const busy = await tx.execute(sql`
        SELECT 1 FROM batch_export_runs
        WHERE batch_export_id = ${candidate.batch_export_id} AND data_interval_end = ${candidate.data_interval_end}
          AND id <> ${candidate.id} AND status = 'Running' AND lease_expires_at >= now()
        LIMIT 1`);
      if (rowsOf(busy).length) continue;
      const claimed = await tx.execute(sql`
        UPDATE batch_export_runs r
        SET status = 'Running', lease_owner = ${owner}, lease_expires_at = now() + make_interval(secs => ${leaseSeconds}),
            attempts = r.attempts + 1, next_attempt_at = NULL, last_updated_at = now()
        FROM batch_exports e
        WHERE r.id = ${candidate.id} AND e.id = r.batch_export_id
        RETURNING r.id, r.batch_export_id, e.project_id, e.model, e.destination_type, e.destination_config, e.schema,
          r.data_interval_start, r.data_interval_end, r.backfill_id, r.cursor, r.records_completed, r.attempts`);
      const row = rowsOf(claimed)[0];
      return {
        id: String(row.id),
        batchExportId: String(row.batch_export_id),
        teamId: Number(row.project_id),
        model: String(row.model),
        destinationType: String(row.destination_type),
        destinationConfig: (row.destination_config ?? {}) as Record<string, unknown>,
        schema: (row.schema ?? null) as Record<string, unknown> | null,
        dataIntervalStart: toDate(row.data_interval_start),
        dataIntervalEnd: toDate(row.data_interval_end)!,
        backfillId: row.backfill_id === null ? null : String(row.backfill_id),
        cursor: row.cursor === null ? null : String(row.cursor),
        recordsCompleted: Number(row.records_completed ?? 0),
        attempts: Number(row.attempts),
      };
    }
    return null;
  });
}

/** What became of a run while this worker held it. */
export type LeaseState = "held" | "cancelled" | "lost";

/**
 * Records a page's progress and extends the lease, unless the run was cancelled (the API set `Cancelled`) or the
 * lease went to another worker (this one was too slow): the caller stops then.
 */
export async function recordProgress(
  db: Database,
  run: { id: string; owner: string; leaseSeconds: number },
  progress: { cursor?: string | null; recordsCompleted?: number; recordsTotalCount?: number },
): Promise<LeaseState> {
  const updated = await db.execute(sql`
    UPDATE batch_export_runs
    SET lease_expires_at = now() + make_interval(secs => ${run.leaseSeconds}), last_updated_at = now(),
        cursor = COALESCE(${progress.cursor ?? null}, cursor),
        records_completed = COALESCE(${progress.recordsCompleted ?? null}::integer, records_completed),
        records_total_count = COALESCE(${progress.recordsTotalCount ?? null}::integer, records_total_count)
    WHERE id = ${run.id} AND lease_owner = ${run.owner} AND status = 'Running'
    RETURNING id`);
  if (rowsOf(updated).length) return "held";
  const current = await db.execute(sql`SELECT status FROM batch_export_runs WHERE id = ${run.id}`);
  return rowsOf<{ status: string }>(current)[0]?.status === "Cancelled" ? "cancelled" : "lost";
}

/** Ends this worker's hold on a run with its outcome (only while it still holds it: a cancel or a takeover wins). */
export async function finishRun(
  db: Database,
  run: { id: string; owner: string },
  outcome:
    | { status: "Completed"; recordsCompleted: number }
    | { status: "FailedRetryable"; error: string; retryInSeconds: number }
    | { status: "Failed"; error: string },
): Promise<boolean> {
  const finished = outcome.status === "FailedRetryable" ? sql`NULL` : sql`now()`;
  const next = outcome.status === "FailedRetryable" ? sql`now() + make_interval(secs => ${outcome.retryInSeconds})` : sql`NULL`;
  const updated = await db.execute(sql`
    UPDATE batch_export_runs
    SET status = ${outcome.status}, finished_at = ${finished}, next_attempt_at = ${next},
        latest_error = ${"error" in outcome ? outcome.error : null},
        records_completed = COALESCE(${"recordsCompleted" in outcome ? outcome.recordsCompleted : null}::integer, records_completed),
        lease_owner = NULL, lease_expires_at = NULL, last_updated_at = now()
    WHERE id = ${run.id} AND lease_owner = ${run.owner} AND status = 'Running'
    RETURNING id`);
  return rowsOf(updated).length > 0;
}

/** Gives a run back (this process is stopping): another worker, or this one restarted, resumes it from its cursor at once. */
export async function releaseRun(db: Database, run: { id: string; owner: string }): Promise<void> {
  await db.execute(sql`
    UPDATE batch_export_runs SET lease_expires_at = now() - interval '1 second', last_updated_at = now()
    WHERE id = ${run.id} AND lease_owner = ${run.owner} AND status = 'Running'`);
}

/**
 * Keeps a backfill's status in step with its runs: `Running` once one runs, then `Completed` (or `Failed` if one
 * failed) when none is left to run. A cancelled backfill stays cancelled.
 */
export async function settleBackfill(db: Database, backfillId: string): Promise<void> {
  await db.execute(sql`
    UPDATE batch_export_backfills b
    SET status = CASE
          WHEN EXISTS (SELECT 1 FROM batch_export_runs r WHERE r.backfill_id = b.id AND r.status IN ('Starting', 'Running', 'FailedRetryable')) THEN 'Running'
          WHEN EXISTS (SELECT 1 FROM batch_export_runs r WHERE r.backfill_id = b.id AND r.status = 'Failed') THEN 'Failed'
          ELSE 'Completed' END,
        finished_at = CASE
          WHEN EXISTS (SELECT 1 FROM batch_export_runs r WHERE r.backfill_id = b.id AND r.status IN ('Starting', 'Running', 'FailedRetryable')) THEN NULL
          ELSE now() END,
        last_updated_at = now()
    WHERE b.id = ${backfillId} AND b.status IN ('Starting', 'Running')`);
}
