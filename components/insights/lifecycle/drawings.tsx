"use client";

// The recharts half of the lifecycle chart, loaded after the page is interactive (see ChartLoading).
import { Bar, BarChart, CartesianGrid, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { LinesTooltip } from "@/components/insights/charts/lines-tooltip";
import { CHART_THEME } from "@/components/insights/charts/palette";
import { chartRows, formatBucket, type TrendLine } from "@/components/insights/trends/results";
import { formatCompact, formatValue } from "@/lib/ui/format";
import type { LifecycleStatus } from "@/lib/analytics/lifecycle/statuses";
import { STATUS_LABELS, stackTicks, statusColor } from "./lifecycle-data";

const axisProps = {
  stroke: CHART_THEME.axis,
  tick: { fill: CHART_THEME.axis, fontSize: 12 },
  tickLine: false,
  axisLine: { stroke: CHART_THEME.grid },
};
const axisValue = (value: number) => (Math.abs(value) >= 1000 ? formatCompact(value) : formatValue(value));
const STATUS_NAMES = new Map(Object.entries(STATUS_LABELS));

/**
 * One stacked bar per interval: new, returning and resurrecting above zero, dormant below (`stackOffset="sign"`
 * stacks negative values downwards from zero). Clicking a status's part of a bar opens its persons.
 */
export function LifecycleDrawing({
  lines,
  interval,
  compact,
  onBar,
}: {
  lines: (TrendLine & { id: LifecycleStatus })[];
  interval: string;
  compact?: boolean;
  onBar?: (status: LifecycleStatus, index: number) => void;
}) {
  const days = lines[0]?.days ?? [];
  const byId = new Map(lines.map((line) => [line.id, line as TrendLine]));
  const ticks = stackTicks(lines);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={chartRows(lines)} stackOffset="sign" margin={{ top: 8, right: 16, bottom: 0, left: 0 }} accessibilityLayer>
        <CartesianGrid stroke={CHART_THEME.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="index"
          {...axisProps}
          tickFormatter={(index: number) => (days[index] ? formatBucket(days[index], interval) : "")}
          minTickGap={24}
        />
        <YAxis {...axisProps} ticks={ticks} domain={[ticks[0], ticks.at(-1)!]} tickFormatter={axisValue} width={48} />
        <ReferenceLine y={0} stroke={CHART_THEME.axis} />
        <Tooltip
          cursor={{ fill: "var(--muted)", fillOpacity: 0.5 }}
          position={{ y: 0 }}
          content={({ active, payload }) => (
            <LinesTooltip
              active={active}
              payload={payload}
              byId={byId}
              labels={STATUS_NAMES}
              interval={interval}
              rows={4}
              clickable={Boolean(onBar)}
            />
          )}
        />
        {lines.map((line) => (
          <Bar
            key={line.id}
            dataKey={line.id}
            name={STATUS_LABELS[line.id]}
            stackId="lifecycle"
            fill={statusColor(line.id)}
            maxBarSize={compact ? 32 : 48}
            isAnimationActive={false}
            className={onBar ? "cursor-pointer" : undefined}
            onClick={onBar ? (_, index) => onBar(line.id, index) : undefined}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
