import { addInterval, toInstant, type DateRange } from "@/lib/analytics/filters";
import { activeWindow } from "@/lib/analytics/trends/sql";

/**
 * The filter keys a trend's persons URL carries over (PostHog's `filter.to_params()`), but for the series: each
 * URL names only its own (below), so an answer grows with series × intervals, not series² × intervals.
 */
const CARRIED = [
  "insight",
  "properties",
  "filter_test_accounts",
  "interval",
  "display",
  "breakdown",
  "breakdown_type",
  "breakdown_group_type_index",
];

export interface PersonsUrl {
  filter: Record<string, unknown>;
  url: string;
}

/**
 * The query parameters every persons URL of one series shares: the carried filter keys, and the series alone
 * in `events` or `actions` with its own `order`, which the actors endpoints find it by (`urlSeries`).
 */
function carriedParams(filterDict: Record<string, unknown>, entity: Record<string, unknown>): URLSearchParams {
  const base = new URLSearchParams();
  for (const key of CARRIED) {
    const value = filterDict[key];
    if (value === undefined || value === null || isEmptyObject(value)) continue;
    base.set(key, typeof value === "string" ? value : JSON.stringify(value));
  }
  // The filter dict shows "no properties" as `{}`, which the filter schema does not read back.
  const own = isEmptyObject(entity.properties) ? { ...entity, properties: [] } : entity;
  base.set(entity.type === "actions" ? "actions" : "events", JSON.stringify([own]));
  return base;
}

/**
 * PostHog's `persons_urls` of a trend item: per data point `{filter, url}`, the url
 * `api/projects/{id}/persons/trends/?...` (no leading slash, as PostHog's) with the trend's filter and the series
 * alone (`carriedParams`), the series
 * (`entity_id`, `entity_type`, `entity_math`, `entity_order`), the point's `date_from` (inclusive) and `date_to`
 * (exclusive) as instants (cumulative displays: from the range start; weekly/monthly active: the whole window the
 * point counts) and, with a breakdown, `breakdown_value`.
 */
export function trendPersonsUrls(
  projectId: number,
  filterDict: Record<string, unknown>,
  entity: Record<string, unknown>,
  range: DateRange,
  breakdownValue: string | null,
  cumulative: boolean,
  otherThan?: string[],
  buckets = range.buckets,
): PersonsUrl[] {
  const base = carriedParams(filterDict, entity);
  const rangeEnd = range.to.getTime() + 1;
  return buckets.map((bucket) => {
    const window = activeWindow(String(entity.math), range, bucket);
    const start = window ? window.start.getTime() : Math.max(toInstant(bucket, range.timezone).getTime(), range.from.getTime());
    const end = window
      ? window.end.getTime()
      : Math.min(toInstant(addInterval(bucket, range.interval), range.timezone).getTime(), rangeEnd);
    const extra: Record<string, unknown> = {
      entity_id: entity.id ?? null,
      entity_type: entity.type ?? "events",
      entity_math: entity.math ?? null,
      date_from: new Date(cumulative ? range.from.getTime() : start).toISOString(),
      date_to: new Date(end).toISOString(),
      entity_order: entity.order ?? 0,
    };
    if (breakdownValue !== null) extra.breakdown_value = breakdownValue;
    if (otherThan) extra.breakdown_other_than = JSON.stringify(otherThan);
    const params = new URLSearchParams(base);
    for (const [key, value] of Object.entries(extra)) if (value !== null) params.set(key, String(value));
    return { filter: extra, url: `api/projects/${projectId}/persons/trends/?${params}` };
  });
}

function isEmptyObject(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
}

/**
 * Persons URLs of an analysis over the whole range (stickiness, lifecycle): per point, `{filter, url}` with the
 * url `api/projects/{id}/persons/<path>/?...`: the filter, the series, the point's own keys (`points`) and the
 * range as instants (so the persons are those of the range computed, whenever the URL is followed).
 */
function rangePersonsUrls(
  projectId: number,
  path: string,
  shownAs: string,
  filterDict: Record<string, unknown>,
  entity: Record<string, unknown>,
  range: DateRange,
  points: Record<string, unknown>[],
): PersonsUrl[] {
  const base = carriedParams(filterDict, entity);
  base.set("shown_as", shownAs);
  base.set("date_from", range.from.toISOString());
  base.set("date_to", range.to.toISOString());
  return points.map((point) => {
    const extra: Record<string, unknown> = {
      ...point,
      entity_id: entity.id ?? null,
      entity_type: entity.type ?? "events",
      entity_math: entity.math ?? null,
      entity_order: entity.order ?? 0,
    };
    const params = new URLSearchParams(base);
    for (const [key, value] of Object.entries(extra)) if (value !== null) params.set(key, String(value));
    return { filter: extra, url: `api/projects/${projectId}/persons/${path}/?${params}` };
  });
}

/** PostHog's `persons_urls` of a stickiness item: per k = 1 … n, the persons who did the event in exactly k intervals. */
export const stickinessPersonsUrls = (
  projectId: number,
  filterDict: Record<string, unknown>,
  entity: Record<string, unknown>,
  range: DateRange,
  count = range.buckets.length,
): PersonsUrl[] =>
  rangePersonsUrls(
    projectId,
    "stickiness",
    "Stickiness",
    filterDict,
    entity,
    range,
    Array.from({ length: count }, (_, i) => ({ stickiness_days: i + 1 })),
  );

/** A lifecycle item's `persons_urls`: per bucket (`target_date`, its day), the persons of the item's status there. */
export const lifecyclePersonsUrls = (
  projectId: number,
  filterDict: Record<string, unknown>,
  entity: Record<string, unknown>,
  range: DateRange,
  status: string,
  days: string[],
): PersonsUrl[] =>
  rangePersonsUrls(
    projectId,
    "lifecycle",
    "Lifecycle",
    filterDict,
    entity,
    range,
    days.map((day) => ({ target_date: day, lifecycle_type: status })),
  );
