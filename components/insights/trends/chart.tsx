"use client";

import {
  Area,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from "recharts";
import type { NameType, ValueType } from "recharts/types/component/DefaultTooltipContent";
import { CHART_THEME, seriesColor } from "@/components/insights/charts/palette";
import { chartRows, formatBucket, lineLabel, type TrendLine } from "@/components/insights/trends/results";
import { formatCompact, formatPercent, formatValue } from "@/lib/ui/format";
import { cn } from "@/lib/ui/utils";

export type TimeSeriesDisplay = "ActionsLineGraph" | "ActionsLineGraphCumulative" | "ActionsAreaGraph" | "ActionsBar" | "ActionsStackedBar";
const TIME_SERIES = new Set<string>(["ActionsLineGraph", "ActionsLineGraphCumulative", "ActionsAreaGraph", "ActionsBar", "ActionsStackedBar"]);
export const isTimeSeries = (display: string) => TIME_SERIES.has(display);

/** What the chart draws, on its container: lets a reader (or a test) check the drawing against the table. */
const drawn = (lines: TrendLine[], interval: string) =>
  JSON.stringify(lines.map((line) => ({ label: lineLabel(line, interval), data: line.data, total: line.total })));

const axisProps = { stroke: CHART_THEME.axis, tick: { fill: CHART_THEME.axis, fontSize: 12 }, tickLine: false, axisLine: { stroke: CHART_THEME.grid } };
const tooltipStyle = {
  background: CHART_THEME.tooltipBackground,
  color: CHART_THEME.tooltipForeground,
  border: `1px solid ${CHART_THEME.grid}`,
  borderRadius: 8,
  fontSize: 12,
};

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
  if (!lines.length)
    return (
      <div className={cn("grid place-items-center rounded-lg border border-dashed text-sm text-muted-foreground", compact ? "h-full" : "h-80")}>
        Every row is hidden: tick one in the table to draw it.
      </div>
    );
  if (display === "BoldNumber") return <BoldNumbers lines={lines} interval={interval} compact={compact} />;
  if (display === "ActionsPie") return <TotalsPie lines={lines} interval={interval} height={height} compact={compact} />;
  if (display === "ActionsBarValue" || display === "WorldMap") return <TotalsBars lines={lines} interval={interval} height={height} compact={compact} />;
  if (!isTimeSeries(display)) return null;
  return <TimeSeries lines={lines} display={display as TimeSeriesDisplay} interval={interval} height={height} compact={compact} onPoint={onPoint} />;
}

function TimeSeries({
  lines,
  display,
  interval,
  height,
  compact,
  onPoint,
}: {
  lines: TrendLine[];
  display: TimeSeriesDisplay;
  interval: string;
  height: number | "100%";
  compact?: boolean;
  onPoint?: (index: number, line: TrendLine | null) => void;
}) {
  const rows = chartRows(lines);
  // The x axis reads the current period's dates; a previous period's values sit at the same positions.
  const reference = lines.find((line) => line.compare !== "previous") ?? lines[0];
  const tick = (index: number) => (reference.days[index] ? formatBucket(reference.days[index], interval) : "");
  const labels = new Map(lines.map((line) => [line.id, lineLabel(line, interval)]));
  const byId = new Map(lines.map((line) => [line.id, line]));
  const stacked = display === "ActionsStackedBar";
  return (
    <div style={{ height }} className="w-full" data-testid="trend-chart" data-series={drawn(lines, interval)}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart
          data={rows}
          margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
          onClick={(state) => {
            const index = Number(state?.activeTooltipIndex);
            if (onPoint && Number.isInteger(index)) onPoint(index, lines.length === 1 ? lines[0] : null);
          }}
          className={onPoint ? "cursor-pointer" : undefined}
          accessibilityLayer
        >
          <CartesianGrid stroke={CHART_THEME.grid} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="index" {...axisProps} tickFormatter={tick} minTickGap={24} />
          <YAxis {...axisProps} tickFormatter={(v: number) => formatCompact(v)} width={48} />
          <Tooltip
            cursor={{ stroke: CHART_THEME.axis, strokeDasharray: "3 3", fill: "var(--muted)", fillOpacity: 0.3 }}
            content={({ active, payload }) => <TimeSeriesTooltip active={active} payload={payload} byId={byId} interval={interval} labels={labels} />}
          />
          {compact ? null : <Legend content={() => <LinesLegend lines={lines} labels={labels} />} />}
          {lines.map((line) => {
            const color = seriesColor(line.colorIndex);
            const previous = line.compare === "previous";
            const common = { dataKey: line.id, name: labels.get(line.id), isAnimationActive: false };
            if (display === "ActionsBar" || stacked)
              return <Bar key={line.id} {...common} fill={color} fillOpacity={previous ? 0.45 : 1} stackId={stacked ? (line.compare ?? "current") : undefined} maxBarSize={48} />;
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

/** The legend in the table's order (recharts orders its own by registration), a compared period dashed. */
function LinesLegend({ lines, labels }: { lines: TrendLine[]; labels: Map<string, string> }) {
  return (
    <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 pt-2 text-xs" aria-label="Legend">
      {lines.map((line) => (
        <li key={line.id} className="flex items-center gap-1.5">
          <svg width="16" height="8" aria-hidden>
            <line x1="0" y1="4" x2="16" y2="4" stroke={seriesColor(line.colorIndex)} strokeWidth="2.5" strokeDasharray={line.compare === "previous" ? "4 3" : undefined} />
          </svg>
          <span>{labels.get(line.id)}</span>
        </li>
      ))}
    </ul>
  );
}

function TimeSeriesTooltip({
  active,
  payload,
  byId,
  labels,
  interval,
}: Pick<TooltipContentProps<ValueType, NameType>, "active" | "payload"> & { byId: Map<string, TrendLine>; labels: Map<string, string>; interval: string }) {
  if (!active || !payload?.length) return null;
  const index = Number((payload[0].payload as { index: number }).index);
  return (
    <div style={tooltipStyle} className="grid max-w-sm gap-1 px-3 py-2 shadow-md">
      {payload.map((entry) => {
        const line = byId.get(String(entry.dataKey));
        if (!line) return null;
        return (
          <div key={line.id} className="flex items-center gap-2">
            <span className="size-2.5 shrink-0 rounded-full" style={{ background: seriesColor(line.colorIndex), opacity: line.compare === "previous" ? 0.55 : 1 }} />
            <span className="min-w-0 flex-1 truncate">
              {labels.get(line.id)}
              <span className="text-muted-foreground"> · {line.days[index] ? formatBucket(line.days[index], interval) : ""}</span>
            </span>
            <span className="font-medium tabular-nums">{formatValue(Number(entry.value ?? 0))}</span>
          </div>
        );
      })}
      <p className="text-[11px] text-muted-foreground">Click to see the persons</p>
    </div>
  );
}

function TotalsPie({ lines, interval, height, compact }: { lines: TrendLine[]; interval: string; height: number | "100%"; compact?: boolean }) {
  const sum = lines.reduce((total, line) => total + Math.max(0, line.total), 0);
  const data = lines.map((line) => ({ id: line.id, name: lineLabel(line, interval), value: Math.max(0, line.total), line }));
  return (
    <div style={{ height }} className="w-full" data-testid="trend-chart" data-series={drawn(lines, interval)}>
      <ResponsiveContainer width="100%" height="100%">
        <PieChart>
          <Pie data={data} dataKey="value" nameKey="name" innerRadius="45%" outerRadius="80%" paddingAngle={1} isAnimationActive={false} stroke="var(--background)">
            {data.map((entry) => (
              <Cell key={entry.id} fill={seriesColor(entry.line.colorIndex)} fillOpacity={entry.line.compare === "previous" ? 0.5 : 1} />
            ))}
          </Pie>
          <Tooltip
            contentStyle={tooltipStyle}
            itemStyle={{ color: CHART_THEME.tooltipForeground }}
            formatter={(value) => `${formatValue(Number(value))} (${sum ? formatPercent(Number(value) / sum) : "—"})`}
          />
          {compact ? null : <Legend itemSorter={null} wrapperStyle={{ fontSize: 12 }} formatter={(value) => <span className="text-foreground">{value}</span>} />}
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}

function TotalsBars({ lines, interval, height, compact }: { lines: TrendLine[]; interval: string; height: number | "100%"; compact?: boolean }) {
  const data = lines.map((line) => ({ id: line.id, name: lineLabel(line, interval), value: line.total, line }));
  const barHeight = typeof height === "number" ? Math.max(height, data.length * 32 + 40) : height;
  return (
    <div style={{ height: barHeight }} className="w-full" data-testid="trend-chart" data-series={drawn(lines, interval)}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 8, right: 24, bottom: 0, left: 8 }}>
          <CartesianGrid stroke={CHART_THEME.grid} strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" {...axisProps} tickFormatter={(v: number) => formatCompact(v)} />
          <YAxis type="category" dataKey="name" {...axisProps} width={compact ? 96 : 180} tickFormatter={(v: string) => (v.length > 28 ? `${v.slice(0, 27)}…` : v)} />
          <Tooltip contentStyle={tooltipStyle} itemStyle={{ color: CHART_THEME.tooltipForeground }} cursor={{ fill: "var(--muted)", fillOpacity: 0.4 }} formatter={(value) => formatValue(Number(value))} />
          <Bar dataKey="value" name="Total" isAnimationActive={false} maxBarSize={28}>
            {data.map((entry) => (
              <Cell key={entry.id} fill={seriesColor(entry.line.colorIndex)} fillOpacity={entry.line.compare === "previous" ? 0.5 : 1} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
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
