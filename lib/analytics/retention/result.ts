import { addInterval, toInstant, type Interval } from "@/lib/analytics/filters/dates";
import type { RetentionPeriod } from "./schemas";

export interface RetentionCountRow {
  cohort: number | string;
  interval: number | string;
  count: number | string;
}

export interface RetentionCohort {
  values: { count: number; people: unknown[] }[];
  label: string;
  date: string;
}

const INTERVAL_OF: Record<RetentionPeriod, Interval> = { Hour: "hour", Day: "day", Week: "week", Month: "month" };
const pad = (n: number) => String(n).padStart(2, "0");

/** A wall-clock time in `tz` as ISO 8601 with that zone's offset (`Z` for UTC), as DRF renders an aware datetime. */
export function isoInZone(wall: Date, tz: string): string {
  const offsetMinutes = Math.round((wall.getTime() - toInstant(wall, tz).getTime()) / 60_000);
  const local = wall.toISOString().slice(0, 19);
  if (offsetMinutes === 0) return `${local}Z`;
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** PostHog's `process_table_result`: every cohort zero-filled, cohort i with `total_intervals - i` values. */
export function retentionResult(
  rows: RetentionCountRow[],
  period: RetentionPeriod,
  totalIntervals: number,
  fromWall: Date,
  tz: string,
): RetentionCohort[] {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(`${Number(row.cohort)}:${Number(row.interval)}`, Number(row.count));
  return Array.from({ length: totalIntervals }, (_, cohort) => ({
    values: Array.from({ length: totalIntervals - cohort }, (_, interval) => ({
      count: counts.get(`${cohort}:${interval}`) ?? 0,
      people: [],
    })),
    label: `${period} ${cohort}`,
    date: isoInZone(addInterval(fromWall, INTERVAL_OF[period], cohort), tz),
  }));
}
