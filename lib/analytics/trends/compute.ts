import type { DateRange } from "@/lib/analytics/filters";
import {
  OTHER_BREAKDOWN,
  firstSeenPoints,
  isSingleAggregate,
  rankBreakdownValues,
  rankedBreakdown,
  scanKey,
  scanValues,
  seriesPoints,
  seriesTotals,
  type Breakdown,
  type Points,
  type TrendContext,
} from "./sql";
import type { Series } from "./schemas";

/** A trend's series computed over one period: their points (or totals) per breakdown value. */
export interface Computed {
  /** Breakdown values in ranking order ('' only, without breakdown), then "other" when shown. */
  order: string[];
  points: Points;
  totals: Map<string, number> | null;
}

export interface ComputeOptions {
  limit: number;
  offset: number;
  aggregate: boolean;
  /** A cumulative display: a count of persons counts each person once, at their first event (PostHog's CUMULATIVE_SQL). */
  cumulativeDistinct: boolean;
  showOther: boolean;
}

const countsFirstSeen = (s: Series, opts: ComputeOptions) => opts.cumulativeDistinct && s.math === "dau";

/** Every series over one period: series without breakdown that share their events are computed in one scan. */
export async function computePeriod(
  ctx: TrendContext,
  series: Series[],
  range: DateRange,
  breakdown: Breakdown | null,
  opts: ComputeOptions,
): Promise<Computed[]> {
  if (breakdown) return Promise.all(series.map((s) => computeBreakdown(ctx, s, range, breakdown, opts)));
  const results: Computed[] = [];
  const scans = new Map<string, Series[]>();
  const single: Series[] = [];
  for (const s of series) {
    if (isSingleAggregate(s) && !countsFirstSeen(s, opts)) {
      const key = scanKey(s);
      scans.set(key, [...(scans.get(key) ?? []), s]);
    } else single.push(s);
  }
  await Promise.all([
    ...[...scans.values()].map(async (scan) => {
      const values = await scanValues(ctx, scan, range, opts.aggregate);
      scan.forEach((s, i) => {
        results[s.index] = opts.aggregate
          ? { order: [""], points: new Map(), totals: new Map([["", values[i].get("")?.get("") ?? 0]]) }
          : { order: [""], points: values[i], totals: null };
      });
    }),
    ...single.map(async (s) => {
      results[s.index] = opts.aggregate
        ? { order: [""], points: new Map(), totals: await seriesTotals(ctx, s, range, null) }
        : { order: [""], points: await (countsFirstSeen(s, opts) ? firstSeenPoints : seriesPoints)(ctx, s, range, null), totals: null };
    }),
  ]);
  return results;
}

/** One series by breakdown value: the page of ranked values (S8), and "other" for the values past it. */
async function computeBreakdown(
  ctx: TrendContext,
  s: Series,
  range: DateRange,
  breakdown: Breakdown,
  opts: ComputeOptions,
): Promise<Computed> {
  const top = opts.offset + opts.limit;
  const pointsOf = countsFirstSeen(s, opts) ? firstSeenPoints : seriesPoints;
  let ranked: string[];
  let more: boolean;
  let points: Points;
  let totals: Map<string, number>;
  if (isSingleAggregate(s) && !countsFirstSeen(s, opts)) {
    ({ ranked, more, points, totals } = await rankedBreakdown(ctx, s, range, breakdown, top, !opts.aggregate));
  } else {
    totals = await seriesTotals(ctx, s, range, breakdown);
    const all = rankBreakdownValues(totals);
    ranked = all.slice(0, top);
    more = all.length > top;
    points =
      opts.aggregate || ranked.length <= opts.offset
        ? new Map()
        : await pointsOf(ctx, s, range, breakdown, { only: ranked.slice(opts.offset) });
  }
  const order = ranked.slice(opts.offset);
  if (more && opts.showOther) {
    const others = { otherThan: ranked };
    if (opts.aggregate) totals.set(OTHER_BREAKDOWN, (await seriesTotals(ctx, s, range, breakdown, others)).get(OTHER_BREAKDOWN) ?? 0);
    else points.set(OTHER_BREAKDOWN, (await pointsOf(ctx, s, range, breakdown, others)).get(OTHER_BREAKDOWN) ?? new Map());
    order.push(OTHER_BREAKDOWN);
  }
  return { order, points, totals };
}
