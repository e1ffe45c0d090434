"use client";

import { ArrowDownRightIcon, ArrowUpRightIcon } from "lucide-react";
import { Line, LineChart } from "recharts";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCount, formatDuration } from "@/lib/ui/format";
import { cn } from "@/lib/ui/utils";
import type { WebOverviewItem } from "@/lib/ui/web/queries";

const LABELS: Record<string, string> = {
  visitors: "Visitors",
  views: "Page views",
  sessions: "Sessions",
  "session duration": "Session duration",
  "bounce rate": "Bounce rate",
};

function formatItem(kind: WebOverviewItem["kind"], value: number | null): string {
  if (value === null) return "—";
  if (kind === "duration_s") return formatDuration(value);
  if (kind === "percentage") return `${value.toFixed(1)}%`;
  return formatCount(value);
}

function Change({ item }: { item: WebOverviewItem }) {
  const pct = item.changeFromPreviousPct;
  if (pct === null) return <span className="text-xs text-muted-foreground">no previous data</span>;
  const good = item.isIncreaseBad ? pct <= 0 : pct >= 0;
  const Icon = pct >= 0 ? ArrowUpRightIcon : ArrowDownRightIcon;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-0.5 text-xs font-medium",
        good ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400",
      )}
    >
      <Icon className="size-3.5" aria-hidden />
      {pct >= 0 ? "+" : ""}
      {pct}% <span className="sr-only">from the previous period</span>
    </span>
  );
}

function Sparkline({ data }: { data: number[] }) {
  if (data.length < 2) return null;
  return (
    <div aria-hidden>
      <LineChart width={96} height={28} data={data.map((value, i) => ({ i, value }))} accessibilityLayer={false}>
        <Line type="monotone" dataKey="value" stroke="var(--primary)" strokeWidth={1.5} dot={false} isAnimationActive={false} />
      </LineChart>
    </div>
  );
}

/** The five overview numbers with their change from the previous period and their sparklines (the trend's, or the item's own). */
export function OverviewTiles({
  items,
  sparklines,
  loading,
}: {
  items?: WebOverviewItem[];
  sparklines: Record<string, number[]>;
  loading: boolean;
}) {
  if (loading || !items)
    return (
      <div className="grid grid-cols-2 gap-3 md:grid-cols-5">
        {Object.keys(LABELS).map((key) => (
          <Skeleton key={key} className="h-24" />
        ))}
      </div>
    );
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-5" aria-label="Overview">
      {items.map((item) => (
        <div key={item.key} className="grid gap-1 rounded-lg border bg-card p-3" data-testid={`web-tile-${item.key}`}>
          <dt className="text-sm text-muted-foreground">{LABELS[item.key] ?? item.key}</dt>
          <dd className="flex items-end justify-between gap-2">
            <span className="text-2xl font-semibold tabular-nums" data-value={item.value ?? ""}>
              {formatItem(item.kind, item.value)}
            </span>
            <Sparkline data={item.sparkline ?? sparklines[item.key] ?? []} />
          </dd>
          <dd>
            <Change item={item} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
