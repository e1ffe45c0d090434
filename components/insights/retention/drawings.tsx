"use client";

// The recharts half of the retention view, loaded after the page is interactive (see ChartLoading).
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { CHART_THEME, seriesColor } from "@/components/insights/charts/palette";
import { TOOLTIP_STYLE } from "@/components/insights/charts/tooltip-style";
import { PERIOD_NAMES } from "./display-config";
import { meanRetention, type RetentionTableRow } from "./retention-table";
import type { RetentionPeriod } from "./types";

/** Lines the chart draws one per breakdown value before leaving the rest to the table. */
const MAX_LINES = 10;

const asPercent = (ratio: number | null) => (ratio === null ? null : Math.round(ratio * 1000) / 10);

/** The weighted mean curve (and with breakdowns a line per value): the share of each row back in each interval. */
export function RetentionChart({ rows, period, breakdown }: { rows: RetentionTableRow[]; period: RetentionPeriod; breakdown: boolean }) {
  const mean = meanRetention(rows);
  const lines = breakdown ? rows.filter((row) => row.size > 0).slice(0, MAX_LINES) : [];
  const data = mean.map((ratio, i) => ({
    interval: `${PERIOD_NAMES[period].one} ${i}`,
    mean: asPercent(ratio),
    ...Object.fromEntries(lines.map((row, l) => [`row${l}`, asPercent(row.cells[i]?.ratio ?? null)])),
  }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 4, left: 0 }} accessibilityLayer>
        <CartesianGrid stroke={CHART_THEME.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="interval" tick={{ fill: CHART_THEME.axis, fontSize: 12 }} stroke={CHART_THEME.grid} />
        <YAxis
          domain={[0, 100]}
          tickFormatter={(v: number) => `${v}%`}
          tick={{ fill: CHART_THEME.axis, fontSize: 12 }}
          stroke={CHART_THEME.grid}
          width={48}
        />
        <Tooltip {...TOOLTIP_STYLE} formatter={(value) => (typeof value === "number" ? `${value}%` : "—")} />
        {lines.length ? (
          <Legend formatter={(value) => <span className="text-foreground">{value}</span>} wrapperStyle={{ fontSize: 12 }} />
        ) : null}
        <Line
          type="monotone"
          dataKey="mean"
          name={breakdown ? "Weighted mean" : "Retention (weighted mean)"}
          stroke={seriesColor(0)}
          strokeWidth={2.5}
          strokeDasharray={lines.length ? "6 4" : undefined}
          dot={{ r: 3 }}
          connectNulls
        />
        {lines.map((row, l) => (
          <Line
            key={row.label}
            type="monotone"
            dataKey={`row${l}`}
            name={row.label}
            stroke={seriesColor(l + 1)}
            strokeWidth={2}
            dot={false}
            connectNulls
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
