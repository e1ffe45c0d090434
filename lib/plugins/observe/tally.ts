import { lt, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { pluginConfigMetrics, pluginLogEntries } from "@/lib/db/schema";
import { type LogEntry, pruneLogs } from "./logs";

export interface Counts {
  succeeded: number;
  failed: number;
  filtered: number;
}

/** A batch's log lines kept per set-up: past it, one line says how many more there were (a failing app logs once per event). */
const MAX_LOGS_PER_BATCH = 20;
/** Hourly counts are kept this long. */
export const METRICS_RETENTION_DAYS = 30;
const HOUR_MS = 3_600_000;

/** Counts and log lines of one ingested batch or delivery job, per set-up, written at once by `flush`. */
export class Tally {
  private readonly counts = new Map<number, Counts>();
  private readonly logs: LogEntry[] = [];
  private readonly overflow = new Map<number, number>();
  private readonly logged = new Map<number, number>();

  add(configId: number, kind: keyof Counts, n = 1) {
    if (n <= 0) return;
    let counts = this.counts.get(configId);
    if (!counts) this.counts.set(configId, (counts = { succeeded: 0, failed: 0, filtered: 0 }));
    counts[kind] += n;
  }

  log(entry: LogEntry) {
    const seen = this.logged.get(entry.configId) ?? 0;
    this.logged.set(entry.configId, seen + 1);
    if (seen < MAX_LOGS_PER_BATCH) this.logs.push(entry);
    else this.overflow.set(entry.configId, (this.overflow.get(entry.configId) ?? 0) + 1);
  }

  /**
   * One upsert of the counts and one insert of the log lines; a failure to write them never fails the work counted.
   * `deferCounts`: the counts join the process's deferred ones instead (`writeDeferredCounts`).
   */
  async flush(now = new Date(), { deferCounts = false } = {}) {
    for (const [configId, more] of this.overflow)
      this.logs.push({ configId, source: "SYSTEM", type: "WARN", message: `${more} more log lines of this batch were left out.` });
    try {
      if (deferCounts) defer(this.counts, now);
      else await writeCounts(this.counts, now);
      await writeLogs(this.logs, now);
    } catch (error) {
      console.error(`[apps] metrics and logs not written: ${(error as Error).message}`);
    }
  }
}

/** This server process, as PostHog's `instance_id` of a log line. */
const INSTANCE_ID = crypto.randomUUID();

/** Deferred counts, by hour (ms) and set-up, and the write that will take them. */
interface Deferred {
  byHour: Map<number, Map<number, Counts>>;
  timer: NodeJS.Timeout | null;
}
const holder = globalThis as unknown as { __hedgerowMetricsPruned?: number; __hedgerowDeferredCounts?: Deferred };
// On globalThis like the databases: every route bundle must add to, and write, the same ones.
const deferred: Deferred = (holder.__hedgerowDeferredCounts ??= { byHour: new Map(), timer: null });

/**
 * How long deferred counts wait to be written together. Capture's requests each carry ~100 events: an upsert (a
 * commit) per request cost the metadata database more than the transformations themselves.
 */
const DEFERRED_COUNTS_MS = 1_000;

function defer(counts: Map<number, Counts>, now: Date) {
  if (!counts.size) return;
  const hour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  let byConfig = deferred.byHour.get(hour);
  if (!byConfig) deferred.byHour.set(hour, (byConfig = new Map()));
  for (const [configId, added] of counts) {
    const total = byConfig.get(configId);
    if (!total) byConfig.set(configId, { ...added });
    else for (const kind of ["succeeded", "failed", "filtered"] as const) total[kind] += added[kind];
  }
  deferred.timer ??= setTimeout(() => void writeDeferredCounts(), DEFERRED_COUNTS_MS).unref();
}

/**
 * Writes this process's deferred counts now: before metrics are read (so this process's counts are in them; another
 * server process's join within DEFERRED_COUNTS_MS) and when the server stops. A failure is logged, never thrown.
 */
export async function writeDeferredCounts() {
  if (deferred.timer) clearTimeout(deferred.timer);
  deferred.timer = null;
  const { byHour } = deferred;
  deferred.byHour = new Map();
  try {
    for (const [hour, counts] of byHour) await writeCounts(counts, new Date(hour));
  } catch (error) {
    console.error(`[apps] metrics not written: ${(error as Error).message}`);
  }
}

async function writeCounts(counts: Map<number, Counts>, now: Date) {
  if (!counts.size) return;
  const db = await getDb();
  const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const rows = [...counts].map(([configId, c]) => ({ configId, hour, ...c }));
  const t = pluginConfigMetrics;
  await db
    .insert(t)
    .values(rows)
    .onConflictDoUpdate({
      target: [t.configId, t.hour],
      set: {
        succeeded: sql`${t.succeeded} + excluded.succeeded`,
        failed: sql`${t.failed} + excluded.failed`,
        filtered: sql`${t.filtered} + excluded.filtered`,
      },
    });
  // Old hours are pruned at most once an hour by each process.
  if ((holder.__hedgerowMetricsPruned ?? 0) > now.getTime() - HOUR_MS) return;
  holder.__hedgerowMetricsPruned = now.getTime();
  await db.delete(t).where(lt(t.hour, new Date(now.getTime() - METRICS_RETENTION_DAYS * 24 * HOUR_MS)));
}

async function writeLogs(logs: LogEntry[], now: Date) {
  if (!logs.length) return;
  const db = await getDb();
  await db.insert(pluginLogEntries).values(
    logs.map((entry) => ({
      configId: entry.configId,
      timestamp: now,
      source: entry.source,
      type: entry.type,
      message: entry.message.slice(0, 2_000),
      eventUuid: entry.eventUuid ?? null,
      instanceId: INSTANCE_ID,
    })),
  );
  await pruneLogs(db, [...new Set(logs.map((entry) => entry.configId))], now);
}

/** Writes one log line (a test run, a delivery attempt) at once. */
export async function logNow(entry: LogEntry) {
  const tally = new Tally();
  tally.log(entry);
  await tally.flush();
}
