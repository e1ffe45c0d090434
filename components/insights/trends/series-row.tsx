"use client";

import { CopyIcon, FilterIcon, PencilIcon, XIcon } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { CommitInput } from "@/components/insights/controls/commit-input";
import { entityLetter, withPicked, type FilterEntity } from "@/components/insights/controls/entity-list";
import { EventPicker } from "@/components/insights/controls/event-picker";
import { ANALYSIS_FILTER_KINDS, type PropertyFilterValue } from "@/components/insights/controls/filter-kinds";
import { PropertyFiltersEditor } from "@/components/insights/controls/property-filters";
import { toPropertyGroups } from "@/components/insights/controls/property-groups";
import { PropertyPicker } from "@/components/insights/controls/property-picker";
import { groupMathOptions, isPropertyMath, MATH_OPTIONS, mathKeys, mathOptionValue } from "@/components/insights/trends/maths";
import { Button } from "@/components/ui/button";
import { Combobox } from "@/components/ui/combobox";
import { groupTypeLabel, groupTypesQuery } from "@/lib/ui/groups/queries";

/** A series' own filters as the flat list its editor draws (the API also takes a group; its leaves are kept). */
const seriesFilters = (entity: FilterEntity): PropertyFilterValue[] =>
  toPropertyGroups(entity.properties).values.flatMap((group) => group.values);

/** One series: its event or action, name, math and own filters. */
export function SeriesRow({
  projectId,
  index,
  entity,
  removable,
  canDuplicate,
  onChange,
  onDuplicate,
  onRemove,
}: {
  projectId: number;
  index: number;
  entity: FilterEntity;
  removable: boolean;
  canDuplicate: boolean;
  onChange: (entity: FilterEntity) => void;
  onDuplicate: () => void;
  onRemove: () => void;
}) {
  const letter = entityLetter(index);
  const label = `Series ${letter}`;
  const filters = seriesFilters(entity);
  const [renaming, setRenaming] = useState(false);
  const [showFilters, setShowFilters] = useState(false);
  const customName = typeof entity.custom_name === "string" ? entity.custom_name : "";
  return (
    <fieldset className="grid gap-1.5 rounded-md border p-2" aria-label={label}>
      <div className="flex items-center gap-1.5">
        <span className="grid size-6 shrink-0 place-items-center rounded bg-muted text-xs font-semibold" aria-hidden>
          {letter}
        </span>
        <EventPicker
          projectId={projectId}
          value={{ id: entity.id, type: entity.type ?? "events", name: entity.name ?? String(entity.id ?? "") }}
          label={`${label} event`}
          size="sm"
          className="min-w-0 flex-1"
          onChange={(picked) => onChange(withPicked(entity, picked))}
        />
        <SeriesButtons
          letter={letter}
          renaming={renaming}
          filtering={showFilters || filters.length > 0}
          onRename={() => setRenaming(!renaming)}
          onFilter={() => setShowFilters(!showFilters)}
          onDuplicate={canDuplicate ? onDuplicate : undefined}
          onRemove={removable ? onRemove : undefined}
        />
      </div>
      {renaming ? (
        <CommitInput
          aria-label={`Name of series ${letter}`}
          placeholder={entity.name ?? String(entity.id ?? "")}
          className="h-8"
          autoFocus
          value={customName}
          onCommit={(text) => {
            onChange({ ...entity, custom_name: text.trim() || undefined });
            setRenaming(false);
          }}
        />
      ) : customName ? (
        <p className="truncate pl-7 text-xs text-muted-foreground">Shown as “{customName}”</p>
      ) : null}
      <SeriesMath projectId={projectId} label={label} entity={entity} onChange={onChange} />
      {showFilters || filters.length > 0 ? (
        <div className="pl-7">
          <PropertyFiltersEditor
            projectId={projectId}
            filters={filters}
            eventNames={entity.type !== "actions" && typeof entity.id === "string" ? [entity.id] : undefined}
            types={ANALYSIS_FILTER_KINDS}
            label={`${label} filter`}
            onChange={(next) => onChange({ ...entity, properties: next.length ? next : undefined })}
          />
        </div>
      ) : null}
    </fieldset>
  );
}

/** The row's tools: rename, its own filters, duplicate and remove (the last two only when allowed). */
function SeriesButtons({
  letter,
  renaming,
  filtering,
  onRename,
  onFilter,
  onDuplicate,
  onRemove,
}: {
  letter: string;
  renaming: boolean;
  filtering: boolean;
  onRename: () => void;
  onFilter: () => void;
  onDuplicate?: () => void;
  onRemove?: () => void;
}) {
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="icon-sm"
        aria-label={`Rename series ${letter}`}
        aria-pressed={renaming}
        onClick={onRename}
      >
        <PencilIcon />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon-sm"
        aria-label={`Filters of series ${letter}`}
        aria-pressed={filtering}
        onClick={onFilter}
      >
        <FilterIcon />
      </Button>
      {onDuplicate ? (
        <Button type="button" variant="ghost" size="icon-sm" aria-label={`Duplicate series ${letter}`} onClick={onDuplicate}>
          <CopyIcon />
        </Button>
      ) : null}
      {onRemove ? (
        <Button type="button" variant="ghost" size="icon-sm" aria-label={`Remove series ${letter}`} onClick={onRemove}>
          <XIcon />
        </Button>
      ) : null}
    </>
  );
}

/** What a series counts: a math, and the numeric property a property math needs. */
function SeriesMath({
  projectId,
  label,
  entity,
  onChange,
}: {
  projectId: number;
  label: string;
  entity: FilterEntity;
  onChange: (entity: FilterEntity) => void;
}) {
  // A property math waits here for its property: the API refuses one without it.
  const [pendingMath, setPendingMath] = useState<string | null>(null);
  const math = pendingMath ?? mathOptionValue(entity);
  const groupTypes = useQuery(groupTypesQuery(projectId));
  const mathOptions = [
    ...MATH_OPTIONS,
    ...groupMathOptions((groupTypes.data ?? []).map((type) => ({ group_type_index: type.group_type_index, label: groupTypeLabel(type) }))),
  ];
  return (
    <div className="flex flex-wrap items-center gap-1.5 pl-7">
      <Combobox
        label={`${label} math`}
        placeholder="Total count"
        searchPlaceholder="Search maths…"
        size="sm"
        className="min-w-0 flex-1"
        value={math}
        options={mathOptions}
        onChange={(next) => {
          if (isPropertyMath(next) && !entity.math_property) setPendingMath(next);
          else {
            setPendingMath(null);
            onChange({ ...entity, ...mathKeys(next), math_property: isPropertyMath(next) ? entity.math_property : undefined });
          }
        }}
      />
      {isPropertyMath(math) ? (
        <PropertyPicker
          projectId={projectId}
          numericOnly
          types={["event"]}
          eventNames={entity.type !== "actions" && typeof entity.id === "string" ? [entity.id] : undefined}
          value={entity.math_property ? { key: String(entity.math_property), type: "event" } : null}
          label={`${label} numeric property`}
          placeholder="Pick a numeric property"
          size="sm"
          className="min-w-0 flex-1"
          onChange={(property) => {
            setPendingMath(null);
            onChange({ ...entity, math, math_property: property.key });
          }}
        />
      ) : null}
    </div>
  );
}
