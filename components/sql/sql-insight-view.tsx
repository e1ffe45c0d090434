"use client";

import { useQuery } from "@tanstack/react-query";
import { CodeIcon } from "lucide-react";
import Link from "next/link";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/ui/api-client";
import { insightTitle } from "@/lib/ui/insights/labels";
import { type HogQLFilters, hogqlResultQuery } from "@/lib/ui/sql/queries";
import type { TInsight } from "@/lib/ui/types";
import { SqlInsightResult } from "./sql-insight-result";

/** A saved SQL insight's page: its name, its HogQL and its result as saved to be drawn. */
export function SqlInsightView({ projectId, insight }: { projectId: number; insight: TInsight }) {
  const source = (insight.query?.source ?? {}) as { query?: string; filters?: HogQLFilters };
  const rows = useQuery(hogqlResultQuery(projectId, source.query ?? "", source.filters));
  return (
    <div className="grid gap-4">
      <PageHeader
        title={insightTitle(insight)}
        description={insight.description ?? "A SQL insight"}
        actions={
          <Button variant="outline" asChild>
            <Link href={`/project/${projectId}/sql`}>
              <CodeIcon /> SQL editor
            </Link>
          </Button>
        }
      />
      <pre className="overflow-x-auto rounded-lg border bg-muted/40 p-3 font-mono text-xs">{source.query}</pre>
      <div className="rounded-lg border bg-card p-3">
        {rows.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : rows.isError ? (
          <FormAlert>{errorMessage(rows.error)}</FormAlert>
        ) : (
          <SqlInsightResult
            insight={{ query: insight.query, result: rows.data.results, columns: rows.data.columns, types: rows.data.types }}
          />
        )}
      </div>
    </div>
  );
}
