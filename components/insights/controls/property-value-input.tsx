"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { PropertyKind } from "@/components/insights/controls/filter-kinds";
import { Combobox } from "@/components/ui/combobox";
import { formatCount } from "@/lib/ui/format";
import { propertyValuesQuery } from "@/lib/ui/project/queries";
import type { ValueSource } from "@/lib/ui/query-keys";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";

/** Where the values of a property of this kind come from; the other kinds take typed values. */
function valueSource(type: PropertyKind, groupTypeIndex: number | undefined): ValueSource | null {
  if (type === "event" || type === "person") return type;
  if (type === "group" && groupTypeIndex !== undefined) return { groupTypeIndex };
  return null;
}

/**
 * A value of a property: the project's most frequent values searched on the server (event, person and group
 * properties, a group's of its type `groupTypeIndex`), or any typed text.
 */
export function PropertyValueInput({
  projectId,
  type,
  groupTypeIndex,
  propertyKey,
  value,
  label,
  onChange,
}: {
  projectId: number;
  type: PropertyKind;
  groupTypeIndex?: number;
  propertyKey: string;
  value: unknown;
  label: string;
  onChange: (value: string) => void;
}) {
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search);
  const source = valueSource(type, groupTypeIndex);
  const known = source !== null;
  const values = useQuery({ ...propertyValuesQuery(projectId, source ?? "event", propertyKey, debounced), enabled: known });
  const counted = typeof source === "object" ? ["group", "groups"] : ["person", "persons"];
  const options = (values.data ?? []).map((entry) => ({
    value: String(entry.name),
    label: String(entry.name),
    detail: "count" in entry ? `${formatCount(entry.count)} ${entry.count === 1 ? counted[0] : counted[1]}` : undefined,
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
