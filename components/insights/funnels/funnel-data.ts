import type { z } from "zod";
import type { ZFunnelTimeToConvert, ZFunnelTrendItem } from "@/lib/analytics/funnels/schemas";
import type { TFunnelStep } from "@/lib/ui/types";

export type TFunnelTrendItem = z.output<typeof ZFunnelTrendItem>;
export type TFunnelTimeToConvert = z.output<typeof ZFunnelTimeToConvert>;
export type FunnelPeriod = "current" | "previous";

/** PostHog's `funnel_step_reference`: conversion relative to the first step (`total`) or to the one before. */
export type StepReference = "total" | "previous";

/** One funnel the steps view draws: the whole population, a breakdown value, and/or a compared period. */
export interface FunnelSeries {
  /** Stable across periods and values: `current|Chrome`. */
  key: string;
  /** The breakdown value as shown ("Chrome"); null without a breakdown. */
  breakdown: string | null;
  /** The compared period; null without compare. */
  period: FunnelPeriod | null;
  steps: TFunnelStep[];
}

/** A breakdown value (a string, or a one-item list for a list breakdown) as a label. */
export function breakdownLabel(value: unknown): string {
  const scalar = Array.isArray(value) ? value.join(", ") : value;
  return scalar === undefined || scalar === null || scalar === "" ? "(none)" : String(scalar);
}

/** The steps view's result, in whichever of its shapes (flat, per value, per period and value), as series. */
export function funnelSeries(result: unknown): FunnelSeries[] {
  if (!Array.isArray(result) || result.length === 0) return [];
  const groups = (Array.isArray(result[0]) ? result : [result]) as TFunnelStep[][];
  return groups
    .filter((steps) => steps.length > 0)
    .map((steps) => {
      const first = steps[0];
      const breakdown = first.breakdown_value === undefined ? null : breakdownLabel(first.breakdown_value);
      const period = first.compare_label ?? null;
      return { key: `${period ?? ""}|${breakdown ?? ""}`, breakdown, period, steps };
    });
}

const stepName = (step: Pick<TFunnelStep, "name" | "custom_name">) => step.custom_name || step.name;

/** A step of one series with the figures the chart and the table show. */
export interface FunnelStepRow {
  index: number;
  name: string;
  count: number;
  /** Of the first step's count (a ratio; null when nobody entered). */
  fromFirst: number | null;
  /** Of the previous step's count (the first step: 1). */
  fromPrevious: number | null;
  /** Who reached the previous step but not this one (0 for the first). */
  droppedOff: number;
  /** droppedOff of the previous step's count. */
  dropOffRate: number | null;
  averageTime: number | null;
  medianTime: number | null;
  convertedUrl: string;
  droppedUrl: string | null;
}

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

export function stepRows(steps: TFunnelStep[]): FunnelStepRow[] {
  const first = steps[0]?.count ?? 0;
  return steps.map((step, index) => {
    const previous = index === 0 ? step.count : steps[index - 1].count;
    const droppedOff = Math.max(0, previous - step.count);
    return {
      index,
      name: stepName(step),
      count: step.count,
      fromFirst: ratio(step.count, first),
      fromPrevious: ratio(step.count, previous),
      droppedOff,
      dropOffRate: index === 0 ? null : ratio(droppedOff, previous),
      averageTime: step.average_conversion_time,
      medianTime: step.median_conversion_time,
      convertedUrl: step.converted_people_url,
      droppedUrl: step.dropped_people_url,
    };
  });
}

/** The conversion a step shows under the analyst's reference. */
export const conversionOf = (row: FunnelStepRow, reference: StepReference) => (reference === "previous" ? row.fromPrevious : row.fromFirst);

/** From the first step to the last. */
export function overallConversion(steps: TFunnelStep[]): number | null {
  return steps.length ? ratio(steps[steps.length - 1].count, steps[0].count) : null;
}

/** The difference of two conversion ratios in percentage points ("+3.2 pp"); null when either is unknown. */
export function formatPointsDelta(current: number | null, previous: number | null): string | null {
  if (current === null || previous === null) return null;
  const points = (current - previous) * 100;
  const rounded = Math.round(points * 10) / 10;
  if (rounded === 0) return "±0 pp";
  return `${rounded > 0 ? "+" : "−"}${Math.abs(rounded).toFixed(1)} pp`;
}

/** The sign of a delta, for its colour and arrow. */
export const deltaDirection = (current: number | null, previous: number | null): "up" | "down" | "flat" =>
  current === null || previous === null || Math.round((current - previous) * 1000) === 0 ? "flat" : current > previous ? "up" : "down";

/** The range one period of a compared funnel covers, read from its persons URL (which carries its exact dates). */
export function periodRange(steps: TFunnelStep[]): { from: string; to: string } | null {
  const url = steps[0]?.converted_people_url;
  if (!url) return null;
  const params = new URLSearchParams(url.slice(url.indexOf("?") + 1));
  const from = params.get("date_from");
  const to = params.get("date_to");
  return from && to ? { from, to } : null;
}

/** "Nov 17 – 23, 2026" in the project's time zone; a single day reads as that day. */
export function formatPeriod(range: { from: string; to: string }, timeZone = "UTC"): string {
  const format = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", year: "numeric", timeZone });
  const from = new Date(range.from);
  const to = new Date(range.to);
  if (!Number.isFinite(from.getTime()) || !Number.isFinite(to.getTime())) return "";
  // Intl spaces the dash with thin spaces; plain ones read (and match in tests) the same everywhere.
  return (to <= from ? format.format(from) : format.formatRange(from, to)).replace(/\u2009/g, " ");
}

export const PERIOD_NAMES: Record<FunnelPeriod, string> = { current: "Current period", previous: "Previous period" };

/** A funnel trends item's range: its first and last day ("YYYY-MM-DD", already in the project's days). */
export const trendItemRange = (item: TFunnelTrendItem) =>
  item.days.length ? { from: `${item.days[0]}T00:00:00Z`, to: `${item.days[item.days.length - 1]}T00:00:00Z` } : null;

/** The series of the trends view's items: their breakdown value and period. */
export function trendSeries(result: unknown): (TFunnelTrendItem & { key: string; label: string; period: FunnelPeriod | null })[] {
  if (!Array.isArray(result)) return [];
  return (result as TFunnelTrendItem[]).map((item) => {
    const breakdown = item.breakdown_value === undefined ? null : breakdownLabel(item.breakdown_value);
    const period = item.compare_label ?? null;
    const label = [breakdown, period ? PERIOD_NAMES[period] : null].filter(Boolean).join(" · ") || "Conversion rate";
    return { ...item, key: `${period ?? ""}|${breakdown ?? ""}`, label, period };
  });
}

/** Chart rows of the trends view: one per position, each series' conversion rate (%) under its key. */
export function trendRows(series: ReturnType<typeof trendSeries>): Record<string, number | string>[] {
  const length = Math.max(0, ...series.map((s) => s.data.length));
  return Array.from({ length }, (_, i) => {
    const row: Record<string, number | string> = {
      index: i,
      day: series.find((s) => s.period !== "previous")?.days[i] ?? series[0].days[i],
    };
    for (const s of series) {
      row[s.key] = s.data[i] ?? 0;
      row[`${s.key}:day`] = s.days[i] ?? "";
    }
    return row;
  });
}

/** The time-to-convert histogram as bars: each bin's start, end and share of all conversions. */
export function histogramBars(result: TFunnelTimeToConvert): { from: number; to: number; count: number; share: number }[] {
  const bins = result.bins;
  const total = bins.reduce((sum, [, count]) => sum + count, 0);
  const width = bins.length > 1 ? bins[1][0] - bins[0][0] : 60;
  return bins.map(([from, count], i) => ({ from, to: bins[i + 1]?.[0] ?? from + width, count, share: total ? count / total : 0 }));
}

function isTimeToConvert(result: unknown): result is TFunnelTimeToConvert {
  return typeof result === "object" && result !== null && !Array.isArray(result) && Array.isArray((result as TFunnelTimeToConvert).bins);
}

/**
 * Which view a result is for, read from its shape: while a changed view computes, the builder keeps showing the
 * previous view's result, which must be drawn as what it is.
 */
export function resultView(result: unknown): "steps" | "time_to_convert" | "trends" {
  if (isTimeToConvert(result)) return "time_to_convert";
  const first: unknown = Array.isArray(result) ? result[0] : undefined;
  if (typeof first === "object" && first !== null && !Array.isArray(first) && Array.isArray((first as TFunnelTrendItem).days))
    return "trends";
  return "steps";
}

/** PostHog's conversion window bounds per unit (its frontend's TIME_INTERVAL_BOUNDS). */
export const WINDOW_BOUNDS = {
  second: [1, 3600],
  minute: [1, 1440],
  hour: [1, 24],
  day: [1, 365],
  week: [1, 53],
  month: [1, 12],
} as const;
export type WindowUnit = keyof typeof WINDOW_BOUNDS;

/** A window length kept within its unit's bounds (a non-number: the unit's default of 14 days or 1). */
export function clampWindow(value: number, unit: WindowUnit): number {
  const [min, max] = WINDOW_BOUNDS[unit];
  if (!Number.isFinite(value)) return unit === "day" ? 14 : min;
  return Math.min(max, Math.max(min, Math.round(value)));
}

/** Exclusions kept valid when the steps change: a range within the steps (from < to ≤ last), else dropped. */
export function clampExclusions<E extends { funnel_from_step?: number | null; funnel_to_step?: number | null }>(
  exclusions: E[],
  stepCount: number,
): E[] {
  const last = stepCount - 1;
  return exclusions
    .map((e) => ({
      ...e,
      funnel_from_step: Math.min(e.funnel_from_step ?? 0, last - 1),
      funnel_to_step: Math.min(e.funnel_to_step ?? last, last),
    }))
    .filter((e) => e.funnel_from_step >= 0 && e.funnel_from_step < e.funnel_to_step);
}

/**
 * The breakdown attribution step (PostHog's `breakdown_attribution_value`) kept valid when the funnel changes:
 * within the steps, and the first step in an unordered funnel (the API refuses the others). `undefined` when
 * the attribution is not `step` or the step is still valid.
 */
export function clampAttributionStep(
  filters: { breakdown_attribution_type?: string; breakdown_attribution_value?: number },
  stepCount: number,
  orderType: string | undefined,
): number | undefined {
  if (filters.breakdown_attribution_type !== "step") return undefined;
  const step = filters.breakdown_attribution_value ?? 0;
  const last = orderType === "unordered" ? 0 : Math.max(stepCount - 1, 0);
  return step > last ? last : undefined;
}
