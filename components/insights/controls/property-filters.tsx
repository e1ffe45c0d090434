"use client";

import { useQuery } from "@tanstack/react-query";
import { PlusIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { PropertyPicker, type PropertyKind } from "@/components/insights/controls/property-picker";
import { Button } from "@/components/ui/button";
import { Combobox } from "@/components/ui/combobox";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { formatCount } from "@/lib/ui/format";
import { propertyValuesQuery } from "@/lib/ui/project-queries";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";

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
const VALUELESS = new Set(["is_set", "is_not_set"]);
/** Operators PostHog writes as a list of values (any of them). */
const LIST_OPERATORS = new Set(["exact", "is_not"]);

const scalar = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/** A list of property filters (all must match), each row a property, an operator and a value. */
export function PropertyFiltersEditor({
  projectId,
  filters,
  onChange,
  eventNames,
  addLabel = "Add filter",
  label = "Filter",
}: {
  projectId: number;
  filters: PropertyFilterValue[];
  onChange: (filters: PropertyFilterValue[]) => void;
  eventNames?: string[];
  addLabel?: string;
  label?: string;
}) {
  const [adding, setAdding] = useState(false);
  const replace = (index: number, next: PropertyFilterValue) => onChange(filters.map((filter, i) => (i === index ? next : filter)));
  return (
    <div className="grid gap-1.5">
      {filters.map((filter, index) => (
        <PropertyFilterRow
          key={index}
          projectId={projectId}
          filter={filter}
          eventNames={eventNames}
          label={`${label} ${index + 1}`}
          onChange={(next) => replace(index, next)}
          onRemove={() => onChange(filters.filter((_, i) => i !== index))}
        />
      ))}
      {adding ? (
        <PropertyPicker
          projectId={projectId}
          value={null}
          eventNames={eventNames}
          size="sm"
          label={`New ${label.toLowerCase()} property`}
          onChange={(property) => {
            setAdding(false);
            onChange([...filters, { key: property.key, type: property.type, operator: "exact", value: [] }]);
          }}
        />
      ) : (
        <Button type="button" variant="ghost" size="sm" className="justify-self-start text-muted-foreground" onClick={() => setAdding(true)}>
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
  label,
  onChange,
  onRemove,
}: {
  projectId: number;
  filter: PropertyFilterValue;
  eventNames?: string[];
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

/** A value of a property: the project's most frequent values searched on the server, or any typed text. */
export function PropertyValueInput({
  projectId,
  type,
  propertyKey,
  value,
  label,
  onChange,
}: {
  projectId: number;
  type: PropertyKind;
  propertyKey: string;
  value: unknown;
  label: string;
  onChange: (value: string) => void;
}) {
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search);
  const values = useQuery(propertyValuesQuery(projectId, type, propertyKey, debounced));
  const options = (values.data ?? []).map((entry) => ({
    value: String(entry.name),
    label: String(entry.name),
    detail: "count" in entry ? `${formatCount(entry.count)} ${entry.count === 1 ? "person" : "persons"}` : undefined,
  }));
  return (
    <Combobox
      label={label}
      placeholder="Enter a value"
      searchPlaceholder="Search or type a value…"
      value={value === undefined || value === null ? null : String(value)}
      options={options}
      search={search}
      onSearchChange={setSearch}
      loading={values.isFetching}
      allowCustom
      emptyText={values.isError ? "Could not load values." : "Type a value."}
      size="sm"
      className="max-w-48"
      onChange={(picked) => onChange(picked)}
    />
  );
}

/** A series' or step's own filters as a flat list (entities take no AND/OR groups). */
export const flatProperties = (properties: unknown): PropertyFilterValue[] => (Array.isArray(properties) ? (properties as PropertyFilterValue[]) : []);
