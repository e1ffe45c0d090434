"use client";

import { useQuery } from "@tanstack/react-query";
import { EditorSection } from "@/components/insights/builder/editor-section";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { groupTypeLabel, groupTypesQuery } from "@/lib/ui/groups/queries";

const PERSONS = "persons";

/**
 * Funnels' and retention's "Aggregating by": unique users (no `aggregation_group_type_index`), or a group type's
 * groups (its index; 0 is the first type). Shown only when the project has group types.
 */
export function AggregationSelect({
  projectId,
  value,
  onChange,
}: {
  projectId: number;
  value: number | null | undefined;
  onChange: (aggregation_group_type_index: number | undefined) => void;
}) {
  const types = useQuery(groupTypesQuery(projectId));
  if (!types.data?.length) return null;
  return (
    <EditorSection title="Aggregating by">
      <Select
        value={value === null || value === undefined ? PERSONS : String(value)}
        onValueChange={(next) => onChange(next === PERSONS ? undefined : Number(next))}
      >
        <SelectTrigger size="sm" aria-label="Aggregating by">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={PERSONS}>Unique users</SelectItem>
          {types.data.map((type) => (
            <SelectItem key={type.group_type_index} value={String(type.group_type_index)}>
              Unique {groupTypeLabel(type)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </EditorSection>
  );
}
