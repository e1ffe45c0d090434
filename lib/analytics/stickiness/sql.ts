import { type SqlParams, bucketSql, type DateRange } from "@/lib/analytics/filters";
import { baseQuery, type TrendContext } from "@/lib/analytics/trends/sql";
import type { Series } from "@/lib/analytics/trends/schemas";

/**
 * ClickHouse SQL of stickiness (PostHog's `posthog/queries/stickiness/`), per person (S1, merged): the number of
 * distinct intervals of the range in which it did the series' event. Rows: `person_id`, `intervals`.
 */
export function personIntervalsSql(ctx: TrendContext, series: Series, range: DateRange, params: SqlParams): string {
  // Counted as "dau" whatever the series' math: stickiness counts persons, each event's person resolved.
  const events = baseQuery(ctx, [{ ...series, math: "dau" }], range.from, range.to, null, params);
  const interval = bucketSql("ts", range.interval, params.add(ctx.timezone, "String"));
  return `SELECT person_id, uniqExact(${interval}) AS intervals FROM (${events}) GROUP BY person_id`;
}

/** Per number of intervals, how many persons did the series' event in exactly that many. Rows: `intervals`, `persons`. */
export function stickinessSql(ctx: TrendContext, series: Series, range: DateRange, params: SqlParams): string {
  return `SELECT intervals, count() AS persons FROM (${personIntervalsSql(ctx, series, range, params)}) GROUP BY intervals ORDER BY intervals`;
}
