"use client";

import { useQuery } from "@tanstack/react-query";
import type { PropertyFilterValue } from "@/components/insights/controls/filter-kinds";
import { CARDS } from "@/components/web/cards";
import { OverviewTiles } from "@/components/web/overview-tiles";
import { StatsCard } from "@/components/web/stats-card";
import { useVisitorsTrend, VisitorsChart } from "@/components/web/visitors-chart";
import { commonQuery, rowFilter, type WebPageState } from "@/components/web/web-filters";
import { webQuery, type WebOverviewItem, type WebSource } from "@/lib/ui/web/queries";

/**
 * What the web analytics page shows for its state, on the members' page and on a shared link alike: the overview
 * tiles, visitors over time and the breakdown cards; a click on a row adds its filter (`onFilters`).
 */
export function WebReport({
  source,
  state,
  complete,
  onFilters,
}: {
  source: WebSource;
  state: WebPageState;
  /** The filters complete enough to apply. */
  complete: PropertyFilterValue[];
  onFilters: (next: PropertyFilterValue[]) => void;
}) {
  const common = commonQuery(state, complete);
  const overview = useQuery(webQuery(source, { kind: "WebOverviewQuery", ...common }));
  const trend = useVisitorsTrend(source, {
    dateRange: common.dateRange,
    properties: complete,
    filterTestAccounts: state.filterTestAccounts,
  });
  const onPick = (breakdown: string, value: string) => {
    const filter = breakdown === "Page" && state.doPathCleaning ? null : rowFilter(breakdown, value);
    return filter ? () => onFilters([...state.filters, filter]) : null;
  };
  return (
    <>
      {overview.isError ? (
        <p className="text-sm text-destructive">{overview.error.message}</p>
      ) : (
        <OverviewTiles
          items={overview.data?.results as WebOverviewItem[] | undefined}
          sparklines={trend.sparklines}
          loading={overview.isPending}
        />
      )}
      <VisitorsChart trend={trend} />
      <div className="grid gap-4 lg:grid-cols-2">
        {CARDS.map((card) => (
          <StatsCard key={card.title} source={source} title={card.title} tabs={card.tabs} common={common} onPick={onPick} />
        ))}
      </div>
    </>
  );
}
