import { fromZodError, validationError } from "@/lib/api/errors";
import {
  bucketDay,
  bucketLabel,
  groupTypeIndexOf,
  loadEntityActions,
  parseInterval,
  previousRange,
  resolveDateRange,
  SESSION_DURATION,
  withTestAccountFilters,
  unsupportedSessionProperty,
  validateProperties,
  type DateRange,
  type PropertyFilter,
  type PropertyGroup,
} from "@/lib/analytics/filters";
import { hasPendingOverrides } from "@/lib/analytics/pending-overrides";
import { trendPersonsUrls } from "@/lib/analytics/actors/trend-urls";
import { isCohortBreakdown, trendsByCohort } from "@/lib/cohorts/breakdown";
import { MAX_TREND_POINTS } from "@/lib/analytics/limits";
import { checkAnswerBytes, otherThan, plannedItems, trendAnswerBytes } from "./answer-size";
import { getAnalysisStore } from "@/lib/analytics/store";
import { trendFormulas, type TrendFormula } from "./formula";
import type { Breakdown, Points, TrendContext } from "./sql";
import { computePeriod, type ComputeOptions, type Computed } from "./compute";
import {
  AGGREGATE_DISPLAYS,
  DISPLAYS,
  ZTrendFilter,
  filterEntities,
  resolveSeries,
  type Display,
  type Series,
  type TTrendFilter,
} from "./schemas";

export { NULL_BREAKDOWN, OTHER_BREAKDOWN } from "./sql";

/** PostHog's BREAKDOWN_VALUES_LIMIT. */
export const DEFAULT_BREAKDOWN_LIMIT = 25;

export interface TrendProject {
  id: number;
  timezone: string;
  testAccountFilters: PropertyFilter[];
}

export type TrendItem = Record<string, unknown>;

function groupDict(group: PropertyGroup): Record<string, unknown> {
  return group.values.length ? (group as unknown as Record<string, unknown>) : {};
}

/** The series' display name: its own, else its action's or event's (PostHog's `Entity.name`). */
export const seriesName = (s: Series) => s.entity.name ?? s.match.action?.name ?? s.event ?? "All events";

/** The series as PostHog's `entity.to_dict()`: the `action` of a result item. */
export function actionDict(series: Series): Record<string, unknown> {
  const e = series.entity;
  return {
    id: series.match.action ? series.match.action.id : series.event,
    type: series.match.action ? "actions" : "events",
    order: e.order ?? series.index,
    name: seriesName(series),
    custom_name: e.custom_name ?? null,
    math: series.math,
    math_property: series.mathProperty,
    math_hogql: e.math_hogql ?? null,
    math_group_type_index: series.groupTypeIndex,
    properties: groupDict(e.properties),
  };
}

const round2 = (v: number) => Math.round(v * 100) / 100;

interface Period {
  range: DateRange;
  compareLabel: "current" | "previous" | null;
  filterDict: Record<string, unknown>;
}

/**
 * A trend (`insights/trend/`): PostHog's `result` array, one item per series (× breakdown value × compare
 * period), then per formula of `formulas`; with PostHog's single `formula`, that formula's items alone. Throws PostHog's 400s for filters it cannot compute.
 */
export async function runTrends(project: TrendProject, rawFilter: Record<string, unknown>): Promise<TrendItem[]> {
  if (isCohortBreakdown(rawFilter)) return trendsByCohort(project.id, rawFilter, (filter) => runTrends(project, filter));
  const parsed = ZTrendFilter.safeParse(rawFilter ?? {});
  if (!parsed.success) throw fromZodError(parsed.error);
  const filter = parsed.data;
  const series = resolveSeries(filter, await loadEntityActions(project.id, filterEntities(filter)));
  const interval = parseInterval(filter.interval);
  const display = (filter.display ?? "ActionsLineGraph") as Display;
  if (!(DISPLAYS as readonly string[]).includes(display))
    throw validationError(`"${filter.display}" is not a valid choice.`, "display", "invalid_choice");
  validateProperties(filter.properties);
  for (const s of series) validateProperties(s.entity.properties, "events");
  const breakdown = resolveBreakdown(filter);
  const limit = filter.breakdown_limit ?? DEFAULT_BREAKDOWN_LIMIT;
  const offset = filter.offset ?? 0;
  const { formulas, withSeries } = trendFormulas(filter, series.length);
  const timezone = project.timezone || "UTC";

  let earliest: Date | null = null;
  if (filter.date_from === "all") earliest = await earliestEvent(project.id);
  const current = resolveDateRange({ date_from: filter.date_from, date_to: filter.date_to, interval, timezone, earliest });
  const properties = withTestAccountFilters(filter.properties, project, filter.filter_test_accounts);
  const ctx: TrendContext = { teamId: project.id, personOverrides: await hasPendingOverrides(project.id), timezone, properties };
  const baseDict = filterDict(filter, series, interval, display);
  const periods: Period[] = [{ range: current, compareLabel: filter.compare ? "current" : null, filterDict: baseDict }];
  if (filter.compare) {
    const previous = previousRange(current);
    periods.push({
      range: previous,
      compareLabel: "previous",
      filterDict: { ...baseDict, date_from: previous.from.toISOString(), date_to: previous.to.toISOString() },
    });
  }
  const lineCount = (withSeries ? series.length : 0) + formulas.length;
  checkPointCount(Math.max(series.length, lineCount) * (breakdown ? limit + 1 : 1) * periods.length * current.buckets.length);
  const aggregate = AGGREGATE_DISPLAYS.has(display);
  const cumulative = display === "ActionsLineGraphCumulative";
  const actions = series.map(actionDict);
  const seriesItemsPlanned = (valuesOf: (si: number, pi: number) => string[]) =>
    withSeries ? trendAnswerBytes(project.id, plannedItems(actions, periods, valuesOf, breakdown), !aggregate, cumulative) : 0;
  // A formula's items: as many as the first series' (without persons URLs), once per formula.
  const formulaItemsPlanned = (valuesOf: (pi: number) => string[]) =>
    formulas.length *
    trendAnswerBytes(
      project.id,
      plannedItems(actions.slice(0, 1), periods, (_, pi) => valuesOf(pi), breakdown),
      false,
      cumulative,
    );
  // Before any query, with one breakdown value per series; once the values are known, with them all.
  checkAnswerBytes(seriesItemsPlanned(() => [""]) + formulaItemsPlanned(() => [""]));

  // Per series and period: the raw values (before cumulative), keyed by breakdown value.
  const options: ComputeOptions = {
    limit,
    offset,
    aggregate,
    cumulativeDistinct: cumulative,
    showOther: !filter.breakdown_hide_other_aggregation,
  };
  const computeAll = (opts: ComputeOptions) =>
    Promise.all(periods.map((period) => computePeriod(ctx, series, period.range, breakdown, opts))).then((byPeriod) =>
      series.map((_, si) => byPeriod.map((perSeries) => perSeries[si])),
    );
  // Formulas run on each interval's own values: a cumulative count of persons counts them at their first event,
  // which a formula's cumulative sum would count twice, so formulas then get the plain values.
  const distinctCumulative = cumulative && series.some((s) => s.math === "dau");
  const [computed, formulaInputs] = await Promise.all([
    withSeries || !distinctCumulative ? computeAll(options) : null,
    formulas.length && distinctCumulative ? computeAll({ ...options, cumulativeDistinct: false }) : null,
  ]);
  const forFormulas = (formulaInputs ?? computed)!;
  checkAnswerBytes(seriesItemsPlanned((si, pi) => computed![si][pi].order) + formulaItemsPlanned((pi) => formulaOrder(forFormulas, pi)));

  const items: TrendItem[] = [];
  if (withSeries)
    series.forEach((s, si) => {
      periods.forEach((period, pi) => {
        const { order, points, totals } = computed![si][pi];
        for (const bv of order) {
          const item: TrendItem = { action: actions[si], label: itemLabel(s, bv, breakdown, series.length) };
          Object.assign(
            item,
            shape(period, aggregate ? null : pointsOf(points, bv, period.range, cumulative), totals?.get(bv) ?? 0, aggregate),
          );
          if (breakdown) item.breakdown_value = bv;
          if (period.compareLabel) Object.assign(item, { compare: true, compare_label: period.compareLabel });
          if (!aggregate) {
            item.persons_urls = trendPersonsUrls(
              project.id,
              period.filterDict,
              actions[si],
              period.range,
              breakdown ? bv : null,
              cumulative,
              otherThan(order, bv),
            );
          }
          items.push(item);
        }
      });
    });
  for (const formula of formulas) items.push(...formulaItems(formula, forFormulas, periods, breakdown, aggregate, cumulative));
  return items;
}

/** The numbers a trend would answer, bounded before any query runs. */
function checkPointCount(points: number) {
  if (points > MAX_TREND_POINTS)
    throw validationError(
      `This trend would have ${points.toLocaleString("en-US")} data points (series × breakdown values × intervals), more than the ${MAX_TREND_POINTS.toLocaleString("en-US")} allowed. Use a larger interval, a shorter date range, fewer series or a lower breakdown_limit.`,
      "interval",
      "max_value",
    );
}

/** The filter's breakdown, or PostHog's 400 for one a trend cannot compute. */
export function resolveBreakdown(filter: TTrendFilter): Breakdown | null {
  if (filter.breakdown === undefined || filter.breakdown === null || filter.breakdown === "") return null;
  const type = filter.breakdown_type ?? "event";
  if (type !== "event" && type !== "person" && type !== "session" && type !== "group" && type !== "hogql")
    throw validationError(`Breakdown type "${type}" is not supported.`, "breakdown_type", "unsupported");
  if (typeof filter.breakdown !== "string") throw validationError("Breakdown must be a property key.", "breakdown");
  if (type === "group")
    return {
      key: filter.breakdown,
      type,
      groupTypeIndex: groupTypeIndexOf(filter.breakdown_group_type_index, "breakdown_group_type_index"),
    };
  if (type === "session" && filter.breakdown !== SESSION_DURATION) throw unsupportedSessionProperty(filter.breakdown, "breakdown");
  return { key: filter.breakdown, type };
}

/** The team's first event (`date_from: "all"`), null when it has none. */
export async function earliestEvent(teamId: number): Promise<Date | null> {
  const store = await getAnalysisStore(teamId);
  const [row] = await store.query<{ first: string | null; n: string }>(
    "SELECT toString(min(timestamp)) AS first, count() AS n FROM events WHERE team_id = {team:Int64}",
    { team: teamId },
  );
  return row && Number(row.n) > 0 && row.first ? new Date(`${row.first.replace(" ", "T")}Z`) : null;
}

function pointsOf(points: Points, bv: string, range: DateRange, cumulative: boolean): number[] {
  const byBucket = points.get(bv);
  const data = range.buckets.map((b) => byBucket?.get(bucketDay(b, range.interval)) ?? 0);
  if (cumulative) for (let i = 1; i < data.length; i++) data[i] += data[i - 1];
  return data;
}

function shape(period: Period, data: number[] | null, aggregatedValue: number, aggregate: boolean): TrendItem {
  const { range } = period;
  const days = range.buckets.map((b) => bucketDay(b, range.interval));
  const labels = period.compareLabel
    ? range.buckets.map((_, i) => `${range.interval} ${i}`)
    : range.buckets.map((b) => bucketLabel(b, range.interval));
  if (aggregate) return { aggregated_value: aggregatedValue, data: [], days, labels, filter: period.filterDict };
  const values = data ?? [];
  const count = period.filterDict.display === "ActionsLineGraphCumulative" ? (values.at(-1) ?? 0) : values.reduce((a, b) => a + b, 0);
  return { count, data: values, labels, days, filter: period.filterDict };
}

function itemLabel(s: Series, bv: string, breakdown: Breakdown | null, seriesCount: number): string {
  const name = seriesName(s);
  if (!breakdown) return name;
  return seriesCount > 1 ? `${name} - ${bv}` : bv;
}

/** The filter as PostHog's `filter.to_dict()`: the `filter` of a result item. */
export function filterDict(filter: TTrendFilter, series: Series[], interval: string, display: string): Record<string, unknown> {
  const dict: Record<string, unknown> = {
    insight: "TRENDS",
    events: series.filter((s) => !s.match.action).map(actionDict),
    actions: series.filter((s) => s.match.action).map(actionDict),
    properties: groupDict(filter.properties),
    filter_test_accounts: filter.filter_test_accounts ?? false,
    date_from: filter.date_from ?? "-7d",
    interval,
    display,
  };
  if (filter.date_to) dict.date_to = filter.date_to;
  if (filter.breakdown !== undefined && filter.breakdown !== null && filter.breakdown !== "") {
    dict.breakdown = filter.breakdown;
    dict.breakdown_type = filter.breakdown_type ?? "event";
    if (filter.breakdown_type === "group") dict.breakdown_group_type_index = filter.breakdown_group_type_index;
    if (filter.breakdown_limit !== undefined && filter.breakdown_limit !== null) dict.breakdown_limit = filter.breakdown_limit;
  }
  if (filter.compare) dict.compare = true;
  if (filter.formula) dict.formula = filter.formula;
  if (filter.formulas?.length) dict.formulas = filter.formulas;
  return dict;
}

/** A formula's breakdown values in period `pi`: any series', in the first series' order then the others'. */
function formulaOrder(computed: Computed[][], pi: number): string[] {
  const order = new Set<string>();
  for (const perSeries of computed) for (const bv of perSeries[pi].order) order.add(bv);
  return [...order];
}

/** A formula's lines, per period and breakdown value: each names its formula (`formula`), which the series' lines do not. */
function formulaItems(
  { text, compute: formula }: TrendFormula,
  computed: Computed[][],
  periods: Period[],
  breakdown: Breakdown | null,
  aggregate: boolean,
  cumulative: boolean,
): TrendItem[] {
  const items: TrendItem[] = [];
  periods.forEach((period, pi) => {
    for (const bv of formulaOrder(computed, pi)) {
      const item: TrendItem = { label: breakdown ? bv : `Formula (${text})`, formula: text };
      if (aggregate) {
        const value = formula(computed.map((c) => c[pi].totals?.get(bv) ?? 0));
        Object.assign(item, shape(period, null, value, true));
      } else {
        const perSeries = computed.map((c) => pointsOf(c[pi].points, bv, period.range, false));
        const data = period.range.buckets.map((_, i) => formula(perSeries.map((d) => d[i])));
        if (cumulative) for (let i = 1; i < data.length; i++) data[i] = round2(data[i] + data[i - 1]);
        const shaped = shape(period, data, 0, false);
        shaped.count = round2(shaped.count as number);
        Object.assign(item, shaped);
      }
      if (breakdown) item.breakdown_value = bv;
      if (period.compareLabel) Object.assign(item, { compare: true, compare_label: period.compareLabel });
      items.push(item);
    }
  });
  return items;
}
