"use client";

import { Columns3Icon, XIcon } from "lucide-react";
import { useMemo } from "react";
import { EventsTable } from "@/components/events/events-table";
import { EventPicker } from "@/components/insights/controls/event-picker";
import { flatProperties, PropertyFiltersEditor, type PropertyFilterValue } from "@/components/insights/controls/property-filters";
import { PropertyPicker } from "@/components/insights/controls/property-picker";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { useTableUrlState } from "@/lib/ui/use-table-url-state";

/** Property columns shown until the viewer picks their own. */
const DEFAULT_COLUMNS = ["$current_url", "$browser"];
/** Property columns a view may have: each is read from every loaded event. */
const MAX_COLUMNS = 12;

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
 * `/project/:id/events`: the project's events, newest first, filtered by event name and property filters, with
 * the property columns the viewer picks. Filters and columns live in the URL (`?event=…&properties=[…]&columns=[…]`)
 * so a view can be shared.
 */
export function EventsExplorer({ projectId }: { projectId: number }) {
  const url = useTableUrlState({ sortable: [], defaultSort: { id: "timestamp", desc: true }, filters: ["event", "properties", "columns"] });
  const event = url.filters.event ?? undefined;
  const filters = flatProperties(parseJson(url.filters.properties));
  // One array per URL value: the table rebuilds its columns only when they change.
  const columns = useMemo(() => columnsOf(url.filters.columns), [url.filters.columns]);
  // Filters still being written (a property without a value yet) are left out of the request, not sent half-made.
  const complete = filters.filter((filter) => filter.operator === "is_set" || filter.operator === "is_not_set" || hasValue(filter));
  const setFilters = (next: PropertyFilterValue[]) => url.setFilter("properties", next.length ? JSON.stringify(next) : null);
  const setColumns = (next: string[]) => url.setFilter("columns", JSON.stringify(next));
  return (
    <>
      <PageHeader title="Events" description="Every event the project received, newest first." />
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
          params={{ event, properties: complete.length ? JSON.stringify(complete) : undefined }}
          propertyKeys={columns}
          toolbar={<ColumnsPicker projectId={projectId} columns={columns} onChange={setColumns} />}
          empty={event || complete.length ? "No event matches these filters." : "No events yet. Events appear here as the project receives them."}
        />
      </section>
    </>
  );
}

function hasValue(filter: PropertyFilterValue): boolean {
  const value = Array.isArray(filter.value) ? filter.value[0] : filter.value;
  return value !== undefined && value !== null && value !== "";
}

/** The table's property columns: add one from the project's event properties, remove any. */
function ColumnsPicker({ projectId, columns, onChange }: { projectId: number; columns: string[]; onChange: (columns: string[]) => void }) {
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm">
          <Columns3Icon /> Columns ({columns.length})
        </Button>
      </PopoverTrigger>
      <PopoverContent className="grid w-80 gap-3">
        <p className="text-sm font-medium">Property columns</p>
        {columns.length ? (
          <ul className="grid gap-1" aria-label="Property columns">
            {columns.map((key) => (
              <li key={key} className="flex items-center justify-between gap-2 rounded-md border px-2 py-1">
                <span className="truncate font-mono text-xs">{key}</span>
                <Button variant="ghost" size="icon-sm" aria-label={`Remove column ${key}`} onClick={() => onChange(columns.filter((c) => c !== key))}>
                  <XIcon />
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No property columns.</p>
        )}
        {columns.length < MAX_COLUMNS ? (
          <PropertyPicker
            projectId={projectId}
            types={["event"]}
            value={null}
            label="Add a column"
            placeholder="Add a property column"
            size="sm"
            onChange={(property) => !columns.includes(property.key) && onChange([...columns, property.key])}
          />
        ) : (
          <p className="text-sm text-muted-foreground">At most {MAX_COLUMNS} columns.</p>
        )}
      </PopoverContent>
    </Popover>
  );
}
