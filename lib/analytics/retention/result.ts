import { addInterval, toInstant, type Interval } from "@/lib/analytics/filters/dates";
import type { RetentionPeriod, TRetentionFilter } from "./schemas";

export interface RetentionCountRow {
  /** The cohort index, or with breakdowns the breakdown values. */
  row_key: number | string | string[];
  interval: number | string;
  count: number | string;
}

interface RetentionValue {
  count: number;
  people: unknown[];
  people_url?: string;
}

export interface RetentionCohort {
  values: RetentionValue[];
  label: string;
  date: string;
  people_url: string;
}

export interface RetentionBreakdownRow {
  values: RetentionValue[];
  label: string;
  breakdown_values: string[];
  people_url: string;
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

/** The filter keys a persons URL carries: every one the retention computes with. */
const CARRIED = [
  "period",
  "total_intervals",
  "retention_type",
  "target_entity",
  "returning_entity",
  "events",
  "actions",
  "date_to",
  "properties",
  "filter_test_accounts",
  "breakdowns",
  "breakdown_type",
  "aggregation_group_type_index",
] as const;

export interface PeopleUrls {
  /** A cohort's or breakdown value's persons (PostHog: `display=ActionsTable`, `breakdown_values`). */
  row(breakdownValues: (string | number)[]): string;
  /** A value's: the row's plus `selected_interval` (left out at 0, as PostHog's filter dict does). */
  value(breakdownValues: (string | number)[], interval: number): string;
}

/**
 * PostHog's `people_url`s of a retention result: `/api/person/retention/?` with the filter. PostHog makes a
 * value's URL absolute on the legacy endpoint and relative on a saved insight; here both are relative, so the
 * two compute the same result.
 */
export function peopleUrls(filter: TRetentionFilter): PeopleUrls {
  const base = new URLSearchParams({ insight: "RETENTION" });
  for (const key of CARRIED) {
    const value = filter[key];
    if (value === undefined || value === null) continue;
    if (key === "properties" && filter.properties.values.length === 0) continue;
    if (key === "breakdowns" && filter.breakdowns?.length === 0) continue;
    base.set(key, typeof value === "object" ? JSON.stringify(value) : String(value));
  }
  const url = (display: string, breakdownValues: (string | number)[], interval = 0) => {
    const params = new URLSearchParams(base);
    params.set("display", display);
    params.set("breakdown_values", JSON.stringify(breakdownValues));
    if (interval) params.set("selected_interval", String(interval));
    return `/api/person/retention/?${params}`;
  };
  return {
    row: (values) => url("ActionsTable", values),
    value: (values, interval) => url(filter.display || "ActionsTable", values, interval),
  };
}

const retentionValue = (count: number | undefined, url: () => string): RetentionValue =>
  count ? { count, people: [], people_url: url() } : { count: 0, people: [] };

/** PostHog's `process_table_result`: every cohort zero-filled, cohort i with `total_intervals - i` values. */
export function retentionResult(
  rows: RetentionCountRow[],
  period: RetentionPeriod,
  totalIntervals: number,
  fromWall: Date,
  tz: string,
  urls: PeopleUrls,
): RetentionCohort[] {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(`${Number(row.row_key)}:${Number(row.interval)}`, Number(row.count));
  return Array.from({ length: totalIntervals }, (_, cohort) => ({
    values: Array.from({ length: totalIntervals - cohort }, (_, interval) =>
      retentionValue(counts.get(`${cohort}:${interval}`), () => urls.value([cohort], interval)),
    ),
    label: `${period} ${cohort}`,
    date: isoInZone(addInterval(fromWall, INTERVAL_OF[period], cohort), tz),
    people_url: urls.row([cohort]),
  }));
}

function compareValues(a: string[], b: string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return a.length - b.length;
}

/**
 * PostHog's `process_breakdown_table_result`: one row per breakdown values seen on a target event, each with
 * `total_intervals` values (zero-filled), labelled by its values joined with `::`. PostHog lists them in a
 * Python set's order (arbitrary); here by the values, as its SQL orders them.
 */
export function breakdownResult(rows: RetentionCountRow[], totalIntervals: number, urls: PeopleUrls): RetentionBreakdownRow[] {
  const byValues = new Map<string, { values: string[]; counts: Map<number, number> }>();
  for (const row of rows) {
    const values = (row.row_key as string[]).map(String);
    const key = JSON.stringify(values);
    if (!byValues.has(key)) byValues.set(key, { values, counts: new Map() });
    byValues.get(key)!.counts.set(Number(row.interval), Number(row.count));
  }
  return [...byValues.values()]
    .sort((a, b) => compareValues(a.values, b.values))
    .map(({ values, counts }) => ({
      values: Array.from({ length: totalIntervals }, (_, interval) =>
        retentionValue(counts.get(interval), () => urls.value(values, interval)),
      ),
      label: values.join("::"),
      breakdown_values: values,
      people_url: urls.row(values),
    }));
}
