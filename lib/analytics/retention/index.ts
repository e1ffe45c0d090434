import { addInterval, chTimestamp, parseDate, toInstant, toWall, truncateWall, type Interval } from "@/lib/analytics/filters/dates";
import { validationError } from "@/lib/api/errors";
import type { Project } from "@/lib/db/schema";
import { getEventStore } from "@/lib/events/store";
import { PERSON_PROPERTIES } from "@/lib/analytics/filters/persons";
import { propertyGroupSql, SqlParams, usesPersonProperties, validateProperties, type PropertyGroup } from "@/lib/analytics/filters/properties";
import { testAccountFilters } from "@/lib/analytics/filters/test-accounts";
import {
  entityMatchSql,
  entityUsesPersonProperties,
  eventNamesOf,
  loadEntityActions,
  matchedEntity,
} from "@/lib/analytics/filters/entities";
import { personEventsSql, retentionSql } from "./query";
import { retentionResult, type RetentionCohort, type RetentionCountRow } from "./result";
import type { RetentionPeriod, TRetentionFilter } from "./schemas";

const INTERVAL_OF: Record<RetentionPeriod, Interval> = { Hour: "hour", Day: "day", Week: "week", Month: "month" };

export interface RetentionRange {
  /** Wall-clock (project timezone) first and last instants of the events considered, both inclusive. */
  fromWall: Date;
  toWall: Date;
}

/**
 * PostHog's RetentionDateDerivedMixin: `date_to` (default now) plus one period, truncated to the day unless
 * hourly; `date_from` = that minus `total_intervals` periods (weeks: moved back to Sunday). `date_from` of the
 * filter is not used.
 */
export function retentionRange(filter: Pick<TRetentionFilter, "date_to" | "period" | "total_intervals">, tz: string, now = new Date()): RetentionRange {
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

/** `retention/`: PostHog's retention table, one cohort per period from the range's start. */
export async function runRetention(project: Pick<Project, "id" | "timezone">, filter: TRetentionFilter, now = new Date()): Promise<RetentionCohort[]> {
  const tz = project.timezone || "UTC";
  const range = retentionRange(filter, tz, now);
  const targetRef = filter.target_entity ?? { id: "$pageview", type: "events" as const };
  const firstAction = filter.actions?.[0] && { ...filter.actions[0], type: "actions" as const };
  const returningRef = filter.returning_entity ?? filter.events?.[0] ?? firstAction ?? targetRef;
  const actions = await loadEntityActions(project.id, [targetRef, returningRef]);
  const noProperties: PropertyGroup = { type: "AND", values: [] };
  const target = matchedEntity(targetRef, actions, noProperties);
  const returning = matchedEntity(returningRef, actions, noProperties);
  const properties: PropertyGroup = filter.filter_test_accounts
    ? { type: "AND", values: [filter.properties, testAccountFilters(project)] }
    : filter.properties;
  validateProperties(properties);
  const params = new SqlParams();
  const columns = { event: "e.properties", person: PERSON_PROPERTIES };
  const where = propertyGroupSql(properties, columns, params);
  const names = eventNamesOf([target, returning]);
  const entities = {
    target: entityMatchSql(target, columns, params),
    returning: entityMatchSql(returning, columns, params),
    names: names && params.add(names, "Array(String)"),
  };
  const joinPersons = usesPersonProperties(properties) || entityUsesPersonProperties(target) || entityUsesPersonProperties(returning);
  const sql = retentionSql(filter.period, filter.retention_type === "retention_first_time", personEventsSql(entities, where, joinPersons));
  const store = await getEventStore();
  const rows = await store.query<RetentionCountRow>(sql, {
    ...params.values,
    team: project.id,
    tz,
    base: wallString(range.fromWall),
    from: chTimestamp(toInstant(range.fromWall, tz)),
    to: chTimestamp(toInstant(range.toWall, tz)),
    from_local: wallString(range.fromWall),
    to_local: wallString(range.toWall),
    total: filter.total_intervals,
  });
  return retentionResult(rows, filter.period, filter.total_intervals, range.fromWall, tz);
}
