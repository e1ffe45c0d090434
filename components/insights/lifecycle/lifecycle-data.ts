import { SERIES_COLORS } from "@/components/insights/charts/palette";
import type { TrendLine } from "@/components/insights/trends/results";
import { LIFECYCLE_STATUSES, type LifecycleStatus } from "@/lib/analytics/lifecycle/statuses";
import type { LifecycleItem } from "./types";

/** The statuses in PostHog's order: the three active ones stacked above zero, dormant below. */

export const STATUS_LABELS: Record<LifecycleStatus, string> = {
  new: "New",
  returning: "Returning",
  resurrecting: "Resurrecting",
  dormant: "Dormant",
};

/**
 * Each status's colour in the shared palette (each ≥ 3:1 on both cards), after PostHog's convention: new green,
 * returning blue, resurrecting violet, dormant red.
 */
const STATUS_COLOR_INDEX: Record<LifecycleStatus, number> = { new: 2, returning: 0, resurrecting: 4, dormant: 11 };
export const statusColor = (status: LifecycleStatus) => SERIES_COLORS[STATUS_COLOR_INDEX[status]];

const isStatus = (value: unknown): value is LifecycleStatus => LIFECYCLE_STATUSES.includes(value as LifecycleStatus);

/**
 * The lifecycle's items as trend lines (one per status, its id the status), so the trends' results table and
 * tooltip draw them: in status order, coloured by status, each bucket's persons URL rooted as an API path.
 */
export function lifecycleLines(items: LifecycleItem[]): (TrendLine & { id: LifecycleStatus })[] {
  const byStatus = new Map(items.filter((item) => isStatus(item.status)).map((item) => [item.status as LifecycleStatus, item]));
  return LIFECYCLE_STATUSES.flatMap((status) => {
    const item = byStatus.get(status);
    if (!item) return [];
    return [
      {
        id: status,
        source: "A",
        formula: false,
        name: item.label,
        breakdownValue: null,
        compare: null,
        data: item.data,
        days: item.days.map(String),
        total: item.count ?? item.data.reduce((sum, value) => sum + value, 0),
        personsUrls: item.persons_urls ? item.persons_urls.map((entry) => `/${entry.url.replace(/^\//, "")}`) : null,
        colorIndex: STATUS_COLOR_INDEX[status],
        shade: 0,
      },
    ];
  });
}

/** The statuses drawn: PostHog's `toggledLifecycles`, all four when unset. */
export function shownStatuses(toggled: unknown): Set<LifecycleStatus> {
  return new Set(Array.isArray(toggled) ? toggled.filter(isStatus) : LIFECYCLE_STATUSES);
}

/** `toggledLifecycles` after turning `status` on or off, in status order; unset again when all four are on. */
export function toggleStatus(toggled: unknown, status: LifecycleStatus): LifecycleStatus[] | undefined {
  const shown = shownStatuses(toggled);
  if (!shown.delete(status)) shown.add(status);
  const next = LIFECYCLE_STATUSES.filter((s) => shown.has(s));
  return next.length === LIFECYCLE_STATUSES.length ? undefined : next;
}

/** What each status counts, as PostHog explains it: the legend's hints and the persons dialog's description. */
export const STATUS_MEANINGS: Record<LifecycleStatus, string> = {
  new: "Persons who did it for the first time in this period.",
  returning: "Persons who did it in this period and in the one before.",
  resurrecting: "Persons who did it in this period after a period without, and had done it before.",
  dormant: "Persons who did it in the period before but not in this one.",
};

/**
 * The y axis's ticks for the stacked bars: whole numbers from the lowest dormant stack to the highest active one
 * (zero always in), in at most about five steps of 1, 2 or 5 × 10ⁿ. recharts' own rounding pads a range of a few
 * persons far past its data (-1…1 drawn as -1…3).
 */
export function stackTicks(lines: { data: number[] }[]): number[] {
  const length = Math.max(0, ...lines.map((line) => line.data.length));
  let low = 0;
  let high = 0;
  for (let i = 0; i < length; i++) {
    const values = lines.map((line) => line.data[i] ?? 0);
    high = Math.max(
      high,
      values.filter((v) => v > 0).reduce((a, b) => a + b, 0),
    );
    low = Math.min(
      low,
      values.filter((v) => v < 0).reduce((a, b) => a + b, 0),
    );
  }
  if (low === high) return [0];
  const raw = (high - low) / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = raw <= 1 ? 1 : [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw)!;
  const ticks: number[] = [];
  for (let tick = Math.floor(low / step) * step; tick <= Math.ceil(high / step) * step; tick += step) ticks.push(tick);
  return ticks;
}
