import { SqlParams, previousRange, type DateRange } from "@/lib/analytics/filters";
import { getAnalysisStore } from "@/lib/analytics/store";
import { actionDict, filterDict, seriesName, type TrendItem, type TrendProject } from "@/lib/analytics/trends/run";
import { resolvePersonPeriods } from "@/lib/analytics/trends/person-periods";
import type { TrendContext } from "@/lib/analytics/trends/sql";
import { checkAnswerBytes, itemBytes } from "@/lib/analytics/trends/answer-size";
import type { Series } from "@/lib/analytics/trends/schemas";
import { stickinessPersonsUrls } from "@/lib/analytics/actors/trend-urls";
import { stickinessSql } from "./sql";

/** A trend filter asking for stickiness: `insight: "STICKINESS"`, or PostHog's older `shown_as: "Stickiness"`. */
export function isStickiness(filter: Record<string, unknown>): boolean {
  return String(filter.insight ?? "").toUpperCase() === "STICKINESS" || filter.shown_as === "Stickiness";
}

/** What a stickiness filter computes: its series over its range, by interval; PostHog's 400s for the rest. */
export const resolveStickiness = (project: TrendProject, rawFilter: Record<string, unknown>) =>
  resolvePersonPeriods(project, rawFilter, "Stickiness");

/**
 * Stickiness (PostHog's `Stickiness.run`): per series (× compare period) one item whose `data[k - 1]` is the
 * number of persons who did the series' event in exactly k intervals of the range, for k = 1 … the range's
 * number of intervals; `labels` "1 day", "2 days", …; `days` the k's; `persons_urls` the persons of each k.
 * Breakdowns are refused, as PostHog has none.
 */
export async function runStickiness(project: TrendProject, rawFilter: Record<string, unknown>): Promise<TrendItem[]> {
  const { filter, series, interval, range: current, ctx } = await resolveStickiness(project, rawFilter);
  const dict = { ...filterDict(filter, series, interval, "ActionsLineGraph"), insight: "STICKINESS", shown_as: "Stickiness" };
  const periods = filter.compare
    ? [
        { range: current, compareLabel: "current" },
        { range: previousRange(current), compareLabel: "previous" },
      ]
    : [{ range: current, compareLabel: null }];

  const actions = series.map(actionDict);
  checkAnswerBytes(
    actions.reduce((bytes, action) => {
      const sample = stickinessPersonsUrls(project.id, dict, action, current, 1)[0];
      return bytes + periods.length * (JSON.stringify(dict).length + itemBytes(action, current.buckets.length, sample));
    }, 0),
  );
  // PostHog's handle_compare: every period of the first series, then of the next.
  const items = series.flatMap((s, si) =>
    periods.map(async ({ range, compareLabel }) => {
      const item: TrendItem = { action: actions[si], label: seriesName(s), ...(await stickinessPoints(ctx, s, range)) };
      item.filter = compareLabel ? { ...dict, date_from: range.from.toISOString(), date_to: range.to.toISOString() } : dict;
      item.persons_urls = stickinessPersonsUrls(project.id, dict, item.action as Record<string, unknown>, range);
      // Compared periods are labelled by position, as PostHog's convert_to_comparison does.
      if (compareLabel)
        Object.assign(item, {
          labels: (item.days as number[]).map((_, i) => `${interval} ${i}`),
          compare: true,
          compare_label: compareLabel,
        });
      return item;
    }),
  );
  return Promise.all(items);
}

async function stickinessPoints(ctx: TrendContext, series: Series, range: DateRange) {
  const params = new SqlParams();
  const store = await getAnalysisStore(ctx.teamId);
  const rows = await store.query<{ intervals: string | number; persons: string | number }>(
    stickinessSql(ctx, series, range, params),
    params.values,
  );
  const persons = new Map(rows.map((r) => [Number(r.intervals), Number(r.persons)]));
  const days = range.buckets.map((_, i) => i + 1);
  const data = days.map((k) => persons.get(k) ?? 0);
  return {
    count: data.reduce((a, b) => a + b, 0),
    data,
    labels: days.map((k) => `${k} ${range.interval}${k > 1 ? "s" : ""}`),
    days,
  };
}
