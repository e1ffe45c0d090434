"use client";

import { WaypointsIcon } from "lucide-react";
import { EditorSection } from "@/components/insights/builder/editor-section";
import type { InsightKindDefinition, KindEditorProps, KindViewProps } from "@/components/insights/builder/types";
import { PropertyFiltersEditor, type PropertyFilterValue } from "@/components/insights/controls/property-filters";
import { InsightResult } from "@/components/insights/insight-result";
import type { LegacyFilters } from "@/lib/insights/builder/url-state";

type PathsFilters = LegacyFilters;

function PathsEditor({ projectId, filters, setFilters }: KindEditorProps<PathsFilters>) {
  return (
    <EditorSection title="Filters">
      <PropertyFiltersEditor projectId={projectId} filters={(filters.properties as PropertyFilterValue[] | undefined) ?? []} onChange={(properties) => setFilters({ properties })} />
    </EditorSection>
  );
}

function PathsView({ response }: KindViewProps<PathsFilters>) {
  return <InsightResult kind="PATHS" result={response.result} />;
}

export const pathsKind: InsightKindDefinition<PathsFilters> = {
  kind: "PATHS",
  label: "Paths",
  description: "The routes users take through the product",
  icon: WaypointsIcon,
  endpoint: "path",
  defaultFilters: () => ({ insight: "PATHS", include_event_types: ["$pageview"], date_from: "-7d", step_limit: 5 }),
  Editor: PathsEditor,
  View: PathsView,
};
