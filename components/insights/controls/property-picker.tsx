"use client";

import { useState } from "react";
import { optionValue, type PickedProperty, pickedOf, type PropertyKind } from "@/components/insights/controls/filter-kinds";
import { usePropertyOptions } from "@/components/insights/controls/property-options";
import { Combobox } from "@/components/ui/combobox";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";

/**
 * Properties of the project, searched on the server, in groups of `types` (event and person by default; the
 * analyses add elements, session duration, cohorts, group types and a HogQL expression). `numericOnly` lists
 * only numeric ones (property maths); `eventNames` ranks properties seen with those events first, as PostHog does.
 */
export function PropertyPicker({
  projectId,
  value,
  onChange,
  types = ["event", "person"],
  numericOnly,
  eventNames,
  label = "Property",
  placeholder = "Select a property",
  size,
  className,
  defaultOpen,
  onCloseAutoFocus,
}: {
  projectId: number;
  value: PickedProperty | null;
  onChange: (property: PickedProperty) => void;
  types?: PropertyKind[];
  numericOnly?: boolean;
  eventNames?: string[];
  label?: string;
  placeholder?: string;
  size?: "sm" | "default";
  className?: string;
  defaultOpen?: boolean;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search);
  const { options, loading, error, cohortName } = usePropertyOptions({ projectId, types, search: debounced, numericOnly, eventNames });
  const display = !value
    ? undefined
    : value.type === "cohort"
      ? (cohortName(value.value ?? 0) ?? `Cohort ${value.value}`)
      : value.type === "hogql"
        ? "HogQL expression"
        : value.key;
  return (
    <Combobox
      label={label}
      placeholder={placeholder}
      searchPlaceholder="Search properties…"
      value={value ? optionValue(value) : null}
      display={display}
      options={options}
      search={search}
      onSearchChange={setSearch}
      loading={search !== debounced || loading}
      emptyText={error ? "Could not load properties." : "No property matches."}
      size={size}
      className={className}
      defaultOpen={defaultOpen}
      onCloseAutoFocus={onCloseAutoFocus}
      onChange={(picked) => onChange(pickedOf(picked))}
    />
  );
}
