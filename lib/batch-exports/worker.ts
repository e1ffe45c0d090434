import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { getEventStore } from "@/lib/events/store";
import { claimRun } from "./claim";
import { executeRun, type RunnerSettings } from "./runner";
import { scheduleRuns } from "./scheduler";

const STOP_WAIT_MS = 10_000;

const holder = globalThis as unknown as { __hedgerowBatchExportWorker?: { stop: () => Promise<void> } };

/**
 * The process's batch export loop: every poll it schedules the intervals that just ended, then claims and executes
 * runs, up to `concurrency` at once. Every process may run one (the claim keeps them apart). `stop` makes the
 * running runs give themselves back between pages and waits for them.
 */
export function startBatchExportWorker(settings = config.batchExports): { stop: () => Promise<void> } {
  if (holder.__hedgerowBatchExportWorker) return holder.__hedgerowBatchExportWorker;
  const runner: RunnerSettings = {
    owner: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    leaseSeconds: settings.leaseSeconds,
    pageSize: settings.pageSize,
    maxAttempts: settings.maxAttempts,
    retrySeconds: settings.retrySeconds,
  };
  const stopping = new AbortController();
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;

  const tick = async () => {
    const db = await getDb();
    await scheduleRuns(db);
    while (!stopping.signal.aborted && running.size < settings.concurrency) {
      const run = await claimRun(db, runner.owner, runner.leaseSeconds);
      if (!run) break;
      const execution = getEventStore()
        .then((store) => executeRun(db, store, run, runner, stopping.signal))
        .catch((error: unknown) => console.error(`[batch-exports] run ${run.id} stopped:`, error))
        .finally(() => {
          running.delete(execution);
          wake?.(); // a slot is free: look for the next run now
        });
      running.add(execution);
    }
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
      // A destination that hangs must not hold the shutdown: an unfinished run's lease expires and it is taken over.
      await Promise.race([Promise.allSettled([...running]), new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())]);
      holder.__hedgerowBatchExportWorker = undefined;
    },
  };
  holder.__hedgerowBatchExportWorker = worker;
  return worker;
}
