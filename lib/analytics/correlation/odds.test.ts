import { describe, expect, test } from "vitest";
import { isInsignificant, isSkewed, oddsRatio, rankCorrelations } from "./odds";

describe("odds ratio with a prior count of 1", () => {
  test("PostHog's worked example: 5 of 7 successes and 1 of 11 failures watched the video", () => {
    // (5 + 1)(10 + 1) / ((2 + 1)(1 + 1)) = 66 / 6
    expect(oddsRatio({ success: 5, failure: 1 }, { success: 7, failure: 11 })).toBe(11);
  });
  test("an event no success did", () => {
    // (0 + 1)(3 + 1) / ((4 + 1)(3 + 1)) = 4 / 20
    expect(oddsRatio({ success: 0, failure: 3 }, { success: 4, failure: 6 })).toBeCloseTo(0.2, 12);
  });
  test("everyone did it: the prior keeps it finite", () => {
    // (3 + 1)(0 + 1) / ((0 + 1)(2 + 1)) = 4 / 3
    expect(oddsRatio({ success: 3, failure: 2 }, { success: 3, failure: 2 })).toBeCloseTo(4 / 3, 12);
  });
});

describe("which rows are shown", () => {
  test("fewer persons than min(25, 2% of the funnel's) are insignificant", () => {
    const small = { success: 100, failure: 100 }; // 2% of 200 = 4
    expect(isInsignificant({ success: 2, failure: 1 }, small)).toBe(true);
    expect(isInsignificant({ success: 2, failure: 2 }, small)).toBe(false);
    const large = { success: 1500, failure: 1500 }; // 2% of 3000 = 60, capped at 25
    expect(isInsignificant({ success: 20, failure: 4 }, large)).toBe(true);
    expect(isInsignificant({ success: 20, failure: 5 }, large)).toBe(false);
  });

  test("skewed past 10 to 1 either way", () => {
    expect(isSkewed({ success: 10, failure: 1 })).toBe(false);
    expect(isSkewed({ success: 11, failure: 1 })).toBe(true);
    expect(isSkewed({ success: 1, failure: 11 })).toBe(true);
  });

  test("no successes (or no failures): nothing to compare, skewed", () => {
    const rows = [{ name: "a", visited: { success: 0, failure: 5 } }];
    expect(rankCorrelations(rows, { success: 0, failure: 5 })).toEqual({ ranked: [], skewed: true });
    expect(rankCorrelations(rows, { success: 5, failure: 0 })).toEqual({ ranked: [], skewed: true });
  });

  test("top 10 above 1 (highest first), then top 10 at or below 1 (lowest first)", () => {
    const totals = { success: 50, failure: 50 };
    const rows = [
      ...Array.from({ length: 13 }, (_, i) => ({ name: `up${String(i).padStart(2, "0")}`, visited: { success: 10 + i, failure: 10 } })),
      ...Array.from({ length: 12 }, (_, i) => ({ name: `down${String(i).padStart(2, "0")}`, visited: { success: 10, failure: 11 + i } })),
      { name: "even", visited: { success: 10, failure: 10 } },
      { name: "rare", visited: { success: 1, failure: 0 } },
    ];
    const { ranked, skewed } = rankCorrelations(rows, totals);
    expect(skewed).toBe(false);
    expect(ranked.map((r) => r.row.name)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `up${String(12 - i).padStart(2, "0")}`),
      ...Array.from({ length: 10 }, (_, i) => `down${String(11 - i).padStart(2, "0")}`),
    ]);
    expect(ranked[0].correlationType).toBe("success");
    // up12: (22 + 1)(40 + 1) / ((28 + 1)(10 + 1))
    expect(ranked[0].oddsRatio).toBeCloseTo((23 * 41) / (29 * 11), 12);
    // down11: (10 + 1)(28 + 1) / ((40 + 1)(22 + 1)), the lowest first
    expect(ranked[10]).toMatchObject({ correlationType: "failure" });
    expect(ranked[10].oddsRatio).toBeCloseTo((11 * 29) / (41 * 23), 12);
    // Odds ratio exactly 1 counts as failure, the weakest: 11th of 13 failures, cut.
    expect(rankCorrelations([rows[25]], totals).ranked).toMatchObject([{ oddsRatio: 1, correlationType: "failure" }]);
    expect(ranked.some((r) => r.row.name === "even" || r.row.name === "rare")).toBe(false);
  });

  test("equal odds ratios are ordered by name", () => {
    const totals = { success: 10, failure: 10 };
    const rows = ["c", "a", "b"].map((name) => ({ name, visited: { success: 5, failure: 1 } }));
    expect(rankCorrelations(rows, totals).ranked.map((r) => r.row.name)).toEqual(["a", "b", "c"]);
  });
});
