"use client";

import { PlusIcon, XIcon } from "lucide-react";
import { useId, useState } from "react";
import { EditorSection } from "@/components/insights/builder/editor-section";
import type { KindEditorProps } from "@/components/insights/builder/types";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { CleaningRules } from "@/components/insights/controls/cleaning-rules";
import { CommitInput } from "@/components/insights/controls/commit-input";
import { GlobalFilters } from "@/components/insights/controls/global-filters";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { PathItemPicker, shortItem } from "./path-item-picker";
import { projectsQuery } from "@/lib/ui/organization/queries";
import { useMe } from "@/lib/ui/use-me";
import type { PathCleaningRule, PathEventType, PathsFilters } from "./types";

const EVENT_TYPES: Record<PathEventType, string> = {
  $pageview: "Page views",
  $screen: "Screen views",
  custom_event: "Custom events",
};

/** The kinds of events in the paths: `include_event_types`, or the legacy `path_type`; none = every event. */
const eventTypesOf = (filters: PathsFilters): PathEventType[] =>
  (Array.isArray(filters.include_event_types)
    ? filters.include_event_types
    : filters.path_type
      ? [filters.path_type]
      : []) as PathEventType[];

const listOf = <T,>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

export function PathsEditor({ projectId, filters, setFilters }: KindEditorProps<PathsFilters>) {
  const types = eventTypesOf(filters);
  const excluded = listOf<string>(filters.exclude_events);
  const groupings = listOf<string>(filters.path_groupings);
  const setTypes = (next: PathEventType[]) => setFilters({ include_event_types: next.length ? next : undefined, path_type: undefined });

  return (
    <>
      <EditorSection title="Event types">
        <fieldset className="grid gap-1.5" aria-label="Event types">
          {Object.entries(EVENT_TYPES).map(([type, label]) => (
            <EventTypeCheckbox
              key={type}
              label={label}
              checked={types.includes(type as PathEventType)}
              onChange={(on) => setTypes(on ? [...types, type as PathEventType] : types.filter((t) => t !== type))}
            />
          ))}
        </fieldset>
        {types.length === 0 ? <p className="text-xs text-muted-foreground">None checked: paths through every event.</p> : null}
      </EditorSection>
      <EditorSection title="Starts at">
        <PointPicker
          projectId={projectId}
          types={types}
          label="Start point"
          value={filters.start_point ?? null}
          onChange={(start_point) => setFilters({ start_point })}
        />
      </EditorSection>
      <EditorSection title="Ends at">
        <PointPicker
          projectId={projectId}
          types={types}
          label="End point"
          value={filters.end_point ?? null}
          onChange={(end_point) => setFilters({ end_point })}
        />
      </EditorSection>
      <EditorSection title="Exclusions">
        {excluded.length ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Excluded path items">
            {excluded.map((item) => (
              <li key={item} className="flex items-center gap-1 rounded-md border bg-muted/40 py-0.5 pr-0.5 pl-2 text-sm">
                <span className="max-w-48 truncate" title={item}>
                  {shortItem(item)}
                </span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon-sm"
                  className="size-6"
                  aria-label={`Stop excluding ${item}`}
                  onClick={() => setFilters({ exclude_events: excluded.length > 1 ? excluded.filter((e) => e !== item) : undefined })}
                >
                  <XIcon />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <PathItemPicker
          projectId={projectId}
          eventTypes={types}
          label="Exclude a path item"
          placeholder="Exclude a page, screen or event"
          value={null}
          onChange={(item) => !excluded.includes(item) && setFilters({ exclude_events: [...excluded, item] })}
        />
      </EditorSection>
      <EditorSection title="Path groupings">
        <p className="text-xs text-muted-foreground">
          Wildcards group items: <code>/blog/*</code> counts every blog post as one step.
        </p>
        <StringList
          noun="grouping"
          values={groupings}
          placeholder="/blog/*"
          onChange={(next) => setFilters({ path_groupings: next.length ? next : undefined })}
        />
      </EditorSection>
      <EditorSection title="Path cleaning rules">
        <p className="text-xs text-muted-foreground">Each regex is replaced by its alias in every item, in order, before grouping.</p>
        <ProjectRulesToggle
          projectId={projectId}
          checked={filters.path_replacements === true}
          onChange={(on) => setFilters({ path_replacements: on || undefined })}
        />
        <CleaningRules
          rules={listOf<PathCleaningRule>(filters.local_path_cleaning_filters)}
          onChange={(next) => setFilters({ local_path_cleaning_filters: next.length ? next : undefined })}
        />
      </EditorSection>
      <GlobalFilters projectId={projectId} filters={filters} setFilters={setFilters} types={["event", "person"]} />
    </>
  );
}

function EventTypeCheckbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={checked} onCheckedChange={(on) => onChange(on === true)} />
      <Label htmlFor={id} className="text-sm font-normal">
        {label}
      </Label>
    </div>
  );
}

function PointPicker({
  projectId,
  types,
  label,
  value,
  onChange,
}: {
  projectId: number;
  types: PathEventType[];
  label: string;
  value: string | null;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <div className="flex items-center gap-1.5">
      <PathItemPicker
        projectId={projectId}
        eventTypes={types}
        label={label}
        placeholder="Any page, screen or event"
        value={value}
        onChange={onChange}
      />
      {value ? (
        <Button
          type="button"
          variant="ghost"
          size="icon-sm"
          aria-label={`Clear ${label.toLowerCase()}`}
          onClick={() => onChange(undefined)}
        >
          <XIcon />
        </Button>
      ) : null}
    </div>
  );
}

/** An editable list of strings: each committed on Enter or blur, an emptied one removed. */
function StringList({
  noun,
  values,
  placeholder,
  onChange,
}: {
  noun: string;
  values: string[];
  placeholder: string;
  onChange: (values: string[]) => void;
}) {
  const [adding, setAdding] = useState(false);
  return (
    <div className="grid gap-1.5">
      {values.map((value, index) => (
        <div key={`${index}:${value}`} className="flex items-center gap-1.5">
          <CommitInput
            aria-label={`Path ${noun} ${index + 1}`}
            className="h-8"
            value={value}
            onCommit={(text) =>
              onChange(text.trim() ? values.map((v, i) => (i === index ? text.trim() : v)) : values.filter((_, i) => i !== index))
            }
          />
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            aria-label={`Remove path ${noun} ${index + 1}`}
            onClick={() => onChange(values.filter((_, i) => i !== index))}
          >
            <XIcon />
          </Button>
        </div>
      ))}
      {adding ? (
        <CommitInput
          autoFocus
          aria-label={`New path ${noun}`}
          placeholder={placeholder}
          className="h-8"
          value=""
          onCommit={(text) => {
            setAdding(false);
            if (text.trim()) onChange([...values, text.trim()]);
          }}
        />
      ) : (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="justify-self-start text-muted-foreground"
          onClick={() => setAdding(true)}
        >
          <PlusIcon /> Add {noun}
        </Button>
      )}
    </div>
  );
}

/** PostHog's "Apply the project's path cleaning rules" (`path_replacements`), with how many the project has. */
function ProjectRulesToggle({
  projectId,
  checked,
  onChange,
}: {
  projectId: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  const { organization } = useMe();
  const projects = useQuery(projectsQuery(organization.id));
  const count = projects.data?.find((project) => project.id === projectId)?.path_cleaning_filters.length;
  return (
    <div className="grid gap-0.5">
      <div className="flex items-center gap-2">
        <Checkbox id={id} checked={checked} onCheckedChange={(on) => onChange(on === true)} />
        <Label htmlFor={id} className="text-sm font-normal">
          Apply the project&apos;s rules first{count === undefined ? "" : ` (${count})`}
        </Label>
      </div>
      <Link
        href={`/organization/projects/${projectId}#path-cleaning`}
        className="pl-6 text-xs text-muted-foreground underline underline-offset-2"
      >
        Edit the project&apos;s rules
      </Link>
    </div>
  );
}
