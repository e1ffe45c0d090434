"use client";

import type { ReactNode } from "react";
import { DateRangePicker } from "@/components/insights/controls/date-range-picker";
import type { PropertyFilterValue } from "@/components/insights/controls/filter-kinds";
import { completeFilters, filtersFromParam } from "@/components/insights/controls/property-filters";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import type { WebPageState } from "@/components/web/web-filters";
import { useTableUrlState } from "@/lib/ui/use-table-url-state";

/** The page's state in the URL (range, filters, switches), shared by the members' page and a shared link. */
export function useWebPageState() {
  const url = useTableUrlState({
    sortable: [],
    defaultSort: { id: "visitors", desc: true },
    filters: ["date_from", "date_to", "properties", "test", "clean"],
  });
  const state: WebPageState = {
    date_from: url.filters.date_from,
    date_to: url.filters.date_to,
    filters: filtersFromParam(url.filters.properties),
    filterTestAccounts: url.filters.test === "1",
    doPathCleaning: url.filters.clean === "1",
  };
  const setFilters = (next: PropertyFilterValue[]) => url.setFilter("properties", next.length ? JSON.stringify(next) : null);
  return { url, state, complete: completeFilters(state.filters), setFilters };
}

function Toggle({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (next: boolean) => void }) {
  return (
    <div className="flex items-center gap-2">
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}

/** The range and the two switches; `children` after them (the members' page adds the test accounts hint). */
export function WebRangeControls({ page, children }: { page: ReturnType<typeof useWebPageState>; children?: ReactNode }) {
  const { url, state } = page;
  return (
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
      {children}
      <Toggle
        id="web-path-cleaning"
        label="Path cleaning"
        checked={state.doPathCleaning}
        onChange={(on) => url.setFilter("clean", on ? "1" : null)}
      />
    </div>
  );
}
