"use client";

import { InsightResult } from "@/components/insights/insight-result";
import { insightKind } from "@/lib/insights/query";
import type { TInsight } from "@/lib/ui/types";

/**
 * A tile's chart: the insight's result as its kind draws it. The one place tiles choose a renderer, so a richer
 * one can replace it later. Stickiness answers trend-shaped series.
 */
export function TileChart({ insight }: { insight: Pick<TInsight, "filters" | "query" | "result"> }) {
  const kind = insightKind(insight);
  if (insight.result === null || insight.result === undefined)
    return <p className="text-sm text-muted-foreground">Not computed yet. Refresh to compute it.</p>;
  return <InsightResult kind={kind === "STICKINESS" ? "TRENDS" : (kind ?? "")} result={insight.result} />;
}
