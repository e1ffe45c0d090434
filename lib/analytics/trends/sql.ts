// Trends' ClickHouse SQL: one base query per scan of the series' events, their maths and actors, the points it returns, and the
// breakdown values ranked. Kept in one module past the house size: the parts build one statement and share its parameters.
import {
  PERSON_PROPERTIES,
  personIdOf,
  SqlParams,
  addInterval,
  bucketDay,
  bucketSql,
  entityKey,
  entityMatchSql,
  entityUsesPersonProperties,
  personIdJoin,
  personPropertiesJoin,
  propertyGroupSql,
  propertyNumberSql,
  breakdownPropertySql,
  groupBreakdownSql,
  groupKeyColumn,
  propertyValueSql,
  sessionDurationsSql,
  toInstant,
  usesPersonProperties,
  type DateRange,
  type PropertyGroup,
} from "@/lib/analytics/filters";
import { hogqlAggregateSql, hogqlBreakdownSql } from "@/lib/analytics/filters/hogql";
import { getAnalysisStore } from "@/lib/analytics/store";
import { NULL_BREAKDOWN, OTHER_BREAKDOWN } from "./constants";
import { HOGQL_MATH, isSessionDuration, type Series } from "./schemas";

/** ClickHouse SQL of trends: one series over one date range, per bucket (and breakdown value) or in total. */

export { NULL_BREAKDOWN, OTHER_BREAKDOWN } from "./constants";

export interface Breakdown {
  key: string;
  /**
   * `session`: the duration of the event's session in seconds (G24); events without a session have none. `hogql`:
   * `key` is an expression, its text per event the value (G25).
   */
  type: "event" | "person" | "session" | "group" | "hogql";
  /** A group breakdown's group type (G13). */
  groupTypeIndex?: number;
}

/** Which breakdown values a query keeps: the listed ones, or all others, folded into one "other" value. */
export type BreakdownPick = { only: string[] } | { otherThan: string[] };

export interface TrendContext {
  teamId: number;
  /** The project has merges not yet folded into its events: persons are resolved through the overrides. */
  personOverrides: boolean;
  timezone: string;
  /** Global properties and test-account filters, ANDed. */
  properties: PropertyGroup;
}

/** Values keyed by breakdown value ('' without breakdown), then by bucket day. */
export type Points = Map<string, Map<string, number>>;
/** Values keyed by breakdown value ('' without breakdown). */
export type Totals = Map<string, number>;

const QUANTILES: Record<string, number> = { median: 0.5, p90: 0.9, p95: 0.95, p99: 0.99 };
const ACTIVE_DAYS: Record<string, number> = { weekly_active: 7, monthly_active: 30 };

const micros = (instant: Date) => instant.getTime() * 1000;
const toMicros = (instant: Date) => instant.getTime() * 1000 + 999;

function tzLiteral(tz: string): string {
  if (!/^[A-Za-z0-9_/+-]+$/.test(tz)) throw new Error(`Unexpected timezone ${tz}`);
  return `'${tz}'`;
}

const needsPerson = (series: Series) => series.math === "dau" || series.math in ACTIVE_DAYS || series.math.endsWith("_count_per_actor");

/** Maths that are one aggregate over the matching events: several can share a scan, with totals in the same pass. */
export const isSingleAggregate = (series: Series) =>
  !(series.math in ACTIVE_DAYS) && !series.math.endsWith("_count_per_actor") && !isSessionDuration(series);

/** Series with the same events (event or action, and own filters) can be computed from one scan. */
export const scanKey = (series: Series) => entityKey(series.match);

/**
 * The persons counted by an active-users math (weekly/monthly_active) at the point of `bucket`: those with an
 * event in the `days` days ending where the bucket ends (or the range ends, for the last one), as [start, end).
 */
export function activeWindow(math: string, range: DateRange, bucket: Date): { start: Date; end: Date } | null {
  const days = ACTIVE_DAYS[math];
  if (!days) return null;
  const bucketEnd = addInterval(bucket, range.interval);
  return {
    start: toInstant(new Date(bucketEnd.getTime() - days * 86_400_000), range.timezone),
    end: new Date(Math.min(toInstant(bucketEnd, range.timezone).getTime(), range.to.getTime() + 1)),
  };
}

/**
 * The matching events of `scan` (series sharing one `scanKey`) between `from` and `to` (inclusive, to the
 * millisecond): ts, person_id, session_id, num<i> (series i's math property), bv (breakdown value).
 */
export function baseQuery(
  ctx: TrendContext,
  scan: Series[],
  from: Date,
  to: Date,
  breakdown: Breakdown | null,
  params: SqlParams,
  pick?: BreakdownPick,
): string {
  const [series] = scan;
  const personProps =
    usesPersonProperties(ctx.properties) ||
    entityUsesPersonProperties(series.match) ||
    breakdown?.type === "person" ||
    (breakdown?.type === "hogql" && hogqlBreakdownSql(breakdown.key).person) ||
    scan.some((s) => s.math === HOGQL_MATH && hogqlMath(s, "").person);
  const withPerson = personProps || scan.some(needsPerson);
  const team = params.add(ctx.teamId, "Int64");
  const inRange = [
    `timestamp >= fromUnixTimestamp64Micro(${params.add(micros(from), "Int64")}, 'UTC')`,
    `timestamp <= fromUnixTimestamp64Micro(${params.add(toMicros(to), "Int64")}, 'UTC')`,
  ];
  const columns = {
    event: "e.properties",
    person: PERSON_PROPERTIES,
    team,
    sessionsDuring: inRange.join(" AND "),
    personOverrides: ctx.personOverrides,
  };
  const where = [`e.team_id = ${team}`, ...inRange.map((c) => `e.${c}`)];
  const own = entityMatchSql(series.match, columns, params);
  if (own !== "1") where.push(own);
  const global = propertyGroupSql(ctx.properties, columns, params);
  if (global !== "1") where.push(global);
  const select = ["e.timestamp AS ts", "ifNull(e.prop_session_id, '') AS session_id"];
  select.push(`${withPerson ? personIdOf(ctx.personOverrides) : "e.person_id"} AS person_id`);
  scan.forEach((s, i) => {
    if (s.math === HOGQL_MATH) select.push(...hogqlMath(s, `num${i}`).columns.map((column, k) => `${column} AS num${i}_${k}`));
    // unique_group's value column is the event's group key (G12).
    if (s.math === "unique_group") select.push(`${groupKeyColumn(s.groupTypeIndex!)} AS num${i}`);
    else
      select.push(
        s.mathProperty && !isSessionDuration(s)
          ? `${propertyNumberSql("e.properties", params.add(s.mathProperty, "String"))} AS num${i}`
          : `CAST(NULL, 'Nullable(Float64)') AS num${i}`,
      );
  });
  if (breakdown) {
    const key = params.add(breakdown.key, "String");
    const hogql = breakdown.type === "hogql" ? hogqlBreakdownSql(breakdown.key).sql : null;
    const read =
      breakdown.type === "session"
        ? { has: "1", value: "toString(sd.duration)" }
        : breakdown.type === "group"
          ? groupBreakdownSql(team, breakdown.groupTypeIndex!, key, propertyValueSql)
          : hogql
            ? { has: `${hogql} != ''`, value: hogql }
            : breakdownPropertySql(breakdown.type === "person" ? "person" : "event", breakdown.key, key);
    const value = `if(${read.has}, ${read.value}, ${params.add(NULL_BREAKDOWN, "String")})`;
    if (pick && "otherThan" in pick) {
      select.push(`${params.add(OTHER_BREAKDOWN, "String")} AS bv`);
      where.push(`${value} NOT IN ${params.add(pick.otherThan, "Array(String)")}`);
    } else {
      select.push(`${value} AS bv`);
      if (pick) where.push(`${value} IN ${params.add(pick.only, "Array(String)")}`);
    }
  } else select.push("'' AS bv");
  let joins = withPerson
    ? `${personIdJoin(team, ctx.personOverrides)} ${personProps ? personPropertiesJoin(team, ctx.personOverrides) : ""}`
    : "";
  if (breakdown?.type === "session") {
    // Only the sessions with events in the range; events without a session drop out (legacy's INNER JOIN).
    const touched = `SELECT prop_session_id FROM events WHERE team_id = ${team} AND ${columns.sessionsDuring}`;
    joins += ` INNER JOIN (${sessionDurationsSql(team, touched)}) AS sd ON e.prop_session_id = sd.sid`;
  }
  return `SELECT ${select.join(", ")} FROM events AS e ${joins} WHERE ${where.join(" AND ")}`;
}

/** A `math_hogql` series' aggregate, its per-event columns named `${num}_0`, `${num}_1`… in the base query. */
const hogqlMath = (series: Series, num: string) => hogqlAggregateSql(series.entity.math_hogql, `${num}_`);

/** The aggregate of one group of rows for a series' math (not the active-users or per-actor maths). */
function aggregateSql(series: Series, num = "num0"): string {
  switch (series.math) {
    case "total":
      return "toFloat64(count())";
    case "dau":
    case "weekly_active":
    case "monthly_active":
      return "toFloat64(uniqExact(person_id))";
    case "unique_session":
      return "toFloat64(uniqExactIf(session_id, session_id != ''))";
    case "unique_group":
      return `toFloat64(uniqExactIf(${num}, ${num} != ''))`;
    case HOGQL_MATH:
      return hogqlMath(series, num).sql;
    case "sum":
      return `ifNull(sum(${num}), 0)`;
    case "avg":
    case "min":
    case "max":
      return `ifNull(${series.math}(${num}), 0)`;
    default:
      return `ifNull(quantileExactInclusive(${QUANTILES[series.math]})(${num}), 0)`;
  }
}

/**
 * A session-duration math (G22): each session with matching events counts its duration once per group of `keys`
 * (`bucket`, when given its expression over the matching events, and bv); events without a session are ignored.
 */
function sessionDurationSql(series: Series, base: string, bucket: string | null, team: string): string {
  const keys = bucket ? "bucket, bv" : "bv";
  const touched = `SELECT session_id FROM (${base}) WHERE session_id != ''`;
  return `SELECT ${keys}, ${aggregateSql(series, "toFloat64(d.duration)")} AS value FROM (
      SELECT DISTINCT ${bucket ? `${bucket} AS bucket, ` : ""}bv, session_id FROM (${base}) WHERE session_id != ''
    ) AS s INNER JOIN (${sessionDurationsSql(team, touched)}) AS d ON s.session_id = d.sid
    GROUP BY ${keys}`;
}

/** Per-actor maths: the event count of each person, aggregated over persons. */
function actorSql(series: Series): string {
  const kind = series.math.replace("_count_per_actor", "");
  if (kind in QUANTILES) return `ifNull(quantileExactInclusive(${QUANTILES[kind]})(c), 0)`;
  return `ifNull(${kind}(toFloat64(c)), 0)`;
}

const finite = (value: unknown) => {
  const v = Number(value);
  return Number.isFinite(v) ? v : 0;
};

interface Row {
  bucket: string;
  bv: string;
  value: number | string | null;
}

function collectPoints(rows: Row[]): Points {
  const points: Points = new Map();
  for (const row of rows) {
    let byBucket = points.get(row.bv);
    if (!byBucket) points.set(row.bv, (byBucket = new Map()));
    byBucket.set(row.bucket, finite(row.value));
  }
  return points;
}

/** The series' value per bucket of `range` (and per breakdown value). */
export async function seriesPoints(
  ctx: TrendContext,
  series: Series,
  range: DateRange,
  breakdown: Breakdown | null,
  pick?: BreakdownPick,
): Promise<Points> {
  const store = await getAnalysisStore(ctx.teamId);
  const params = new SqlParams();
  const tz = tzLiteral(ctx.timezone);
  const days = ACTIVE_DAYS[series.math];
  if (days) {
    const windows = range.buckets.map((b) => activeWindow(series.math, range, b)!);
    const base = baseQuery(ctx, [series], windows[0].start, range.to, breakdown, params, pick);
    const buckets = params.add(
      range.buckets.map((b) => bucketDay(b, range.interval)),
      "Array(String)",
    );
    if (range.interval === "day") {
      // Each person-day counts in the `days` buckets ending with it.
      const sql = `SELECT bucket, bv, toFloat64(uniqExact(person_id)) AS value FROM (
          SELECT DISTINCT person_id, bv, toDate(ts, ${tz}) AS d FROM (${base})
        ) ARRAY JOIN arrayMap(i -> toString(d + i), range(${days})) AS bucket
        WHERE bucket IN ${buckets} GROUP BY bucket, bv`;
      return collectPoints(await store.query<Row>(sql, params.values));
    }
    const starts = params.add(
      windows.map((w) => micros(w.start)),
      "Array(Int64)",
    );
    const ends = params.add(
      windows.map((w) => micros(w.end)),
      "Array(Int64)",
    );
    const sql = `SELECT ${buckets}[wi] AS bucket, bv, toFloat64(uniqExact(person_id)) AS value
      FROM (${base}) ARRAY JOIN arrayEnumerate(${buckets}) AS wi
      WHERE toUnixTimestamp64Micro(ts) >= ${starts}[wi] AND toUnixTimestamp64Micro(ts) < ${ends}[wi]
      GROUP BY bucket, bv`;
    return collectPoints(await store.query<Row>(sql, params.values));
  }
  const base = baseQuery(ctx, [series], range.from, range.to, breakdown, params, pick);
  const bucket = bucketSql("ts", range.interval, tz);
  if (isSessionDuration(series)) {
    const sql = sessionDurationSql(series, base, bucket, params.add(ctx.teamId, "Int64"));
    return collectPoints(await store.query<Row>(sql, params.values));
  }
  const sql = series.math.endsWith("_count_per_actor")
    ? `SELECT bucket, bv, ${actorSql(series)} AS value FROM (
         SELECT ${bucket} AS bucket, bv, person_id, count() AS c FROM (${base}) GROUP BY bucket, bv, person_id
       ) GROUP BY bucket, bv`
    : `SELECT ${bucket} AS bucket, bv, ${aggregateSql(series)} AS value FROM (${base}) GROUP BY bucket, bv`;
  return collectPoints(await store.query<Row>(sql, params.values));
}

/** Cumulative distinct persons (dau on a cumulative display): each person counted in the bucket of their first event. */
export async function firstSeenPoints(
  ctx: TrendContext,
  series: Series,
  range: DateRange,
  breakdown: Breakdown | null,
  pick?: BreakdownPick,
): Promise<Points> {
  const store = await getAnalysisStore(ctx.teamId);
  const params = new SqlParams();
  const base = baseQuery(ctx, [series], range.from, range.to, breakdown, params, pick);
  const bucket = bucketSql("first", range.interval, tzLiteral(ctx.timezone));
  const sql = `SELECT ${bucket} AS bucket, bv, toFloat64(count()) AS value FROM (
      SELECT person_id, bv, min(ts) AS first FROM (${base}) GROUP BY person_id, bv
    ) GROUP BY bucket, bv`;
  return collectPoints(await store.query<Row>(sql, params.values));
}

/** The series' math over the whole range, per breakdown value (S10, and the breakdown ranking of S8). */
export async function seriesTotals(
  ctx: TrendContext,
  series: Series,
  range: DateRange,
  breakdown: Breakdown | null,
  pick?: BreakdownPick,
): Promise<Totals> {
  const store = await getAnalysisStore(ctx.teamId);
  const params = new SqlParams();
  const base = baseQuery(ctx, [series], range.from, range.to, breakdown, params, pick);
  const sql = isSessionDuration(series)
    ? sessionDurationSql(series, base, null, params.add(ctx.teamId, "Int64"))
    : series.math.endsWith("_count_per_actor")
      ? `SELECT bv, ${actorSql(series)} AS value FROM (SELECT bv, person_id, count() AS c FROM (${base}) GROUP BY bv, person_id) GROUP BY bv`
      : `SELECT bv, ${aggregateSql(series)} AS value FROM (${base}) GROUP BY bv`;
  const rows = await store.query<{ bv: string; value: number | string | null }>(sql, params.values);
  return new Map(rows.map((r) => [r.bv, finite(r.value)]));
}

/**
 * Several single-aggregate series sharing one scan (`scanKey`), without breakdown: each one's value per bucket,
 * or (`total`) over the whole range, from one pass over the events.
 */
export async function scanValues(ctx: TrendContext, scan: Series[], range: DateRange, total: boolean): Promise<Points[]> {
  const store = await getAnalysisStore(ctx.teamId);
  const params = new SqlParams();
  const base = baseQuery(ctx, scan, range.from, range.to, null, params);
  const values = scan.map((s, i) => `${aggregateSql(s, `num${i}`)} AS v${i}`).join(", ");
  const sql = total
    ? `SELECT '' AS bucket, ${values} FROM (${base})`
    : `SELECT ${bucketSql("ts", range.interval, tzLiteral(ctx.timezone))} AS bucket, ${values} FROM (${base}) GROUP BY bucket`;
  const rows = await store.query<Record<string, string | number | null>>(sql, params.values);
  return scan.map((_, i) => new Map([["", new Map(rows.map((r) => [String(r.bucket), finite(r[`v${i}`])]))]]));
}

export interface RankedBreakdown {
  /** The first `top` breakdown values in ranking order (S8). */
  ranked: string[];
  /** Whether more values than `top` have events. */
  more: boolean;
  /** The ranked values' points (unless only totals were asked for). */
  points: Points;
  /** The ranked values' math over the range. */
  totals: Totals;
}

/**
 * A single-aggregate series with a breakdown, in one pass: the math per (value, bucket) and per value over the
 * range (grouping sets), values ranked by the latter (ties by value descending, S8), and only the first `top`
 * values' rows returned.
 */
export async function rankedBreakdown(
  ctx: TrendContext,
  series: Series,
  range: DateRange,
  breakdown: Breakdown,
  top: number,
  withPoints: boolean,
): Promise<RankedBreakdown> {
  const store = await getAnalysisStore(ctx.teamId);
  const params = new SqlParams();
  const base = baseQuery(ctx, [series], range.from, range.to, breakdown, params);
  const bucket = bucketSql("ts", range.interval, tzLiteral(ctx.timezone));
  // A row of the (bv) grouping set is a value's total. grouping() flags a key left out of the row's set (1 in
  // standard SQL, 0 in ClickHouse's older default): either way only in those rows do bucket's and bv's differ.
  const grouped = withPoints
    ? `SELECT bv, ${bucket} AS bucket, ${aggregateSql(series)} AS value, grouping(bucket) != grouping(bv) AS is_total
       FROM (${base}) GROUP BY GROUPING SETS ((bv, bucket), (bv))`
    : `SELECT bv, '' AS bucket, ${aggregateSql(series)} AS value, 1 AS is_total FROM (${base}) GROUP BY bv`;
  const sql = `SELECT bv, if(is_total, '', bucket) AS bucket, value, position, value_count FROM (
      SELECT bv, bucket, value, is_total, dense_rank() OVER (ORDER BY total DESC, bv DESC) AS position, uniqExact(bv) OVER () AS value_count
      FROM (SELECT bv, bucket, value, is_total, max(if(is_total, value, NULL)) OVER (PARTITION BY bv) AS total FROM (${grouped}))
    ) WHERE position <= ${params.add(top, "UInt64")}`;
  const rows = await store.query<Row & { position: string | number; value_count: string | number }>(sql, params.values);
  const ranked: string[] = [];
  const totals: Totals = new Map();
  const pointRows: Row[] = [];
  for (const row of rows) {
    if (row.bucket !== "") pointRows.push(row);
    else {
      ranked[Number(row.position) - 1] = row.bv;
      totals.set(row.bv, finite(row.value));
    }
  }
  return { ranked, more: rows.length > 0 && Number(rows[0].value_count) > ranked.length, points: collectPoints(pointRows), totals };
}

/** Breakdown values ranked by the series' math over the range, ties by value descending (S8). */
export function rankBreakdownValues(totals: Totals): string[] {
  return [...totals.entries()]
    .sort((a, b) => (b[1] !== a[1] ? b[1] - a[1] : a[0] < b[0] ? 1 : a[0] > b[0] ? -1 : 0))
    .map(([value]) => value);
}
