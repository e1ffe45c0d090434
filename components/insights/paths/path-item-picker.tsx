"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Combobox, type ComboboxOption } from "@/components/ui/combobox";
import { eventDefinitionsQuery, propertyValuesQuery } from "@/lib/ui/project/queries";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";
import type { PathEventType } from "./types";

/** A page view's path item: its URL without the trailing slash, as the API makes it. */
const pageItem = (url: string) => url.replace(/(.)\/$/, "$1");

/** How a path item reads in labels: a URL on its path ("/pricing"), anything else as it is. */
export function shortItem(item: string): string {
  const match = /^https?:\/\/[^/?#]+(.*)$/.exec(item);
  return match ? match[1] || "/" : item;
}

/**
 * A path item (a page's URL, a screen's name or an event) of the kinds the paths include, searched among the
 * project's values; any typed text is accepted too (a path item after cleaning or grouping).
 */
export function PathItemPicker({
  projectId,
  eventTypes,
  value,
  onChange,
  label,
  placeholder,
}: {
  projectId: number;
  eventTypes: PathEventType[];
  value: string | null;
  onChange: (item: string) => void;
  label: string;
  placeholder: string;
}) {
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search);
  const all = eventTypes.length === 0;
  const pages = useQuery({
    ...propertyValuesQuery(projectId, "event", "$current_url", debounced),
    enabled: all || eventTypes.includes("$pageview"),
  });
  const screens = useQuery({
    ...propertyValuesQuery(projectId, "event", "$screen_name", debounced),
    enabled: all || eventTypes.includes("$screen"),
  });
  const events = useQuery({ ...eventDefinitionsQuery(projectId, debounced), enabled: all || eventTypes.includes("custom_event") });
  const unique = (options: ComboboxOption[]) => [...new Map(options.map((o) => [o.value, o])).values()];
  const options = unique([
    ...(pages.data ?? []).map((v) => ({ value: pageItem(String(v.name)), label: pageItem(String(v.name)), group: "Pages" })),
    ...(screens.data ?? []).map((v) => ({ value: String(v.name), label: String(v.name), group: "Screens" })),
    ...(events.data?.results ?? [])
      .filter((e) => all || !e.name.startsWith("$"))
      .map((e) => ({ value: e.name, label: e.name, group: "Events" })),
  ]);
  return (
    <Combobox
      label={label}
      placeholder={placeholder}
      searchPlaceholder="Search or type a path item…"
      value={value}
      display={value ? shortItem(value) : undefined}
      options={options}
      search={search}
      onSearchChange={setSearch}
      loading={pages.isFetching || screens.isFetching || events.isFetching}
      allowCustom
      emptyText="Type a page URL, screen or event."
      size="sm"
      className="min-w-0 flex-1"
      onChange={(picked) => onChange(picked)}
    />
  );
}
