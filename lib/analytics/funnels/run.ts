import type { z } from "zod";
import { bucketDay, bucketLabel, type PropertyFilter } from "@/lib/analytics/filters";
import { getAnalysisStore } from "@/lib/analytics/store";
import { funnelByCohort, isCohortBreakdown, withoutCohortBreakdown } from "@/lib/cohorts/breakdown";
import { normalizeFunnel, previousPeriod, type NormalizedFunnel } from "./normalize";
import { buildFunnelSql } from "./sql";
import { filterQueryOf, shapeSteps, type FunnelRow, type FunnelStepResult } from "./result";
import type { TFunnelFilter, ZCompareLabel, ZFunnelTimeToConvert, ZFunnelTrendItem } from "./schemas";

export type { NormalizedFunnel } from "./normalize";

export type FunnelTrendItem = z.output<typeof ZFunnelTrendItem>;
export type FunnelTimeToConvert = z.output<typeof ZFunnelTimeToConvert>;
type CompareLabel = z.output<typeof ZCompareLabel>;

export type FunnelResult = FunnelStepResult[] | FunnelStepResult[][] | FunnelTrendItem[] | FunnelTimeToConvert;

interface TrendRow {
  breakdown_value: string;
  day: string;
  reached_from: string | number;
  reached_to: string | number;
}

/** PostHog's `result` of a legacy funnel filter over the project's events. */
export async function runFunnel(
  project: { id: number; timezone?: string | null; testAccountFilters: PropertyFilter[] },
  filter: TFunnelFilter,
  now = new Date(),
): Promise<FunnelResult> {
  // As PostHog's, time to convert is one histogram over everyone whatever the breakdown.
  if (isCohortBreakdown(filter) && filter.funnel_viz_type === "time_to_convert")
    return runFunnel(project, withoutCohortBreakdown(filter), now);
  if (isCohortBreakdown(filter))
    return funnelByCohort(project.id, filter, async (one) => (await runFunnel(project, one as TFunnelFilter, now)) as FunnelStepResult[]);
  const f = await normalizeFunnel(project, filter, now);
  if (f.steps.length === 0) return [];
  if (!f.compare) return computeFunnel(f, filter);
  const [current, previous] = await Promise.all([computeFunnel(f, filter), computeFunnel(previousPeriod(f), filter)]);
  return [...comparedPeriod(f, current, "current"), ...comparedPeriod(f, previous, "previous")] as FunnelResult;
}

/**
 * One period of a compared funnel (`compare: true`), tagged as trends' compare items are (`compare`,
 * `compare_label`): the steps view gives one array of steps per period (and breakdown value); funnel trends
 * give their items, labelled by position ("day 0", "day 1", …) so both periods line up.
 */
function comparedPeriod(f: NormalizedFunnel, result: FunnelResult, label: CompareLabel): FunnelStepResult[][] | FunnelTrendItem[] {
  const tag = { compare: true as const, compare_label: label };
  if (f.vizType === "trends")
    return (result as FunnelTrendItem[]).map((item) => ({ ...item, labels: item.labels.map((_, i) => `${f.interval} ${i}`), ...tag }));
  const stepArrays = f.breakdown ? (result as FunnelStepResult[][]) : [result as FunnelStepResult[]];
  return stepArrays.map((steps) => steps.map((step) => ({ ...step, ...tag })));
}

/** The funnel's result over its one period. */
async function computeFunnel(f: NormalizedFunnel, filter: TFunnelFilter): Promise<FunnelResult> {
  const { sql, params } = buildFunnelSql(f);
  const store = await getAnalysisStore(f.teamId);
  if (f.vizType === "trends") return shapeTrends(f, await store.query<TrendRow>(sql, params));
  if (f.vizType === "time_to_convert") {
    const [row] = await store.query<{ times: number[] }>(sql, params);
    return timeToConvertBins(row?.times ?? [], f.binCount);
  }
  const rows = await store.query<FunnelRow>(sql, params);
  return shapeSteps(f, rows, filterQueryOf(f, filter as Record<string, unknown>));
}

function shapeTrends(f: NormalizedFunnel, rows: TrendRow[]): FunnelTrendItem[] {
  const days = f.buckets.map((b) => bucketDay(b, f.interval));
  const labels = f.buckets.map((b) => bucketLabel(b, f.interval));
  const byValue = new Map<string, Map<string, TrendRow>>();
  for (const row of rows) {
    if (!byValue.has(row.breakdown_value)) byValue.set(row.breakdown_value, new Map());
    byValue.get(row.breakdown_value)!.set(row.day, row);
  }
  const item = (perDay: Map<string, TrendRow> | undefined): FunnelTrendItem => ({
    count: days.length,
    data: days.map((day) => {
      const row = perDay?.get(day);
      const from = row ? Number(row.reached_from) : 0;
      const to = row ? Number(row.reached_to) : 0;
      return from === 0 ? 0 : Math.round((to / from) * 100 * 100) / 100;
    }),
    days,
    labels,
  });
  if (!f.breakdown) return [item(byValue.get(""))];
  const ranked = [...byValue.entries()]
    .map(([value, perDay]) => ({ value, perDay, total: [...perDay.values()].reduce((s, r) => s + Number(r.reached_from), 0) }))
    .sort((a, b) => b.total - a.total || (a.value < b.value ? -1 : 1))
    .slice(0, f.breakdown.limit);
  return ranked.map(({ value, perDay }) => ({ ...item(perDay), breakdown_value: value }));
}

/**
 * PostHog's histogram (funnel_time_to_convert.py): from floor(min) to ceil(max) in `bin_count` bins of
 * ceil((max − min) / bin_count) seconds (60 when that is 0), plus one; automatic bin count
 * clamp(ceil(cbrt(n)), 1, 60); average rounded to 2 decimals.
 */
export function timeToConvertBins(times: number[], custom: number | null): FunnelTimeToConvert {
  const from = times.length ? Math.floor(times.reduce((a, b) => Math.min(a, b))) : 0;
  const to = times.length ? Math.ceil(times.reduce((a, b) => Math.max(a, b))) : 1;
  const binCount = custom ?? Math.min(60, Math.max(1, Math.ceil(Math.cbrt(times.length))));
  const raw = Math.ceil((to - from) / binCount);
  const width = raw > 0 ? raw : 60;
  const counts = new Map<number, number>();
  for (const t of times) {
    const bin = from + Math.floor((t - from) / width) * width;
    counts.set(bin, (counts.get(bin) ?? 0) + 1);
  }
  const bins: [number, number][] = [];
  for (let k = 0; k <= binCount; k++) {
    const start = from + k * width;
    bins.push([start, counts.get(start) ?? 0]);
  }
  const average = times.length ? Math.round((times.reduce((a, b) => a + b, 0) / times.length) * 100) / 100 : null;
  return { bins, average_conversion_time: average };
}
