"use client";

import { RepeatIcon } from "lucide-react";
import { EditorSection } from "@/components/insights/builder/editor-section";
import type { InsightKindDefinition, KindEditorProps, KindViewProps } from "@/components/insights/builder/types";
import { EntityList, entitiesOf, entitiesToFilters } from "@/components/insights/controls/entity-list";
import { InsightResult } from "@/components/insights/insight-result";
import type { LegacyFilters } from "@/lib/insights/builder/url-state";

type StickinessFilters = LegacyFilters;

function StickinessEditor({ projectId, filters, setFilters }: KindEditorProps<StickinessFilters>) {
  return (
    <EditorSection title="Series">
      <EntityList projectId={projectId} noun="Series" entities={entitiesOf(filters)} onChange={(entities) => setFilters(entitiesToFilters(entities))} />
    </EditorSection>
  );
}

function StickinessView({ response }: KindViewProps<StickinessFilters>) {
  return <InsightResult kind="TRENDS" result={response.result} />;
}

export const stickinessKind: InsightKindDefinition<StickinessFilters> = {
  kind: "STICKINESS",
  label: "Stickiness",
  description: "How many days in a period users come back to do something",
  icon: RepeatIcon,
  endpoint: "trend",
  defaultFilters: () => ({
    insight: "STICKINESS",
    shown_as: "Stickiness",
    events: [{ id: "$pageview", type: "events", order: 0, name: "$pageview", math: "dau" }],
    date_from: "-30d",
    interval: "day",
  }),
  Editor: StickinessEditor,
  View: StickinessView,
};
