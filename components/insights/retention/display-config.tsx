"use client";

import type { KindEditorProps } from "@/components/insights/builder/types";
import { CommitInput } from "@/components/insights/controls/commit-input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { RetentionFilters, RetentionPeriod } from "./types";

/** Each period's name in the table's header ("Day 3") and in the picker. */
export const PERIOD_NAMES: Record<RetentionPeriod, { one: string; many: string; every: string }> = {
  Hour: { one: "Hour", many: "hours", every: "Hourly" },
  Day: { one: "Day", many: "days", every: "Daily" },
  Week: { one: "Week", many: "weeks", every: "Weekly" },
  Month: { one: "Month", many: "months", every: "Monthly" },
};

/** The bounds of `total_intervals` the API takes. */
const INTERVALS = { min: 1, max: 1000, default: 11 };

/** The bar above the table: how long a period is and how many of them (cohorts and intervals) to show. */
export function RetentionDisplayConfig({ filters, setFilters }: KindEditorProps<RetentionFilters>) {
  const period: RetentionPeriod = filters.period ?? "Day";
  const total = Number(filters.total_intervals ?? INTERVALS.default);
  return (
    <>
      <Select value={period} onValueChange={(value) => setFilters({ period: value as RetentionPeriod })}>
        <SelectTrigger size="sm" aria-label="Period">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {Object.entries(PERIOD_NAMES).map(([value, names]) => (
            <SelectItem key={value} value={value}>
              {names.every}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Label className="gap-1.5 text-sm font-normal text-muted-foreground">
        <CommitInput
          type="number"
          inputMode="numeric"
          aria-label={`Number of ${PERIOD_NAMES[period].many}`}
          min={INTERVALS.min}
          max={INTERVALS.max}
          className="h-8 w-20"
          value={String(total)}
          onCommit={(text) => {
            const next = Math.round(Number(text));
            if (Number.isFinite(next)) setFilters({ total_intervals: Math.min(Math.max(next, INTERVALS.min), INTERVALS.max) });
          }}
        />
        {PERIOD_NAMES[period].many}
      </Label>
    </>
  );
}
