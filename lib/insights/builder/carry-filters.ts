import type { LegacyFilters } from "./url-state";

/** What a kind switch keeps: the series or steps, the filters and the date range carry over where both kinds have them. */
const SHARED_KEYS = ["events", "actions", "properties", "filter_test_accounts", "date_from", "date_to"];
/** Kinds whose series carry over to each other (a lifecycle keeps the first one only: it has one). */
const SERIES_KINDS = ["TRENDS", "FUNNELS", "STICKINESS", "LIFECYCLE"];

type Entity = { order?: number | null };

/** The filter's first series (by `order`, events before actions on a tie), alone in its list. */
export function firstSeriesOnly(filters: LegacyFilters): LegacyFilters {
  const entities = [
    ...((filters.events as Entity[] | undefined) ?? []).map((entity) => ({ list: "events", entity })),
    ...((filters.actions as Entity[] | undefined) ?? []).map((entity) => ({ list: "actions", entity })),
  ].sort((a, b) => (a.entity.order ?? 0) - (b.entity.order ?? 0));
  const first = entities[0];
  return first
    ? { events: first.list === "events" ? [first.entity] : undefined, actions: first.list === "actions" ? [first.entity] : undefined }
    : {};
}

/**
 * The filter after switching from kind `from` to kind `to`, whose own defaults are `defaults`: between kinds with
 * series, the series, filters and dates carry over; to or from the others, the start date and the filters only.
 */
export function carryFilters(filters: LegacyFilters, from: string, to: string, defaults: LegacyFilters): LegacyFilters {
  const carried: LegacyFilters = Object.fromEntries(
    SHARED_KEYS.filter((key) => filters[key] !== undefined).map((key) => [key, filters[key]]),
  );
  const keepsSeries = SERIES_KINDS.includes(to) && SERIES_KINDS.includes(from);
  const kept = keepsSeries
    ? { ...carried, ...(to === "LIFECYCLE" ? firstSeriesOnly(carried) : {}) }
    : { date_from: carried.date_from ?? defaults.date_from, properties: carried.properties };
  return { ...defaults, ...kept };
}
