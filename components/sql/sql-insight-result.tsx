"use client";

import { visualizationOf } from "@/lib/ui/sql/visualization";
import type { TInsight } from "@/lib/ui/types";
import { ResultChart } from "./result-chart";
import { ResultTable } from "./result-table";

type SqlInsight = Pick<TInsight, "query" | "result" | "columns" | "types">;

/** Whether an insight is a SQL insight (a `DataVisualizationNode`), drawn from its rows rather than an analysis. */
export const isSqlInsight = (insight: Pick<TInsight, "query">) => insight.query?.kind === "DataVisualizationNode";

/** A SQL insight's rows as it was saved to draw them: a table, or the chosen chart. */
export function SqlInsightResult({ insight, compact }: { insight: SqlInsight; compact?: boolean }) {
  const columns = insight.columns ?? [];
  const results = Array.isArray(insight.result) ? (insight.result as unknown[][]) : null;
  if (!results) return <p className="text-sm text-muted-foreground">Not computed yet. Refresh to compute it.</p>;
  const visualization = visualizationOf(insight.query);
  if (visualization.display === "ActionsTable")
    return <ResultTable columns={columns} types={(insight.types ?? []) as [string, string][]} results={results} label="Insight rows" />;
  return <ResultChart columns={columns} results={results} visualization={visualization} compact={compact} />;
}
