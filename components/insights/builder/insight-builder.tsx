"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { InsightHeader, type InsightDetails } from "@/components/insights/builder/insight-header";
import { KindTabs } from "@/components/insights/builder/kind-tabs";
import { INSIGHT_KINDS, kindOf } from "@/components/insights/builder/kinds";
import { ResultPanel } from "@/components/insights/builder/result-panel";
import { useInsightFilters } from "@/components/insights/builder/use-insight-filters";
import { useSaveInsight } from "@/components/insights/builder/use-save-insight";
import { DateRangePicker } from "@/components/insights/controls/date-range-picker";
import { useProject } from "@/components/project/use-project";
import { carryFilters } from "@/lib/insights/builder/carry-filters";
import { compactFilters, type LegacyFilters } from "@/lib/insights/builder/url-state";
import { insightFilters } from "@/lib/insights/query-node";
import { insightViewedMutation } from "@/lib/ui/insights/mutations";
import type { TInsight } from "@/lib/ui/types";
import { cn } from "@/lib/ui/utils";

export type BuilderMode = "new" | "edit" | "view";

/** Opening a saved insight records "last viewed". */
function useMarkViewed(projectId: number, insightId: number | undefined, viewing: boolean) {
  const markViewed = useMutation(insightViewedMutation(projectId)).mutate;
  useEffect(() => {
    if (viewing && insightId !== undefined) markViewed(insightId);
  }, [viewing, insightId, markViewed]);
}

/**
 * The insight builder: kind tabs, the kind's editor on the left, the date range and the kind's display settings
 * above the chart, and the chart. Everything it shows is the filter in the URL; saving writes that filter to the
 * insight. `view` shows a saved insight read-only.
 */
export function InsightBuilder({ projectId, mode, insight }: { projectId: number; mode: BuilderMode; insight?: TInsight }) {
  const saved = insight ? insightFilters(insight) : {};
  // A new insight starts with the project's choice of "Filter out internal and test users" (once its settings load).
  const testAccountsOn = useProject(projectId)?.test_account_filters_default_checked === true && mode === "new";
  const initial = Object.keys(saved).length
    ? saved
    : { ...INSIGHT_KINDS[0].defaultFilters(), ...(testAccountsOn ? { filter_test_accounts: true } : {}) };
  const { filters, setFilters, replaceFilters } = useInsightFilters(initial);
  const kind = kindOf(filters);
  const [details, setDetails] = useState<InsightDetails>({
    name: insight?.name ?? "",
    description: insight?.description ?? "",
    tags: insight?.tags ?? [],
  });
  const editable = mode !== "view";
  useMarkViewed(projectId, insight?.id, mode === "view");
  const { save, saving } = useSaveInsight(
    projectId,
    insight,
    () => ({
      name: details.name.trim() || null,
      description: details.description.trim() || null,
      tags: details.tags,
      filters: compactFilters(filters),
      saved: true,
    }),
    editable,
  );
  const switchKind = (next: typeof kind) => {
    if (next !== kind) replaceFilters(carryFilters(filters, kind.kind, next.kind, next.defaultFilters()));
  };

  const placeholder = `Untitled ${kind.label.toLowerCase()} insight`;
  const title = insight?.name || insight?.derived_name || placeholder;
  return (
    <div className="grid gap-4">
      <InsightHeader
        projectId={projectId}
        insight={insight}
        editable={editable}
        details={details}
        onDetailsChange={setDetails}
        title={title}
        placeholder={placeholder}
        onSave={save}
        saving={saving}
      />
      {editable ? <KindTabs kind={kind} onSelect={switchKind} /> : null}
      <div className={cn("grid gap-6", editable && "lg:grid-cols-[20rem_minmax(0,1fr)]")}>
        {editable ? (
          <div className="grid content-start gap-5">
            <kind.Editor projectId={projectId} filters={filters} setFilters={setFilters} />
          </div>
        ) : null}
        <div className="grid min-w-0 content-start gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <DateRangePicker
              value={{ date_from: filters.date_from as string | undefined, date_to: filters.date_to as string | undefined }}
              onChange={(range) => setFilters(range as LegacyFilters)}
            />
            {kind.DisplayConfig ? <kind.DisplayConfig projectId={projectId} filters={filters} setFilters={setFilters} /> : null}
          </div>
          <ResultPanel
            projectId={projectId}
            kind={kind}
            filters={compactFilters(filters)}
            setFilters={setFilters}
            title={details.name.trim() || undefined}
            insightId={insight?.id ?? null}
          />
        </div>
      </div>
    </div>
  );
}
