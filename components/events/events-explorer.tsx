"use client";

import { ChartLineIcon } from "lucide-react";
import Link from "next/link";
import { useMemo } from "react";
import { ColumnsPicker, MAX_COLUMNS } from "@/components/events/columns-picker";
import { eventTrendHref } from "@/components/events/event-trend";
import { ExportEventsButton } from "@/components/events/export-events-button";
import { eventsApiRange } from "@/components/events/explorer-range";
import { EventsTable } from "@/components/events/events-table";
import { DateRangePicker } from "@/components/insights/controls/date-range-picker";
import { EventPicker } from "@/components/insights/controls/event-picker";
import type { PropertyFilterValue } from "@/components/insights/controls/filter-kinds";
import { completeFilters, filtersFromParam, PropertyFiltersEditor } from "@/components/insights/controls/property-filters";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { useMe } from "@/lib/ui/use-me";
import { useTableUrlState } from "@/lib/ui/use-table-url-state";

/** Property columns shown until the viewer picks their own. */
const DEFAULT_COLUMNS = ["$current_url", "$browser"];

function parseJson(text: string | null): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const columnsOf = (text: string | null): string[] => {
  const parsed = parseJson(text);
  if (!Array.isArray(parsed)) return DEFAULT_COLUMNS;
  return parsed.filter((key): key is string => typeof key === "string" && key !== "").slice(0, MAX_COLUMNS);
};

/**
 * `/project/:id/events`: the project's events, newest first, filtered by event name, property filters and a date
 * range, with the property columns the viewer picks; exported as CSV, or opened as a new trend. Filters, range
 * and columns live in the URL (`?event=…&properties=[…]&date_from=-7d&columns=[…]`) so a view can be shared.
 */
export function EventsExplorer({ projectId }: { projectId: number }) {
  const url = useTableUrlState({
    sortable: [],
    defaultSort: { id: "timestamp", desc: true },
    filters: ["event", "properties", "date_from", "date_to", "columns"],
  });
  const timezone = useMe().team?.timezone ?? "UTC";
  const event = url.filters.event ?? undefined;
  const { date_from, date_to } = url.filters;
  const filters = filtersFromParam(url.filters.properties);
  // One array per URL value: the table rebuilds its columns only when they change.
  const columns = useMemo(() => columnsOf(url.filters.columns), [url.filters.columns]);
  // Relative ranges are read once per pick (or page load), not at each render, so the request stays the same.
  const range = useMemo(() => eventsApiRange({ date_from, date_to }, timezone), [date_from, date_to, timezone]);
  const complete = completeFilters(filters);
  const params = { event, properties: complete.length ? JSON.stringify(complete) : undefined, ...range };
  const setFilters = (next: PropertyFilterValue[]) => url.setFilter("properties", next.length ? JSON.stringify(next) : null);
  const setColumns = (next: string[]) => url.setFilter("columns", JSON.stringify(next));
  const narrowed = event || complete.length || range.after || range.before;
  return (
    <>
      <PageHeader
        title="Events"
        description="Every event the project received, newest first."
        actions={
          <Button asChild variant="outline">
            <Link href={eventTrendHref(projectId, { event: event ?? null, properties: complete, date_from, date_to })}>
              <ChartLineIcon /> Open as a new trend
            </Link>
          </Button>
        }
      />
      <section className="grid gap-4" aria-label="Events explorer">
        <div className="grid gap-3 rounded-lg border bg-card p-3 sm:grid-cols-[minmax(12rem,18rem)_1fr]">
          <div className="grid content-start gap-1.5">
            <span className="text-sm font-medium">Event</span>
            <EventPicker
              projectId={projectId}
              withActions={false}
              label="Event"
              value={{ id: event ?? null, type: "events", name: event ?? "All events" }}
              onChange={(picked) => url.setFilter("event", picked.id === null ? null : String(picked.id))}
            />
          </div>
          <div className="grid content-start gap-1.5">
            <span className="text-sm font-medium">Filters</span>
            <PropertyFiltersEditor projectId={projectId} filters={filters} onChange={setFilters} eventNames={event ? [event] : undefined} />
          </div>
        </div>
        <EventsTable
          projectId={projectId}
          params={params}
          propertyKeys={columns}
          toolbar={
            <>
              <DateRangePicker
                value={{ date_from, date_to }}
                defaultLabel="All time"
                onChange={(next) => url.setFilters({ date_from: next.date_from ?? null, date_to: next.date_to ?? null })}
              />
              <ColumnsPicker projectId={projectId} columns={columns} onChange={setColumns} />
              <ExportEventsButton projectId={projectId} params={params} propertyKeys={columns} />
            </>
          }
          empty={narrowed ? "No event matches these filters." : "No events yet. Events appear here as the project receives them."}
        />
      </section>
    </>
  );
}
