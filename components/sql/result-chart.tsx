"use client";

import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { CHART_THEME, seriesColor } from "@/components/insights/charts/palette";
import { TOOLTIP_STYLE } from "@/components/insights/charts/tooltip-style";
import { rowObjects, type SqlVisualization } from "@/lib/ui/sql/visualization";

/** A HogQL result drawn as a line or bar chart of the chosen columns, or as the number in its first row. */
export function ResultChart({
  columns,
  results,
  visualization,
  compact,
}: {
  columns: string[];
  results: unknown[][];
  visualization: SqlVisualization;
  compact?: boolean;
}) {
  const x = visualization.chartSettings.xAxis?.column;
  const ys = (visualization.chartSettings.yAxis ?? []).map((axis) => axis.column).filter((column) => columns.includes(column));
  if (visualization.display === "BoldNumber") {
    const column = ys[0] ?? columns[0];
    const value = results[0]?.[columns.indexOf(column)];
    return (
      <figure className="grid place-items-center gap-1 py-6" aria-label={`${column}: ${String(value ?? "no value")}`}>
        <p className={compact ? "text-3xl font-semibold tabular-nums" : "text-5xl font-semibold tabular-nums"}>
          {typeof value === "number" ? value.toLocaleString("en-US") : String(value ?? "–")}
        </p>
        <figcaption className="text-sm text-muted-foreground">{column}</figcaption>
      </figure>
    );
  }
  if (!x || !columns.includes(x) || !ys.length) return <p className="text-sm text-muted-foreground">Choose the columns to draw.</p>;
  const data = rowObjects(columns, results).map((row) => ({ ...row, ...Object.fromEntries(ys.map((y) => [y, Number(row[y]) || 0])) }));
  const Chart = visualization.display === "ActionsBar" ? BarChart : LineChart;
  const axisProps = { stroke: CHART_THEME.axis, tick: { fill: CHART_THEME.axis, fontSize: 12 } };
  return (
    <figure aria-label={`${ys.join(", ")} by ${x}`} className={compact ? "h-full min-h-40" : "h-80"}>
      <ResponsiveContainer width="100%" height="100%">
        <Chart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid stroke={CHART_THEME.grid} strokeDasharray="3 3" />
          <XAxis dataKey={x} {...axisProps} />
          <YAxis {...axisProps} />
          <Tooltip {...TOOLTIP_STYLE} />
          {ys.map((y, i) =>
            visualization.display === "ActionsBar" ? (
              <Bar key={y} dataKey={y} fill={seriesColor(i)} isAnimationActive={false} />
            ) : (
              <Line key={y} dataKey={y} stroke={seriesColor(i)} dot={false} strokeWidth={2} isAnimationActive={false} />
            ),
          )}
        </Chart>
      </ResponsiveContainer>
    </figure>
  );
}
