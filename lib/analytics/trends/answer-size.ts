import { validationError } from "@/lib/api/errors";
import { trendPersonsUrls, type PersonsUrl } from "@/lib/analytics/actors/trend-urls";
import type { DateRange } from "@/lib/analytics/filters";
import { MAX_TREND_ANSWER_BYTES } from "@/lib/analytics/limits";
import { OTHER_BREAKDOWN, type Breakdown } from "./sql";

/** A point's value, label and day in an item's JSON, at most (a 17-digit number, an hour's label and day). */
const POINT_BYTES = 80;

/**
 * The JSON bytes of one trend or stickiness item: its `fixed` part (action, filter, label, breakdown value) once,
 * and per point its value, label, day and persons URL (`sampleUrl`, one of them: they differ only in their
 * dates, which are all as long).
 */
export function itemBytes(fixed: Record<string, unknown>, points: number, sampleUrl?: PersonsUrl): number {
  const url = sampleUrl ? JSON.stringify(sampleUrl).length + 1 : 0;
  return JSON.stringify(fixed).length + points * (POINT_BYTES + url);
}

/** A 400 when an answer of `bytes` would be past MAX_TREND_ANSWER_BYTES. */
export function checkAnswerBytes(bytes: number) {
  if (bytes <= MAX_TREND_ANSWER_BYTES) return;
  const mb = (n: number) => `${Math.ceil(n / 2 ** 20).toLocaleString("en-US")} MB`;
  throw validationError(
    `This answer would be about ${mb(bytes)}, more than the ${mb(MAX_TREND_ANSWER_BYTES)} allowed. Use a larger interval, a shorter date range, fewer series or a lower breakdown_limit.`,
    null,
    "max_value",
  );
}

/** One item a trend would answer: a series (its `action`) over one period, for one breakdown value. */
export interface PlannedItem {
  action: Record<string, unknown>;
  filterDict: Record<string, unknown>;
  range: DateRange;
  breakdownValue: string | null;
  otherThan?: string[];
}

/**
 * The JSON bytes of a trend's items (`withUrls`: with a persons URL per point), counted until past the bound.
 * Each filter dict and action is measured once, however many items share it.
 */
export function trendAnswerBytes(projectId: number, items: PlannedItem[], withUrls: boolean, cumulative: boolean): number {
  const measured = new Map<object, number>();
  const bytesOf = (value: Record<string, unknown>) => {
    let bytes = measured.get(value);
    if (bytes === undefined) measured.set(value, (bytes = JSON.stringify(value).length));
    return bytes;
  };
  let total = 0;
  for (const item of items) {
    const { action, filterDict, range, breakdownValue, otherThan } = item;
    const sample = withUrls
      ? trendPersonsUrls(projectId, filterDict, action, range, breakdownValue, cumulative, otherThan, range.buckets.slice(0, 1))[0]
      : undefined;
    // The label repeats the breakdown value.
    const fixed = { label: String(action.name ?? ""), breakdown_value: breakdownValue, again: breakdownValue };
    total += bytesOf(action) + bytesOf(filterDict) + itemBytes(fixed, range.buckets.length, sample);
    if (total > MAX_TREND_ANSWER_BYTES) break;
  }
  return total;
}

/** "Other" is every value but the ranked ones, which its URLs name. */
export function otherThan(order: string[], bv: string): string[] | undefined {
  return bv === OTHER_BREAKDOWN ? order.filter((v) => v !== OTHER_BREAKDOWN) : undefined;
}

/** The items a trend answers, per series (`actions`), period and breakdown value (`valuesOf`). */
export function plannedItems(
  actions: Record<string, unknown>[],
  periods: { filterDict: Record<string, unknown>; range: DateRange }[],
  valuesOf: (si: number, pi: number) => string[],
  breakdown: Breakdown | null,
): PlannedItem[] {
  return actions.flatMap((action, si) =>
    periods.flatMap(({ filterDict, range }, pi) => {
      const order = valuesOf(si, pi);
      return order.map((bv) => ({ action, filterDict, range, breakdownValue: breakdown ? bv : null, otherThan: otherThan(order, bv) }));
    }),
  );
}
