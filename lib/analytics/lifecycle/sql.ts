import { type SqlParams, addInterval, bucketDay, bucketSql, toInstant, type DateRange } from "@/lib/analytics/filters";
import { baseQuery, type TrendContext } from "@/lib/analytics/trends/sql";
import type { Series } from "@/lib/analytics/trends/schemas";

/**
 * The periods a lifecycle reads: the range's buckets after the one before them (a person's activity there decides
 * whether the first bucket returns or resurrects). Activity counts whole periods, from that period's start.
 */
export function lifecyclePeriods(range: DateRange): { days: string[]; from: Date } {
  const before = addInterval(range.buckets[0], range.interval, -1);
  return { days: [before, ...range.buckets].map((b) => bucketDay(b, range.interval)), from: toInstant(before, range.timezone) };
}

/**
 * ClickHouse SQL of a lifecycle (G14): per person (S1, merged) and bucket of the range, its status. Periods are
 * numbered 1 (the one before the range) … n + 1; a person active in p is new when p holds its `created_at`, else
 * returning when active in p − 1, else resurrecting; dormant in p when active in p − 1 and not in p.
 * Rows: `person_id`, `period` (2 … n + 1), `status`.
 */
export function personStatusesSql(ctx: TrendContext, series: Series, range: DateRange, params: SqlParams): string {
  const { days, from } = lifecyclePeriods(range);
  // Counted as "dau" whatever the series' math: each event's person resolved.
  const events = baseQuery(ctx, [{ ...series, math: "dau" }], from, range.to, null, params);
  const tz = params.add(ctx.timezone, "String");
  const periods = params.add(days, "Array(String)");
  const team = params.add(ctx.teamId, "Int64");
  const last = params.add(days.length - 1, "UInt64");
  const activity = `SELECT person_id, groupUniqArray(period) AS active, any(created) AS created FROM (
      SELECT b.person_id AS person_id, indexOf(${periods}, ${bucketSql("b.ts", range.interval, tz)}) AS period,
        indexOf(${periods}, ${bucketSql("pc.created_at", range.interval, tz)}) AS created
      FROM (${events}) AS b
      LEFT JOIN (SELECT id, argMax(created_at, version) AS created_at FROM person WHERE team_id = ${team} GROUP BY id) AS pc ON pc.id = b.person_id
    ) WHERE period > 0 GROUP BY person_id`;
  return `SELECT person_id, s.1 AS period, s.2 AS status FROM (${activity})
    ARRAY JOIN arrayConcat(
      arrayMap(p -> (p, multiIf(p = created, 'new', has(active, p - 1), 'returning', 'resurrecting')), arrayFilter(p -> p > 1, active)),
      arrayMap(p -> (p + 1, 'dormant'), arrayFilter(p -> p <= ${last} AND NOT has(active, p + 1), active))
    ) AS s`;
}

/** Persons per status and period. Rows: `status`, `period`, `persons`. */
export function lifecycleSql(ctx: TrendContext, series: Series, range: DateRange, params: SqlParams): string {
  return `SELECT status, period, count() AS persons FROM (${personStatusesSql(ctx, series, range, params)}) GROUP BY status, period`;
}
