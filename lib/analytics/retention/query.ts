import { PERSON_ID, personIdJoin, personPropertiesJoin } from "@/lib/analytics/filters/persons";
import type { RetentionPeriod } from "./schemas";

/** ClickHouse interval unit and truncation of a retention period (weeks start on Sunday, S4). */
export const PERIOD_UNIT: Record<RetentionPeriod, string> = { Hour: "hour", Day: "day", Week: "week", Month: "month" };

export function truncSql(expr: string, period: RetentionPeriod): string {
  switch (period) {
    case "Hour":
      return `toStartOfHour(${expr})`;
    case "Day":
      return `toStartOfDay(${expr})`;
    case "Week":
      return `toStartOfWeek(${expr}, 0)`;
    case "Month":
      return `toStartOfMonth(${expr})`;
  }
}

/**
 * The target and returning events (`is_target`, `is_returning`: the conditions matching each entity), each
 * with its person resolved at query time (S1), filtered by the global property condition `where` (over
 * `e.properties` and, joined when used, the person's current properties). `names`: the only event names the
 * entities can match, when known.
 */
export function personEventsSql(entities: { target: string; returning: string; names: string | null }, where: string, joinPersons: boolean): string {
  return `
  SELECT ${entities.target} AS is_target, ${entities.returning} AS is_returning, e.timestamp AS timestamp, ${PERSON_ID} AS pid
  FROM events AS e
  ${personIdJoin("{team:Int64}")}
  ${joinPersons ? personPropertiesJoin("{team:Int64}") : ""}
  WHERE e.team_id = {team:Int64} ${entities.names ? `AND e.event IN ${entities.names}` : ""}
    AND (${entities.target} OR ${entities.returning}) AND ${where}`;
}

/**
 * Rows `(cohort, interval, count)`: for each cohort (period index from the base) and interval since it, the
 * distinct persons who did the returning event that many periods after their target event (PostHog's
 * RETENTION_BREAKDOWN_ACTOR_SQL: returning strictly after the target period; interval 0 = the cohort itself).
 * Recurring: a cohort is every period in the range in which the person did the target event; first time:
 * the period of the person's first target event ever, kept when that period lies in the range.
 */
export function retentionSql(period: RetentionPeriod, firstTime: boolean, personEvents: string): string {
  const local = "toTimeZone(timestamp, {tz:String})";
  const bucket = truncSql(local, period);
  const base = truncSql("toDateTime({base:String}, {tz:String})", period);
  const unit = PERIOD_UNIT[period];
  const inRange = "timestamp >= toDateTime64({from:String}, 6, 'UTC') AND timestamp <= toDateTime64({to:String}, 6, 'UTC')";
  const target = firstTime
    ? `SELECT pid, min(${bucket}) AS d FROM person_events WHERE is_target
       GROUP BY pid
       HAVING d >= toDateTime({from_local:String}, {tz:String}) AND d <= toDateTime({to_local:String}, {tz:String})`
    : `SELECT DISTINCT pid, ${bucket} AS d FROM person_events WHERE is_target AND ${inRange}`;
  return `
    WITH person_events AS (${personEvents}),
    target_events AS (${target}),
    returning_events AS (
      SELECT DISTINCT pid, ${bucket} AS d FROM person_events WHERE is_returning AND ${inRange}
    ),
    activity AS (
      SELECT dateDiff('${unit}', ${base}, t.d) AS cohort, dateDiff('${unit}', t.d, r.d) AS interval, t.pid AS pid
      FROM target_events AS t INNER JOIN returning_events AS r ON r.pid = t.pid
      WHERE r.d > t.d
      UNION ALL
      SELECT dateDiff('${unit}', ${base}, d) AS cohort, 0 AS interval, pid FROM target_events
    )
    SELECT cohort, interval, uniqExact(pid) AS count
    FROM activity
    WHERE cohort >= 0 AND cohort < {total:Int64} AND interval < {total:Int64} - cohort
    GROUP BY cohort, interval`;
}
