import { describe, expect, test } from "vitest";
import { alertValue, breaches, type AlertRule } from "./evaluate";

const rule = (
  condition: AlertRule["condition"]["type"],
  type: "absolute" | "percentage",
  bounds: { lower?: number; upper?: number },
  ongoing = false,
): AlertRule => ({
  threshold: { configuration: { type, bounds } },
  condition: { type: condition },
  config: { series_index: 0, check_ongoing_interval: ongoing },
});

describe("alertValue", () => {
  test("absolute value: the last complete interval, or the ongoing one when asked", () => {
    expect(alertValue([1, 5, 9], rule("absolute_value", "absolute", { upper: 3 }))).toBe(5);
    expect(alertValue([1, 5, 9], rule("absolute_value", "absolute", { upper: 3 }, true))).toBe(9);
    expect(alertValue([7], rule("absolute_value", "absolute", { upper: 3 }))).toBeNull();
  });
  test("relative changes as counts and as fractions of the interval before", () => {
    expect(alertValue([4, 10, 0], rule("relative_increase", "absolute", { upper: 3 }))).toBe(6);
    expect(alertValue([4, 10, 0], rule("relative_decrease", "absolute", { upper: 3 }))).toBe(-6);
    expect(alertValue([4, 10, 0], rule("relative_increase", "percentage", { upper: 1 }))).toBe(1.5);
    expect(alertValue([0, 10, 0], rule("relative_increase", "percentage", { upper: 1 }))).toBeNull();
    expect(alertValue([10, 0], rule("relative_increase", "absolute", { upper: 1 }))).toBeNull();
  });
});

describe("breaches", () => {
  test("outside either bound, the bounds themselves allowed", () => {
    const r = rule("absolute_value", "absolute", { lower: 2, upper: 5 });
    expect([1, 2, 5, 6].map((v) => breaches(v, r))).toEqual([true, false, false, true]);
    expect(breaches(null, r)).toBe(false);
    expect(breaches(-100, rule("absolute_value", "absolute", { upper: 5 }))).toBe(false);
  });
});
