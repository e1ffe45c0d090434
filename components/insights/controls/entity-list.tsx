"use client";

import { FilterIcon, PlusIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { EventPicker, type PickedEntity } from "@/components/insights/controls/event-picker";
import { flatProperties, PropertyFiltersEditor } from "@/components/insights/controls/property-filters";
import { ANALYSIS_FILTER_KINDS } from "@/components/insights/controls/filter-kinds";
import { Button } from "@/components/ui/button";

/** A series or step of a legacy filter: an event or action, its position, and whatever else its kind adds. */
export interface FilterEntity {
  id: string | number | null;
  type?: "events" | "actions" | null;
  order?: number | null;
  name?: string | null;
  [key: string]: unknown;
}

export const entityLetter = (index: number) => String.fromCharCode(65 + (index % 26));

/** The legacy filter's `events` and `actions` as one list in `order`, as PostHog reads them. */
export function entitiesOf(filters: { events?: unknown; actions?: unknown }): FilterEntity[] {
  const events = ((filters.events as FilterEntity[] | undefined) ?? []).map((e) => ({ ...e, type: "events" as const }));
  const actions = ((filters.actions as FilterEntity[] | undefined) ?? []).map((e) => ({ ...e, type: "actions" as const }));
  return [...events, ...actions].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}

/** A list back into the legacy filter's `events` and `actions`, numbered in list order. */
export function entitiesToFilters(entities: FilterEntity[]): { events: FilterEntity[]; actions: FilterEntity[] } {
  const numbered = entities.map((entity, order) => ({ ...entity, order }));
  return { events: numbered.filter((e) => e.type !== "actions"), actions: numbered.filter((e) => e.type === "actions") };
}

/** An entity picked anew keeps its row's other settings (math, filters) but takes the new event's identity. */
export const withPicked = (entity: FilterEntity, picked: PickedEntity): FilterEntity => ({
  ...entity,
  id: picked.id,
  type: picked.type,
  name: picked.name,
});

/**
 * The simplest list of entities: a picker per row, add and remove; `withFilters` adds each row's own property
 * filters (`properties`) behind a filter button. Kinds with more per row build their own rows.
 */
export function EntityList({
  projectId,
  entities,
  onChange,
  noun,
  min = 1,
  max = 26,
  withFilters = false,
}: {
  projectId: number;
  entities: FilterEntity[];
  onChange: (entities: FilterEntity[]) => void;
  noun: string;
  min?: number;
  max?: number;
  withFilters?: boolean;
}) {
  const [filtering, setFiltering] = useState<Set<number>>(new Set());
  const replace = (index: number, entity: FilterEntity) => onChange(entities.map((e, i) => (i === index ? entity : e)));
  const toggleFilters = (index: number) =>
    setFiltering((open) => {
      const next = new Set(open);
      if (!next.delete(index)) next.add(index);
      return next;
    });
  return (
    <div className="grid gap-1.5">
      {entities.map((entity, index) => {
        const properties = flatProperties(entity.properties);
        const showFilters = withFilters && (filtering.has(index) || properties.length > 0);
        const name = `${noun} ${entityLetter(index)}`;
        return (
          <div key={index} className="grid gap-1.5">
            <div className="flex items-center gap-1.5">
              <span className="grid size-6 shrink-0 place-items-center rounded bg-muted text-xs font-semibold" aria-hidden>
                {entityLetter(index)}
              </span>
              <EventPicker
                projectId={projectId}
                value={{ id: entity.id, type: entity.type ?? "events", name: entity.name ?? String(entity.id ?? "") }}
                label={name}
                size="sm"
                className="min-w-0 flex-1"
                onChange={(picked) => replace(index, withPicked(entity, picked))}
              />
              {withFilters ? (
                <Button
                  type="button"
                  variant={showFilters ? "secondary" : "ghost"}
                  size="icon-sm"
                  aria-label={`Filters of ${name.toLowerCase()}`}
                  aria-expanded={showFilters}
                  onClick={() => toggleFilters(index)}
                >
                  <FilterIcon />
                </Button>
              ) : null}
              {entities.length > min ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Remove ${name.toLowerCase()}`}
                  onClick={() => onChange(entities.filter((_, i) => i !== index))}
                >
                  <XIcon />
                </Button>
              ) : null}
            </div>
            {showFilters ? (
              <div className="ml-7.5">
                <PropertyFiltersEditor
                  projectId={projectId}
                  filters={properties}
                  eventNames={entity.type !== "actions" && typeof entity.id === "string" ? [entity.id] : undefined}
                  types={ANALYSIS_FILTER_KINDS}
                  label={`${name} filter`}
                  onChange={(next) => replace(index, { ...entity, properties: next.length ? next : undefined })}
                />
              </div>
            ) : null}
          </div>
        );
      })}
      {entities.length < max ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="justify-self-start text-muted-foreground"
          onClick={() => onChange([...entities, { id: "$pageview", type: "events", name: "$pageview" }])}
        >
          <PlusIcon /> Add {noun.toLowerCase()}
        </Button>
      ) : null}
    </div>
  );
}
