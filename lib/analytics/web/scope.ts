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
  /** Whether filters (the query's, or the project's test account filters) narrow the pageviews counted. */
  filtered: boolean;
  /** Whether person merges not yet folded into the events exist (then \`person\` reads them). */
  overrides: boolean;
  /** Whether a time (SQL) is in the current period, or the previous one ("0" without a comparison). */
  period: { inCurrent: (t: string) => string; inPrevious: (t: string) => string };
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
    filtered: filterSql !== "1",
    overrides,
    period: {
      inCurrent: (t) => `(${t} >= ${from} AND ${t} <= ${to})`,
      inPrevious: (t) => (previous ? `(${t} >= ${scanFrom} AND ${t} < ${from})` : "0"),
    },
    sessionsFrom: at(new Date((previous ?? range).from.getTime() - SESSION_MARGIN_MS)),
    sessionsTo: at(new Date(range.to.getTime() + SESSION_MARGIN_MS)),
    cleanPath: (pathname) =>
      rules.length ? `if(isNull(${pathname}), NULL, ${cleanedItemSql(`assumeNotNull(${pathname})`, rules, params)})` : pathname,
  };
}

/** The change from the previous period in percent (PostHog's, rounded), null when there is nothing to compare. */
export function changePct(value: number | null, previous: number | null): number | null {
  if (value === null || previous === null || previous === 0) return null;
  return Math.round((100 * (value - previous)) / previous);
}
