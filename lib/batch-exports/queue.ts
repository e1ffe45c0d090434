import { sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import type { Database } from "@/lib/db/client";
import { openStoredFields } from "@/lib/secrets/at-rest";

/** pg-boss's queue of run executions: one job carries one run (a run handed over between jobs keeps its key). */
export const RUN_QUEUE = "batch-export-runs";

/** How runs are queued and retried (the worker's settings). */
export interface QueueSettings {
  /** This process executes runs: its pg-boss also runs the maintenance (expired jobs retried, old ones archived). */
  enabled: boolean;
  /** A job's expiry: a killed server's job is retried once it passed (pg-boss's maintenance finds it). */
  leaseSeconds: number;
  maxAttempts: number;
  retrySeconds: number;
}

/** What a job carries: its run, and whether it continues an attempt that handed the run over. */
export interface RunJobData {
  runId: string;
  continued?: boolean;
}

/** The rows of a raw statement's result (PGlite and node-postgres both answer `{ rows }`). */
export const rowsOf = <T = Record<string, unknown>>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A timestamp column's value as a Date (drivers give Dates or strings). */
export const toDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value));

/**
 * pg-boss's `db` adapter over the process's database: the pool on PostgreSQL, the embedded PGlite otherwise (its
 * schema scripts, several statements without parameters, go through PGlite's `exec`).
 */
function executorOf(db: Database) {
  type Result = { rows: unknown[] };
  const client = (
    db as unknown as {
      $client: { query: (text: string, values?: unknown[]) => Promise<Result>; exec?: (text: string) => Promise<Result[]> };
    }
  ).$client;
  return {
    async executeSql(text: string, values?: unknown[]): Promise<Result> {
      if (values?.length || !client.exec) return client.query(text, values);
      const results = await client.exec(text);
      return results[results.length - 1];
    },
  };
}

const holder = globalThis as unknown as { __hedgerowRunQueue?: Promise<PgBoss> };

/**
 * The process's pg-boss on the metadata database (PGlite or PostgreSQL), its `pgboss` schema created or migrated at
 * first use.
 */
export function runQueue(db: Database, settings: QueueSettings): Promise<PgBoss> {
  holder.__hedgerowRunQueue ??= (async () => {
    const boss = new PgBoss({
      db: executorOf(db),
      schedule: false,
      supervise: settings.enabled,
      // Expiries are found within a third of the lease.
      maintenanceIntervalSeconds: Math.max(1, Math.floor(settings.leaseSeconds / 3)),
    });
    boss.on("error", (error: unknown) => console.error("[batch-exports] pg-boss:", error));
    await boss.start();
    // One active job per key (export and interval end): two runs of an interval never run at once, in any process.
    // Made once (a queue's options stay as first made): retries and expiry are set per job, from the settings.
    await boss.createQueue(RUN_QUEUE, { name: RUN_QUEUE, policy: "singleton" });
    return boss;
  })().catch((error) => {
    holder.__hedgerowRunQueue = undefined;
    throw error;
  });
  return holder.__hedgerowRunQueue;
}

/** Stops the process's pg-boss, waiting up to `timeoutMs` for its jobs' handlers (those still active are failed, then retried). */
export async function stopRunQueue(timeoutMs: number) {
  const opened = holder.__hedgerowRunQueue;
  holder.__hedgerowRunQueue = undefined;
  await (await opened?.catch(() => null))?.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
}

const intervalKey = (batchExportId: string, dataIntervalEnd: Date) => `${batchExportId}/${dataIntervalEnd.toISOString()}`;

/** A job for the run, with the retries its attempts so far leave of `maxAttempts`. */
function jobOptions(run: { batchExportId: string; dataIntervalEnd: Date }, retries: number, settings: QueueSettings) {
  return {
    singletonKey: intervalKey(run.batchExportId, run.dataIntervalEnd),
    retryLimit: Math.max(0, retries),
    retryDelay: settings.retrySeconds,
    retryBackoff: true,
    expireInSeconds: settings.leaseSeconds,
  };
}

/**
 * Queues a job for every `Starting` run without one (scheduled, backfilled or retried runs are rows first). The
 * job's id is the run's, so processes queuing at once make one job; the run records it.
 */
export async function enqueuePendingRuns(db: Database, boss: PgBoss, settings: QueueSettings): Promise<number> {
  const pending = rowsOf<{ id: string; batch_export_id: string; data_interval_end: unknown; attempts: number }>(
    await db.execute(sql`
      SELECT r.id, r.batch_export_id, r.data_interval_end, r.attempts
      FROM batch_export_runs r JOIN batch_exports e ON e.id = r.batch_export_id
      WHERE r.status = 'Starting' AND r.job_id IS NULL AND NOT e.deleted
      ORDER BY r.data_interval_end, r.created_at
      LIMIT 1000`),
  );
  for (const run of pending) {
    const data: RunJobData = { runId: run.id };
    // Its first execution is an attempt: the others are retries.
    const retries = settings.maxAttempts - Number(run.attempts) - 1;
    const options = jobOptions({ batchExportId: run.batch_export_id, dataIntervalEnd: toDate(run.data_interval_end)! }, retries, settings);
    await boss.send(RUN_QUEUE, data, { ...options, id: run.id });
    await db.execute(sql`UPDATE batch_export_runs SET job_id = ${run.id} WHERE id = ${run.id} AND job_id IS NULL`);
  }
  return pending.length;
}

/** A run a job executes, with what its export says to do. */
export interface StartedRun {
  id: string;
  jobId: string;
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
  /** This attempt's number: progress is recorded only while the run is still at it (a retry of the job moves on). */
  attempts: number;
  /** The job continues an attempt handed over by another job. */
  continued: boolean;
}

/**
 * Marks the job's run `Running` and answers it, unless it is over (cancelled, done, its export deleted): then null
 * and the job has nothing to do. A job that continues a handed-over run keeps its attempt; a new one or a retry
 * counts one.
 */
export async function startRun(db: Database, job: { id: string; data: RunJobData; retryCount: number }): Promise<StartedRun | null> {
  const counts = !job.data.continued || job.retryCount > 0;
  const started = await db.execute(sql`
    UPDATE batch_export_runs r
    SET status = 'Running', job_id = ${job.id}, attempts = r.attempts + ${counts ? 1 : 0}, last_updated_at = now()
    FROM batch_exports e
    WHERE r.id = ${job.data.runId} AND e.id = r.batch_export_id AND NOT e.deleted
      AND r.status IN ('Starting', 'Running', 'FailedRetryable')
    RETURNING r.id, r.batch_export_id, e.project_id, e.model, e.destination_type, e.destination_config, e.schema,
      r.data_interval_start, r.data_interval_end, r.backfill_id, r.cursor, r.records_completed, r.attempts`);
  const row = rowsOf(started)[0];
  if (!row) return null;
  return {
    id: String(row.id),
    jobId: job.id,
    batchExportId: String(row.batch_export_id),
    teamId: Number(row.project_id),
    model: String(row.model),
    destinationType: String(row.destination_type),
    destinationConfig: openStoredFields((row.destination_config ?? {}) as Record<string, unknown>),
    schema: (row.schema ?? null) as Record<string, unknown> | null,
    dataIntervalStart: toDate(row.data_interval_start),
    dataIntervalEnd: toDate(row.data_interval_end)!,
    backfillId: row.backfill_id === null ? null : String(row.backfill_id),
    cursor: row.cursor === null ? null : String(row.cursor),
    recordsCompleted: Number(row.records_completed ?? 0),
    attempts: Number(row.attempts),
    continued: !counts,
  };
}

/** This attempt still holds the run: `Running`, carried by this job, at this attempt. */
const held = (run: StartedRun) => sql`id = ${run.id} AND status = 'Running' AND job_id = ${run.jobId} AND attempts = ${run.attempts}`;

/** What became of a run while this attempt executed it. */
export type HoldState = "held" | "cancelled" | "lost";

/**
 * Records a page's progress, unless the run was cancelled (the API set `Cancelled`) or another attempt has it (this
 * job expired and was retried): the caller stops then.
 */
export async function recordProgress(
  db: Database,
  run: StartedRun,
  progress: { cursor?: string | null; recordsCompleted?: number; recordsTotalCount?: number },
): Promise<HoldState> {
  const updated = await db.execute(sql`
    UPDATE batch_export_runs
    SET last_updated_at = now(),
        cursor = COALESCE(${progress.cursor ?? null}, cursor),
        records_completed = COALESCE(${progress.recordsCompleted ?? null}::integer, records_completed),
        records_total_count = COALESCE(${progress.recordsTotalCount ?? null}::integer, records_total_count)
    WHERE ${held(run)}
    RETURNING id`);
  if (rowsOf(updated).length) return "held";
  const current = await db.execute(sql`SELECT status FROM batch_export_runs WHERE id = ${run.id}`);
  return rowsOf<{ status: string }>(current)[0]?.status === "Cancelled" ? "cancelled" : "lost";
}

/** Ends this attempt with its outcome (only while it still holds the run: a cancel or a retry wins). */
export async function finishRun(
  db: Database,
  run: StartedRun,
  outcome: { status: "Completed"; recordsCompleted: number } | { status: "FailedRetryable" | "Failed"; error: string },
): Promise<boolean> {
  const updated = await db.execute(sql`
    UPDATE batch_export_runs
    SET status = ${outcome.status}, finished_at = ${outcome.status === "FailedRetryable" ? null : sql`now()`},
        latest_error = ${"error" in outcome ? outcome.error : null},
        records_completed = COALESCE(${"recordsCompleted" in outcome ? outcome.recordsCompleted : null}::integer, records_completed),
        last_updated_at = now()
    WHERE ${held(run)}
    RETURNING id`);
  return rowsOf(updated).length > 0;
}

/**
 * Hands the run over to a new job (this one ran out of its time, or the process is stopping): the new job waits
 * until this one completes (same key), then any worker continues the attempt from the run's cursor.
 */
export async function handOver(db: Database, boss: PgBoss, run: StartedRun, settings: QueueSettings): Promise<boolean> {
  const data: RunJobData = { runId: run.id, continued: true };
  // It continues the current attempt: each of its retries is one more.
  const jobId = await boss.send(RUN_QUEUE, data, jobOptions(run, settings.maxAttempts - run.attempts, settings));
  if (!jobId) return false;
  const updated = await db.execute(
    sql`UPDATE batch_export_runs SET job_id = ${jobId}, last_updated_at = now() WHERE ${held(run)} RETURNING id`,
  );
  if (rowsOf(updated).length) return true;
  // Cancelled meanwhile: the new job has nothing to carry.
  await boss.cancel(RUN_QUEUE, jobId);
  return false;
}

/**
 * Runs whose job pg-boss failed for good without the run saying so (its server was killed on the last attempt: the
 * job expired with no retry left) become `Failed`. Answers their backfills, to settle.
 */
export async function failRunsOfFailedJobs(db: Database): Promise<string[]> {
  const failed = await db.execute(sql`
    UPDATE batch_export_runs r
    SET status = 'Failed', finished_at = now(), last_updated_at = now(),
        latest_error = COALESCE(r.latest_error, 'The run stopped (its server stopped or it ran past the lease) and has no attempts left.')
    WHERE r.status IN ('Running', 'FailedRetryable')
      AND r.job_id IN (
        SELECT id FROM pgboss.job WHERE name = ${RUN_QUEUE} AND state = 'failed'
        UNION ALL SELECT id FROM pgboss.archive WHERE name = ${RUN_QUEUE} AND state = 'failed')
    RETURNING r.backfill_id`);
  return rowsOf<{ backfill_id: string | null }>(failed).flatMap((row) => (row.backfill_id ? [String(row.backfill_id)] : []));
}

/**
 * Cancels the queued jobs of runs just cancelled (an active one is left to its worker, which stops at its next page:
 * cancelling it in pg-boss would free its key while its page is still being written).
 */
export async function cancelRunJobs(boss: PgBoss, jobIds: string[]): Promise<void> {
  for (const jobId of jobIds) {
    const job = await boss.getJobById(RUN_QUEUE, jobId);
    if (job && (job.state === "created" || job.state === "retry")) await boss.cancel(RUN_QUEUE, jobId);
  }
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
