"use client";

import { CopyIcon, FilterIcon, PencilIcon, PlusIcon, SigmaIcon, XIcon } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { EditorSection } from "@/components/insights/builder/editor-section";
import { GlobalFilters } from "@/components/insights/controls/global-filters";
import type { KindEditorProps } from "@/components/insights/builder/types";
import { BreakdownPicker } from "@/components/insights/controls/breakdown-picker";
import { CommitInput } from "@/components/insights/controls/commit-input";
import { entitiesOf, entitiesToFilters, entityLetter, withPicked, type FilterEntity } from "@/components/insights/controls/entity-list";
import { EventPicker } from "@/components/insights/controls/event-picker";
import { ANALYSIS_BREAKDOWN_KINDS, ANALYSIS_FILTER_KINDS, type PropertyFilterValue } from "@/components/insights/controls/filter-kinds";
import { PropertyFiltersEditor } from "@/components/insights/controls/property-filters";
import { toPropertyGroups } from "@/components/insights/controls/property-groups";
import { PropertyPicker } from "@/components/insights/controls/property-picker";
import { formulasOf, formulasPatch, unknownSeriesLetters } from "@/components/insights/trends/formulas";
import { groupMathOptions, isPropertyMath, MATH_OPTIONS, mathKeys, mathOptionValue } from "@/components/insights/trends/maths";
import type { TrendsFilters } from "@/components/insights/trends/types";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Combobox } from "@/components/ui/combobox";
import { Label } from "@/components/ui/label";
import { MAX_BREAKDOWN_LIMIT, MAX_TREND_SERIES } from "@/lib/analytics/limits";
import { groupTypeLabel, groupTypesQuery } from "@/lib/ui/groups/queries";

/** Series are lettered A–Z for formulas (PostHog's `entitiesLimit = alphabet.length`), within the API's bound. */
const MAX_SERIES = Math.min(26, MAX_TREND_SERIES);
/** PostHog's default breakdown limit (BREAKDOWN_VALUES_LIMIT). */
const DEFAULT_BREAKDOWN_LIMIT = 25;

/** A series' own filters as the flat list its editor draws (the API also takes a group; its leaves are kept). */
const seriesFilters = (entity: FilterEntity): PropertyFilterValue[] => toPropertyGroups(entity.properties).values.flatMap((group) => group.values);

export function TrendsEditor({ projectId, filters, setFilters }: KindEditorProps<TrendsFilters>) {
  const entities = entitiesOf(filters);
  const setEntities = (next: FilterEntity[]) => setFilters(entitiesToFilters(next));
  const eventNames = entities.filter((e) => e.type !== "actions" && typeof e.id === "string").map((e) => String(e.id));
  return (
    <>
      <EditorSection title="Series">
        <div className="grid gap-2">
          {entities.map((entity, index) => (
            <SeriesRow
              key={index}
              projectId={projectId}
              index={index}
              entity={entity}
              removable={entities.length > 1}
              canDuplicate={entities.length < MAX_SERIES}
              onChange={(next) => setEntities(entities.map((e, i) => (i === index ? next : e)))}
              onDuplicate={() => setEntities([...entities.slice(0, index + 1), { ...entity }, ...entities.slice(index + 1)])}
              onRemove={() => setEntities(entities.filter((_, i) => i !== index))}
            />
          ))}
          {entities.length < MAX_SERIES ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="justify-self-start text-muted-foreground"
              onClick={() => setEntities([...entities, { id: "$pageview", type: "events", name: "$pageview", math: "total" }])}
            >
              <PlusIcon /> Add series
            </Button>
          ) : (
            <p className="text-xs text-muted-foreground">At most {MAX_SERIES} series (A–Z).</p>
          )}
        </div>
      </EditorSection>
      <EditorSection title="Formulas">
        <FormulaList formulas={formulasOf(filters)} seriesCount={entities.length} onChange={(formulas) => setFilters(formulasPatch(formulas))} />
      </EditorSection>
      <GlobalFilters projectId={projectId} filters={filters} setFilters={setFilters} eventNames={eventNames} />
      <EditorSection title="Breakdown">
        <BreakdownPicker
          projectId={projectId}
          eventNames={eventNames}
          kinds={ANALYSIS_BREAKDOWN_KINDS}
          value={filters}
          onChange={(breakdown) =>
            setFilters(breakdown.breakdown ? breakdown : { ...breakdown, breakdown_limit: undefined, breakdown_hide_other_aggregation: undefined })
          }
        />
        {filters.breakdown ? <BreakdownOptions filters={filters} setFilters={setFilters} /> : null}
      </EditorSection>
    </>
  );
}

function CheckboxField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onChange(value === true)} />
      <Label htmlFor={id} className="text-sm font-normal">
        {label}
      </Label>
    </div>
  );
}

function BreakdownOptions({ filters, setFilters }: { filters: TrendsFilters; setFilters: (patch: Partial<TrendsFilters>) => void }) {
  const id = useId();
  const limit = filters.breakdown_limit === undefined || filters.breakdown_limit === null ? DEFAULT_BREAKDOWN_LIMIT : Number(filters.breakdown_limit);
  return (
    <div className="grid gap-2">
      <div className="flex items-center gap-2">
        <Label htmlFor={id} className="text-sm font-normal">
          Show the top
        </Label>
        <CommitInput
          id={id}
          type="number"
          min={1}
          max={MAX_BREAKDOWN_LIMIT}
          className="h-8 w-20"
          value={String(limit)}
          onCommit={(text) => {
            const next = Math.round(Number(text));
            if (Number.isFinite(next) && next >= 1) setFilters({ breakdown_limit: Math.min(next, MAX_BREAKDOWN_LIMIT) });
          }}
        />
        <span className="text-sm">values</span>
      </div>
      <CheckboxField
        label="Group the remaining values as “Other”"
        checked={!filters.breakdown_hide_other_aggregation}
        onChange={(checked) => setFilters({ breakdown_hide_other_aggregation: checked ? undefined : true })}
      />
    </div>
  );
}

function SeriesRow({
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
  // A property math waits here for its property: the API refuses one without it.
  const [pendingMath, setPendingMath] = useState<string | null>(null);
  const math = pendingMath ?? mathOptionValue(entity);
  const groupTypes = useQuery(groupTypesQuery(projectId));
  const mathOptions = [...MATH_OPTIONS, ...groupMathOptions((groupTypes.data ?? []).map((type) => ({ group_type_index: type.group_type_index, label: groupTypeLabel(type) })))];
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
        <Button type="button" variant="ghost" size="icon-sm" aria-label={`Rename series ${letter}`} aria-pressed={renaming} onClick={() => setRenaming(!renaming)}>
          <PencilIcon />
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon-sm"
          aria-label={`Filters of series ${letter}`}
          aria-pressed={showFilters || filters.length > 0}
          onClick={() => setShowFilters(!showFilters)}
        >
          <FilterIcon />
        </Button>
        {canDuplicate ? (
          <Button type="button" variant="ghost" size="icon-sm" aria-label={`Duplicate series ${letter}`} onClick={onDuplicate}>
            <CopyIcon />
          </Button>
        ) : null}
        {removable ? (
          <Button type="button" variant="ghost" size="icon-sm" aria-label={`Remove series ${letter}`} onClick={onRemove}>
            <XIcon />
          </Button>
        ) : null}
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

/** Formulas over the series' letters, each drawn as its own line beside the series. */
function FormulaList({ formulas, seriesCount, onChange }: { formulas: string[]; seriesCount: number; onChange: (formulas: string[]) => void }) {
  const [adding, setAdding] = useState(false);
  const lastLetter = entityLetter(seriesCount - 1);
  return (
    <div className="grid gap-1.5">
      {formulas.map((formula, index) => (
        <FormulaRow
          key={`${index}:${formula}`}
          formula={formula}
          index={index}
          lastLetter={lastLetter}
          seriesCount={seriesCount}
          onCommit={(text) => onChange(text ? formulas.map((f, i) => (i === index ? text : f)) : formulas.filter((_, i) => i !== index))}
          onRemove={() => onChange(formulas.filter((_, i) => i !== index))}
        />
      ))}
      {adding ? (
        <FormulaRow
          formula=""
          index={formulas.length}
          lastLetter={lastLetter}
          seriesCount={seriesCount}
          autoFocus
          onCommit={(text) => {
            setAdding(false);
            if (text) onChange([...formulas, text]);
          }}
          onRemove={() => setAdding(false)}
        />
      ) : (
        <Button type="button" variant="ghost" size="sm" className="justify-self-start text-muted-foreground" onClick={() => setAdding(true)}>
          <SigmaIcon /> Add formula
        </Button>
      )}
      {formulas.length ? <p className="text-xs text-muted-foreground">Each formula is drawn as its own line beside the series.</p> : null}
    </div>
  );
}

function FormulaRow({
  formula,
  index,
  lastLetter,
  seriesCount,
  autoFocus,
  onCommit,
  onRemove,
}: {
  formula: string;
  index: number;
  lastLetter: string;
  seriesCount: number;
  autoFocus?: boolean;
  onCommit: (text: string) => void;
  onRemove: () => void;
}) {
  const errorId = useId();
  const unknown = unknownSeriesLetters(formula, seriesCount);
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-1.5">
        <span className="grid size-6 shrink-0 place-items-center rounded bg-muted text-xs font-semibold italic" aria-hidden>
          ƒ{index + 1}
        </span>
        <CommitInput
          aria-label={`Formula ${index + 1}`}
          aria-invalid={unknown.length > 0 || undefined}
          aria-describedby={unknown.length ? errorId : undefined}
          placeholder={seriesCount > 1 ? "e.g. A / B * 100" : "e.g. A * 2"}
          className="h-8 font-mono"
          autoFocus={autoFocus}
          value={formula}
          onCommit={(text) => onCommit(text.trim())}
        />
        <Button type="button" variant="ghost" size="icon-sm" aria-label={`Remove formula ${index + 1}`} onClick={onRemove}>
          <XIcon />
        </Button>
      </div>
      {unknown.length ? (
        <p id={errorId} className="pl-7 text-xs text-destructive">
          There is no series {unknown.join(", ")}: use the letters A–{lastLetter}.
        </p>
      ) : null}
    </div>
  );
}
