import { describe, expect, it } from "vitest";
import { colorLines, lineColor } from "./line-colors";
import { seriesColor } from "./palette";

const line = (source: string, breakdownValue: string | null, compare: "current" | "previous" | null = null) => ({
  source,
  breakdownValue,
  compare,
  // As the API's order hands them out: one index per series and breakdown value.
  colorIndex: -1,
});

describe("trend line colours", () => {
  it("give each breakdown value one colour across series, and each series its own shade", () => {
    const browsers = ["Chrome", "Safari", "Firefox"];
    const lines = colorLines(["A", "B", "C"].flatMap((source) => browsers.map((browser) => line(source, browser))));
    expect(lines.map((l) => [l.source, l.breakdownValue, l.colorIndex, l.shade])).toEqual([
      ["A", "Chrome", 0, 0],
      ["A", "Safari", 1, 0],
      ["A", "Firefox", 2, 0],
      ["B", "Chrome", 0, 1],
      ["B", "Safari", 1, 1],
      ["B", "Firefox", 2, 1],
      ["C", "Chrome", 0, 2],
      ["C", "Safari", 1, 2],
      ["C", "Firefox", 2, 2],
    ]);
    // Nine lines, nine different colours on screen: three hues, three shades.
    expect(new Set(lines.map(lineColor)).size).toBe(9);
  });

  it("keep a value's colour when a series lacks some values", () => {
    const lines = colorLines([line("A", "Chrome"), line("A", "Safari"), line("B", "Safari"), line("B", "Arc"), line("A/B", "Safari")]);
    expect(lines.map((l) => [l.colorIndex, l.shade])).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [2, 1],
      [1, 2],
    ]);
  });

  it("without a breakdown, give each series its own colour, as before", () => {
    const lines = colorLines([line("A", null), line("B", null), line("A/B", null)]);
    expect(lines.map((l) => [l.colorIndex, l.shade])).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
    ]);
    expect(lines.map(lineColor)).toEqual([seriesColor(0), seriesColor(1), seriesColor(2)]);
  });

  it("keep a compared period in its line's colour and shade", () => {
    const lines = colorLines([
      line("A", "Chrome", "current"),
      line("A", "Chrome", "previous"),
      line("B", "Chrome", "current"),
      line("B", "Chrome", "previous"),
    ]);
    expect(lines.map((l) => [l.colorIndex, l.shade])).toEqual([
      [0, 0],
      [0, 0],
      [0, 1],
      [0, 1],
    ]);
  });

  it("mix a shade towards the text colour, so it stays readable in both themes", () => {
    expect(lineColor({ colorIndex: 2, shade: 0 })).toBe(seriesColor(2));
    expect(lineColor({ colorIndex: 2, shade: 1 })).toMatch(/^color-mix\(in oklab, #[0-9a-f]{6} \d+%, var\(--foreground\)\)$/);
  });
});
