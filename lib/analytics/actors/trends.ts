import { fromZodError, validationError } from "@/lib/api/errors";
import {
  SqlParams,
  jsonParam,
  loadEntityActions,
  withTestAccountFilters,
  validateProperties,
  type PropertyFilter,
} from "@/lib/analytics/filters";
import { hasPendingOverrides } from "@/lib/analytics/pending-overrides";
import { OTHER_BREAKDOWN, baseQuery, type Breakdown, type BreakdownPick } from "@/lib/analytics/trends/sql";
import { resolveBreakdown } from "@/lib/analytics/trends/run";
import { ZTrendFilter, filterEntities, resolveSeries, type Series } from "@/lib/analytics/trends/schemas";
import { pagedPersonIds } from "./persons";

/** The events of the point's breakdown value; "other" is every value but the ranked ones its URL names. */
function breakdownPick(breakdown: Breakdown | null, value: string | undefined, otherThan: unknown): BreakdownPick | undefined {
  if (!breakdown || value === undefined) return undefined;
  if (value !== OTHER_BREAKDOWN) return { only: [value] };
  const ranked = typeof otherThan === "string" ? jsonParam(otherThan) : otherThan;
  if (!Array.isArray(ranked) || !ranked.every((v) => typeof v === "string"))
    throw validationError('The "other" breakdown value needs breakdown_other_than, the values it leaves out.', "breakdown_other_than");
  return { otherThan: ranked };
}

function instant(value: unknown, attr: string): Date {
  const d = typeof value === "string" ? new Date(value) : null;
  if (!d || Number.isNaN(d.getTime())) throw validationError(`${attr} must be an ISO date-time.`, attr);
  return d;
}

/** The series a persons URL names (`entity_id`, `entity_type`, `entity_order`), among the filter's. */
export function urlSeries(series: Series[], raw: Record<string, unknown>): Series {
  const order = raw.entity_order === undefined || raw.entity_order === null ? null : Number(raw.entity_order);
  const entityId = raw.entity_id === undefined || raw.entity_id === "" ? undefined : String(raw.entity_id);
  const entityType = raw.entity_type ?? "events";
  if (entityType !== "events" && entityType !== "actions")
    throw validationError(`"${raw.entity_type}" is not a valid choice.`, "entity_type", "invalid_choice");
  const idOf = (s: Series) => (s.match.action ? String(s.match.action.id) : (s.event ?? "null"));
  const sameEntity = (s: Series) =>
    (s.match.action ? "actions" : "events") === entityType && (entityId === undefined || idOf(s) === entityId);
  const chosen =
    series.find((s) => (order === null || (s.entity.order ?? s.index) === order) && sameEntity(s)) ??
    series.find((s) => entityId !== undefined && sameEntity(s));
  if (!chosen) throw validationError("The entity is not one of the filter's series.", "entity_id");
  return chosen;
}

/**
 * The persons behind a trend data point (the `persons_urls` of trends): each person (S1, merged) with an event
 * of the series in [date_from, date_to) matching the global, test-account and series filters and, with a
 * breakdown, the breakdown value; the events are the ones the trend's own SQL counts (trends' `baseQuery`).
 * Ordered by person id.
 */
export async function trendActorIds(
  project: { id: number; timezone?: string | null; testAccountFilters: PropertyFilter[] },
  raw: Record<string, unknown>,
  paging: { limit: number; offset: number },
): Promise<{ ids: string[]; total: number; groupTypeIndex: number | null }> {
  const parsed = ZTrendFilter.safeParse(raw);
  if (!parsed.success) throw fromZodError(parsed.error);
  const filter = parsed.data;
  const series = resolveSeries(filter, await loadEntityActions(project.id, filterEntities(filter)));
  const chosen = urlSeries(series, raw);
  const from = instant(raw.date_from, "date_from");
  const to = instant(raw.date_to, "date_to");
  validateProperties(filter.properties);
  validateProperties(chosen.entity.properties, "events");

  const properties = withTestAccountFilters(filter.properties, project, filter.filter_test_accounts);
  // The trend's own reading of its breakdown (event, person or session).
  const breakdown = resolveBreakdown(filter);
  const value = raw.breakdown_value === undefined || raw.breakdown_value === null ? undefined : String(raw.breakdown_value);
  const params = new SqlParams();
  // A unique_group series counts groups, so its actors are the groups of that type (G12); any other math's are
  // persons, as "dau" resolves them whatever the series' own math (S1).
  const groupTypeIndex = chosen.math === "unique_group" ? chosen.groupTypeIndex : null;
  const base = baseQuery(
    { teamId: project.id, personOverrides: await hasPendingOverrides(project.id), timezone: project.timezone || "UTC", properties },
    [groupTypeIndex === null ? { ...chosen, math: "dau" } : chosen],
    from,
    // `to` is exclusive here, inclusive to the millisecond in `baseQuery`.
    new Date(to.getTime() - 1),
    breakdown,
    params,
    breakdownPick(breakdown, value, raw.breakdown_other_than),
  );
  const actors =
    groupTypeIndex === null
      ? `SELECT DISTINCT toString(person_id) AS person FROM (${base})`
      : `SELECT DISTINCT num0 AS person FROM (${base}) WHERE num0 != ''`;
  return { ...(await pagedPersonIds(project.id, actors, params, paging)), groupTypeIndex };
}
