"use client";

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { seriesColor } from "@/components/insights/charts/palette";
import { histogramBars, type TFunnelTimeToConvert } from "@/components/insights/funnels/funnel-data";
import { formatCompact, formatCount, formatDuration, formatPercent } from "@/lib/ui/format";

/** The time-to-convert histogram: how long persons took from one step to another, in PostHog's bins. */
export function TimeToConvertChart({ result, fromName, toName, compact }: { result: TFunnelTimeToConvert; fromName: string; toName: string; compact?: boolean }) {
  const bars = histogramBars(result);
  const total = bars.reduce((sum, bar) => sum + bar.count, 0);
  if (total === 0)
    return <p className="grid h-48 place-items-center rounded-lg border border-dashed text-sm text-muted-foreground">Nobody converted from {fromName} to {toName} in this date range.</p>;
  return (
    <div className="grid gap-2" data-testid="funnel-time-to-convert">
      {compact ? null : (
        <p className="text-sm">
          Average time from <span className="font-medium">{fromName}</span> to <span className="font-medium">{toName}</span>:{" "}
          <span className="font-semibold tabular-nums" data-testid="funnel-average-time">
            {formatDuration(result.average_conversion_time)}
          </span>{" "}
          <span className="text-muted-foreground">({formatCount(total)} conversions)</span>
        </p>
      )}
      <div className={compact ? "h-full min-h-40" : "h-72"}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={bars} margin={{ top: 8, right: 16, bottom: 8, left: 0 }} accessibilityLayer>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--border)" />
            <XAxis dataKey="from" tickFormatter={(seconds: number) => formatDuration(seconds)} fontSize={12} stroke="var(--muted-foreground)" />
            <YAxis tickFormatter={(value: number) => formatCompact(value)} allowDecimals={false} fontSize={12} stroke="var(--muted-foreground)" />
            <Tooltip
              cursor={{ fill: "var(--muted)", opacity: 0.5 }}
              contentStyle={{ background: "var(--popover)", border: "1px solid var(--border)", borderRadius: 6, color: "var(--popover-foreground)" }}
              labelFormatter={(_, payload) => {
                const bar = payload?.[0]?.payload as (typeof bars)[number] | undefined;
                return bar ? `${formatDuration(bar.from)} – ${formatDuration(bar.to)}` : "";
              }}
              formatter={(value, _name, item) => [`${formatCount(Number(value))} (${formatPercent((item.payload as (typeof bars)[number]).share)})`, "Persons"]}
            />
            <Bar dataKey="count" fill={seriesColor(0)} radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}
