import type { PropertyFilterValue } from "@/components/insights/controls/filter-kinds";
import { filtersToSearchParams } from "@/lib/insights/builder/url-state";

/**
 * A new trend (daily) of one event, or of all events for none, as the builder's URL writes it: with the given
 * property filters and range, the last 30 days when no range is given.
 */
export function eventTrendHref(
  projectId: number,
  {
    event,
    properties = [],
    date_from,
    date_to,
  }: { event: string | null; properties?: PropertyFilterValue[]; date_from?: string | null; date_to?: string | null },
): string {
  return `/project/${projectId}/insights/new?${filtersToSearchParams({
    insight: "TRENDS",
    interval: "day",
    date_from: date_from || "-30d",
    date_to: date_to || undefined,
    events: [{ id: event, name: event ?? "All events", type: "events", order: 0 }],
    properties: properties.length ? properties : undefined,
  })}`;
}
