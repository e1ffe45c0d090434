"use client";

import { PlusIcon, XIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { PropertyPicker, type PropertyKind } from "@/components/insights/controls/property-picker";
import { PropertyValueInput } from "@/components/insights/controls/property-value-input";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

/** One property filter as the legacy filter writes it. */
export interface PropertyFilterValue {
  key: string;
  value?: unknown;
  operator: string;
  type: PropertyKind;
}

export const OPERATOR_LABELS: Record<string, string> = {
  exact: "equals",
  is_not: "doesn't equal",
  icontains: "contains",
  not_icontains: "doesn't contain",
  regex: "matches regex",
  not_regex: "doesn't match regex",
  gt: "greater than",
  gte: "at least",
  lt: "less than",
  lte: "at most",
  is_set: "is set",
  is_not_set: "is not set",
  is_date_exact: "is on date",
  is_date_before: "is before date",
  is_date_after: "is after date",
};
export const VALUELESS = new Set(["is_set", "is_not_set"]);
/** Operators PostHog writes as a list of values (any of them). */
const LIST_OPERATORS = new Set(["exact", "is_not"]);

const scalar = (value: unknown) => (Array.isArray(value) ? value[0] : value);

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
        : box.current?.querySelector<HTMLElement>(`[role=combobox][aria-label^="${CSS.escape(`${label} ${focusNext.valueOf + 1} value`)}"]`);
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
            onChange([...filters, { key: property.key, type: property.type, operator: "exact", value: [] }]);
            setFocusNext({ valueOf: filters.length });
          }}
        />
      ) : (
        <Button type="button" variant="ghost" size="sm" className="justify-self-start text-muted-foreground" data-add-filter onClick={() => setAdding(true)}>
          <PlusIcon /> {addLabel}
        </Button>
      )}
    </div>
  );
}

function PropertyFilterRow({
  projectId,
  filter,
  eventNames,
  types,
  label,
  onChange,
  onRemove,
}: {
  projectId: number;
  filter: PropertyFilterValue;
  eventNames?: string[];
  types?: PropertyKind[];
  label: string;
  onChange: (filter: PropertyFilterValue) => void;
  onRemove: () => void;
}) {
  const setOperator = (operator: string) => {
    const value = VALUELESS.has(operator) ? undefined : LIST_OPERATORS.has(operator) ? [scalar(filter.value)].filter((v) => v !== undefined) : scalar(filter.value);
    onChange({ ...filter, operator, value });
  };
  return (
    <fieldset className="flex flex-wrap items-center gap-1.5 rounded-md border bg-muted/30 p-1.5" aria-label={label}>
      <PropertyPicker
        projectId={projectId}
        value={{ key: filter.key, type: filter.type }}
        eventNames={eventNames}
        types={types}
        size="sm"
        className="max-w-48"
        label={`${label} property`}
        onChange={(property) => onChange({ ...filter, key: property.key, type: property.type, value: LIST_OPERATORS.has(filter.operator) ? [] : undefined })}
      />
      <Select value={filter.operator} onValueChange={setOperator}>
        <SelectTrigger size="sm" aria-label={`${label} operator`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {Object.entries(OPERATOR_LABELS).map(([operator, text]) => (
            <SelectItem key={operator} value={operator}>
              {text}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {VALUELESS.has(filter.operator) ? null : (
        <PropertyValueInput
          projectId={projectId}
          type={filter.type}
          propertyKey={filter.key}
          value={scalar(filter.value)}
          label={`${label} value`}
          onChange={(value) => onChange({ ...filter, value: LIST_OPERATORS.has(filter.operator) ? [value] : value })}
        />
      )}
      <Button type="button" variant="ghost" size="icon-sm" aria-label={`Remove ${label.toLowerCase()}`} onClick={onRemove}>
        <XIcon />
      </Button>
    </fieldset>
  );
}

/** A series' or step's own filters as a flat list (entities take no AND/OR groups). */
export const flatProperties = (properties: unknown): PropertyFilterValue[] => (Array.isArray(properties) ? (properties as PropertyFilterValue[]) : []);

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
export const completeFilters = (filters: PropertyFilterValue[]) => filters.filter((filter) => VALUELESS.has(filter.operator) || hasValue(filter));

function hasValue(filter: PropertyFilterValue): boolean {
  const value = scalar(filter.value);
  return value !== undefined && value !== null && value !== "";
}
