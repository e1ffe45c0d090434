"use client";

import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import {
  ArrowDownIcon,
  ArrowUpIcon,
  CopyIcon,
  FilterIcon,
  GripVerticalIcon,
  MoreHorizontalIcon,
  PencilIcon,
  PlusIcon,
  XIcon,
} from "lucide-react";
import { useState } from "react";
import { EventPicker } from "@/components/insights/controls/event-picker";
import { withPicked, type FilterEntity } from "@/components/insights/controls/entity-list";
import { ANALYSIS_FILTER_KINDS, type PropertyFilterValue } from "@/components/insights/controls/filter-kinds";
import { PropertyFiltersEditor } from "@/components/insights/controls/property-filters";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/ui/utils";

/** PostHog's bound on funnel steps (the API refuses more). */
const MAX_STEPS = 30;
const MIN_STEPS = 2;

const stepId = (index: number) => `step-${index}`;
const stepProperties = (step: FilterEntity) => (Array.isArray(step.properties) ? (step.properties as PropertyFilterValue[]) : []);

/**
 * The funnel's steps in order: each an event or action with its own filters and an optional display name.
 * Reordered by dragging a handle (or, focused on it, Space then the arrow keys), or with the row's menu.
 */
export function StepsEditor({
  projectId,
  steps,
  onChange,
}: {
  projectId: number;
  steps: FilterEntity[];
  onChange: (steps: FilterEntity[]) => void;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = steps.map((_, index) => stepId(index));
  const move = (from: number, to: number) => onChange(arrayMove(steps, from, to));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  const update = (index: number, patch: Partial<FilterEntity>) =>
    onChange(
      steps.map((step, i) =>
        i === index ? (Object.fromEntries(Object.entries({ ...step, ...patch }).filter(([, v]) => v !== undefined)) as FilterEntity) : step,
      ),
    );

  return (
    <div className="grid gap-1.5">
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: {
            draggable:
              "To reorder a step, press Space to pick it up, the arrow keys to move it, Space again to drop it, or Escape to cancel.",
          },
          announcements: {
            onDragStart: ({ active }) => `Picked up step ${ids.indexOf(String(active.id)) + 1}.`,
            onDragOver: ({ active, over }) =>
              over ? `Step ${ids.indexOf(String(active.id)) + 1} is over position ${ids.indexOf(String(over.id)) + 1}.` : undefined,
            onDragEnd: ({ active, over }) =>
              over ? `Step ${ids.indexOf(String(active.id)) + 1} moved to position ${ids.indexOf(String(over.id)) + 1}.` : "Step dropped.",
            onDragCancel: () => "Reordering cancelled.",
          },
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol className="grid gap-1.5" aria-label="Funnel steps">
            {steps.map((step, index) => (
              <StepRow
                key={ids[index]}
                id={ids[index]}
                projectId={projectId}
                step={step}
                index={index}
                count={steps.length}
                onChange={(patch) => update(index, patch)}
                onMove={(to) => move(index, to)}
                onDuplicate={() => onChange([...steps.slice(0, index + 1), { ...step }, ...steps.slice(index + 1)])}
                onRemove={() => onChange(steps.filter((_, i) => i !== index))}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {steps.length < MAX_STEPS ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="justify-self-start text-muted-foreground"
          onClick={() => onChange([...steps, { id: "$pageview", type: "events", name: "$pageview" }])}
        >
          <PlusIcon /> Add step
        </Button>
      ) : (
        <p className="text-xs text-muted-foreground">A funnel has at most {MAX_STEPS} steps.</p>
      )}
    </div>
  );
}

function StepRow({
  id,
  projectId,
  step,
  index,
  count,
  onChange,
  onMove,
  onDuplicate,
  onRemove,
}: {
  id: string;
  projectId: number;
  step: FilterEntity;
  index: number;
  count: number;
  onChange: (patch: Partial<FilterEntity>) => void;
  onMove: (to: number) => void;
  onDuplicate: () => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const properties = stepProperties(step);
  const [showFilters, setShowFilters] = useState(properties.length > 0);
  const [renaming, setRenaming] = useState(false);
  const label = `Step ${index + 1}`;
  const customName = typeof step.custom_name === "string" ? step.custom_name : "";

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn("grid gap-1.5 rounded-md border bg-card p-1.5", isDragging && "relative z-10 shadow-lg ring-2 ring-ring/40")}
      aria-label={label}
    >
      <div className="flex items-center gap-1">
        <button
          ref={setActivatorNodeRef}
          type="button"
          className="grid h-7 w-5 shrink-0 cursor-grab place-items-center rounded text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50 active:cursor-grabbing"
          {...attributes}
          {...listeners}
          aria-label={`Reorder ${label.toLowerCase()}`}
        >
          <GripVerticalIcon className="size-4" />
        </button>
        <span className="grid size-6 shrink-0 place-items-center rounded bg-primary/10 text-xs font-semibold text-primary" aria-hidden>
          {index + 1}
        </span>
        <EventPicker
          projectId={projectId}
          value={{ id: step.id, type: step.type ?? "events", name: customName || step.name || String(step.id ?? "") }}
          label={label}
          size="sm"
          // w-0: a long event name truncates instead of widening the editor column.
          className="w-0 min-w-0 flex-1"
          onChange={(picked) => onChange(withPicked(step, picked))}
        />
        <Button
          type="button"
          variant={showFilters || properties.length ? "secondary" : "ghost"}
          size="icon-sm"
          aria-label={`Filters of ${label.toLowerCase()}${properties.length ? ` (${properties.length})` : ""}`}
          aria-expanded={showFilters}
          onClick={() => setShowFilters((shown) => !shown)}
        >
          <FilterIcon />
        </Button>
        <StepMenu label={label} index={index} count={count} onRename={() => setRenaming(true)} onMove={onMove} onDuplicate={onDuplicate} />
        {count > MIN_STEPS ? (
          <Button type="button" variant="ghost" size="icon-sm" aria-label={`Remove ${label.toLowerCase()}`} onClick={onRemove}>
            <XIcon />
          </Button>
        ) : null}
      </div>
      {renaming || customName ? (
        <RenameInput
          label={`Name of ${label.toLowerCase()}`}
          value={customName}
          placeholder={step.name ?? String(step.id ?? "All events")}
          autoFocus={renaming}
          onCommit={(name) => {
            setRenaming(false);
            if (name !== customName) onChange({ custom_name: name || undefined });
          }}
        />
      ) : null}
      {showFilters ? (
        <div className="pl-6">
          <PropertyFiltersEditor
            projectId={projectId}
            filters={properties}
            eventNames={step.type !== "actions" && typeof step.id === "string" ? [step.id] : undefined}
            types={ANALYSIS_FILTER_KINDS}
            label={`${label} filter`}
            onChange={(next) => onChange({ properties: next.length ? next : undefined })}
          />
        </div>
      ) : null}
    </li>
  );
}

/** A step's less frequent tools: rename, move up or down, duplicate. */
function StepMenu({
  label,
  index,
  count,
  onRename,
  onMove,
  onDuplicate,
}: {
  label: string;
  index: number;
  count: number;
  onRename: () => void;
  onMove: (to: number) => void;
  onDuplicate: () => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="ghost" size="icon-sm" aria-label={`More for ${label.toLowerCase()}`}>
          <MoreHorizontalIcon />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={onRename}>
          <PencilIcon /> Rename
        </DropdownMenuItem>
        <DropdownMenuItem disabled={index === 0} onSelect={() => onMove(index - 1)}>
          <ArrowUpIcon /> Move up
        </DropdownMenuItem>
        <DropdownMenuItem disabled={index === count - 1} onSelect={() => onMove(index + 1)}>
          <ArrowDownIcon /> Move down
        </DropdownMenuItem>
        <DropdownMenuItem disabled={count >= MAX_STEPS} onSelect={onDuplicate}>
          <CopyIcon /> Duplicate
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** A name that commits on blur or Enter (Escape restores it), not per keystroke. */
function RenameInput({
  label,
  value,
  placeholder,
  autoFocus,
  onCommit,
}: {
  label: string;
  value: string;
  placeholder: string;
  autoFocus: boolean;
  onCommit: (value: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  return (
    <div className="pl-6">
      <Input
        aria-label={label}
        value={draft}
        placeholder={`Display name (${placeholder})`}
        maxLength={400}
        autoFocus={autoFocus}
        className="h-7 text-sm"
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => onCommit(draft.trim())}
        onKeyDown={(event) => {
          if (event.key === "Enter") event.currentTarget.blur();
          if (event.key === "Escape") setDraft(value);
        }}
      />
    </div>
  );
}
