import { api } from "@/lib/ui/api-client";

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
