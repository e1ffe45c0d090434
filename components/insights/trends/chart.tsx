"use client";

import dynamic from "next/dynamic";
import type { ReactNode } from "react";
import { ChartLoading } from "@/components/insights/charts/chart-loading";
import { seriesColor } from "@/components/insights/charts/palette";
import { lineLabel, type TrendLine } from "@/components/insights/trends/results";
import type { TimeSeriesDisplay } from "@/components/insights/trends/types";
import { formatPercent, formatValue } from "@/lib/ui/format";
import { cn } from "@/lib/ui/utils";

const TimeSeriesDrawing = dynamic(() => import("@/components/insights/trends/drawings").then((m) => m.TimeSeriesDrawing), { ssr: false, loading: ChartLoading });
const TotalsPieDrawing = dynamic(() => import("@/components/insights/trends/drawings").then((m) => m.TotalsPieDrawing), { ssr: false, loading: ChartLoading });
const TotalsBarsDrawing = dynamic(() => import("@/components/insights/trends/drawings").then((m) => m.TotalsBarsDrawing), { ssr: false, loading: ChartLoading });

const TIME_SERIES = new Set<string>(["ActionsLineGraph", "ActionsLineGraphCumulative", "ActionsAreaGraph", "ActionsBar", "ActionsStackedBar"]);
export const isTimeSeries = (display: string) => TIME_SERIES.has(display);

/** What the chart draws, on its container: lets a reader (or a test) check the drawing against the table. */
const drawn = (lines: TrendLine[], interval: string) =>
  JSON.stringify(lines.map((line) => ({ label: lineLabel(line, interval), data: line.data, total: line.total })));

/**
 * The trend's lines drawn as the display asks: a time series (line, area, cumulative, bar, stacked bar; a compared
 * period dashed and lighter), a pie or horizontal bars of the totals, or big numbers. `onPoint` opens the persons
 * behind a clicked point (interval `index` of `line`, or of every line when the chart cannot tell which).
 */
export function TrendChart({
  lines,
  display,
  interval,
  compact,
  onPoint,
}: {
  lines: TrendLine[];
  display: string;
  interval: string;
  compact?: boolean;
  onPoint?: (index: number, line: TrendLine | null) => void;
}) {
  const height = compact ? "100%" : 320;
  const box = (children: ReactNode, boxHeight: number | "100%" = height) => (
    <div style={{ height: boxHeight }} className="w-full" data-testid="trend-chart" data-series={drawn(lines, interval)}>
      {children}
    </div>
  );
  if (!lines.length)
    return (
      <div className={cn("grid place-items-center rounded-lg border border-dashed text-sm text-muted-foreground", compact ? "h-full" : "h-80")}>
        Every row is hidden: tick one in the table to draw it.
      </div>
    );
  if (display === "BoldNumber") return <BoldNumbers lines={lines} interval={interval} compact={compact} />;
  if (display === "ActionsPie") return box(<TotalsPieDrawing lines={lines} interval={interval} compact={compact} />);
  if (display === "ActionsBarValue" || display === "WorldMap")
    // A bar per line: the box grows with them (the drawing fills it).
    return box(<TotalsBarsDrawing lines={lines} interval={interval} compact={compact} />, compact ? height : Math.max(320, lines.length * 32 + 40));
  if (!isTimeSeries(display)) return null;
  return box(<TimeSeriesDrawing lines={lines} display={display as TimeSeriesDisplay} interval={interval} compact={compact} onPoint={onPoint} />);
}

/** PostHog's "Number" display: each line's total, large; beside a compared period, the change. */
function BoldNumbers({ lines, interval, compact }: { lines: TrendLine[]; interval: string; compact?: boolean }) {
  const previousOf = (line: TrendLine) =>
    line.compare === "current" ? lines.find((other) => other.compare === "previous" && other.source === line.source && other.breakdownValue === line.breakdownValue) : undefined;
  const shown = lines.filter((line) => line.compare !== "previous");
  return (
    <div
      className={cn("grid place-items-center gap-6 sm:grid-flow-col", compact ? "h-full" : "min-h-48 py-6")}
      data-testid="trend-chart"
      data-series={drawn(lines, interval)}
    >
      {shown.map((line) => {
        const previous = previousOf(line);
        const change = previous?.total ? (line.total - previous.total) / previous.total : null;
        return (
          <div key={line.id} className="grid justify-items-center gap-1 text-center">
            <span className={cn("font-semibold tabular-nums", compact ? "text-3xl" : "text-5xl")} style={{ color: shown.length > 1 ? seriesColor(line.colorIndex) : undefined }}>
              {formatValue(line.total)}
            </span>
            <span className="text-sm text-muted-foreground">{lineLabel(line, interval)}</span>
            {previous ? (
              <span className={cn("text-sm", change === null ? "text-muted-foreground" : change >= 0 ? "text-emerald-700 dark:text-emerald-400" : "text-rose-700 dark:text-rose-400")}>
                {change === null ? "No previous value" : `${change >= 0 ? "▲" : "▼"} ${formatPercent(Math.abs(change))}`} vs {formatValue(previous.total)} before
              </span>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
