"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import Link from "next/link";
import { Skeleton } from "@/components/ui/skeleton";
import { FormAlert } from "@/components/ui/field";
import { errorMessage } from "@/lib/ui/api-client";
import { formatCount } from "@/lib/ui/format";
import type { TInsightUsage } from "@/lib/ui/types";

/** "Used in N insights", and links to the most recently changed of them (the API names at most 20). */
export function InsightUsage({ projectId, usage }: { projectId: number; usage: UseQueryResult<TInsightUsage> }) {
  return (
    <section className="grid gap-2" aria-labelledby="insight-usage-heading">
      <h2 id="insight-usage-heading" className="text-lg font-semibold">
        {usage.data ? `Used in ${formatCount(usage.data.count)} ${usage.data.count === 1 ? "insight" : "insights"}` : "Used in insights"}
      </h2>
      {usage.isPending ? <Skeleton className="h-6 w-64" role="status" aria-label="Loading" /> : null}
      {usage.error ? <FormAlert>{errorMessage(usage.error)}</FormAlert> : null}
      {usage.data && usage.data.count === 0 ? <p className="text-sm text-muted-foreground">No insight uses it yet.</p> : null}
      {usage.data?.results.length ? (
        <ul className="grid gap-1 text-sm">
          {usage.data.results.map((insight) => (
            <li key={insight.id}>
              <Link href={`/project/${projectId}/insights/${insight.short_id}`} className="text-primary underline-offset-4 hover:underline">
                {insight.name || insight.derived_name || `Insight ${insight.short_id}`}
              </Link>
            </li>
          ))}
          {usage.data.count > usage.data.results.length ? (
            <li className="text-muted-foreground">and {formatCount(usage.data.count - usage.data.results.length)} more</li>
          ) : null}
        </ul>
      ) : null}
    </section>
  );
}
