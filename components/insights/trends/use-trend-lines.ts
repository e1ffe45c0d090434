"use client";

import { keepPreviousData, useQueries } from "@tanstack/react-query";
import { useMemo } from "react";
import { formulaFilters, seriesFilter } from "@/components/insights/trends/formulas";
import { trendLines, type TrendLine } from "@/components/insights/trends/results";
import type { TrendsFilters } from "@/components/insights/trends/types";
import { compactFilters } from "@/lib/insights/builder/url-state";
import { errorMessage } from "@/lib/ui/api-client";
import { analysisQuery } from "@/lib/ui/project-queries";
import type { AnalysisResponse, TTrendItem } from "@/lib/ui/types";

/**
 * The trend's lines: the series (the builder's own request answers them, the filter's `formulas` being ignored by
 * the API) and one request per formula, each cached under its exact body. A filter with PostHog's single `formula`
 * is answered with that formula's lines alone, so its series are asked for separately.
 */
export function useTrendLines(projectId: number, filters: TrendsFilters, result: TTrendItem[]) {
  const single = typeof filters.formula === "string" && filters.formula.trim() !== "";
  const formulas = formulaFilters(filters);
  const bodies = [...(single ? [seriesFilter(filters)] : []), ...formulas.map((request) => request.filter)];
  const queries = useQueries({
    queries: bodies.map((body) => ({ ...analysisQuery(projectId, "trend", compactFilters(body)), placeholderData: keepPreviousData })),
  });
  const seriesQuery = single ? queries[0] : null;
  const formulaQueries = queries.slice(single ? 1 : 0);
  const seriesItems = seriesQuery ? (seriesQuery.data as AnalysisResponse<TTrendItem[]> | undefined)?.result : result;
  const formulaItems = formulaQueries.map((query) => (query.data as AnalysisResponse<TTrendItem[]> | undefined)?.result);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the query results themselves, stable until a request answers anew
  const lines: TrendLine[] = useMemo(
    () =>
      trendLines(
        seriesItems ?? [],
        formulas.flatMap(({ formula }, i) => (formulaItems[i] ? [{ formula, items: formulaItems[i] }] : [])),
      ),
    [seriesItems, ...formulaItems],
  );
  const errors = [
    ...(seriesQuery?.isError ? [{ what: "The series", message: errorMessage(seriesQuery.error) }] : []),
    ...formulaQueries.flatMap((query, i) => (query.isError ? [{ what: `Formula ${formulas[i].formula}`, message: errorMessage(query.error) }] : [])),
  ];
  const retry = () => {
    for (const query of queries) if (query.isError) query.refetch();
  };
  return { lines, fetching: queries.some((query) => query.isFetching), errors, retry };
}
