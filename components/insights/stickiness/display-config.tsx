"use client";

import { useId } from "react";
import type { KindEditorProps } from "@/components/insights/builder/types";
import { IntervalSelect } from "@/components/insights/controls/interval-select";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { StickinessFilters } from "./types";

/** The intervals a stickiness counts in (PostHog's: minutes make no sense for "how many days"). */
const INTERVALS = { hour: "Hours", day: "Days", week: "Weeks", month: "Months" } as const;
const STICKINESS_DISPLAYS = { ActionsLineGraph: "Line chart", ActionsBar: "Bar chart" } as const;
export type StickinessDisplay = keyof typeof STICKINESS_DISPLAYS;

export const displayOf = (filters: StickinessFilters): StickinessDisplay =>
  filters.display === "ActionsBar" ? "ActionsBar" : "ActionsLineGraph";

/** Interval, compare to the previous period, and line or bar. */
export function StickinessDisplayConfig({ filters, setFilters }: KindEditorProps<StickinessFilters>) {
  const compareId = useId();
  return (
    <>
      <IntervalSelect value={filters.interval} labels={INTERVALS} onChange={(interval) => setFilters({ interval })} />
      <div className="flex items-center gap-2">
        <Checkbox
          id={compareId}
          checked={filters.compare === true}
          onCheckedChange={(on) => setFilters({ compare: on === true || undefined })}
        />
        <Label htmlFor={compareId} className="text-sm font-normal">
          Compare to previous period
        </Label>
      </div>
      <Select value={displayOf(filters)} onValueChange={(display) => setFilters({ display })}>
        <SelectTrigger size="sm" aria-label="Chart type">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {Object.entries(STICKINESS_DISPLAYS).map(([value, label]) => (
            <SelectItem key={value} value={value}>
              {label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </>
  );
}
