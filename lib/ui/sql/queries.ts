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

/** Runs HogQL through the query API (its limits: the default and maximum LIMIT, the query's length); `signal` cancels it. */
export function runHogQLQuery(projectId: number, query: string, signal: AbortSignal) {
  return api.post<HogQLAnswer>(`/api/projects/${projectId}/query/`, { query: { kind: "HogQLQuery", query } }, { signal });
}

/** A saved SQL insight's rows: its HogQL through the query API (whose cache the editor's runs share). */
export const hogqlResultQuery = (projectId: number, query: string) =>
  queryOptions({
    queryKey: analysisKeys.result(projectId, "query", { query }),
    queryFn: ({ signal }) => runHogQLQuery(projectId, query, signal),
    staleTime: 30_000,
    retry: false,
  });
