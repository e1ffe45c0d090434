"use client";

import { useQuery } from "@tanstack/react-query";
import { TrendChart } from "@/components/insights/trends/chart";
import { colorLines } from "@/components/insights/charts/line-colors";
import { ChartLoading } from "@/components/insights/charts/chart-loading";
import { trendLines } from "@/components/insights/trends/results";
import { VISITORS_SERIES } from "@/lib/analytics/web/visitors-trend";
import type { TTrendItem } from "@/lib/ui/types";
import { visitorsTrendQuery, type WebSource, type WebTrendInput } from "@/lib/ui/web/queries";

/** The trend behind the main chart and the tiles' sparklines, its series in VISITORS_SERIES's order. */
export function useVisitorsTrend(source: WebSource, input: WebTrendInput) {
  const answer = useQuery(visitorsTrendQuery(source, input));
  const items = (answer.data?.result ?? []) as TTrendItem[];
  const sparklines = Object.fromEntries(VISITORS_SERIES.map(({ key }, i) => [key, items[i]?.data ?? []]));
  return { answer, items, sparklines };
}

/** Visitors and page views over the range, one point per day (per hour for a day or less). */
export function VisitorsChart({ trend }: { trend: ReturnType<typeof useVisitorsTrend> }) {
  if (trend.answer.isPending) return <ChartLoading />;
  if (trend.answer.isError) return <p className="text-sm text-destructive">{trend.answer.error.message}</p>;
  const lines = colorLines(trendLines(trend.items.slice(0, 2)));
  return (
    <section className="rounded-lg border bg-card p-3" aria-label="Visitors and page views">
      <TrendChart lines={lines} display="ActionsLineGraph" interval={String(trend.answer.data?.interval ?? "day")} />
    </section>
  );
}
