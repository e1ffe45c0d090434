"use client";

import dynamic from "next/dynamic";
import type { ReactNode } from "react";
import type { AnnotationMarker } from "@/components/annotations/use-chart-annotations";
import { ChartLegend } from "@/components/insights/charts/chart-legend";
import { ChartLoading } from "@/components/insights/charts/chart-loading";
import { lineColor } from "@/components/insights/charts/line-colors";
import { TrendNumbers } from "@/components/insights/charts/trend-numbers";
import { lineLabel, type TrendLine } from "@/components/insights/trends/results";
import type { TimeSeriesDisplay } from "@/components/insights/trends/types";
import type { PointHandler } from "@/components/insights/trends/types";
import { cn } from "@/lib/ui/utils";

const TimeSeriesDrawing = dynamic(() => import("@/components/insights/trends/drawings").then((m) => m.TimeSeriesDrawing), {
  ssr: false,
  loading: ChartLoading,
});
const TotalsPieDrawing = dynamic(() => import("@/components/insights/trends/drawings").then((m) => m.TotalsPieDrawing), {
  ssr: false,
  loading: ChartLoading,
});
const TotalsBarsDrawing = dynamic(() => import("@/components/insights/trends/drawings").then((m) => m.TotalsBarsDrawing), {
  ssr: false,
  loading: ChartLoading,
});

const TIME_SERIES = new Set<string>([
  "ActionsLineGraph",
  "ActionsLineGraphCumulative",
  "ActionsAreaGraph",
  "ActionsBar",
  "ActionsStackedBar",
]);
export const isTimeSeries = (display: string) => TIME_SERIES.has(display);

/** The plot's height in the builder: fixed, whatever the legend's length. */
const PLOT_HEIGHT = 320;

/** What the chart draws, on its container: lets a reader (or a test) check the drawing against the table. */
const drawn = (lines: TrendLine[], interval: string) =>
  JSON.stringify(lines.map((line) => ({ label: lineLabel(line, interval), data: line.data, total: line.total })));

/**
 * The trend's lines drawn as the display asks: a time series (line, area, cumulative, bar, stacked bar; a compared
 * period dashed and lighter), a pie or horizontal bars of the totals, or big numbers. The lines come coloured (see
 * `colorLines`). The legend sits under the plot, which keeps its height: compact (tiles), the plot fills the box
 * above a one-row legend. `onPoint` opens the persons behind a clicked point (interval `index` of `line`, or of
 * every line when the chart cannot tell which).
 */
export function TrendChart({
  lines,
  display,
  interval,
  compact,
  onPoint,
  markers,
}: {
  lines: TrendLine[];
  display: string;
  interval: string;
  compact?: boolean;
  onPoint?: PointHandler;
  /** Annotations on the time axis (time series only). */
  markers?: AnnotationMarker[];
}) {
  const legend = lines.map((line) => ({
    id: line.id,
    label: lineLabel(line, interval),
    color: lineColor(line),
    previous: line.compare === "previous",
  }));
  const box = (children: ReactNode, { plotHeight = PLOT_HEIGHT, withLegend = true } = {}) => (
    <div className={cn("flex w-full flex-col gap-2", compact && "h-full")} data-testid="trend-chart" data-series={drawn(lines, interval)}>
      <div
        className={cn("w-full", compact && "min-h-0 flex-1")}
        style={compact ? undefined : { height: plotHeight }}
        data-testid="trend-plot"
      >
        {children}
      </div>
      {withLegend ? <ChartLegend entries={legend} compact={compact} /> : null}
    </div>
  );
  if (!lines.length)
    return (
      <div
        className={cn("grid place-items-center rounded-lg border border-dashed text-sm text-muted-foreground", compact ? "h-full" : "h-80")}
      >
        Every row is hidden: tick one in the table to draw it.
      </div>
    );
  if (display === "BoldNumber")
    return <TrendNumbers lines={lines} interval={interval} compact={compact} data-series={drawn(lines, interval)} />;
  if (display === "ActionsPie") return box(<TotalsPieDrawing lines={lines} interval={interval} />);
  if (display === "ActionsBarValue" || display === "WorldMap")
    // A bar per line, named on its axis: the plot grows with them.
    return box(<TotalsBarsDrawing lines={lines} interval={interval} compact={compact} />, {
      plotHeight: Math.max(PLOT_HEIGHT, lines.length * 32 + 40),
      withLegend: false,
    });
  if (!isTimeSeries(display)) return null;
  return box(
    <TimeSeriesDrawing
      lines={lines}
      display={display as TimeSeriesDisplay}
      interval={interval}
      compact={compact}
      onPoint={onPoint}
      markers={markers}
    />,
  );
}
