"use client";

import dynamic from "next/dynamic";
import { ChartLegend } from "@/components/insights/charts/chart-legend";
import { ChartLoading } from "@/components/insights/charts/chart-loading";
import type { TrendLine } from "@/components/insights/trends/results";
import { cn } from "@/lib/ui/utils";
import { LIFECYCLE_STATUSES, type LifecycleStatus } from "@/lib/analytics/lifecycle/statuses";
import { STATUS_LABELS, STATUS_MEANINGS, statusColor } from "./lifecycle-data";

const LifecycleDrawing = dynamic(() => import("./drawings").then((m) => m.LifecycleDrawing), { ssr: false, loading: ChartLoading });

type StatusLine = TrendLine & { id: LifecycleStatus };

/**
 * The stacked bars of the shown statuses and, under them, the legend. Full: the legend's entries turn statuses on
 * and off (`onToggle`) and a bar opens its persons (`onBar`). Compact (tiles): the plot fills the box above a
 * one-row legend of the shown statuses.
 */
export function LifecycleChart({
  lines,
  shown,
  interval,
  compact,
  onToggle,
  onBar,
}: {
  lines: StatusLine[];
  shown: Set<LifecycleStatus>;
  interval: string;
  compact?: boolean;
  onToggle?: (status: LifecycleStatus) => void;
  onBar?: (status: LifecycleStatus, index: number) => void;
}) {
  const drawn = lines.filter((line) => shown.has(line.id));
  const legend = drawn.map((line) => ({ id: line.id, label: STATUS_LABELS[line.id], color: statusColor(line.id) }));
  return (
    <div
      className={cn("flex w-full flex-col gap-2", compact && "h-full")}
      data-testid="lifecycle-chart"
      data-series={JSON.stringify(drawn.map((line) => ({ status: line.id, data: line.data })))}
    >
      <div className={cn("w-full", compact ? "min-h-0 flex-1" : "h-80")}>
        {drawn.length ? (
          <LifecycleDrawing lines={drawn} interval={interval} compact={compact} onBar={onBar} />
        ) : (
          <p className="grid h-full place-items-center rounded-lg border border-dashed text-sm text-muted-foreground">
            Every status is hidden{onToggle ? ": turn one on below." : "."}
          </p>
        )}
      </div>
      {onToggle ? <StatusToggles shown={shown} onToggle={onToggle} /> : <ChartLegend entries={legend} compact={compact} />}
    </div>
  );
}

/** PostHog's lifecycle legend: a toggle per status, in stacking order, its colour struck out while hidden. */
function StatusToggles({ shown, onToggle }: { shown: Set<LifecycleStatus>; onToggle: (status: LifecycleStatus) => void }) {
  return (
    <fieldset className="flex flex-wrap justify-center gap-2 text-xs">
      <legend className="sr-only">Statuses shown</legend>
      {LIFECYCLE_STATUSES.map((status) => {
        const on = shown.has(status);
        return (
          <button
            key={status}
            type="button"
            aria-pressed={on}
            title={STATUS_MEANINGS[status]}
            onClick={() => onToggle(status)}
            className={cn(
              "flex items-center gap-1.5 rounded-md border px-2 py-1 outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50",
              !on && "text-muted-foreground line-through",
            )}
          >
            <span
              className="size-2.5 rounded-sm border"
              style={{ background: on ? statusColor(status) : "transparent", borderColor: statusColor(status) }}
              aria-hidden
            />
            {STATUS_LABELS[status]}
          </button>
        );
      })}
    </fieldset>
  );
}
