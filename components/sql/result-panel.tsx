"use client";

import { DownloadIcon, SaveIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { downloadText } from "@/lib/ui/download";
import { resultCsv, type SqlVisualization } from "@/lib/ui/sql/visualization";
import { ResultChart } from "./result-chart";
import { ResultTable } from "./result-table";
import type { RunState } from "./use-query-run";
import { VisualizationControls } from "./visualization-controls";

/** Where the error is, as people read it: line and column (1-based) of the offset. */
function lineColumn(text: string, offset: number) {
  const before = text.slice(0, offset).split("\n");
  return `line ${before.length}, column ${before[before.length - 1].length + 1}`;
}

/** The last run: nothing yet, running, its error (and where), cancelled, or its rows with their chart. */
export function ResultPanel({
  state,
  query,
  visualization,
  onVisualization,
  onSave,
}: {
  state: RunState;
  query: string;
  visualization: SqlVisualization;
  onVisualization: (value: SqlVisualization) => void;
  onSave: () => void;
}) {
  if (state.status === "idle")
    return <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">Run a query to see its rows.</p>;
  if (state.status === "running")
    return (
      <div className="grid gap-2" aria-busy="true">
        <p className="text-sm text-muted-foreground" role="status">
          Running the query…
        </p>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  if (state.status === "cancelled")
    return <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">The query was cancelled.</p>;
  if (state.status === "failed")
    return (
      <FormAlert data-testid="sql-error">
        {state.message}
        {state.mark && <span className="block text-xs">Marked in the editor at {lineColumn(query, state.mark.start)}.</span>}
      </FormAlert>
    );
  const { columns, types, results, hasMore } = state.answer;
  const rows = results.length.toLocaleString("en-US");
  return (
    <section aria-label="Result" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" role="status">
          {hasMore ? `The first ${rows} rows (the query's LIMIT; more exist).` : `${rows} ${results.length === 1 ? "row" : "rows"}.`}
        </p>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => downloadText("query-result.csv", resultCsv(columns, results))}>
            <DownloadIcon /> CSV
          </Button>
          <Button size="sm" onClick={onSave}>
            <SaveIcon /> Save as insight
          </Button>
        </div>
      </div>
      <VisualizationControls columns={columns} value={visualization} onChange={onVisualization} />
      {visualization.display !== "ActionsTable" && (
        <div className="rounded-lg border bg-card p-3">
          <ResultChart columns={columns} results={results} visualization={visualization} />
        </div>
      )}
      <ResultTable columns={columns} types={types} results={results} label="Query result" />
    </section>
  );
}
