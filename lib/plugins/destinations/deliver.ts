import { and, eq, sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import type { Database } from "@/lib/db/client";
import { pluginConfigs, plugins } from "@/lib/db/schema";
import { openStoredFields } from "@/lib/secrets/at-rest";
import { logNow, Tally } from "../observe/tally";
import { builtInDestination } from "./apps";
import { addDeliveryWorker, DELIVERY_QUEUE, type DeliveryJobData, deliveryQueue, forgetDestinations } from "./queue";

/** Batches given up on in a row (each after its last attempt) that disable the app, with the reason in `error`. */
const MAX_FAILED_BATCHES = 3;

type DeliveryJob = { id: string; data: DeliveryJobData; retryCount: number; retryLimit: number };

/** A batch given up on: counted, and the app disabled with the reason once MAX_FAILED_BATCHES were in a row. */
async function recordFailure(db: Database, job: DeliveryJob, reason: string) {
  const { configId, projectId, events } = job.data;
  const tally = new Tally();
  tally.add(configId, "failed", events.length);
  const failed = `${events.length} events not delivered after ${job.retryCount + 1} attempts: ${reason}`;
  tally.log({ configId, source: "PLUGIN", type: "ERROR", message: failed, eventUuid: events[0]?.event.uuid });
  await tally.flush();
  const [counted] = await db
    .update(pluginConfigs)
    .set({ deliveryFailures: sql`${pluginConfigs.deliveryFailures} + 1` })
    .where(eq(pluginConfigs.id, configId))
    .returning({ failures: pluginConfigs.deliveryFailures });
  if (!counted || counted.failures < MAX_FAILED_BATCHES) return;
  const message = `Disabled after ${counted.failures} batches of events could not be delivered. Last error: ${reason}`;
  await db
    .update(pluginConfigs)
    .set({ enabled: false, error: { message, time: new Date().toISOString() }, updatedAt: new Date() })
    .where(and(eq(pluginConfigs.id, configId), eq(pluginConfigs.enabled, true)));
  forgetDestinations(projectId);
  await logNow({ configId, source: "SYSTEM", type: "ERROR", message });
}

/**
 * Delivers one job's batch to its destination, if the app is still enabled in the job's project (a batch queued
 * before it was disabled or deleted is dropped). A failed attempt throws: pg-boss retries it with exponential
 * backoff, and the last one is recorded.
 */
async function deliverJob(db: Database, job: DeliveryJob, stop: AbortSignal) {
  const { configId, projectId, events } = job.data;
  const [row] = await db
    .select({ config: pluginConfigs.config, failures: pluginConfigs.deliveryFailures, url: plugins.url })
    .from(pluginConfigs)
    .innerJoin(plugins, eq(plugins.id, pluginConfigs.pluginId))
    .where(
      and(
        eq(pluginConfigs.id, configId),
        eq(pluginConfigs.projectId, projectId),
        eq(pluginConfigs.enabled, true),
        eq(pluginConfigs.deleted, false),
      ),
    );
  const app = row && builtInDestination(row.url);
  if (!app) return;
  try {
    await app.prepare(openStoredFields(row.config)).deliver(events, stop);
  } catch (error) {
    const reason = (error as Error).message;
    if (job.retryCount >= job.retryLimit && !stop.aborted) await recordFailure(db, job, reason);
    else if (!stop.aborted) {
      const message = `Attempt ${job.retryCount + 1} of ${job.retryLimit + 1} to deliver ${events.length} events failed, to be retried: ${reason}`;
      await logNow({ configId, source: "PLUGIN", type: "WARN", message, eventUuid: events[0]?.event.uuid });
    }
    throw error;
  }
  const tally = new Tally();
  tally.add(configId, "succeeded", events.length);
  await tally.flush();
  if (row.failures > 0) await db.update(pluginConfigs).set({ deliveryFailures: 0 }).where(eq(pluginConfigs.id, configId));
}

/**
 * `concurrency` pg-boss workers of deliveries in this process (beside its batch export workers). A worker that got a
 * job fetches the next one at once (pg-boss would wait a poll interval after each): a backlog drains at the
 * destination's pace, and only an empty queue is polled. Jobs this process queues wake its workers.
 */
export async function workDeliveries(db: Database, settings: { pollMs: number; concurrency: number }, stop: AbortSignal) {
  const boss: PgBoss = await deliveryQueue(db);
  const work = { pollingIntervalSeconds: Math.max(0.5, settings.pollMs / 1_000), includeMetadata: true } as const;
  for (let i = 0; i < settings.concurrency; i++) {
    let workerId: string | undefined;
    workerId = await boss.work<DeliveryJobData>(DELIVERY_QUEUE, work, ([job]) => {
      if (workerId) boss.notifyWorker(workerId);
      return deliverJob(db, job, stop);
    });
    addDeliveryWorker(workerId);
  }
}
