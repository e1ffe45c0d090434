"use client";

import { EditorSection } from "@/components/insights/builder/editor-section";
import type { KindEditorProps } from "@/components/insights/builder/types";
import { EntityList, entitiesOf, entitiesToFilters } from "@/components/insights/controls/entity-list";
import { GlobalFilters } from "@/components/insights/controls/global-filters";
import type { LifecycleFilters } from "./types";

/** One series (the API refuses more), then the filters every event of it must match. No breakdown, no compare. */
export function LifecycleEditor({ projectId, filters, setFilters }: KindEditorProps<LifecycleFilters>) {
  const entities = entitiesOf(filters).slice(0, 1);
  const eventNames = entities.filter((e) => e.type !== "actions" && typeof e.id === "string").map((e) => String(e.id));
  return (
    <>
      <EditorSection title="Series">
        <p className="text-xs text-muted-foreground">
          Persons who did it each {String(filters.interval ?? "day")}: new, returning or back after a gap, and those who stopped.
        </p>
        <EntityList
          projectId={projectId}
          noun="Series"
          entities={entities}
          min={1}
          max={1}
          withFilters
          onChange={(next) => setFilters(entitiesToFilters(next))}
        />
      </EditorSection>
      <GlobalFilters projectId={projectId} filters={filters} setFilters={setFilters} eventNames={eventNames} />
    </>
  );
}
