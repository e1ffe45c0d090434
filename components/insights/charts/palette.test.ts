import { colord, extend } from "colord";
import a11y from "colord/plugins/a11y";
import { describe, expect, it } from "vitest";
import { SERIES_COLORS, seriesColor } from "./palette";

extend([a11y]);

// The app's cards: oklch(1 0 0) and oklch(0.205 0.009 150) in sRGB.
const LIGHT_CARD = "#ffffff";
const DARK_CARD = "#1a1e1b";

describe("series palette", () => {
  it("has at least ten distinct colours, each 3:1 against the light and the dark card", () => {
    expect(new Set(SERIES_COLORS).size).toBeGreaterThanOrEqual(10);
    for (const color of SERIES_COLORS) {
      expect(colord(color).contrast(LIGHT_CARD), `${color} on light`).toBeGreaterThanOrEqual(3);
      expect(colord(color).contrast(DARK_CARD), `${color} on dark`).toBeGreaterThanOrEqual(3);
    }
  });

  it("repeats past its end and takes any index", () => {
    expect(seriesColor(0)).toBe(SERIES_COLORS[0]);
    expect(seriesColor(SERIES_COLORS.length + 2)).toBe(SERIES_COLORS[2]);
    expect(seriesColor(-1)).toBe(SERIES_COLORS[SERIES_COLORS.length - 1]);
  });
});
