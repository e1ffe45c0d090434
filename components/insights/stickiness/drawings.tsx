"use client";

// The recharts half of the stickiness view, loaded after the page is interactive (see ChartLoading).
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { CHART_THEME } from "@/components/insights/charts/palette";
import { TOOLTIP_STYLE } from "@/components/insights/charts/tooltip-style";
import { formatCompact, formatCount } from "@/lib/ui/format";
import type { StickinessSeries } from "./stickiness-data";

export function StickinessDrawing({
  data,
  series,
  bar,
  colorOf,
}: {
  data: Record<string, string | number>[];
  series: StickinessSeries[];
  bar: boolean;
  colorOf: (s: StickinessSeries) => string;
}) {
  const Chart = bar ? BarChart : LineChart;
  return (
    <ResponsiveContainer width="100%" height="100%">
      <Chart data={data} margin={{ top: 8, right: 16, bottom: 4, left: 0 }} accessibilityLayer>
        <CartesianGrid stroke={CHART_THEME.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fill: CHART_THEME.axis, fontSize: 12 }} stroke={CHART_THEME.grid} />
        <YAxis
          allowDecimals={false}
          tickFormatter={formatCompact}
          tick={{ fill: CHART_THEME.axis, fontSize: 12 }}
          stroke={CHART_THEME.grid}
          width={48}
        />
        <Tooltip
          {...TOOLTIP_STYLE}
          cursor={{ fill: "var(--muted)", stroke: "var(--border)" }}
          formatter={(value) => `${formatCount(Number(value))} persons`}
        />
        {series.length > 1 ? (
          <Legend formatter={(value) => <span className="text-foreground">{value}</span>} wrapperStyle={{ fontSize: 12 }} />
        ) : null}
        {series.map((s) =>
          bar ? (
            <Bar key={s.key} dataKey={s.key} name={s.name} fill={colorOf(s)} />
          ) : (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.name}
              stroke={colorOf(s)}
              strokeWidth={2}
              strokeDasharray={s.previous ? "5 4" : undefined}
              dot={{ r: 3 }}
            />
          ),
        )}
      </Chart>
    </ResponsiveContainer>
  );
}
