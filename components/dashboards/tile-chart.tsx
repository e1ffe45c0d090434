"use client";

import { InsightChart } from "@/components/insights/builder/insight-chart";
import { insightFilters } from "@/lib/insights/query-node";
import type { TInsight } from "@/lib/ui/types";

/** A tile's chart: the insight's result drawn by its kind's view, as the builder draws it (compact). */
export function TileChart({
  insight,
  projectId,
}: {
  insight: Pick<TInsight, "filters" | "query" | "result" | "last_refresh">;
  projectId: number | null;
}) {
  if (insight.result === null || insight.result === undefined)
    return <p className="text-sm text-muted-foreground">Not computed yet. Refresh to compute it.</p>;
  return (
    <InsightChart
      projectId={projectId}
      filters={insightFilters(insight)}
      response={{ result: insight.result, last_refresh: insight.last_refresh }}
    />
  );
}
