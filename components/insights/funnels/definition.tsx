"use client";

import { FilterIcon } from "lucide-react";
import { EditorSection } from "@/components/insights/builder/editor-section";
import type { InsightKindDefinition, KindEditorProps, KindViewProps } from "@/components/insights/builder/types";
import { EntityList, entitiesOf, entitiesToFilters } from "@/components/insights/controls/entity-list";
import { InsightResult } from "@/components/insights/insight-result";
import type { LegacyFilters } from "@/lib/insights/builder/url-state";

type FunnelsFilters = LegacyFilters;

function FunnelsEditor({ projectId, filters, setFilters }: KindEditorProps<FunnelsFilters>) {
  return (
    <EditorSection title="Steps">
      <EntityList projectId={projectId} noun="Step" min={2} max={30} entities={entitiesOf(filters)} onChange={(entities) => setFilters(entitiesToFilters(entities))} />
    </EditorSection>
  );
}

function FunnelsView({ response }: KindViewProps<FunnelsFilters>) {
  return <InsightResult kind="FUNNELS" result={response.result} />;
}

export const funnelsKind: InsightKindDefinition<FunnelsFilters> = {
  kind: "FUNNELS",
  label: "Funnels",
  description: "How many users complete a sequence of steps",
  icon: FilterIcon,
  endpoint: "funnel",
  defaultFilters: () => ({
    insight: "FUNNELS",
    events: [
      { id: "$pageview", type: "events", order: 0, name: "$pageview" },
      { id: "$pageview", type: "events", order: 1, name: "$pageview" },
    ],
    date_from: "-7d",
    funnel_viz_type: "steps",
    funnel_window_interval: 14,
    funnel_window_interval_unit: "day",
  }),
  Editor: FunnelsEditor,
  View: FunnelsView,
};
