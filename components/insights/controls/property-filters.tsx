"use client";

import { PlusIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { isComplete, newFilter, type PropertyFilterValue, type PropertyKind } from "@/components/insights/controls/filter-kinds";
import { PropertyFilterRow } from "@/components/insights/controls/property-filter-row";
import { PropertyPicker } from "@/components/insights/controls/property-picker";
import { Button } from "@/components/ui/button";

/** The control of a new row that comes next: its value, or its expression; "Add filter" when the row needs neither. */
function focusInRow(box: HTMLElement | null, rowLabel: string): HTMLElement | null | undefined {
  const row = box?.querySelector<HTMLElement>(`fieldset[aria-label="${CSS.escape(rowLabel)}"]`);
  if (!row) return null;
  return (
    row.querySelector<HTMLElement>(
      `[role=combobox][aria-label^="${CSS.escape(`${rowLabel} value`)}"], [aria-label="${CSS.escape(`${rowLabel} HogQL expression`)}"]`,
    ) ?? box?.querySelector<HTMLElement>(":scope > [data-add-filter]")
  );
}

/** A list of property filters (all must match), each row a property, an operator and a value. */
export function PropertyFiltersEditor({
  projectId,
  filters,
  onChange,
  eventNames,
  types,
  addLabel = "Add filter",
  label = "Filter",
}: {
  projectId: number;
  filters: PropertyFilterValue[];
  onChange: (filters: PropertyFilterValue[]) => void;
  eventNames?: string[];
  /** The kinds of property offered (both by default). */
  types?: PropertyKind[];
  addLabel?: string;
  label?: string;
}) {
  const [adding, setAdding] = useState(false);
  const replace = (index: number, next: PropertyFilterValue) => onChange(filters.map((filter, i) => (i === index ? next : filter)));
  // The control a pick or a removal took away had the focus: it moves on to the next step (the new filter's value),
  // or to "Add filter", rather than to the page.
  const box = useRef<HTMLDivElement>(null);
  const [focusNext, setFocusNext] = useState<{ valueOf: number } | "add" | null>(null);
  // After each render: the new row may come a render or a navigation (a filter kept in the URL) later.
  useEffect(() => {
    if (!focusNext) return;
    const target =
      focusNext === "add"
        ? box.current?.querySelector<HTMLElement>(":scope > [data-add-filter]")
        : focusInRow(box.current, `${label} ${focusNext.valueOf + 1}`);
    if (!target) return;
    target.focus();
    setFocusNext(null);
  });
  return (
    <div ref={box} className="grid gap-1.5">
      {filters.map((filter, index) => (
        <PropertyFilterRow
          key={index}
          projectId={projectId}
          filter={filter}
          eventNames={eventNames}
          types={types}
          label={`${label} ${index + 1}`}
          onChange={(next) => replace(index, next)}
          onRemove={() => {
            onChange(filters.filter((_, i) => i !== index));
            setFocusNext("add");
          }}
        />
      ))}
      {adding ? (
        <PropertyPicker
          projectId={projectId}
          value={null}
          eventNames={eventNames}
          types={types}
          size="sm"
          label={`New ${label.toLowerCase()} property`}
          defaultOpen
          onChange={(property) => {
            setAdding(false);
            onChange([...filters, newFilter(property)]);
            setFocusNext({ valueOf: filters.length });
          }}
        />
      ) : (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="justify-self-start text-muted-foreground"
          data-add-filter
          onClick={() => setAdding(true)}
        >
          <PlusIcon /> {addLabel}
        </Button>
      )}
    </div>
  );
}

/** A series' or step's own filters as a flat list (entities take no AND/OR groups). */
export const flatProperties = (properties: unknown): PropertyFilterValue[] =>
  Array.isArray(properties) ? (properties as PropertyFilterValue[]) : [];

/** Filters kept in a URL parameter (their JSON); none when it is missing or no list. */
export function filtersFromParam(text: string | null): PropertyFilterValue[] {
  if (!text) return [];
  try {
    return flatProperties(JSON.parse(text));
  } catch {
    return [];
  }
}

/** The filters ready to send: those still being written (a property without a value yet) are left out, not sent half-made. */
export const completeFilters = (filters: PropertyFilterValue[]) => filters.filter(isComplete);
