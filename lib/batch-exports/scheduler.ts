import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { rowsOf, toDate } from "./queue";
import { intervalMs, intervalStartOf } from "./rules";
import type { BatchExportInterval } from "./schemas";

/**
 * Creates, for every un-paused export, the run of the interval that has just ended (intervals as `rules.ts` counts them), if it falls within the export's
 * `start_at`/`end_at` and ended after the export was created. The runs' unique index on (export, interval end) makes
 * the insert a no-op for a run that exists, so every process may schedule at once. Returns the runs created.
 */
export async function scheduleRuns(db: Database, now = new Date()): Promise<number> {
  const exports = await db.execute(sql`
    SELECT id, interval, start_at, end_at, created_at FROM batch_exports WHERE NOT deleted AND NOT paused`);
  let created = 0;
  for (const row of rowsOf<{ id: string; interval: BatchExportInterval; start_at: unknown; end_at: unknown; created_at: unknown }>(
    exports,
  )) {
    if (!intervalMs(row.interval)) continue;
    // The interval that has just ended is the one before the interval holding `now`.
    const end = intervalStartOf(now, row.interval);
    const start = new Date(end.getTime() - intervalMs(row.interval));
    const startAt = toDate(row.start_at);
    const endAt = toDate(row.end_at);
    const createdAt = toDate(row.created_at)!;
    if (end <= createdAt || (startAt && start < startAt) || (endAt && end > endAt)) continue;
    const inserted = await db.execute(sql`
      INSERT INTO batch_export_runs (batch_export_id, status, data_interval_start, data_interval_end)
      VALUES (${row.id}, 'Starting', ${start.toISOString()}, ${end.toISOString()})
      ON CONFLICT (batch_export_id, data_interval_end) WHERE backfill_id IS NULL DO NOTHING
      RETURNING id`);
    created += rowsOf(inserted).length;
  }
  return created;
}
