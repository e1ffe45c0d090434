"use client";

import {
  Area,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Label,
  Line,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { annotationLines } from "@/components/annotations/chart-markers";
import type { AnnotationMarker } from "@/components/annotations/use-chart-annotations";
import { lineColor } from "@/components/insights/charts/line-colors";
import { LinesTooltip } from "@/components/insights/charts/lines-tooltip";
import { CHART_THEME } from "@/components/insights/charts/palette";
import { TOOLTIP_STYLE } from "@/components/insights/charts/tooltip-style";
import { chartRows, formatBucket, lineLabel, type TrendLine } from "@/components/insights/trends/results";
import { ActivePointTracker, useKeyboardPoint } from "@/components/insights/trends/keyboard-point";
import type { PointHandler, TimeSeriesDisplay } from "@/components/insights/trends/types";
import { formatCompact, formatPercent, formatValue } from "@/lib/ui/format";

// The recharts half of the trend chart, loaded after the page is interactive (see ChartLoading). The legend is
// drawn beside the plot by TrendChart, so that it never takes the plot's height.

const axisProps = {
  stroke: CHART_THEME.axis,
  tick: { fill: CHART_THEME.axis, fontSize: 12 },
  tickLine: false,
  axisLine: { stroke: CHART_THEME.grid },
};

const axisValue = (value: number) => (Math.abs(value) >= 1000 ? formatCompact(value) : formatValue(value));

/**
 * A time series (line, area, cumulative, bar, stacked bar), a compared period dashed and lighter. Formulas drawn
 * beside counts take their own axis on the right: a ratio on the counts' scale would lie flat at 0.
 */
export function TimeSeriesDrawing({
  lines,
  display,
  interval,
  compact,
  onPoint,
  markers = [],
}: {
  lines: TrendLine[];
  display: TimeSeriesDisplay;
  interval: string;
  compact?: boolean;
  onPoint?: PointHandler;
  markers?: AnnotationMarker[];
}) {
  const rows = chartRows(lines);
  // The x axis reads the current period's dates; a previous period's values sit at the same positions.
  const reference = lines.find((line) => line.compare !== "previous") ?? lines[0];
  const tick = (index: number) => (reference.days[index] ? formatBucket(reference.days[index], interval) : "");
  const labels = new Map(lines.map((line) => [line.id, lineLabel(line, interval)]));
  const byId = new Map(lines.map((line) => [line.id, line]));
  const stacked = display === "ActionsStackedBar";
  const formulaAxis = lines.some((line) => line.formula) && lines.some((line) => !line.formula);
  const axisOf = (line: TrendLine) => (formulaAxis && line.formula ? "formulas" : "counts");
  const keyboard = useKeyboardPoint(lines, onPoint);
  // Counts get whole-number ticks; an axis drawing any fraction (averages, ratios) keeps its decimals.
  const wholeOnly = (axis: string) =>
    lines.filter((line) => axisOf(line) === axis).every((line) => line.data.every((value) => Number.isInteger(value)));
  return (
    // The plot (recharts' focusable surface) shows where the keyboard is; Enter on a point opens it (see useKeyboardPoint).
    <div
      className="size-full [&_.recharts-surface:focus-visible]:rounded-sm [&_.recharts-surface:focus-visible]:outline-2 [&_.recharts-surface:focus-visible]:outline-ring"
      onKeyDownCapture={keyboard.onKeyDownCapture}
    >
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart
          data={rows}
          margin={{ top: 8, right: formulaAxis ? 0 : 16, bottom: 0, left: 0 }}
          onClick={(state, event) => {
            const index = Number(state?.activeTooltipIndex);
            const { clientX: x, clientY: y } = event as unknown as MouseEvent;
            if (onPoint && Number.isInteger(index)) onPoint(index, lines.length === 1 ? lines[0] : null, { x, y });
          }}
          className={onPoint ? "cursor-pointer" : undefined}
          accessibilityLayer
          title={
            onPoint
              ? "Trend chart: arrow keys move between dates, Enter opens the date's menu"
              : "Trend chart: arrow keys move between dates"
          }
        >
          <ActivePointTracker into={keyboard.active} />
          <CartesianGrid yAxisId="counts" stroke={CHART_THEME.grid} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="index" {...axisProps} tickFormatter={tick} minTickGap={24} />
          <YAxis yAxisId="counts" {...axisProps} allowDecimals={!wholeOnly("counts")} tickFormatter={axisValue} width={48} />
          {formulaAxis ? (
            <YAxis
              yAxisId="formulas"
              orientation="right"
              {...axisProps}
              allowDecimals={!wholeOnly("formulas")}
              tickFormatter={axisValue}
              width={56}
              label={{ value: "Formulas", angle: 90, position: "insideRight", fill: CHART_THEME.axis, fontSize: 12, dx: -4 }}
            />
          ) : null}
          <Tooltip
            cursor={{ stroke: CHART_THEME.axis, strokeDasharray: "3 3", fill: "var(--muted)", fillOpacity: 0.3 }}
            // Pinned to the plot's top: with the rows capped, the tooltip stays inside the plot.
            position={{ y: 0 }}
            content={({ active, payload }) => (
              <LinesTooltip
                active={active}
                payload={payload}
                byId={byId}
                interval={interval}
                labels={labels}
                rows={compact ? 4 : 8}
                clickable={Boolean(onPoint)}
              />
            )}
          />
          {annotationLines(markers, tick, "counts")}
          {lines.map((line) => {
            const color = lineColor(line);
            const previous = line.compare === "previous";
            const common = { dataKey: line.id, name: labels.get(line.id), yAxisId: axisOf(line), isAnimationActive: false };
            if (display === "ActionsBar" || stacked) {
              const stackId = stacked ? `${axisOf(line)}|${line.compare ?? "current"}` : undefined;
              return <Bar key={line.id} {...common} fill={color} fillOpacity={previous ? 0.45 : 1} stackId={stackId} maxBarSize={48} />;
            }
            if (display === "ActionsAreaGraph")
              return (
                <Area
                  key={line.id}
                  {...common}
                  type="monotone"
                  stroke={color}
                  fill={color}
                  fillOpacity={previous ? 0.08 : 0.2}
                  strokeWidth={2}
                  strokeDasharray={previous ? "6 4" : undefined}
                  dot={false}
                  activeDot={{ r: 4 }}
                />
              );
            return (
              <Line
                key={line.id}
                {...common}
                type="monotone"
                stroke={color}
                strokeWidth={2}
                strokeOpacity={previous ? 0.7 : 1}
                strokeDasharray={previous ? "6 4" : undefined}
                dot={rows.length <= 31 ? { r: 2.5 } : false}
                activeDot={{ r: 5 }}
              />
            );
          })}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

/**
 * The pies a trend's totals make: the series in one, each formula in its own (a ratio is no share of a count, nor
 * of another formula).
 */
function pieGroups(lines: TrendLine[]): { title: string | null; lines: TrendLine[] }[] {
  const series = lines.filter((line) => !line.formula);
  const formulas = [...new Set(lines.filter((line) => line.formula).map((line) => line.source))].map((source) => {
    const own = lines.filter((line) => line.formula && line.source === source);
    return { title: own[0].name, lines: own };
  });
  const groups = [...(series.length ? [{ title: "Series", lines: series }] : []), ...formulas];
  return groups.length === 1 ? [{ title: null, lines: groups[0].lines }] : groups;
}

/** The lines' totals as a pie, or a pie per group when formulas are drawn (see `pieGroups`). */
export function TotalsPieDrawing({ lines, interval }: { lines: TrendLine[]; interval: string }) {
  const groups = pieGroups(lines);
  return (
    <div className="flex size-full gap-2">
      {groups.map((group) => (
        <figure
          key={group.title ?? "pie"}
          className="flex min-w-0 flex-1 flex-col"
          aria-label={group.title ?? undefined}
          data-testid="trend-pie"
        >
          {group.title ? (
            <figcaption className="truncate text-center text-xs font-medium text-muted-foreground">{group.title}</figcaption>
          ) : null}
          <div className="min-h-0 flex-1">
            <TotalsPie lines={group.lines} interval={interval} />
          </div>
        </figure>
      ))}
    </div>
  );
}

function TotalsPie({ lines, interval }: { lines: TrendLine[]; interval: string }) {
  const sum = lines.reduce((total, line) => total + Math.max(0, line.total), 0);
  const data = lines.map((line) => ({ id: line.id, name: lineLabel(line, interval), value: Math.max(0, line.total), line }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart>
        <Pie
          data={data}
          dataKey="value"
          nameKey="name"
          innerRadius="45%"
          outerRadius="80%"
          paddingAngle={1}
          isAnimationActive={false}
          stroke="var(--background)"
        >
          {data.map((entry) => (
            <Cell key={entry.id} fill={lineColor(entry.line)} fillOpacity={entry.line.compare === "previous" ? 0.5 : 1} />
          ))}
          {/* A pie of one slice says nothing by its angle: its value, in the middle. */}
          {data.length === 1 ? (
            <Label value={formatValue(data[0].line.total)} position="center" fill="var(--foreground)" fontSize={20} fontWeight={600} />
          ) : null}
        </Pie>
        <Tooltip
          {...TOOLTIP_STYLE}
          formatter={(value) => `${formatValue(Number(value))} (${sum ? formatPercent(Number(value) / sum) : "—"})`}
        />
      </PieChart>
    </ResponsiveContainer>
  );
}

/** The lines' totals as horizontal bars. */
export function TotalsBarsDrawing({ lines, interval, compact }: { lines: TrendLine[]; interval: string; compact?: boolean }) {
  const data = lines.map((line) => ({ id: line.id, name: lineLabel(line, interval), value: line.total, line }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} layout="vertical" margin={{ top: 8, right: 24, bottom: 0, left: 8 }}>
        <CartesianGrid stroke={CHART_THEME.grid} strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" {...axisProps} tickFormatter={(v: number) => formatCompact(v)} />
        <YAxis
          type="category"
          dataKey="name"
          {...axisProps}
          width={compact ? 96 : 180}
          tickFormatter={(v: string) => (v.length > 28 ? `${v.slice(0, 27)}…` : v)}
        />
        <Tooltip {...TOOLTIP_STYLE} cursor={{ fill: "var(--muted)", fillOpacity: 0.4 }} formatter={(value) => formatValue(Number(value))} />
        <Bar dataKey="value" name="Total" isAnimationActive={false} maxBarSize={28}>
          {data.map((entry) => (
            <Cell key={entry.id} fill={lineColor(entry.line)} fillOpacity={entry.line.compare === "previous" ? 0.5 : 1} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
