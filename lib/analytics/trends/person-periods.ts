import { fromZodError, validationError } from "@/lib/api/errors";
import {
  loadEntityActions,
  parseInterval,
  resolveDateRange,
  withTestAccountFilters,
  validateProperties,
  type DateRange,
  type Interval,
} from "@/lib/analytics/filters";
import { hasPendingOverrides } from "@/lib/analytics/pending-overrides";
import { earliestEvent, type TrendProject } from "./run";
import type { TrendContext } from "./sql";
import { ZTrendFilter, filterEntities, resolveSeries, type Series, type TTrendFilter } from "./schemas";

/** A trend filter read for an analysis of persons over periods (stickiness, lifecycle). */
export interface PersonPeriodsFilter {
  filter: TTrendFilter;
  series: Series[];
  interval: Interval;
  range: DateRange;
  ctx: TrendContext;
}

/**
 * What a stickiness or lifecycle filter computes: its series over its range, by interval. Both count persons per
 * period, so neither has breakdowns (PostHog has none): `analysis` names it in the 400.
 */
export async function resolvePersonPeriods(
  project: TrendProject,
  rawFilter: Record<string, unknown>,
  analysis: string,
): Promise<PersonPeriodsFilter> {
  const parsed = ZTrendFilter.safeParse(rawFilter ?? {});
  if (!parsed.success) throw fromZodError(parsed.error);
  const filter = parsed.data;
  if (filter.breakdown !== undefined && filter.breakdown !== null && filter.breakdown !== "")
    throw validationError(`${analysis} does not support breakdowns.`, "breakdown", "unsupported");
  const series = resolveSeries(filter, await loadEntityActions(project.id, filterEntities(filter)));
  const interval = parseInterval(filter.interval);
  validateProperties(filter.properties);
  for (const s of series) validateProperties(s.entity.properties, "events");
  const timezone = project.timezone || "UTC";
  const earliest = filter.date_from === "all" ? await earliestEvent(project.id) : null;
  const range = resolveDateRange({ date_from: filter.date_from, date_to: filter.date_to, interval, timezone, earliest });
  const properties = withTestAccountFilters(filter.properties, project, filter.filter_test_accounts);
  return {
    filter,
    series,
    interval,
    range,
    ctx: { teamId: project.id, personOverrides: await hasPendingOverrides(project.id), timezone, properties },
  };
}
