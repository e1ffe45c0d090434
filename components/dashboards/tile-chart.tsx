"use client";

import { InsightChart } from "@/components/insights/builder/insight-chart";
import { isSqlInsight, SqlInsightResult } from "@/components/sql/sql-insight-result";
import { insightFilters } from "@/lib/insights/query-node";
import type { TInsight } from "@/lib/ui/types";

/** A tile's chart: the insight's result drawn by its kind's view, as the builder draws it (compact). */
export function TileChart({
  insight,
  projectId,
  dashboardId,
}: {
  insight: Pick<TInsight, "id" | "filters" | "query" | "result" | "last_refresh" | "columns" | "types">;
  projectId: number | null;
  /** The dashboard it is a tile of, for members (its annotations and the insight's are drawn); none on shared pages. */
  dashboardId?: number;
}) {
  if (insight.result === null || insight.result === undefined)
    return <p className="text-sm text-muted-foreground">Not computed yet. Refresh to compute it.</p>;
  if (isSqlInsight(insight)) return <SqlInsightResult insight={insight} compact />;
  return (
    <InsightChart
      projectId={projectId}
      filters={insightFilters(insight)}
      response={{ result: insight.result, last_refresh: insight.last_refresh }}
      annotations={projectId !== null && dashboardId !== undefined ? { insightId: insight.id, dashboardId } : undefined}
    />
  );
}
