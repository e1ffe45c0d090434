import { addInterval, chTimestamp, parseDate, toInstant, toWall, truncateWall, type Interval } from "@/lib/analytics/filters/dates";
import { validationError } from "@/lib/api/errors";
import type { Project } from "@/lib/db/schema";
import { getAnalysisStore } from "@/lib/analytics/store";
import { groupKeyColumn, groupTypeIndexOf } from "@/lib/analytics/filters/groups";
import { PERSON_PROPERTIES } from "@/lib/analytics/filters/persons";
import {
  breakdownPropertySql,
  propertyGroupSql,
  SqlParams,
  usesPersonProperties,
  validateProperties,
  type PropertyGroup,
} from "@/lib/analytics/filters/properties";
import { withTestAccountFilters } from "@/lib/analytics/filters/test-accounts";
import {
  entityMatchSql,
  entityUsesPersonProperties,
  eventNamesOf,
  loadEntityActions,
  matchedEntity,
} from "@/lib/analytics/filters/entities";
import { personEventsSql, retentionActorsSql, retentionCountsSql, type ActivityOptions } from "./sql";
import {
  breakdownResult,
  peopleUrls,
  retentionResult,
  type RetentionBreakdownRow,
  type RetentionCohort,
  type RetentionCountRow,
} from "./result";
import {
  LINE_GRAPH_DISPLAY,
  type RetentionBreakdownType,
  type RetentionPeriod,
  type TRetentionActorsQuery,
  type TRetentionFilter,
} from "./schemas";

const INTERVAL_OF: Record<RetentionPeriod, Interval> = { Hour: "hour", Day: "day", Week: "week", Month: "month" };

interface RetentionRange {
  /** Wall-clock (project timezone) first and last instants of the events considered, both inclusive. */
  fromWall: Date;
  toWall: Date;
}

/**
 * PostHog's RetentionDateDerivedMixin: `date_to` (default now) plus one period, truncated to the day unless
 * hourly; `date_from` = that minus `total_intervals` periods (weeks: moved back to Sunday). `date_from` of the
 * filter is not used.
 */
function retentionRange(
  filter: Pick<TRetentionFilter, "date_to" | "period" | "total_intervals">,
  tz: string,
  now = new Date(),
): RetentionRange {
  const interval = INTERVAL_OF[filter.period];
  let end: Date;
  if (filter.date_to) {
    const parsed = parseDate(filter.date_to, tz, now);
    if (!parsed) throw validationError(`Invalid date_to: "${filter.date_to}"`, "date_to");
    end = parsed.wall;
  } else end = toWall(now, tz);
  end = addInterval(end, interval);
  if (filter.period !== "Hour") end = truncateWall(end, "day");
  let start = addInterval(end, interval, -filter.total_intervals);
  if (filter.period === "Week") start = new Date(start.getTime() - start.getUTCDay() * 86_400_000);
  return { fromWall: start, toWall: end };
}

const pad = (n: number) => String(n).padStart(2, "0");
const wallString = (w: Date) =>
  `${w.getUTCFullYear()}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())} ${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}:${pad(w.getUTCSeconds())}`;

/** The retention's person events and query parameters, shared by the table and its persons lists. */
interface PreparedRetention {
  activity: ActivityOptions;
  personEvents: string;
  params: Record<string, unknown>;
  range: RetentionRange;
  tz: string;
}

/**
 * An event's breakdown values: each item's property as text, '' when the event (or person) lacks it, as
 * PostHog's legacy retention reads them (JSONExtractRaw with its quotes trimmed). `breakdown_type`, when set,
 * is the table of every item.
 */
function breakdownValuesSql(filter: TRetentionFilter, params: SqlParams): string | null {
  if (!filter.breakdowns?.length) return null;
  const values = filter.breakdowns.map((b) => {
    const type = (filter.breakdown_type ?? b.type) as RetentionBreakdownType;
    const read = breakdownPropertySql(type, b.property, params.add(b.property, "String"));
    return `if(${read.has}, ${read.value}, '')`;
  });
  return `[${values.join(", ")}]`;
}

/** Who is retained (G1, G12): persons, or with `aggregation_group_type_index` the groups of that type. */
function retentionActor(filter: TRetentionFilter): string | undefined {
  const index = filter.aggregation_group_type_index;
  if (index === undefined || index === null) return undefined;
  return groupKeyColumn(groupTypeIndexOf(index, "aggregation_group_type_index"));
}

async function prepareRetention(
  project: Pick<Project, "id" | "timezone" | "testAccountFilters">,
  filter: TRetentionFilter,
  now: Date,
): Promise<PreparedRetention> {
  const tz = project.timezone || "UTC";
  const range = retentionRange(filter, tz, now);
  const targetRef = filter.target_entity ?? { id: "$pageview", type: "events" as const };
  const firstAction = filter.actions?.[0] && { ...filter.actions[0], type: "actions" as const };
  const returningRef = filter.returning_entity ?? filter.events?.[0] ?? firstAction ?? targetRef;
  const actions = await loadEntityActions(project.id, [targetRef, returningRef]);
  const noProperties: PropertyGroup = { type: "AND", values: [] };
  const target = matchedEntity(targetRef, actions, noProperties);
  const returning = matchedEntity(returningRef, actions, noProperties);
  const properties = withTestAccountFilters(filter.properties, project, filter.filter_test_accounts);
  validateProperties(properties);
  const params = new SqlParams();
  const columns = { event: "e.properties", person: PERSON_PROPERTIES, team: "{team:Int64}" };
  const where = propertyGroupSql(properties, columns, params);
  const names = eventNamesOf([target, returning]);
  const entities = {
    target: entityMatchSql(target, columns, params),
    returning: entityMatchSql(returning, columns, params),
    names: names && params.add(names, "Array(String)"),
  };
  const breakdownValues = breakdownValuesSql(filter, params);
  const breaksDownByPerson = filter.breakdowns?.some((b) => (filter.breakdown_type ?? b.type) === "person") ?? false;
  const joinPersons =
    usesPersonProperties(properties) || entityUsesPersonProperties(target) || entityUsesPersonProperties(returning) || breaksDownByPerson;
  const firstTime = filter.retention_type === "retention_first_time";
  // PostHog's RetentionEventsQuery: on a line graph, recurring target events are read in the first period only.
  const targetTo =
    filter.display === LINE_GRAPH_DISPLAY && !firstTime ? addInterval(range.fromWall, INTERVAL_OF[filter.period]) : range.toWall;
  return {
    activity: { period: filter.period, firstTime, breakdown: breakdownValues !== null },
    personEvents: personEventsSql(entities, where, joinPersons, breakdownValues, retentionActor(filter)),
    params: {
      ...params.values,
      team: project.id,
      tz,
      base: wallString(range.fromWall),
      from: chTimestamp(toInstant(range.fromWall, tz)),
      to: chTimestamp(toInstant(range.toWall, tz)),
      target_to: chTimestamp(toInstant(targetTo, tz)),
      from_local: wallString(range.fromWall),
      to_local: wallString(range.toWall),
      total: filter.total_intervals,
    },
    range,
    tz,
  };
}

/**
 * `retention/`: PostHog's retention table, one cohort per period from the range's start; with breakdowns, one
 * row per breakdown values instead.
 */
export async function runRetention(
  project: Pick<Project, "id" | "timezone" | "testAccountFilters">,
  filter: TRetentionFilter,
  now = new Date(),
): Promise<RetentionCohort[] | RetentionBreakdownRow[]> {
  const prepared = await prepareRetention(project, filter, now);
  const store = await getAnalysisStore(project.id);
  const rows = await store.query<RetentionCountRow>(retentionCountsSql(prepared.activity, prepared.personEvents), prepared.params);
  const urls = peopleUrls(filter);
  if (prepared.activity.breakdown) return breakdownResult(rows, filter.total_intervals, urls);
  return retentionResult(rows, filter.period, filter.total_intervals, prepared.range.fromWall, prepared.tz, urls);
}

export interface RetentionActors {
  /** Person ids, most active first. */
  ids: string[];
  /** Per person: 1 where active in that interval of the row, for `total_intervals - selected_interval` intervals. */
  appearances: Map<string, number[]>;
  /** Persons in the row. */
  total: number;
}

/**
 * `/api/person/retention/`: the persons of one row of the table (PostHog's RetentionActorsByPeriod). The row is
 * `breakdown_values`: `[cohort index]`, or the breakdown values; without it, the cohort `selected_interval`
 * (PostHog's fallback). As PostHog's, `selected_interval` does not narrow the persons, only `appearances`.
 */
export async function retentionActors(
  project: Pick<Project, "id" | "timezone" | "testAccountFilters">,
  query: TRetentionActorsQuery,
  page: { limit: number; offset: number },
  now = new Date(),
): Promise<RetentionActors> {
  const { breakdown_values: rowValues, selected_interval: selected = 0, ...filter } = query;
  const prepared = await prepareRetention(project, filter, now);
  let row: number | string[];
  if (prepared.activity.breakdown) {
    if (!rowValues) throw validationError("This field is required when the retention has breakdowns.", "breakdown_values", "required");
    row = rowValues.map(String);
  } else {
    const cohort = Number(rowValues ? rowValues[0] : selected);
    if ((rowValues && rowValues.length !== 1) || !Number.isInteger(cohort))
      throw validationError("Without breakdowns, breakdown_values is [cohort index].", "breakdown_values");
    row = cohort;
  }
  const store = await getAnalysisStore(project.id);
  const rows = await store.query<{ person: string; appearances: (number | string)[]; total: number | string }>(
    retentionActorsSql(prepared.activity, prepared.personEvents),
    { ...prepared.params, row, limit: page.limit, offset: page.offset },
  );
  const length = Math.max(filter.total_intervals - selected, 0);
  const appearances = new Map(
    rows.map((r) => {
      const active = new Set(r.appearances.map(Number));
      return [r.person, Array.from({ length }, (_, i) => (active.has(i) ? 1 : 0))];
    }),
  );
  let total = rows.length ? Number(rows[0].total) : 0;
  // A page past the end has no row to carry the total.
  if (!rows.length && page.offset > 0) {
    const counted = await store.query<{ total: number | string }>(retentionActorsSql(prepared.activity, prepared.personEvents), {
      ...prepared.params,
      row,
      limit: 1,
      offset: 0,
    });
    total = counted.length ? Number(counted[0].total) : 0;
  }
  return { ids: rows.map((r) => r.person), appearances, total };
}
