"use client";

// The recharts half of the funnel's time-to-convert and historical-trends charts, loaded after the page is
// interactive (see ChartLoading).
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { seriesColor } from "@/components/insights/charts/palette";
import { type histogramBars, trendRows, type trendSeries } from "@/components/insights/funnels/funnel-data";
import { formatCompact, formatCount, formatDate, formatDuration, formatPercent } from "@/lib/ui/format";

type Bars = ReturnType<typeof histogramBars>;
type Series = ReturnType<typeof trendSeries>;

export function TimeToConvertDrawing({ bars }: { bars: Bars }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={bars} margin={{ top: 8, right: 16, bottom: 8, left: 0 }} accessibilityLayer>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--border)" />
        <XAxis dataKey="from" tickFormatter={(seconds: number) => formatDuration(seconds)} fontSize={12} stroke="var(--muted-foreground)" />
        <YAxis
          tickFormatter={(value: number) => formatCompact(value)}
          allowDecimals={false}
          fontSize={12}
          stroke="var(--muted-foreground)"
        />
        <Tooltip
          cursor={{ fill: "var(--muted)", opacity: 0.5 }}
          contentStyle={{
            background: "var(--popover)",
            border: "1px solid var(--border)",
            borderRadius: 6,
            color: "var(--popover-foreground)",
          }}
          labelFormatter={(_, payload) => {
            const bar = payload?.[0]?.payload as Bars[number] | undefined;
            return bar ? `${formatDuration(bar.from)} – ${formatDuration(bar.to)}` : "";
          }}
          formatter={(value, _name, item) => [
            `${formatCount(Number(value))} (${formatPercent((item.payload as Bars[number]).share)})`,
            "Persons",
          ]}
        />
        <Bar dataKey="count" fill={seriesColor(0)} radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

const dayLabel = (day: string) => (day ? formatDate(`${day}T12:00:00Z`) : "");
const shortDay = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", timeZone: "UTC" });
const tickLabel = (day: string) => (day ? shortDay.format(new Date(`${day}T12:00:00Z`)) : "");
/** The y axis up to the next 10% above the highest rate (rates of a few percent stay readable), at most 100%. */
const yMax = (max: number) => Math.min(100, Math.max(10, Math.ceil(max / 10) * 10));

export function FunnelTrendsDrawing({ series, colorOf }: { series: Series; colorOf: (s: Series[number]) => string }) {
  const rows = trendRows(series);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 0 }} accessibilityLayer>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--border)" />
        <XAxis dataKey="day" tickFormatter={tickLabel} fontSize={12} stroke="var(--muted-foreground)" minTickGap={16} />
        <YAxis
          domain={[0, yMax]}
          tickFormatter={(value: number) => `${value}%`}
          fontSize={12}
          stroke="var(--muted-foreground)"
          width={44}
        />
        <Tooltip
          contentStyle={{
            background: "var(--popover)",
            border: "1px solid var(--border)",
            borderRadius: 6,
            color: "var(--popover-foreground)",
          }}
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
  );
}
