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
import type { TimeSeriesDisplay } from "@/components/insights/trends/types";
import { formatCompact, formatPercent, formatValue } from "@/lib/ui/format";

// The recharts half of the trend chart, loaded after the page is interactive (see ChartLoading).

const axisProps = { stroke: CHART_THEME.axis, tick: { fill: CHART_THEME.axis, fontSize: 12 }, tickLine: false, axisLine: { stroke: CHART_THEME.grid } };
const tooltipStyle = {
  background: CHART_THEME.tooltipBackground,
  color: CHART_THEME.tooltipForeground,
  border: `1px solid ${CHART_THEME.grid}`,
  borderRadius: 8,
  fontSize: 12,
};

/** A time series (line, area, cumulative, bar, stacked bar), a compared period dashed and lighter. */
export function TimeSeriesDrawing({
  lines,
  display,
  interval,
  compact,
  onPoint,
}: {
  lines: TrendLine[];
  display: TimeSeriesDisplay;
  interval: string;
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

/** The lines' totals as a pie. */
export function TotalsPieDrawing({ lines, interval, compact }: { lines: TrendLine[]; interval: string; compact?: boolean }) {
  const sum = lines.reduce((total, line) => total + Math.max(0, line.total), 0);
  const data = lines.map((line) => ({ id: line.id, name: lineLabel(line, interval), value: Math.max(0, line.total), line }));
  return (
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
        <YAxis type="category" dataKey="name" {...axisProps} width={compact ? 96 : 180} tickFormatter={(v: string) => (v.length > 28 ? `${v.slice(0, 27)}…` : v)} />
        <Tooltip contentStyle={tooltipStyle} itemStyle={{ color: CHART_THEME.tooltipForeground }} cursor={{ fill: "var(--muted)", fillOpacity: 0.4 }} formatter={(value) => formatValue(Number(value))} />
        <Bar dataKey="value" name="Total" isAnimationActive={false} maxBarSize={28}>
          {data.map((entry) => (
            <Cell key={entry.id} fill={seriesColor(entry.line.colorIndex)} fillOpacity={entry.line.compare === "previous" ? 0.5 : 1} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
