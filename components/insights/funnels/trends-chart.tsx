"use client";

import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { seriesColor } from "@/components/insights/charts/palette";
import { formatPeriod, trendItemRange, trendRows, type trendSeries } from "@/components/insights/funnels/funnel-data";
import { Swatch } from "@/components/insights/funnels/steps-chart";
import { formatDate } from "@/lib/ui/format";

type Series = ReturnType<typeof trendSeries>;

const dayLabel = (day: string) => (day ? formatDate(`${day}T12:00:00Z`) : "");
const shortDay = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", timeZone: "UTC" });
const tickLabel = (day: string) => (day ? shortDay.format(new Date(`${day}T12:00:00Z`)) : "");
/** The y axis up to the next 10% above the highest rate (rates of a few percent stay readable), at most 100%. */
const yMax = (max: number) => Math.min(100, Math.max(10, Math.ceil(max / 10) * 10));

/**
 * Funnel historical trends: the conversion rate of the persons who entered in each interval. Compared periods
 * line up by position, the previous one dashed; the tooltip names each point's own date.
 */
export function FunnelTrendsChart({ series, compact }: { series: Series; compact?: boolean }) {
  const rows = trendRows(series);
  const values = [...new Set(series.map((s) => s.breakdown_value ?? ""))];
  const colorOf = (s: Series[number]) => seriesColor(values.indexOf(s.breakdown_value ?? ""));
  if (!rows.length) return <p className="grid h-48 place-items-center rounded-lg border border-dashed text-sm text-muted-foreground">No intervals in this date range.</p>;
  return (
    <div className="grid gap-2" data-testid="funnel-trends">
      {compact ? null : (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label="Series">
          {series.map((s) => {
            const range = trendItemRange(s);
            return (
              <li key={s.key} className="flex items-center gap-1.5" data-testid="funnel-trends-series" data-period={s.period ?? ""}>
                <Swatch color={colorOf(s)} period={s.period} />
                <span className="text-foreground">{s.label}</span>
                {s.period && range ? <span>{formatPeriod(range)}</span> : null}
              </li>
            );
          })}
        </ul>
      )}
      <div className={compact ? "h-full min-h-40" : "h-72"}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 0 }} accessibilityLayer>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--border)" />
            <XAxis dataKey="day" tickFormatter={tickLabel} fontSize={12} stroke="var(--muted-foreground)" minTickGap={16} />
            <YAxis domain={[0, yMax]} tickFormatter={(value: number) => `${value}%`} fontSize={12} stroke="var(--muted-foreground)" width={44} />
            <Tooltip
              contentStyle={{ background: "var(--popover)", border: "1px solid var(--border)", borderRadius: 6, color: "var(--popover-foreground)" }}
              labelFormatter={(label) => dayLabel(String(label))}
              formatter={(value, name, item) => {
                const s = series.find((x) => x.key === name);
                const day = String((item.payload as Record<string, unknown>)[`${String(name)}:day`] ?? "");
                const label = s ? (s.period ? `${s.label} (${dayLabel(day)})` : s.label) : String(name);
                return [`${Number(value).toFixed(1)}%`, label];
              }}
            />
            {series.map((s) => (
              <Line
                key={s.key}
                dataKey={s.key}
                name={s.key}
                type="monotone"
                stroke={colorOf(s)}
                strokeWidth={2}
                strokeDasharray={s.period === "previous" ? "5 4" : undefined}
                strokeOpacity={s.period === "previous" ? 0.75 : 1}
                dot={rows.length <= 31 ? { r: 2.5, fill: colorOf(s), strokeWidth: 0 } : false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}
