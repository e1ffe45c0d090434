import { z } from "zod";
import {
  PERSON_PROPERTIES,
  SqlParams,
  ZProperties,
  chTimestamp,
  parseDate,
  propertyGroupSql,
  toInstant,
  usesPersonProperties,
  validateProperties,
  withTestAccountFilters,
} from "@/lib/analytics/filters";
import { validationError } from "@/lib/api/errors";
import type { Project } from "@/lib/db/schema";
import { type CompileContext, type FilterConditions, TEAM_PARAM } from "./compile";

/**
 * PostHog's HogQLFilters: what a SQL query's `{filters}` placeholder stands for (a dashboard's date range and
 * property filters reach a SQL insight through it).
 */
export const ZHogQLFilters = z
  .object({
    dateRange: z
      .object({ date_from: z.string().max(100).nullish(), date_to: z.string().max(100).nullish() })
      .loose()
      .nullish()
      .meta({ description: "`{filters}` keeps the events in this range; `{filters.dateRange.from}`/`.to` are its bounds" }),
    properties: z.unknown().optional().meta({ description: "Property filters `{filters}` applies to the events" }),
    filterTestAccounts: z.boolean().nullish().meta({ description: "`{filters}` also leaves out the project's test accounts" }),
  })
  .loose();
export type THogQLFilters = z.output<typeof ZHogQLFilters>;

/** A date bound of a range (`date_from`, `date_to`: an ISO date or a relative one) as a DateTime64 parameter, or a 400. */
export function dateBoundSql(value: string, attr: string, timezone: string, now: Date, params: SqlParams): string {
  const parsed = parseDate(value, timezone, now);
  if (!parsed) throw validationError(`${attr}: ${JSON.stringify(value)} is not a date (an ISO date or a relative one such as -24h).`, attr);
  return params.add(chTimestamp(toInstant(parsed.wall, timezone)), "DateTime64(6, 'UTC')");
}

/**
 * The conditions HogQLFilters stand for, as PostHog applies them: events from `date_from` (unless `all`) and before
 * `date_to`, matching the property filters, and not from test accounts when asked. Parameters are named `f…` so
 * they never meet the query's others.
 */
export function filterConditions(
  filters: THogQLFilters | null | undefined,
  project: Pick<Project, "timezone" | "testAccountFilters">,
  now = new Date(),
): FilterConditions {
  const params = new SqlParams({}, "f");
  const conditions: FilterConditions["conditions"] = [];
  const dateFrom = filters?.dateRange?.date_from;
  const dateTo = filters?.dateRange?.date_to;
  const from = dateFrom && dateFrom !== "all" ? dateBoundSql(dateFrom, "filters.dateRange.date_from", project.timezone, now, params) : null;
  const to = dateTo ? dateBoundSql(dateTo, "filters.dateRange.date_to", project.timezone, now, params) : null;
  if (from) conditions.push({ sql: `e.timestamp >= ${from}`, person: false });
  if (to) conditions.push({ sql: `e.timestamp < ${to}`, person: false });
  const properties = withTestAccountFilters(ZProperties.parse(filters?.properties ?? []), project, filters?.filterTestAccounts);
  validateProperties(properties, "filters.properties");
  const propertiesSql = propertyGroupSql(properties, { event: "e.properties", person: PERSON_PROPERTIES, team: TEAM_PARAM }, params);
  if (propertiesSql !== "1") conditions.push({ sql: propertiesSql, person: usesPersonProperties(properties) });
  return { conditions, from, to, params: params.values };
}

/** How a HogQLQuery node compiles in the project: its placeholders' values and what its `{filters}` stand for. */
export function hogqlContextOf(
  project: Pick<Project, "id" | "timezone" | "testAccountFilters">,
  node: { values?: unknown; filters?: unknown },
): CompileContext {
  return {
    teamId: project.id,
    timezone: project.timezone,
    values: (node.values ?? {}) as CompileContext["values"],
    filters: filterConditions(ZHogQLFilters.nullish().parse(node.filters), project),
  };
}
