import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/ui/api-client";
import { analysisKeys } from "@/lib/ui/query-keys";

/** A HogQL query's answer from the query API (PostHog's HogQLQueryResponse). */
export interface HogQLAnswer {
  results: unknown[][];
  columns: string[];
  types: [string, string][];
  hasMore: boolean;
  limit: number;
}

/** What a query's `{filters}` placeholder applies (PostHog's HogQLFilters): the editor sets the date range. */
export interface HogQLFilters {
  dateRange?: { date_from?: string; date_to?: string };
}

/** Whether a query has a `{filters}` placeholder (or one of its bounds), which the editor's filters then apply to. */
export const usesFiltersPlaceholder = (query: string) => /\{\s*filters\b/.test(query);

/** Runs HogQL through the query API (its limits: the default and maximum LIMIT, the query's length); `signal` cancels it. */
export function runHogQLQuery(projectId: number, query: string, signal: AbortSignal, filters?: HogQLFilters) {
  return api.post<HogQLAnswer>(`/api/projects/${projectId}/query/`, { query: { kind: "HogQLQuery", query, filters } }, { signal });
}

/** A saved SQL insight's rows: its HogQL through the query API (whose cache the editor's runs share). */
export const hogqlResultQuery = (projectId: number, query: string, filters?: HogQLFilters) =>
  queryOptions({
    queryKey: analysisKeys.result(projectId, "query", { query, filters }),
    queryFn: ({ signal }) => runHogQLQuery(projectId, query, signal, filters),
    staleTime: 30_000,
    retry: false,
  });
