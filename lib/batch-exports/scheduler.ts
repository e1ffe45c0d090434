import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { rowsOf, toDate } from "./claim";
import type { BatchExportInterval } from "./schemas";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** An interval's length in milliseconds. */
export const INTERVAL_MS: Record<BatchExportInterval, number> = {
  hour: HOUR,
  day: DAY,
  week: 7 * DAY,
  "every 5 minutes": 5 * MINUTE,
};

// Weeks start on Monday (ISO), as PostgreSQL's date_trunc('week') has them: 1970-01-05 was a Monday.
const WEEK_ORIGIN = Date.UTC(1970, 0, 5);

/** The end of the last interval that has ended by `now` (intervals are aligned in UTC). */
export function lastIntervalEnd(interval: BatchExportInterval, now: Date): Date {
  const length = INTERVAL_MS[interval];
  const origin = interval === "week" ? WEEK_ORIGIN : 0;
  return new Date(origin + Math.floor((now.getTime() - origin) / length) * length);
}

/**
 * Creates, for every un-paused export, the run of the interval that has just ended, if it falls within the export's
 * `start_at`/`end_at` and ended after the export was created. The runs' unique index on (export, interval end) makes
 * the insert a no-op for a run that exists, so every process may schedule at once. Returns the runs created.
 */
export async function scheduleRuns(db: Database, now = new Date()): Promise<number> {
  const exports = await db.execute(sql`
    SELECT id, interval, start_at, end_at, created_at FROM batch_exports WHERE NOT deleted AND NOT paused`);
  let created = 0;
  for (const row of rowsOf<{ id: string; interval: BatchExportInterval; start_at: unknown; end_at: unknown; created_at: unknown }>(exports)) {
    if (!(row.interval in INTERVAL_MS)) continue;
    const end = lastIntervalEnd(row.interval, now);
    const start = new Date(end.getTime() - INTERVAL_MS[row.interval]);
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
