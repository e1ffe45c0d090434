"use client";

import dynamic from "next/dynamic";
import { ChartLoading } from "@/components/insights/charts/chart-loading";
import { seriesColor } from "@/components/insights/charts/palette";
import { formatPeriod, trendItemRange, trendRows, type trendSeries } from "@/components/insights/funnels/funnel-data";
import { Swatch } from "@/components/insights/funnels/steps-chart";

type Series = ReturnType<typeof trendSeries>;

const FunnelTrendsDrawing = dynamic(() => import("@/components/insights/funnels/drawings").then((m) => m.FunnelTrendsDrawing), {
  ssr: false,
  loading: ChartLoading,
});

/**
 * Funnel historical trends: the conversion rate of the persons who entered in each interval. Compared periods
 * line up by position, the previous one dashed; the tooltip names each point's own date.
 */
export function FunnelTrendsChart({ series, compact }: { series: Series; compact?: boolean }) {
  const rows = trendRows(series);
  const values = [...new Set(series.map((s) => s.breakdown_value ?? ""))];
  const colorOf = (s: Series[number]) => seriesColor(values.indexOf(s.breakdown_value ?? ""));
  if (!rows.length)
    return (
      <p className="grid h-48 place-items-center rounded-lg border border-dashed text-sm text-muted-foreground">
        No intervals in this date range.
      </p>
    );
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
        <FunnelTrendsDrawing series={series} colorOf={colorOf} />
      </div>
    </div>
  );
}
