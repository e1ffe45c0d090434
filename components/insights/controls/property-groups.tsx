"use client";

import { PlusIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import type { PropertyFilterValue, PropertyKind } from "@/components/insights/controls/filter-kinds";
import { PropertyFiltersEditor } from "@/components/insights/controls/property-filters";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

export type Junction = "AND" | "OR";

/** PostHog's property groups: an outer AND/OR of inner AND/OR groups of filters. */
export interface PropertyGroupsValue {
  type: Junction;
  values: { type: Junction; values: PropertyFilterValue[] }[];
}

const isFilter = (value: unknown): value is PropertyFilterValue =>
  !!value && typeof value === "object" && typeof (value as PropertyFilterValue).key === "string";
const isGroup = (value: unknown): value is { type: Junction; values: unknown[] } =>
  !!value && typeof value === "object" && Array.isArray((value as { values?: unknown }).values);
const junction = (value: unknown): Junction => (value === "OR" ? "OR" : "AND");

/**
 * Any `properties` the API accepts (a flat list, a group of filters, a group of groups) as two levels of groups.
 * Deeper nesting, which the builder does not draw, keeps its leaf filters in the inner group.
 */
export function toPropertyGroups(properties: unknown): PropertyGroupsValue {
  const leaves = (value: unknown): PropertyFilterValue[] =>
    isFilter(value) ? [value] : isGroup(value) ? value.values.flatMap(leaves) : [];
  if (Array.isArray(properties))
    return { type: "AND", values: properties.length ? [{ type: "AND", values: properties.flatMap(leaves) }] : [] };
  if (!isGroup(properties)) return { type: "AND", values: [] };
  if (properties.values.every(isFilter))
    return { type: "AND", values: properties.values.length ? [{ type: junction(properties.type), values: properties.values }] : [] };
  return {
    type: junction(properties.type),
    values: properties.values.map((value) =>
      isGroup(value) ? { type: junction(value.type), values: value.values.flatMap(leaves) } : { type: "AND", values: leaves(value) },
    ),
  };
}

/**
 * The groups as the filter stores them: empty groups left out (an empty group matches everything, which under OR
 * would void the others), and no group at all is `undefined` (no filter).
 */
export function fromPropertyGroups(groups: PropertyGroupsValue): PropertyGroupsValue | undefined {
  const values = groups.values.filter((group) => group.values.length);
  return values.length ? { type: groups.type, values } : undefined;
}

export function JunctionSelect({
  value,
  onChange,
  label,
  things,
}: {
  value: Junction;
  onChange: (value: Junction) => void;
  label: string;
  things: string;
}) {
  return (
    <Select value={value} onValueChange={(next) => onChange(junction(next))}>
      <SelectTrigger size="sm" aria-label={label} className="h-7 px-2 text-xs">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value="AND">all {things} (AND)</SelectItem>
        <SelectItem value="OR">any {things} (OR)</SelectItem>
      </SelectContent>
    </Select>
  );
}

/** Filter groups joined by AND or OR, each a list of filters joined by its own AND or OR. */
export function PropertyGroupsEditor({
  projectId,
  value,
  onChange,
  eventNames,
  types,
}: {
  projectId: number;
  value: unknown;
  onChange: (properties: PropertyGroupsValue | undefined) => void;
  eventNames?: string[];
  types?: PropertyKind[];
}) {
  const groups = toPropertyGroups(value);
  // Groups without filters yet live here until they get one: the filter itself never holds an empty group.
  const [empty, setEmpty] = useState(0);
  const shown = [
    ...groups.values,
    ...Array.from({ length: Math.max(empty, groups.values.length ? 0 : 1) }, () => ({ type: "AND" as Junction, values: [] })),
  ];
  const commit = (values: PropertyGroupsValue["values"], type = groups.type) => {
    setEmpty(values.filter((group) => !group.values.length).length);
    onChange(fromPropertyGroups({ type, values }));
  };
  const replace = (index: number, group: PropertyGroupsValue["values"][number]) => commit(shown.map((g, i) => (i === index ? group : g)));
  return (
    <div className="grid gap-2">
      {shown.length > 1 ? (
        <div className="flex items-center gap-1.5 text-xs text-muted-foreground">
          Match <JunctionSelect value={groups.type} onChange={(type) => commit(shown, type)} label="Match filter groups" things="groups" />
        </div>
      ) : null}
      {shown.map((group, index) => (
        <fieldset key={index} className="grid gap-1.5 rounded-md border p-2" aria-label={`Filter group ${index + 1}`}>
          <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
            <span className="flex items-center gap-1.5">
              {shown.length > 1 ? <span className="font-medium">Group {index + 1}:</span> : null}
              Match
              <JunctionSelect
                value={group.type}
                onChange={(type) => replace(index, { ...group, type })}
                label={`Match filters of group ${index + 1}`}
                things="filters"
              />
            </span>
            {shown.length > 1 ? (
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                aria-label={`Remove filter group ${index + 1}`}
                onClick={() => commit(shown.filter((_, i) => i !== index))}
              >
                <Trash2Icon />
              </Button>
            ) : null}
          </div>
          <PropertyFiltersEditor
            projectId={projectId}
            filters={group.values}
            eventNames={eventNames}
            types={types}
            label={shown.length > 1 ? `Group ${index + 1} filter` : "Filter"}
            onChange={(values) => replace(index, { ...group, values })}
          />
        </fieldset>
      ))}
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="justify-self-start text-muted-foreground"
        onClick={() => commit([...shown, { type: "AND", values: [] }])}
      >
        <PlusIcon /> Add filter group
      </Button>
    </div>
  );
}
