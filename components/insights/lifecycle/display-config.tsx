"use client";

import type { KindEditorProps } from "@/components/insights/builder/types";
import { IntervalSelect } from "@/components/insights/controls/interval-select";
import type { LifecycleFilters } from "./types";

/** The intervals PostHog's lifecycle offers. */
const INTERVALS = { hour: "Hour", day: "Day", week: "Week", month: "Month" } as const;

/** The interval each bar counts; a lifecycle has no compare and no other display. */
export function LifecycleDisplayConfig({ filters, setFilters }: KindEditorProps<LifecycleFilters>) {
  return <IntervalSelect value={filters.interval} labels={INTERVALS} onChange={(interval) => setFilters({ interval })} />;
}
