import {
  chTimestamp,
  personIdJoin,
  personIdOf,
  personPropertiesJoin,
  previousRange,
  propertyGroupSql,
  PERSON_PROPERTIES,
  resolveDateRange,
  SqlParams,
  withTestAccountFilters,
  usesPersonProperties,
  validateProperties,
  ZProperties,
  type DateRange,
} from "@/lib/analytics/filters";
import { hasPendingOverrides } from "@/lib/analytics/pending-overrides";
import { cleanedItemSql } from "@/lib/analytics/paths/run";
import type { Project } from "@/lib/db/schema";
import type { TWebQueryCommon } from "./schemas";

export type WebProject = Pick<Project, "id" | "timezone" | "pathCleaningFilters" | "testAccountFilters">;

/** How far a session's events are read beyond the pageviews' range: no session lasts a day (segments G20). */
const SESSION_MARGIN_MS = 86_400_000;

/** What both web queries read: the project's pageviews in the range (and the previous period), filtered. */
export interface WebScope {
  params: SqlParams;
  range: DateRange;
  previous: DateRange | null;
  /** The event's person (`e`), after merges. */
  person: string;
  /** JOIN clauses after `events AS e`. */
  joins: string;
  /** Conditions on `e`: the project's pageviews in either period, the filters. */
  where: string;
  /** Whether `e` is in the current, or the previous, period. */
  current: string;
  previousPeriod: string;
  /** The bounds of the events read for session attributes. */
  sessionsFrom: string;
  sessionsTo: string;
  /** A pathname (SQL) after the project's path cleaning rules, when the query asks for them. */
  cleanPath: (pathname: string) => string;
}

/** Ranges of minutes or hours count by the hour; the others by the day (PostHog's web analytics picks the same). */
const hourly = (from: string | null | undefined) => typeof from === "string" && /^-\d+[hHM]$/.test(from.trim());

export async function webScope(project: WebProject, query: TWebQueryCommon, now = new Date()): Promise<WebScope> {
  const timezone = project.timezone || "UTC";
  const dateFrom = query.dateRange?.date_from;
  const range = resolveDateRange({
    date_from: dateFrom,
    date_to: query.dateRange?.date_to,
    interval: hourly(dateFrom) ? "hour" : "day",
    timezone,
    now,
    defaultFrom: "-7d",
  });
  const previous = query.compareFilter?.compare ? previousRange(range) : null;
  const params = new SqlParams({ team: project.id });
  const at = (instant: Date) => params.add(chTimestamp(instant), "DateTime64(6, 'UTC')");
  const from = at(range.from);
  const to = at(range.to);
  const scanFrom = previous ? at(previous.from) : from;

  const filters = ZProperties.parse(query.properties ?? []);
  const properties = withTestAccountFilters(filters, project, query.filterTestAccounts);
  validateProperties(properties);
  const overrides = await hasPendingOverrides(project.id);
  const team = "{team:Int64}";
  const joins = `${personIdJoin(team, overrides)} ${usesPersonProperties(properties) ? personPropertiesJoin(team, overrides) : ""}`;
  const during = `timestamp >= ${scanFrom} AND timestamp <= ${to}`;
  const filterSql = propertyGroupSql(
    properties,
    { event: "e.properties", person: PERSON_PROPERTIES, team, sessionsDuring: during },
    params,
  );
  const rules = query.doPathCleaning ? project.pathCleaningFilters : [];
  return {
    params,
    range,
    previous,
    person: personIdOf(overrides),
    joins,
    where: `e.team_id = ${team} AND e.event = '$pageview' AND e.timestamp >= ${scanFrom} AND e.timestamp <= ${to} AND ${filterSql}`,
    current: `e.timestamp >= ${from}`,
    previousPeriod: previous ? `e.timestamp < ${from}` : "0",
    sessionsFrom: at(new Date((previous ?? range).from.getTime() - SESSION_MARGIN_MS)),
    sessionsTo: at(new Date(range.to.getTime() + SESSION_MARGIN_MS)),
    cleanPath: (pathname) =>
      rules.length ? `if(isNull(${pathname}), NULL, ${cleanedItemSql(`assumeNotNull(${pathname})`, rules, params)})` : pathname,
  };
}

/** What a session aggregate reads of each of its events (the inner query of `sessionsSql`). */
export interface SessionEventColumns {
  /** `timestamp`, `event`, `pathname`, `referring_domain`, `person`; `cur`/`prev`: a counted pageview of that period. */
  aggregates: Record<string, string>;
  /** JSON properties read once per event into the tuple `props` (`props.1`… in the listed order), Nullable(String). */
  json?: string[];
}

/**
 * One row per session (segments G19–G20: the events sharing a non-empty `$session_id`, all of them, whatever their
 * name) with a counted pageview: `views_cur`, `views_prev` and the named aggregates, in one pass over the events.
 */
export function sessionsSql(scope: WebScope, { aggregates, json = [] }: SessionEventColumns): string {
  const selected = Object.entries(aggregates).map(([name, sql]) => `, ${sql} AS ${name}`);
  const props = json.length
    ? `, JSONExtract(e.properties, 'Tuple(${json.map((key) => `\`${key}\` Nullable(String)`).join(", ")})') AS props`
    : "";
  return `SELECT k, countIf(cur) AS views_cur, countIf(prev) AS views_prev ${selected.join("")}
    FROM (
      SELECT assumeNotNull(e.prop_session_id) AS k, e.timestamp AS timestamp, e.event AS event,
        e.prop_pathname AS pathname, e.prop_referring_domain AS referring_domain, ${scope.person} AS person,
        (${scope.where}) AS counted, counted AND ${scope.current} AS cur, counted AND ${scope.previousPeriod} AS prev ${props}
      FROM events AS e ${scope.joins}
      WHERE e.team_id = {team:Int64} AND e.prop_session_id != '' AND e.timestamp >= ${scope.sessionsFrom} AND e.timestamp <= ${scope.sessionsTo}
    )
    GROUP BY k
    HAVING views_cur + views_prev > 0`;
}

export const SESSION_DURATION_SQL = "dateDiff('second', min(timestamp), max(timestamp))";
/**
 * PostHog's `$is_bounce`: at most one pageview, screen or autocapture in the session, and under 10 seconds long.
 */
export const SESSION_BOUNCE_SQL = `NOT (countIf(event IN ('$pageview', '$screen', '$autocapture')) > 1 OR ${SESSION_DURATION_SQL} >= 10)`;

/** The change from the previous period in percent (PostHog's, rounded), null when there is nothing to compare. */
export function changePct(value: number | null, previous: number | null): number | null {
  if (value === null || previous === null || previous === 0) return null;
  return Math.round((100 * (value - previous)) / previous);
}
