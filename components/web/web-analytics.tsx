"use client";

import { useQuery } from "@tanstack/react-query";
import { DateRangePicker } from "@/components/insights/controls/date-range-picker";
import type { PropertyFilterValue } from "@/components/insights/controls/filter-kinds";
import { completeFilters, filtersFromParam, PropertyFiltersEditor } from "@/components/insights/controls/property-filters";
import { PageHeader } from "@/components/page-header";
import { TestAccountsHint } from "@/components/project/test-accounts-hint";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { LiveVisitors } from "@/components/web/live-visitors";
import { OverviewTiles } from "@/components/web/overview-tiles";
import { StatsCard } from "@/components/web/stats-card";
import { CARDS } from "@/components/web/cards";
import { useVisitorsTrend, VisitorsChart } from "@/components/web/visitors-chart";
import { commonQuery, rowFilter } from "@/components/web/web-filters";
import { useTableUrlState } from "@/lib/ui/use-table-url-state";
import { webQuery, type WebOverviewItem } from "@/lib/ui/web/queries";

function Toggle({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (next: boolean) => void }) {
  return (
    <div className="flex items-center gap-2">
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}

/**
 * `/project/:id/web`: web analytics of the project's pageviews — overview tiles beside the previous period, visitors
 * and views over time, breakdown cards — with the range, filters and switches in the URL; a click on a row adds a filter.
 */
export function WebAnalytics({ projectId }: { projectId: number }) {
  const url = useTableUrlState({
    sortable: [],
    defaultSort: { id: "visitors", desc: true },
    filters: ["date_from", "date_to", "properties", "test", "clean"],
  });
  const state = {
    date_from: url.filters.date_from,
    date_to: url.filters.date_to,
    filters: filtersFromParam(url.filters.properties),
    filterTestAccounts: url.filters.test === "1",
    doPathCleaning: url.filters.clean === "1",
  };
  const complete = completeFilters(state.filters);
  const common = commonQuery(state, complete);
  const overview = useQuery(webQuery(projectId, { kind: "WebOverviewQuery", ...common }));
  const trend = useVisitorsTrend(projectId, common.dateRange, complete, state.filterTestAccounts);
  const setFilters = (next: PropertyFilterValue[]) => url.setFilter("properties", next.length ? JSON.stringify(next) : null);
  const onPick = (breakdown: string, value: string) => {
    const filter = breakdown === "Page" && state.doPathCleaning ? null : rowFilter(breakdown, value);
    return filter ? () => setFilters([...state.filters, filter]) : null;
  };
  return (
    <>
      <PageHeader
        title="Web analytics"
        description="Visitors, pages and sources of the project's pageviews."
        actions={<LiveVisitors projectId={projectId} />}
      />
      <div className="grid gap-4">
        <div className="grid gap-3 rounded-lg border bg-card p-3">
          <div className="flex flex-wrap items-center gap-4">
            <DateRangePicker
              value={{ date_from: state.date_from, date_to: state.date_to }}
              onChange={(next) => url.setFilters({ date_from: next.date_from ?? null, date_to: next.date_to ?? null })}
            />
            <Toggle
              id="web-test-accounts"
              label="Filter out internal and test users"
              checked={state.filterTestAccounts}
              onChange={(on) => url.setFilter("test", on ? "1" : null)}
            />
            <TestAccountsHint projectId={projectId} />
            <Toggle
              id="web-path-cleaning"
              label="Path cleaning"
              checked={state.doPathCleaning}
              onChange={(on) => url.setFilter("clean", on ? "1" : null)}
            />
          </div>
          <PropertyFiltersEditor
            projectId={projectId}
            filters={state.filters}
            onChange={setFilters}
            types={["event", "person", "session"]}
          />
        </div>
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
            <StatsCard key={card.title} projectId={projectId} title={card.title} tabs={card.tabs} common={common} onPick={onPick} />
          ))}
        </div>
      </div>
    </>
  );
}
