import { PERSON_ID, personIdJoin, personPropertiesJoin } from "@/lib/analytics/filters/persons";
import type { RetentionPeriod } from "./schemas";

/** ClickHouse interval unit and truncation of a retention period (weeks start on Sunday, S4). */
const PERIOD_UNIT: Record<RetentionPeriod, string> = { Hour: "hour", Day: "day", Week: "week", Month: "month" };

function truncSql(expr: string, period: RetentionPeriod): string {
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
 * entities can match, when known. `breakdownValues`: an `Array(String)` expression of the event's breakdown
 * values, as column `bv`. `actor`: who the events count for, the person or (G12) the event's group key (events
 * without one left out).
 */
export function personEventsSql(
  entities: { target: string; returning: string; names: string | null },
  where: string,
  joinPersons: boolean,
  breakdownValues: string | null,
  actor: string = PERSON_ID,
): string {
  return `
  SELECT ${entities.target} AS is_target, ${entities.returning} AS is_returning, e.timestamp AS timestamp, ${actor} AS pid
    ${breakdownValues ? `, ${breakdownValues} AS bv` : ""}
  FROM events AS e
  ${personIdJoin("{team:Int64}")}
  ${joinPersons ? personPropertiesJoin("{team:Int64}") : ""}
  WHERE e.team_id = {team:Int64} ${entities.names ? `AND e.event IN ${entities.names}` : ""}
    AND (${entities.target} OR ${entities.returning}) AND ${where}${actor === PERSON_ID ? "" : ` AND ${actor} != ''`}`;
}

export interface ActivityOptions {
  period: RetentionPeriod;
  firstTime: boolean;
  /** Rows keyed by the target event's breakdown values (`bv`) instead of its cohort (period index from the base). */
  breakdown: boolean;
}

/**
 * `WITH … activity AS (…)`: rows `(row_key, interval, pid)` of PostHog's RETENTION_BREAKDOWN_ACTOR_SQL. `row_key` is
 * the target event's cohort (period index from `{base}`), or with breakdowns its breakdown values; `interval`
 * the periods from the target event to a returning event strictly after its period (0: the target itself).
 * Recurring: a target is every period in which the person did the target event between `{from}` and
 * `{target_to}`; first time: the period of the person's first target event ever (with that event's breakdown
 * values), kept when that period lies in the range. Returning events are those between `{from}` and `{to}`.
 */
function activitySql(o: ActivityOptions, personEvents: string): string {
  const local = "toTimeZone(timestamp, {tz:String})";
  const bucket = truncSql(local, o.period);
  const base = truncSql("toDateTime({base:String}, {tz:String})", o.period);
  const unit = PERIOD_UNIT[o.period];
  const from = "timestamp >= toDateTime64({from:String}, 6, 'UTC')";
  const target = o.firstTime
    ? `SELECT pid, min(${bucket}) AS d ${o.breakdown ? ", argMin(bv, timestamp) AS bv" : ""} FROM person_events WHERE is_target
       GROUP BY pid
       HAVING d >= toDateTime({from_local:String}, {tz:String}) AND d <= toDateTime({to_local:String}, {tz:String})`
    : `SELECT DISTINCT pid, ${bucket} AS d ${o.breakdown ? ", bv" : ""} FROM person_events
       WHERE is_target AND ${from} AND timestamp <= toDateTime64({target_to:String}, 6, 'UTC')`;
  const rowKey = (alias: string) => (o.breakdown ? `${alias}bv` : `dateDiff('${unit}', ${base}, ${alias}d)`);
  return `
    WITH person_events AS (${personEvents}),
    target_events AS (${target}),
    returning_events AS (
      SELECT DISTINCT pid, ${bucket} AS d FROM person_events
      WHERE is_returning AND ${from} AND timestamp <= toDateTime64({to:String}, 6, 'UTC')
    ),
    activity AS (
      SELECT ${rowKey("t.")} AS row_key, dateDiff('${unit}', t.d, r.d) AS interval, t.pid AS pid
      FROM target_events AS t INNER JOIN returning_events AS r ON r.pid = t.pid
      WHERE r.d > t.d
      UNION ALL
      SELECT ${rowKey("")} AS row_key, 0 AS interval, pid FROM target_events
    )`;
}

/**
 * Rows `(row_key, interval, count)`: the distinct persons per row and interval. Without breakdowns only the table's
 * cells (cohort i has `total - i` intervals); with them every row that has a target, intervals below `total`.
 */
export function retentionCountsSql(o: ActivityOptions, personEvents: string): string {
  const cells = o.breakdown
    ? "interval < {total:Int64}"
    : "row_key >= 0 AND row_key < {total:Int64} AND interval < {total:Int64} - row_key";
  return `${activitySql(o, personEvents)}
    SELECT row_key, interval, uniqExact(pid) AS count
    FROM activity
    WHERE ${cells}
    GROUP BY row_key, interval`;
}

/**
 * The persons of one row (`{row}`: a cohort index, or the breakdown values), each with the intervals they were
 * active in, most active first (PostHog's retention actors query), a page of them with the row's total.
 */
export function retentionActorsSql(o: ActivityOptions, personEvents: string): string {
  return `${activitySql(o, personEvents)},
    chosen AS (
      SELECT pid, groupUniqArray(interval) AS appearances FROM activity
      WHERE row_key = {row:${o.breakdown ? "Array(String)" : "Int64"}}
      GROUP BY pid
    )
    SELECT toString(pid) AS person, appearances, (SELECT count() FROM chosen) AS total
    FROM chosen
    ORDER BY length(appearances) DESC, pid
    LIMIT {limit:UInt64} OFFSET {offset:UInt64}`;
}
