"use client";

import { GridIcon } from "lucide-react";
import { EditorSection } from "@/components/insights/builder/editor-section";
import type { InsightKindDefinition, KindEditorProps, KindViewProps } from "@/components/insights/builder/types";
import { EventPicker } from "@/components/insights/controls/event-picker";
import type { FilterEntity } from "@/components/insights/controls/entity-list";
import { InsightResult } from "@/components/insights/insight-result";
import type { LegacyFilters } from "@/lib/insights/builder/url-state";

type RetentionFilters = LegacyFilters;

const entityValue = (entity: unknown) => {
  const e = (entity ?? { id: "$pageview", type: "events" }) as FilterEntity;
  return { id: e.id, type: e.type ?? "events", name: e.name ?? String(e.id ?? "") };
};

function RetentionEditor({ projectId, filters, setFilters }: KindEditorProps<RetentionFilters>) {
  return (
    <>
      <EditorSection title="Users who first did">
        <EventPicker projectId={projectId} label="Cohortizing event" allowAllEvents={false} value={entityValue(filters.target_entity)} onChange={(target_entity) => setFilters({ target_entity })} />
      </EditorSection>
      <EditorSection title="Came back to do">
        <EventPicker projectId={projectId} label="Returning event" allowAllEvents={false} value={entityValue(filters.returning_entity)} onChange={(returning_entity) => setFilters({ returning_entity })} />
      </EditorSection>
    </>
  );
}

function RetentionView({ response }: KindViewProps<RetentionFilters>) {
  return <InsightResult kind="RETENTION" result={response.result} />;
}

export const retentionKind: InsightKindDefinition<RetentionFilters> = {
  kind: "RETENTION",
  label: "Retention",
  description: "How many users come back after their first visit",
  icon: GridIcon,
  endpoint: "retention",
  defaultFilters: () => ({
    insight: "RETENTION",
    target_entity: { id: "$pageview", type: "events", name: "$pageview" },
    returning_entity: { id: "$pageview", type: "events", name: "$pageview" },
    retention_type: "retention_first_time",
    period: "Day",
    total_intervals: 8,
  }),
  Editor: RetentionEditor,
  View: RetentionView,
};
