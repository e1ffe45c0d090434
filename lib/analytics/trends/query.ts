import {
  PERSON_ID,
  PERSON_PROPERTIES,
  SqlParams,
  addInterval,
  bucketDay,
  bucketSql,
  personIdJoin,
  personPropertiesJoin,
  propertyGroupSql,
  propertyNumberSql,
  breakdownPropertySql,
  toInstant,
  usesPersonProperties,
  type DateRange,
  type PropertyGroup,
} from "@/lib/analytics/filters";
import { getEventStore } from "@/lib/events/store";
import type { Series } from "./schemas";

/** ClickHouse SQL of trends: one series over one date range, per bucket (and breakdown value) or in total. */

export const NULL_BREAKDOWN = "$$_posthog_breakdown_null_$$";

export interface Breakdown {
  key: string;
  type: "event" | "person";
}

export interface TrendContext {
  teamId: number;
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

const needsPerson = (series: Series) =>
  series.math === "dau" || series.math in ACTIVE_DAYS || series.math.endsWith("_count_per_actor");

/** The series' matching events: ts, person_id, session_id, num (math property), bv (breakdown value). */
function baseQuery(ctx: TrendContext, series: Series, from: Date, to: Date, breakdown: Breakdown | null, params: SqlParams, values?: string[]): string {
  const personProps =
    usesPersonProperties(ctx.properties) || usesPersonProperties(series.entity.properties) || breakdown?.type === "person";
  const withPerson = personProps || needsPerson(series);
  const columns = { event: "e.properties", person: PERSON_PROPERTIES };
  const where = [
    `e.team_id = ${params.add(ctx.teamId, "Int64")}`,
    `e.timestamp >= fromUnixTimestamp64Micro(${params.add(micros(from), "Int64")}, 'UTC')`,
    `e.timestamp <= fromUnixTimestamp64Micro(${params.add(toMicros(to), "Int64")}, 'UTC')`,
  ];
  if (series.event !== null) where.push(`e.event = ${params.add(series.event, "String")}`);
  const global = propertyGroupSql(ctx.properties, columns, params);
  if (global !== "1") where.push(global);
  const own = propertyGroupSql(series.entity.properties, columns, params);
  if (own !== "1") where.push(own);
  const team = params.add(ctx.teamId, "Int64");
  const select = ["e.timestamp AS ts", "e.mat_session_id AS session_id"];
  select.push(withPerson ? `${PERSON_ID} AS person_id` : "e.person_id AS person_id");
  select.push(series.mathProperty ? `${propertyNumberSql("e.properties", params.add(series.mathProperty, "String"))} AS num` : "CAST(NULL, 'Nullable(Float64)') AS num");
  if (breakdown) {
    const key = params.add(breakdown.key, "String");
    const read = breakdownPropertySql(breakdown.type === "person" ? "person" : "event", breakdown.key, key);
    select.push(`if(${read.has}, ${read.value}, ${params.add(NULL_BREAKDOWN, "String")}) AS bv`);
  } else select.push("'' AS bv");
  const joins = withPerson ? `${personIdJoin(team)} ${personProps ? personPropertiesJoin(team) : ""}` : "";
  const inner = `SELECT ${select.join(", ")} FROM events AS e ${joins} WHERE ${where.join(" AND ")}`;
  if (!values) return inner;
  return `SELECT * FROM (${inner}) WHERE bv IN ${params.add(values, "Array(String)")}`;
}

/** The aggregate of one group of rows for a series' math (not the active-users or per-actor maths). */
function aggregateSql(series: Series): string {
  switch (series.math) {
    case "total":
      return "toFloat64(count())";
    case "dau":
    case "weekly_active":
    case "monthly_active":
      return "toFloat64(uniqExact(person_id))";
    case "unique_session":
      return "toFloat64(uniqExactIf(session_id, session_id != ''))";
    case "sum":
      return "ifNull(sum(num), 0)";
    case "avg":
    case "min":
    case "max":
      return `ifNull(${series.math}(num), 0)`;
    default:
      return `ifNull(quantileExactInclusive(${QUANTILES[series.math]})(num), 0)`;
  }
}

/** Per-actor maths: the event count of each person, aggregated over persons. */
function actorSql(series: Series): string {
  const kind = series.math.replace("_count_per_actor", "");
  if (kind in QUANTILES) return `ifNull(quantileExactInclusive(${QUANTILES[kind]})(c), 0)`;
  return `ifNull(${kind}(toFloat64(c)), 0)`;
}

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
    const v = Number(row.value);
    byBucket.set(row.bucket, Number.isFinite(v) ? v : 0);
  }
  return points;
}

/** The series' value per bucket of `range` (and per breakdown value). */
export async function seriesPoints(ctx: TrendContext, series: Series, range: DateRange, breakdown: Breakdown | null, values?: string[]): Promise<Points> {
  const store = await getEventStore();
  const params = new SqlParams();
  const tz = tzLiteral(ctx.timezone);
  const days = ACTIVE_DAYS[series.math];
  if (days) {
    const lookback = toInstant(new Date(toWallOf(range).getTime() - days * 86_400_000), ctx.timezone);
    const base = baseQuery(ctx, series, lookback, range.to, breakdown, params, values);
    const buckets = range.buckets.map((b) => bucketDay(b, range.interval));
    if (range.interval === "day") {
      const sql = `SELECT bucket, bv, toFloat64(uniqExact(person_id)) AS value FROM (
          SELECT DISTINCT person_id, bv, toDate(ts, ${tz}) AS d FROM (${base})
        ) ARRAY JOIN arrayMap(i -> toString(d + i), range(${days})) AS bucket
        WHERE bucket IN ${params.add(buckets, "Array(String)")} GROUP BY bucket, bv`;
      return collectPoints(await store.query<Row>(sql, params.values));
    }
    // Other intervals: the persons active in the `days` days ending where the bucket ends.
    const ends = range.buckets.map((b) => Math.min(micros(toInstant(addInterval(b, range.interval), ctx.timezone)), toMicros(range.to) + 1));
    const starts = range.buckets.map((b) => micros(toInstant(new Date(addInterval(b, range.interval).getTime() - days * 86_400_000), ctx.timezone)));
    const sql = `SELECT ${params.add(buckets, "Array(String)")}[wi] AS bucket, bv, toFloat64(uniqExact(person_id)) AS value
      FROM (${base}) ARRAY JOIN arrayEnumerate(${params.add(buckets, "Array(String)")}) AS wi
      WHERE toUnixTimestamp64Micro(ts) >= ${params.add(starts, "Array(Int64)")}[wi] AND toUnixTimestamp64Micro(ts) < ${params.add(ends, "Array(Int64)")}[wi]
      GROUP BY bucket, bv`;
    return collectPoints(await store.query<Row>(sql, params.values));
  }
  const base = baseQuery(ctx, series, range.from, range.to, breakdown, params, values);
  const bucket = bucketSql("ts", range.interval, tz);
  const sql = series.math.endsWith("_count_per_actor")
    ? `SELECT bucket, bv, ${actorSql(series)} AS value FROM (
         SELECT ${bucket} AS bucket, bv, person_id, count() AS c FROM (${base}) GROUP BY bucket, bv, person_id
       ) GROUP BY bucket, bv`
    : `SELECT ${bucket} AS bucket, bv, ${aggregateSql(series)} AS value FROM (${base}) GROUP BY bucket, bv`;
  return collectPoints(await store.query<Row>(sql, params.values));
}

function toWallOf(range: DateRange): Date {
  return range.buckets[0];
}

/** Cumulative distinct persons (dau on a cumulative display): each person counted in the bucket of their first event. */
export async function firstSeenPoints(ctx: TrendContext, series: Series, range: DateRange, breakdown: Breakdown | null, values?: string[]): Promise<Points> {
  const store = await getEventStore();
  const params = new SqlParams();
  const base = baseQuery(ctx, series, range.from, range.to, breakdown, params, values);
  const bucket = bucketSql("first", range.interval, tzLiteral(ctx.timezone));
  const sql = `SELECT ${bucket} AS bucket, bv, toFloat64(count()) AS value FROM (
      SELECT person_id, bv, min(ts) AS first FROM (${base}) GROUP BY person_id, bv
    ) GROUP BY bucket, bv`;
  return collectPoints(await store.query<Row>(sql, params.values));
}

/** The series' math over the whole range, per breakdown value (S10, and the breakdown ranking of S8). */
export async function seriesTotals(ctx: TrendContext, series: Series, range: DateRange, breakdown: Breakdown | null, values?: string[]): Promise<Totals> {
  const store = await getEventStore();
  const params = new SqlParams();
  const base = baseQuery(ctx, series, range.from, range.to, breakdown, params, values);
  const sql = series.math.endsWith("_count_per_actor")
    ? `SELECT bv, ${actorSql(series)} AS value FROM (SELECT bv, person_id, count() AS c FROM (${base}) GROUP BY bv, person_id) GROUP BY bv`
    : `SELECT bv, ${aggregateSql(series)} AS value FROM (${base}) GROUP BY bv`;
  const rows = await store.query<{ bv: string; value: number | string | null }>(sql, params.values);
  return new Map(rows.map((r) => [r.bv, Number.isFinite(Number(r.value)) ? Number(r.value) : 0]));
}

/** Breakdown values ranked by the series' math over the range, ties by value descending (S8). */
export function rankBreakdownValues(totals: Totals): string[] {
  return [...totals.entries()]
    .sort((a, b) => (b[1] !== a[1] ? b[1] - a[1] : a[0] < b[0] ? 1 : a[0] > b[0] ? -1 : 0))
    .map(([value]) => value);
}
