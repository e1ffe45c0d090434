"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { InsightBuilder, type BuilderMode } from "@/components/insights/builder/insight-builder";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { isSqlInsight } from "@/components/sql/sql-insight-result";
import { SqlInsightView } from "@/components/sql/sql-insight-view";
import { ApiRequestError, errorMessage } from "@/lib/ui/api-client";
import { insightByShortIdQuery } from "@/lib/ui/insights/queries";

/** A saved insight, loaded by its short id, in the builder (`view` or `edit`). */
export function SavedInsight({ projectId, shortId, mode }: { projectId: number; shortId: string; mode: Exclude<BuilderMode, "new"> }) {
  const insight = useQuery(insightByShortIdQuery(projectId, shortId));
  if (insight.isPending)
    return (
      <div className="grid gap-4" aria-busy="true">
        <Skeleton className="h-10 w-72" />
        <Skeleton className="h-80 w-full" />
      </div>
    );
  if (insight.isError) {
    const missing = insight.error instanceof ApiRequestError && insight.error.status === 404;
    return (
      <div role="alert" className="grid justify-items-center gap-3 rounded-lg border p-10 text-center">
        <h1 className="text-lg font-semibold">{missing ? "Insight not found" : "Could not load the insight"}</h1>
        <p className="text-sm text-muted-foreground">
          {missing ? "It may have been deleted, or the link is wrong." : errorMessage(insight.error)}
        </p>
        <div className="flex gap-2">
          {missing ? null : (
            <Button variant="outline" onClick={() => insight.refetch()}>
              Try again
            </Button>
          )}
          <Button asChild>
            <Link href={`/project/${projectId}/insights`}>All insights</Link>
          </Button>
        </div>
      </div>
    );
  }
  // A SQL insight is edited in the SQL editor; here it is drawn as saved.
  if (isSqlInsight(insight.data)) return <SqlInsightView projectId={projectId} insight={insight.data} />;
  // Keyed by insight and mode: leaving edit for view (or another insight) starts from the saved state.
  return <InsightBuilder key={`${insight.data.id}:${mode}`} projectId={projectId} mode={mode} insight={insight.data} />;
}
