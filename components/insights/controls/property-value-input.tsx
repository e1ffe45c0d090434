"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { PropertyKind } from "@/components/insights/controls/filter-kinds";
import { Combobox } from "@/components/ui/combobox";
import { formatCount } from "@/lib/ui/format";
import { propertyValuesQuery } from "@/lib/ui/project/queries";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";

/** A value of a property: the project's most frequent values searched on the server (event and person properties), or any typed text. */
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
  // Only event and person properties have a values endpoint; other kinds take typed values.
  const known = type === "event" || type === "person";
  const values = useQuery({ ...propertyValuesQuery(projectId, known ? type : "event", propertyKey, debounced), enabled: known });
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
      loading={known && (search !== debounced || values.isFetching)}
      allowCustom
      emptyText={values.isError ? "Could not load values." : "Type a value."}
      size="sm"
      className="max-w-48"
      onChange={(picked) => onChange(picked)}
    />
  );
}
