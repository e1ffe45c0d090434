"use client";

import type { KindEditorProps } from "@/components/insights/builder/types";
import { isTimeSeries } from "@/components/insights/trends/chart";
import type { TrendsFilters } from "@/components/insights/trends/types";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Select as SelectPrimitive } from "radix-ui";
import { INTERVALS } from "@/lib/analytics/filters/dates";

const INTERVAL_LABELS: Record<string, string> = { minute: "minute", hour: "hour", day: "day", week: "week", month: "month" };

/** PostHog's chart types, grouped as its display picker (ChartFilter.tsx); area and stacked bar are drawing choices. */
const DISPLAY_GROUPS: [string, [string, string][]][] = [
  [
    "Time series",
    [
      ["ActionsLineGraph", "Line chart"],
      ["ActionsAreaGraph", "Area chart"],
      ["ActionsBar", "Bar chart"],
      ["ActionsStackedBar", "Stacked bar chart"],
    ],
  ],
  ["Cumulative time series", [["ActionsLineGraphCumulative", "Line chart (cumulative)"]]],
  [
    "Total value",
    [
      ["BoldNumber", "Number"],
      ["ActionsPie", "Pie chart"],
      ["ActionsBarValue", "Bar chart (totals)"],
      ["ActionsTable", "Table"],
    ],
  ],
];

/** Interval (time series only, as PostHog hides it otherwise), chart type and compare to the previous period. */
export function TrendsDisplayConfig({ filters, setFilters }: KindEditorProps<TrendsFilters>) {
  const display = String(filters.display ?? "ActionsLineGraph");
  return (
    <div className="flex flex-wrap items-center gap-2">
      {isTimeSeries(display) ? (
        <Select value={String(filters.interval ?? "day")} onValueChange={(interval) => setFilters({ interval })}>
          <SelectTrigger size="sm" aria-label="Interval">
            <span className="text-muted-foreground">grouped by</span>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {INTERVALS.map((interval) => (
              <SelectItem key={interval} value={interval}>
                {INTERVAL_LABELS[interval] ?? interval}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      ) : null}
      <Select
        value={filters.compare ? "previous" : "none"}
        onValueChange={(value) => setFilters({ compare: value === "previous" || undefined })}
      >
        <SelectTrigger size="sm" aria-label="Compare">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="none">No comparison</SelectItem>
          <SelectItem value="previous">Compare to previous period</SelectItem>
        </SelectContent>
      </Select>
      <Select value={display} onValueChange={(value) => setFilters({ display: value })}>
        <SelectTrigger size="sm" aria-label="Chart type">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {DISPLAY_GROUPS.map(([group, displays]) => (
            <SelectPrimitive.Group key={group}>
              <SelectPrimitive.Label className="px-2 pt-2 pb-1 text-xs font-medium text-muted-foreground">{group}</SelectPrimitive.Label>
              {displays.map(([value, label]) => (
                <SelectItem key={value} value={value}>
                  {label}
                </SelectItem>
              ))}
            </SelectPrimitive.Group>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
