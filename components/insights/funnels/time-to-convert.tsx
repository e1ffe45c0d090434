"use client";

import dynamic from "next/dynamic";
import { ChartLoading } from "@/components/insights/charts/chart-loading";
import { histogramBars, type TFunnelTimeToConvert } from "@/components/insights/funnels/funnel-data";
import { formatCount, formatDuration } from "@/lib/ui/format";

const TimeToConvertDrawing = dynamic(() => import("@/components/insights/funnels/drawings").then((m) => m.TimeToConvertDrawing), {
  ssr: false,
  loading: ChartLoading,
});

/** The time-to-convert histogram: how long persons took from one step to another, in PostHog's bins. */
export function TimeToConvertChart({
  result,
  fromName,
  toName,
  compact,
}: {
  result: TFunnelTimeToConvert;
  fromName: string;
  toName: string;
  compact?: boolean;
}) {
  const bars = histogramBars(result);
  const total = bars.reduce((sum, bar) => sum + bar.count, 0);
  if (total === 0)
    return (
      <p className="grid h-48 place-items-center rounded-lg border border-dashed text-sm text-muted-foreground">
        Nobody converted from {fromName} to {toName} in this date range.
      </p>
    );
  return (
    <div className="grid gap-2" data-testid="funnel-time-to-convert">
      {compact ? null : (
        <p className="text-sm">
          Average time from <span className="font-medium">{fromName}</span> to <span className="font-medium">{toName}</span>:{" "}
          <span className="font-semibold tabular-nums" data-testid="funnel-average-time">
            {formatDuration(result.average_conversion_time)}
          </span>{" "}
          <span className="text-muted-foreground">({formatCount(total)} conversions)</span>
        </p>
      )}
      <div className={compact ? "h-full min-h-40" : "h-72"}>
        <TimeToConvertDrawing bars={bars} />
      </div>
    </div>
  );
}
