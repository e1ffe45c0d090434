import { queryOptions } from "@tanstack/react-query";
import { visitorsTrendFilter } from "@/lib/analytics/web/visitors-trend";
import { api } from "@/lib/ui/api-client";
import { fetchAnalysis } from "@/lib/ui/insights/queries";
import { analysisKeys, webKeys } from "@/lib/ui/query-keys";
import type { AnalysisResponse } from "@/lib/ui/types";

/** One overview tile as the query API answers it (PostHog's WebOverviewItem). */
export interface WebOverviewItem {
  key: string;
  kind: "unit" | "duration_s" | "percentage";
  value: number | null;
  previous: number | null;
  changeFromPreviousPct: number | null;
  isIncreaseBad?: boolean;
  /** Bounce rate only: its value per interval, which the trend behind the other sparklines has no series for. */
  sparkline?: number[];
}

/** A stats table row: the value, then `[current, previous]` per column. */
export type WebStatsRow = [string | null, ...[number | null, number | null][]];

export interface WebQueryAnswer {
  results: unknown;
  columns?: string[];
  hasMore?: boolean;
}

/** Where a web analytics page's data comes from: the project's query API (members) or a shared page's token. */
export type WebSource = { projectId: number } | { accessToken: string };

const sharedPath = (accessToken: string, what: "query" | "trend") =>
  `/api/shared/${encodeURIComponent(accessToken)}/web_analytics/${what}/`;

const sourceKey = (source: WebSource) => ("projectId" in source ? source.projectId : source.accessToken);

const postWebQuery = (source: WebSource, query: Record<string, unknown>, signal: AbortSignal) =>
  api.post<WebQueryAnswer>(
    "projectId" in source ? `/api/projects/${source.projectId}/query/` : sharedPath(source.accessToken, "query"),
    { query },
    { signal },
  );

/** A web analytics query (`WebOverviewQuery`, `WebStatsTableQuery`; HogQL for members) through the query API. */
export const webQuery = (source: WebSource, query: Record<string, unknown>) =>
  queryOptions({
    queryKey: webKeys.result(sourceKey(source), query),
    queryFn: ({ signal }) => postWebQuery(source, query, signal),
    staleTime: 30_000,
    retry: false,
  });

const LIVE_MINUTES = 30;

/**
 * Visitors (persons with a pageview) in the last 30 minutes: the overview's unique visitors from 30 minutes before
 * each ask, so members and a shared page count them alike.
 */
export const liveVisitorsQuery = (source: WebSource) =>
  queryOptions({
    queryKey: webKeys.result(sourceKey(source), { kind: "live" }),
    queryFn: async ({ signal }) => {
      const dateRange = { date_from: new Date(Date.now() - LIVE_MINUTES * 60_000).toISOString() };
      const answer = await postWebQuery(source, { kind: "WebOverviewQuery", dateRange }, signal);
      const visitors = (answer.results as WebOverviewItem[]).find((item) => item.key === "visitors");
      return visitors?.value ?? 0;
    },
    staleTime: 0,
    retry: false,
  });

/** The page's range and filters, as its queries share them. */
export interface WebTrendInput {
  dateRange: { date_from: string; date_to?: string | null };
  properties: unknown[];
  filterTestAccounts: boolean;
}

/** The visitors trend behind the chart and the sparklines: the legacy trend endpoint, or the shared page's. */
export function visitorsTrendQuery(source: WebSource, input: WebTrendInput) {
  const filter = visitorsTrendFilter(input.dateRange, input.properties, input.filterTestAccounts);
  const queryKey: readonly unknown[] =
    "projectId" in source
      ? analysisKeys.result(source.projectId, "trend", filter)
      : webKeys.result(source.accessToken, { kind: "trend", ...input });
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      "projectId" in source
        ? fetchAnalysis(source.projectId, "trend", filter, { signal })
        : api.post<AnalysisResponse>(sharedPath(source.accessToken, "trend"), input, { signal }),
    staleTime: 30_000,
    retry: false,
  });
}
