import { describe, expect, it } from "vitest";
import { MIN_TEXT_CONTRAST, contrastOf, meanRetention, retentionCellColors, retentionTableRows } from "./retention-table";

const value = (count: number) => ({ count, people: [] });

describe("retentionTableRows", () => {
  it("reads each cohort's size from interval 0 and each cell's share of it", () => {
    const rows = retentionTableRows([
      { label: "Day 0", date: "2026-01-01T00:00:00Z", people_url: "/a", values: [value(10), value(4), value(1)] },
      { label: "Day 1", date: "2026-01-02T00:00:00Z", people_url: "/b", values: [value(0), value(0)] },
    ]);
    expect(rows[0]).toMatchObject({ label: "Day 0", date: "2026-01-01T00:00:00Z", size: 10 });
    expect(rows[0].cells.map((c) => c.ratio)).toEqual([1, 0.4, 0.1]);
    expect(rows[1].cells.map((c) => c.ratio)).toEqual([null, null]);
  });

  it("labels breakdown rows by their values, an empty value as (none)", () => {
    const rows = retentionTableRows([
      { label: "", breakdown_values: [""], people_url: "/c", values: [value(2), value(1)] },
      { label: "Chrome", breakdown_values: ["Chrome"], people_url: "/d", values: [value(5), value(5)] },
    ]);
    expect(rows.map((r) => r.label)).toEqual(["(none)", "Chrome"]);
    expect(rows[0].date).toBeUndefined();
  });
});

describe("meanRetention", () => {
  it("weights each interval by the sizes of the rows that reach it, skipping empty rows", () => {
    const rows = retentionTableRows([
      { label: "Day 0", date: "d0", people_url: "", values: [value(10), value(5), value(2)] },
      { label: "Day 1", date: "d1", people_url: "", values: [value(30), value(3)] },
      { label: "Day 2", date: "d2", people_url: "", values: [value(0)] },
    ]);
    expect(meanRetention(rows)).toEqual([1, 8 / 40, 0.2]);
  });

  it("is null where no row with persons reaches the interval, and empty for no rows", () => {
    const rows = retentionTableRows([{ label: "Day 0", date: "d0", people_url: "", values: [value(0), value(0)] }]);
    expect(meanRetention(rows)).toEqual([null, null]);
    expect(meanRetention([])).toEqual([]);
  });
});

describe("retentionCellColors", () => {
  it("keeps text at 4.5:1 or more on every shade, in light and dark", () => {
    for (const theme of ["light", "dark"] as const)
      for (let step = 0; step <= 100; step++) {
        const colors = retentionCellColors(step / 100, theme);
        expect(contrastOf(colors), `${theme} ${step}%: ${colors.color} on ${colors.background}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      }
  });

  it("darkens (light theme) or brightens (dark theme) with the ratio, and switches the text colour on the way", () => {
    const light = [0, 0.5, 1].map((r) => retentionCellColors(r, "light"));
    expect(new Set(light.map((c) => c.background)).size).toBe(3);
    expect(light[0].color).not.toBe(light[2].color);
    const dark = [0, 1].map((r) => retentionCellColors(r, "dark"));
    expect(dark[0].color).not.toBe(dark[1].color);
  });

  it("clamps out-of-range ratios and draws no data as the low end", () => {
    expect(retentionCellColors(1.7, "light")).toEqual(retentionCellColors(1, "light"));
    expect(retentionCellColors(-1, "dark")).toEqual(retentionCellColors(0, "dark"));
    expect(retentionCellColors(null, "light")).toEqual(retentionCellColors(0, "light"));
  });
});
