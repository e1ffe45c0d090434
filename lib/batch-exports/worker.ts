import type PgBoss from "pg-boss";
import { config } from "@/lib/config";
import { workDeliveries } from "@/lib/plugins/destinations/deliver";
import { queueHeartbeat, workHeartbeats } from "@/lib/plugins/heartbeat";
import { getDb, type Database } from "@/lib/db/client";
import { getEventStore } from "@/lib/events/store/open";
import {
  enqueuePendingRuns,
  failRunsOfFailedJobs,
  handOver,
  RUN_QUEUE,
  runQueue,
  settleBackfill,
  startRun,
  stopRunQueue,
  type RunJobData,
} from "./queue";
import { executeRun } from "./runner";
import { scheduleRuns } from "./scheduler";

const STOP_WAIT_MS = 10_000;

export type WorkerSettings = typeof config.batchExports;

/**
 * What a worker does with a job: starts its run, executes it, and if the run is not over when the job stops (half its
 * expiry used, or the process stopping) hands it over to a new job. Throws what failed the attempt (pg-boss retries).
 */
export async function executeJob(
  db: Database,
  boss: PgBoss,
  job: { id: string; data: RunJobData; retryCount: number },
  settings: WorkerSettings,
  stop: AbortSignal,
) {
  const run = await startRun(db, job);
  if (!run) return; // cancelled, done or deleted meanwhile
  const store = await getEventStore();
  // The job stops between pages at half its expiry: a live job never expires.
  const result = await executeRun(db, store, run, settings, { stop, deadline: Date.now() + (settings.leaseSeconds * 1_000) / 2 });
  if (result === "handOver") await handOver(db, boss, run, settings);
}

const holder = globalThis as unknown as { __hedgerowBatchExportWorker?: { stop: () => Promise<void> } };

/**
 * The process's batch export loop. Every poll it schedules the intervals that just ended, queues a pg-boss job for
 * each new run and fails the runs whose job pg-boss gave up on; `concurrency` pg-boss workers execute the jobs. Every
 * process may run one: pg-boss hands each job to one worker, one per interval at a time. `stop` makes the running
 * runs hand themselves over between pages and waits for them.
 */
export function startBatchExportWorker(settings = config.batchExports): { stop: () => Promise<void> } {
  if (holder.__hedgerowBatchExportWorker) return holder.__hedgerowBatchExportWorker;
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;

  const started = (async () => {
    const db = await getDb();
    const boss = await runQueue(db, settings);
    // Each worker takes one job at a time (pg-boss's minimum poll is half a second).
    const work = { pollingIntervalSeconds: Math.max(0.5, settings.pollMs / 1_000), includeMetadata: true } as const;
    for (let i = 0; i < settings.concurrency; i++)
      await boss.work<RunJobData>(RUN_QUEUE, work, ([job]) => executeJob(db, boss, job, settings, stopping.signal));
    // Pipeline destinations' deliveries share the process's pg-boss and its settings.
    await workDeliveries(db, settings, stopping.signal);
    await workHeartbeats(db, boss, settings.pollMs);
    return { db, boss };
  })();

  const tick = async () => {
    const { db, boss } = await started;
    await scheduleRuns(db);
    await queueHeartbeat(boss, config.heartbeatSeconds);
    await enqueuePendingRuns(db, boss, settings);
    for (const backfillId of await failRunsOfFailedJobs(db)) await settleBackfill(db, backfillId);
  };
  const loop = async () => {
    while (!stopping.signal.aborted) {
      await tick().catch((error: unknown) => console.error("[batch-exports] scheduling failed:", error));
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, settings.pollMs);
      });
      clearTimeout(timer);
    }
  };
  const looping = loop();
  const worker = {
    async stop() {
      stopping.abort();
      wake?.();
      await looping;
      // A destination that hangs must not hold the shutdown: a job still active then is failed and retried.
      await stopRunQueue(STOP_WAIT_MS);
      holder.__hedgerowBatchExportWorker = undefined;
    },
  };
  holder.__hedgerowBatchExportWorker = worker;
  return worker;
}
