"use client";

import { TrendingUpIcon } from "lucide-react";
import { EditorSection } from "@/components/insights/builder/editor-section";
import type { InsightKindDefinition, KindEditorProps, KindViewProps } from "@/components/insights/builder/types";
import { BreakdownPicker } from "@/components/insights/controls/breakdown-picker";
import { EntityList, entitiesOf, entitiesToFilters } from "@/components/insights/controls/entity-list";
import { PropertyFiltersEditor, type PropertyFilterValue } from "@/components/insights/controls/property-filters";
import { InsightResult } from "@/components/insights/insight-result";
import type { LegacyFilters } from "@/lib/insights/builder/url-state";

type TrendsFilters = LegacyFilters;

function TrendsEditor({ projectId, filters, setFilters }: KindEditorProps<TrendsFilters>) {
  return (
    <>
      <EditorSection title="Series">
        <EntityList projectId={projectId} noun="Series" entities={entitiesOf(filters)} onChange={(entities) => setFilters(entitiesToFilters(entities))} />
      </EditorSection>
      <EditorSection title="Filters">
        <PropertyFiltersEditor
          projectId={projectId}
          filters={(filters.properties as PropertyFilterValue[] | undefined) ?? []}
          onChange={(properties) => setFilters({ properties })}
        />
      </EditorSection>
      <EditorSection title="Breakdown">
        <BreakdownPicker
          projectId={projectId}
          value={{ breakdown: filters.breakdown as string | undefined, breakdown_type: filters.breakdown_type as string | undefined }}
          onChange={(breakdown) => setFilters(breakdown)}
        />
      </EditorSection>
    </>
  );
}

function TrendsView({ response }: KindViewProps<TrendsFilters>) {
  return <InsightResult kind="TRENDS" result={response.result} />;
}

export const trendsKind: InsightKindDefinition<TrendsFilters> = {
  kind: "TRENDS",
  label: "Trends",
  description: "Events, users and property values over time",
  icon: TrendingUpIcon,
  endpoint: "trend",
  defaultFilters: () => ({
    insight: "TRENDS",
    events: [{ id: "$pageview", type: "events", order: 0, name: "$pageview", math: "total" }],
    date_from: "-7d",
    interval: "day",
    display: "ActionsLineGraph",
  }),
  Editor: TrendsEditor,
  View: TrendsView,
};
