import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/ui/api-client";
import { webKeys } from "@/lib/ui/query-keys";

/** One overview tile as the query API answers it (PostHog's WebOverviewItem). */
export interface WebOverviewItem {
  key: string;
  kind: "unit" | "duration_s" | "percentage";
  value: number | null;
  previous: number | null;
  changeFromPreviousPct: number | null;
  isIncreaseBad?: boolean;
}

/** A stats table row: the value, then `[current, previous]` per column. */
export type WebStatsRow = [string | null, ...[number | null, number | null][]];

export interface WebQueryAnswer {
  results: unknown;
  columns?: string[];
  hasMore?: boolean;
}

/** A web analytics query (`WebOverviewQuery`, `WebStatsTableQuery`) through the query API. */
export const webQuery = (projectId: number, query: Record<string, unknown>) =>
  queryOptions({
    queryKey: webKeys.result(projectId, query),
    queryFn: ({ signal }) => api.post<WebQueryAnswer>(`/api/projects/${projectId}/query/`, { query }, { signal }),
    staleTime: 30_000,
    retry: false,
  });
