"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Combobox, type ComboboxOption } from "@/components/ui/combobox";
import { formatCount } from "@/lib/ui/format";
import { actionsQuery, eventDefinitionsQuery } from "@/lib/ui/project/queries";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";

/** A series, step or retention entity as the legacy filter names it: an event (by name; null = all events) or an action. */
export interface PickedEntity {
  id: string | number | null;
  type: "events" | "actions";
  name: string;
}

const ALL_EVENTS = "all";
const optionValue = (entity: Pick<PickedEntity, "id" | "type">) => (entity.id === null ? ALL_EVENTS : `${entity.type}:${entity.id}`);

/** Events (by 30-day volume) and actions of the project, searched on the server as the analyst types. */
export function EventPicker({
  projectId,
  value,
  onChange,
  label = "Event",
  allowAllEvents = true,
  withActions = true,
  size,
  className,
}: {
  projectId: number;
  value: Pick<PickedEntity, "id" | "type" | "name"> | null;
  onChange: (entity: PickedEntity) => void;
  label?: string;
  allowAllEvents?: boolean;
  /** Offer the project's actions too (where an action can stand for an event). */
  withActions?: boolean;
  size?: "sm" | "default";
  className?: string;
}) {
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search);
  const events = useQuery(eventDefinitionsQuery(projectId, debounced));
  const actions = useQuery({ ...actionsQuery(projectId, debounced), enabled: withActions });
  const options: ComboboxOption[] = [
    ...(allowAllEvents && (!debounced || "all events".includes(debounced.toLowerCase()))
      ? [{ value: ALL_EVENTS, label: "All events", group: "Events" }]
      : []),
    ...(events.data?.results ?? []).map((event) => ({
      value: `events:${event.name}`,
      label: event.name,
      detail: event.volume_30_day === null ? undefined : `${formatCount(event.volume_30_day)} in the last 30 days`,
      group: "Events",
    })),
    ...((withActions && actions.data?.results) || []).map((action) => ({
      value: `actions:${action.id}`,
      label: action.name ?? `Action ${action.id}`,
      group: "Actions",
    })),
  ];
  const display = value ? (value.id === null ? "All events" : value.name || String(value.id)) : undefined;
  return (
    <Combobox
      label={label}
      placeholder="Select an event"
      searchPlaceholder={withActions ? "Search events and actions…" : "Search events…"}
      value={value ? optionValue(value) : null}
      display={display}
      options={options}
      search={search}
      onSearchChange={setSearch}
      loading={search !== debounced || events.isFetching || actions.isFetching}
      emptyText={events.isError ? "Could not load events." : withActions ? "No event or action matches." : "No event matches."}
      size={size}
      className={className}
      onChange={(picked, option) => {
        if (picked === ALL_EVENTS) return onChange({ id: null, type: "events", name: "All events" });
        const [type, ...rest] = picked.split(":");
        const id = rest.join(":");
        onChange(type === "actions" ? { id: Number(id), type: "actions", name: option?.label ?? id } : { id, type: "events", name: id });
      }}
    />
  );
}
