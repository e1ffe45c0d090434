"use client";

import type { TooltipContentProps } from "recharts";
import type { NameType, ValueType } from "recharts/types/component/DefaultTooltipContent";
import { lineColor } from "@/components/insights/charts/line-colors";
import { TOOLTIP_STYLE } from "@/components/insights/charts/tooltip-style";
import { formatBucket, type TrendLine } from "@/components/insights/trends/results";
import { formatValue } from "@/lib/ui/format";

/**
 * A time series' tooltip at one interval: the largest values first, at most `rows` of them and the rest counted, so
 * that with many lines it stays inside the plot instead of covering the legend and the table below.
 */
export function LinesTooltip({
  active,
  payload,
  byId,
  labels,
  interval,
  rows,
  clickable,
}: Pick<TooltipContentProps<ValueType, NameType>, "active" | "payload"> & {
  byId: Map<string, TrendLine>;
  labels: Map<string, string>;
  interval: string;
  rows: number;
  clickable: boolean;
}) {
  if (!active || !payload?.length) return null;
  const index = Number((payload[0].payload as { index: number }).index);
  const entries = payload
    .flatMap((entry) => {
      const line = byId.get(String(entry.dataKey));
      return line ? [{ line, value: Number(entry.value ?? 0) }] : [];
    })
    .sort((a, b) => b.value - a.value);
  const more = entries.length - rows;
  return (
    <div style={TOOLTIP_STYLE.contentStyle} className="grid w-72 gap-1 px-3 py-2 shadow-md" data-testid="chart-tooltip">
      {entries.slice(0, rows).map(({ line, value }) => (
        <div key={line.id} className="flex items-center gap-2">
          <span
            className="size-2.5 shrink-0 rounded-full"
            style={{ background: lineColor(line), opacity: line.compare === "previous" ? 0.55 : 1 }}
          />
          <span className="min-w-0 flex-1 truncate">
            {labels.get(line.id)}
            <span className="text-muted-foreground"> · {line.days[index] ? formatBucket(line.days[index], interval) : ""}</span>
          </span>
          <span className="font-medium tabular-nums">{formatValue(value)}</span>
        </div>
      ))}
      {more > 0 ? <p className="text-muted-foreground">+{more} more</p> : null}
      {clickable ? <p className="text-[11px] text-muted-foreground">Click to see the persons</p> : null}
    </div>
  );
}
