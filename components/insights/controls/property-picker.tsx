"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Combobox, type ComboboxOption } from "@/components/ui/combobox";
import { propertyDefinitionsQuery } from "@/lib/ui/project-queries";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";

export type PropertyKind = "event" | "person";
export interface PickedProperty {
  key: string;
  type: PropertyKind;
}

const GROUP: Record<PropertyKind, string> = { event: "Event properties", person: "Person properties" };

/**
 * Event and person properties of the project, searched on the server. `numericOnly` lists only numeric ones
 * (property maths); `eventNames` ranks properties seen with those events first, as PostHog does.
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
}) {
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search);
  const params = (type: PropertyKind) => ({
    type,
    search: debounced,
    ...(numericOnly ? { is_numerical: "true" } : {}),
    ...(type === "event" && eventNames?.length ? { event_names: JSON.stringify(eventNames) } : {}),
  });
  const eventProperties = useQuery({ ...propertyDefinitionsQuery(projectId, params("event")), enabled: types.includes("event") });
  const personProperties = useQuery({ ...propertyDefinitionsQuery(projectId, params("person")), enabled: types.includes("person") });
  const lists: [PropertyKind, typeof eventProperties][] = [
    ["event", eventProperties],
    ["person", personProperties],
  ];
  const options: ComboboxOption[] = lists
    .filter(([type]) => types.includes(type))
    .flatMap(([type, query]) =>
      (query.data?.results ?? []).map((property) => ({
        value: `${type}:${property.name}`,
        label: property.name,
        detail: property.property_type ?? undefined,
        group: types.length > 1 ? GROUP[type] : undefined,
      })),
    );
  return (
    <Combobox
      label={label}
      placeholder={placeholder}
      searchPlaceholder="Search properties…"
      value={value ? `${value.type}:${value.key}` : null}
      display={value?.key}
      options={options}
      search={search}
      onSearchChange={setSearch}
      loading={search !== debounced || eventProperties.isFetching || personProperties.isFetching}
      emptyText={eventProperties.isError || personProperties.isError ? "Could not load properties." : "No property matches."}
      size={size}
      className={className}
      defaultOpen={defaultOpen}
      onChange={(picked) => {
        const [type, ...rest] = picked.split(":");
        onChange({ type: type as PropertyKind, key: rest.join(":") });
      }}
    />
  );
}
