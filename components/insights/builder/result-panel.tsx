"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertCircleIcon, LoaderCircleIcon, RefreshCwIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { kindOf } from "@/components/insights/builder/kinds";
import { ResultLoading } from "@/components/insights/builder/loading";
import type { AnyInsightKind } from "@/components/insights/builder/types";
import { Button } from "@/components/ui/button";
import type { LegacyFilters } from "@/lib/insights/builder/url-state";
import { errorMessage } from "@/lib/ui/api-client";
import { formatRelative } from "@/lib/ui/format";
import { analysisQuery, fetchAnalysis } from "@/lib/ui/insights/queries";

/** Seconds after which a running analysis says it is slow (PostHog's hint comes at 7 s). */
const SLOW_AFTER_MS = 7000;

/**
 * Computes the filter through the analysis endpoint and draws it with the kind's view: a skeleton while the first
 * result loads, the previous chart dimmed while a change recomputes, a Cancel button for either, the error with a
 * retry, and whether the result came from the cache, with a refresh that computes it anew.
 */
export function ResultPanel({
  projectId,
  kind,
  filters,
  setFilters,
  title,
  insightId,
}: {
  projectId: number;
  kind: AnyInsightKind;
  filters: LegacyFilters;
  setFilters: (patch: LegacyFilters) => void;
  /** The insight's name, for the files its view downloads. */
  title?: string;
  /** The saved insight shown, whose own annotations join the project's on its time axis; null for a new one. */
  insightId: number | null;
}) {
  const queryClient = useQueryClient();
  const posted = kind.viewKeys ? Object.fromEntries(Object.entries(filters).filter(([key]) => !kind.viewKeys!.includes(key))) : filters;
  const options = analysisQuery(projectId, kind.endpoint, posted);
  // The previous chart stays while a change recomputes, but only for the same kind: another kind's result has another shape.
  const query = useQuery({
    ...options,
    placeholderData: (previous, previousQuery) =>
      previousQuery && sameKind(previousQuery.queryKey, options.queryKey) ? keepPreviousData(previous) : undefined,
  });
  const [refreshing, setRefreshing] = useState(false);
  const running = query.isFetching || refreshing;
  const slow = useElapsed(running) > SLOW_AFTER_MS;

  const cancel = () => queryClient.cancelQueries({ queryKey: options.queryKey });
  const refresh = async () => {
    setRefreshing(true);
    try {
      queryClient.setQueryData(options.queryKey, await fetchAnalysis(projectId, kind.endpoint, posted, { refresh: true }));
    } catch {
      await query.refetch();
    } finally {
      setRefreshing(false);
    }
  };

  const status = running ? (
    <span className="flex items-center gap-2" role="status">
      <LoaderCircleIcon className="size-4 animate-spin" /> {slow ? "This is taking a while…" : "Calculating…"}
      <Button variant="ghost" size="sm" onClick={cancel}>
        Cancel
      </Button>
    </span>
  ) : query.data ? (
    <span className="flex items-center gap-2">
      <span title={query.data.last_refresh ?? undefined}>
        {query.data.is_cached ? "Cached" : "Computed"} {formatRelative(query.data.last_refresh ?? null).toLowerCase()}
      </span>
      <Button variant="ghost" size="sm" onClick={refresh} aria-label="Refresh result">
        <RefreshCwIcon /> Refresh
      </Button>
    </span>
  ) : null;

  return (
    <div className="grid gap-3">
      <div className="flex min-h-8 items-center justify-end text-xs text-muted-foreground">{status}</div>
      {query.isError && !running ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-8 text-center"
        >
          <AlertCircleIcon className="size-6 text-destructive" />
          <p className="text-sm">{query.error.name === "CancelledError" ? "The calculation was cancelled." : errorMessage(query.error)}</p>
          <Button variant="outline" size="sm" onClick={() => query.refetch()}>
            Try again
          </Button>
        </div>
      ) : query.data ? (
        <div className={running ? "pointer-events-none opacity-50 transition-opacity" : "transition-opacity"} aria-busy={running}>
          <kind.View
            projectId={projectId}
            filters={filters}
            setFilters={setFilters}
            response={query.data}
            title={title}
            annotations={{ insightId }}
          />
        </div>
      ) : (
        <ResultLoading />
      )}
    </div>
  );
}

/** Whether two analysis keys (`[…, endpoint, filters]`) are of one kind. */
const sameKind = (a: readonly unknown[], b: readonly unknown[]) =>
  kindOf((a[3] ?? {}) as LegacyFilters) === kindOf((b[3] ?? {}) as LegacyFilters);

/** Milliseconds since `active` last became true (0 while false), ticking each second. */
function useElapsed(active: boolean): number {
  const [since, setSince] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (!active) {
      setSince(null);
      return;
    }
    const start = Date.now();
    setSince(start);
    setNow(start);
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return since === null ? 0 : now - since;
}
