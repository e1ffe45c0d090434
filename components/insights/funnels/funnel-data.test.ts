import { describe, expect, test } from "vitest";
import type { TFunnelStep } from "@/lib/ui/types";
import {
  clampAttributionStep,
  clampExclusions,
  clampWindow,
  conversionOf,
  formatPeriod,
  formatPointsDelta,
  funnelSeries,
  histogramBars,
  overallConversion,
  resultView,
  periodRange,
  stepRows,
  trendRows,
  trendSeries,
} from "./funnel-data";

const step = (order: number, count: number, extra: Partial<TFunnelStep> = {}): TFunnelStep => ({
  action_id: `e${order}`,
  name: `e${order}`,
  custom_name: null,
  order,
  people: [],
  count,
  type: "events",
  average_conversion_time: order ? 60 * order : null,
  median_conversion_time: order ? 30 * order : null,
  converted_people_url: `/api/person/funnel/?date_from=2026-11-17T00%3A00%3A00.000Z&date_to=2026-11-23T23%3A59%3A59.999Z&funnel_step=${order + 1}`,
  dropped_people_url: order ? `/api/person/funnel/?funnel_step=-${order + 1}` : null,
  ...extra,
});

describe("stepRows", () => {
  test("conversion from the first and the previous step, drop-off and times", () => {
    const rows = stepRows([step(0, 200), step(1, 50), step(2, 10, { custom_name: "Paid" })]);
    expect(rows.map((r) => [r.name, r.count, r.fromFirst, r.fromPrevious, r.droppedOff, r.dropOffRate])).toEqual([
      ["e0", 200, 1, 1, 0, null],
      ["e1", 50, 0.25, 0.25, 150, 0.75],
      ["Paid", 10, 0.05, 0.2, 40, 0.8],
    ]);
    expect(rows[2].averageTime).toBe(120);
    expect(conversionOf(rows[2], "total")).toBe(0.05);
    expect(conversionOf(rows[2], "previous")).toBe(0.2);
    expect(overallConversion([step(0, 200), step(1, 50)])).toBe(0.25);
  });

  test("nobody entering gives unknown conversions, not a division by zero", () => {
    const rows = stepRows([step(0, 0), step(1, 0)]);
    expect(rows.map((r) => [r.fromFirst, r.fromPrevious, r.droppedOff])).toEqual([
      [null, null, 0],
      [null, null, 0],
    ]);
  });
});

describe("funnelSeries", () => {
  test("flat, per breakdown value, and per compared period", () => {
    expect(funnelSeries([step(0, 5), step(1, 2)]).map((s) => [s.key, s.breakdown, s.period])).toEqual([["|", null, null]]);
    const byBrowser = [
      [step(0, 5, { breakdown_value: "Chrome" }), step(1, 2, { breakdown_value: "Chrome" })],
      [step(0, 3, { breakdown_value: [""] }), step(1, 1, { breakdown_value: [""] })],
    ];
    expect(funnelSeries(byBrowser).map((s) => s.key)).toEqual(["|Chrome", "|(none)"]);
    const compared = [
      [step(0, 5, { compare: true, compare_label: "current" })],
      [step(0, 4, { compare: true, compare_label: "previous" })],
    ];
    expect(funnelSeries(compared).map((s) => [s.period, s.steps[0].count])).toEqual([
      ["current", 5],
      ["previous", 4],
    ]);
    expect(funnelSeries([])).toEqual([]);
  });
});

describe("periods", () => {
  test("a period's dates come from its persons URL and read as a range", () => {
    const range = periodRange([step(0, 1)]);
    expect(range).toEqual({ from: "2026-11-17T00:00:00.000Z", to: "2026-11-23T23:59:59.999Z" });
    expect(formatPeriod(range!)).toBe("Nov 17 – 23, 2026");
    expect(formatPeriod({ from: "2026-10-28T00:00:00Z", to: "2026-11-03T00:00:00Z" })).toBe("Oct 28 – Nov 3, 2026");
    expect(formatPeriod({ from: "2026-11-03T05:00:00Z", to: "2026-11-03T05:00:00Z" })).toBe("Nov 3, 2026");
  });

  test("deltas in percentage points, signed", () => {
    expect(formatPointsDelta(0.25, 0.2)).toBe("+5.0 pp");
    expect(formatPointsDelta(0.2, 0.25)).toBe("−5.0 pp");
    expect(formatPointsDelta(0.2, 0.2)).toBe("±0 pp");
    expect(formatPointsDelta(null, 0.2)).toBeNull();
  });
});

describe("trends and histogram", () => {
  test("trend rows line both periods up by position", () => {
    const series = trendSeries([
      { count: 2, data: [10, 20], days: ["2026-11-22", "2026-11-23"], labels: ["day 0", "day 1"], compare: true, compare_label: "current" },
      { count: 2, data: [5, 0], days: ["2026-11-20", "2026-11-21"], labels: ["day 0", "day 1"], compare: true, compare_label: "previous" },
    ]);
    expect(series.map((s) => s.label)).toEqual(["Current period", "Previous period"]);
    expect(trendRows(series)).toEqual([
      { index: 0, day: "2026-11-22", "current|": 10, "current|:day": "2026-11-22", "previous|": 5, "previous|:day": "2026-11-20" },
      { index: 1, day: "2026-11-23", "current|": 20, "current|:day": "2026-11-23", "previous|": 0, "previous|:day": "2026-11-21" },
    ]);
  });

  test("histogram bars have their bin's end and share", () => {
    expect(
      histogramBars({
        bins: [
          [0, 3],
          [60, 1],
          [120, 0],
        ],
        average_conversion_time: 40,
      }),
    ).toEqual([
      { from: 0, to: 60, count: 3, share: 0.75 },
      { from: 60, to: 120, count: 1, share: 0.25 },
      { from: 120, to: 180, count: 0, share: 0 },
    ]);
  });
});

test("a result's view is read from its shape", () => {
  expect(resultView([step(0, 1)])).toBe("steps");
  expect(resultView([[step(0, 1)]])).toBe("steps");
  expect(resultView([])).toBe("steps");
  expect(resultView({ bins: [], average_conversion_time: null })).toBe("time_to_convert");
  expect(resultView([{ count: 1, data: [1], days: ["2026-11-23"], labels: ["23-Nov-2026"] }])).toBe("trends");
});

describe("settings bounds", () => {
  test("the conversion window stays within its unit's bounds", () => {
    expect(clampWindow(90, "hour")).toBe(24);
    expect(clampWindow(0, "day")).toBe(1);
    expect(clampWindow(Number.NaN, "day")).toBe(14);
    expect(clampWindow(400, "day")).toBe(365);
  });

  test("exclusions follow the steps: clamped to the last step, dropped when no range is left", () => {
    const exclusions = [
      { id: "x", funnel_from_step: 0, funnel_to_step: 3 },
      { id: "y", funnel_from_step: 2, funnel_to_step: 3 },
    ];
    expect(clampExclusions(exclusions, 3)).toEqual([
      { id: "x", funnel_from_step: 0, funnel_to_step: 2 },
      { id: "y", funnel_from_step: 1, funnel_to_step: 2 },
    ]);
    expect(clampExclusions(exclusions, 1)).toEqual([]);
  });
});

describe("clampAttributionStep", () => {
  test("keeps a valid step, moves one past the last step or beyond the first of an unordered funnel", () => {
    const step = (value: number) => ({ breakdown_attribution_type: "step", breakdown_attribution_value: value });
    expect(clampAttributionStep(step(1), 3, "ordered")).toBeUndefined();
    expect(clampAttributionStep(step(2), 2, "strict")).toBe(1);
    expect(clampAttributionStep(step(1), 3, "unordered")).toBe(0);
    expect(clampAttributionStep(step(0), 3, "unordered")).toBeUndefined();
    expect(clampAttributionStep({ breakdown_attribution_type: "first_touch" }, 1, "ordered")).toBeUndefined();
  });
});
