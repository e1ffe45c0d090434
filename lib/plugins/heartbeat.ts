import { and, eq, sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import type { Database } from "@/lib/db/client";
import { pluginConfigs, plugins } from "@/lib/db/schema";
import { ingest } from "@/lib/ingestion/pipeline";
import { Tally } from "./observe/tally";
import { RUN_BY_HEDGEROW } from "./runs";

/** pg-boss's queue of heartbeats: one job per interval for every project with the Heartbeat app enabled. */
const HEARTBEAT_QUEUE = "plugin-heartbeats";

/**
 * Sends this interval's heartbeat job: pg-boss's throttle (`singletonSeconds`) keeps one per interval, so every
 * process running jobs may send it on each poll and the projects still get one event per interval.
 */
export async function queueHeartbeat(boss: PgBoss, seconds: number) {
  await boss.send(HEARTBEAT_QUEUE, {}, { singletonKey: "heartbeat", singletonSeconds: seconds, retryLimit: 0 });
}

/** Each enabled Heartbeat set-up's project gets a `heartbeat` event, as PostHog's app's `runEveryMinute` captures. */
async function beat(db: Database, now = new Date()) {
  const enabled = await db
    .select({ configId: pluginConfigs.id, projectId: pluginConfigs.projectId, name: plugins.name })
    .from(pluginConfigs)
    .innerJoin(plugins, eq(plugins.id, pluginConfigs.pluginId))
    .where(
      and(
        eq(pluginConfigs.enabled, true),
        eq(pluginConfigs.deleted, false),
        sql`lower(split_part(${plugins.url}, '?', 1)) = ${RUN_BY_HEDGEROW.heartbeat}`,
      ),
    );
  const tally = new Tally();
  for (const { configId, projectId, name } of enabled) {
    const event = {
      uuid: crypto.randomUUID(),
      event: "heartbeat",
      // PostHog's plugin server captures as the app, named.
      distinctId: name || `plugin-id-${configId}`,
      properties: { $timestamp: now.toISOString(), $lib: "posthog-plugin-server" },
      timestamp: now,
    };
    try {
      const result = await ingest({ id: projectId }, [event]);
      tally.add(configId, result.refused.length ? "failed" : "succeeded");
    } catch (error) {
      tally.add(configId, "failed");
      tally.log({ configId, source: "PLUGIN", type: "ERROR", message: `Heartbeat not stored: ${(error as Error).message}` });
    }
  }
  await tally.flush(now);
}

/** A worker of heartbeat jobs in this process (beside its deliveries). */
export async function workHeartbeats(db: Database, boss: PgBoss, pollMs: number) {
  await boss.createQueue(HEARTBEAT_QUEUE, { name: HEARTBEAT_QUEUE, policy: "standard" });
  await boss.work(HEARTBEAT_QUEUE, { pollingIntervalSeconds: Math.max(0.5, pollMs / 1_000) }, () => beat(db));
}
