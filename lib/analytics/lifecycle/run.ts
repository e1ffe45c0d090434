import { validationError } from "@/lib/api/errors";
import { SqlParams, bucketDay, bucketLabel } from "@/lib/analytics/filters";
import { lifecyclePersonsUrls } from "@/lib/analytics/actors/trend-urls";
import { getAnalysisStore } from "@/lib/analytics/store";
import { actionDict, filterDict, seriesName, type TrendItem, type TrendProject } from "@/lib/analytics/trends/run";
import { checkAnswerBytes, itemBytes } from "@/lib/analytics/trends/answer-size";
import { resolvePersonPeriods, type PersonPeriodsFilter } from "@/lib/analytics/trends/person-periods";
import { lifecycleSql } from "./sql";
import { LIFECYCLE_STATUSES } from "./statuses";

/** A trend filter asking for a lifecycle: `insight: "LIFECYCLE"`, or PostHog's older `shown_as: "Lifecycle"`. */
export function isLifecycle(filter: Record<string, unknown>): boolean {
  return String(filter.insight ?? "").toUpperCase() === "LIFECYCLE" || filter.shown_as === "Lifecycle";
}

/** A lifecycle's filter: one series over its range, by interval (no breakdown, no compare, as PostHog). */
export async function resolveLifecycle(project: TrendProject, rawFilter: Record<string, unknown>): Promise<PersonPeriodsFilter> {
  const resolved = await resolvePersonPeriods(project, rawFilter, "Lifecycle");
  if (resolved.series.length !== 1)
    throw validationError(
      `A lifecycle has exactly one series (its event or action); this has ${resolved.series.length}.`,
      "events",
      "invalid_input",
    );
  if (resolved.filter.compare) throw validationError("Lifecycle does not support compare.", "compare", "unsupported");
  return resolved;
}

/**
 * A lifecycle (PostHog's `insight: LIFECYCLE` on `trend/`, G14–G17): four items, new, returning, resurrecting
 * and dormant, each with the number of persons of that status per bucket of the range (dormant negative),
 * `count` their sum, and `persons_urls` listing them.
 */
export async function runLifecycle(project: TrendProject, rawFilter: Record<string, unknown>): Promise<TrendItem[]> {
  const { filter, series, interval, range, ctx } = await resolveLifecycle(project, rawFilter);
  const [only] = series;
  const dict = { ...filterDict(filter, series, interval, "ActionsStackedBar"), insight: "LIFECYCLE", shown_as: "Lifecycle" };
  const action = actionDict(only);
  const days = range.buckets.map((b) => bucketDay(b, interval));
  const sampleUrl = lifecyclePersonsUrls(project.id, dict, action, range, "resurrecting", days.slice(0, 1))[0];
  checkAnswerBytes(LIFECYCLE_STATUSES.length * (JSON.stringify(dict).length + itemBytes(action, days.length, sampleUrl)));

  const params = new SqlParams();
  const store = await getAnalysisStore(ctx.teamId);
  const rows = await store.query<{ status: string; period: string | number; persons: string | number }>(
    lifecycleSql(ctx, only, range, params),
    params.values,
  );
  const persons = new Map(rows.map((row) => [`${row.status}|${Number(row.period)}`, Number(row.persons)]));
  const labels = range.buckets.map((b) => bucketLabel(b, interval));
  return LIFECYCLE_STATUSES.map((status) => {
    // Period 1 is the one before the range: the range's buckets are periods 2 … n + 1.
    const data = days.map((_, i) => (status === "dormant" ? -1 : 1) * (persons.get(`${status}|${i + 2}`) ?? 0) || 0);
    return {
      action,
      label: `${seriesName(only)} - ${status}`,
      status,
      count: data.reduce((sum, value) => sum + value, 0),
      data,
      days,
      labels,
      filter: dict,
      persons_urls: lifecyclePersonsUrls(project.id, dict, action, range, status, days),
    };
  });
}
