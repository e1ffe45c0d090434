"use client";

import type { KindEditorProps } from "@/components/insights/builder/types";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { LifecycleFilters } from "./types";

/** The intervals PostHog's lifecycle offers. */
const INTERVALS = { hour: "Hour", day: "Day", week: "Week", month: "Month" } as const;

/** The interval each bar counts; a lifecycle has no compare and no other display. */
export function LifecycleDisplayConfig({ filters, setFilters }: KindEditorProps<LifecycleFilters>) {
  return (
    <Select value={String(filters.interval ?? "day")} onValueChange={(interval) => setFilters({ interval })}>
      <SelectTrigger size="sm" aria-label="Interval">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {Object.entries(INTERVALS).map(([value, label]) => (
          <SelectItem key={value} value={value}>
            {label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
