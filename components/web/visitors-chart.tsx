"use client";

import { useQuery } from "@tanstack/react-query";
import { TrendChart } from "@/components/insights/trends/chart";
import { colorLines } from "@/components/insights/charts/line-colors";
import { ChartLoading } from "@/components/insights/charts/chart-loading";
import { trendLines } from "@/components/insights/trends/results";
import type { PropertyFilterValue } from "@/components/insights/controls/filter-kinds";
import { analysisQuery } from "@/lib/ui/insights/queries";
import type { TTrendItem } from "@/lib/ui/types";

/** The trend behind the main chart and the tiles' sparklines: visitors, views, sessions and session duration per day. */
const SERIES = [
  { key: "visitors", math: "dau", custom_name: "Visitors" },
  { key: "views", math: "total", custom_name: "Page views" },
  { key: "sessions", math: "unique_session", custom_name: "Sessions" },
  { key: "session duration", math: "avg", math_property: "$session_duration", custom_name: "Session duration" },
] as const;

export function useVisitorsTrend(
  projectId: number,
  range: { date_from: string; date_to?: string | null },
  filters: PropertyFilterValue[],
  testAccounts: boolean,
) {
  const filter = {
    insight: "TRENDS",
    events: SERIES.map(({ key: _key, ...series }, order) => ({ id: "$pageview", type: "events", order, ...series })),
    date_from: range.date_from,
    date_to: range.date_to ?? undefined,
    interval: /^-\d+h$/.test(range.date_from) ? "hour" : "day",
    properties: filters,
    filter_test_accounts: testAccounts,
  };
  const answer = useQuery(analysisQuery(projectId, "trend", filter));
  const items = (answer.data?.result ?? []) as TTrendItem[];
  const sparklines = Object.fromEntries(SERIES.map(({ key }, i) => [key, items[i]?.data ?? []]));
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
