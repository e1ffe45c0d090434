"use client";

import { EditorSection } from "@/components/insights/builder/editor-section";
import type { KindEditorProps } from "@/components/insights/builder/types";
import { EntityList, entitiesOf, entitiesToFilters } from "@/components/insights/controls/entity-list";
import { GlobalFilters } from "@/components/insights/controls/global-filters";
import type { StickinessFilters } from "./types";

export function StickinessEditor({ projectId, filters, setFilters }: KindEditorProps<StickinessFilters>) {
  const entities = entitiesOf(filters);
  const eventNames = entities.filter((e) => e.type !== "actions" && typeof e.id === "string").map((e) => String(e.id));
  return (
    <>
      <EditorSection title="Series">
        <p className="text-xs text-muted-foreground">
          Persons by how many {String(filters.interval ?? "day")}s of the range they did each event.
        </p>
        <EntityList
          projectId={projectId}
          noun="Series"
          entities={entities}
          withFilters
          onChange={(next) => setFilters(entitiesToFilters(next))}
        />
      </EditorSection>
      <GlobalFilters projectId={projectId} filters={filters} setFilters={setFilters} eventNames={eventNames} />
    </>
  );
}
