import { describe, expect, test } from "vitest";
import { formulasOf, formulasPatch, unknownSeriesLetters } from "./formulas";
import { OTHER_BREAKDOWN } from "@/lib/analytics/trends/constants";
import { chartRows, formatBucket, lineLabel, tableColumns, tableCsv, trendLines } from "./results";
import type { TTrendItem } from "@/lib/ui/types";

const days = ["2026-11-16", "2026-11-17", "2026-11-18"];
const item = (over: Partial<TTrendItem> & Record<string, unknown>): TTrendItem => ({
  label: "$pageview",
  data: [1, 2, 3],
  count: 6,
  labels: [],
  days,
  filter: {},
  ...over,
});

const pageviews = item({
  action: { order: 0, name: "$pageview", custom_name: null },
  persons_urls: days.map((d) => ({ url: `api/projects/1/persons/trends/?date_from=${d}` })),
});
const signups = item({ label: "signup", action: { order: 1, name: "signup", custom_name: "Sign-ups, all" }, data: [0, 1, 1], count: 2 });
const ratio = item({ label: "Formula (A/B)", formula: "A/B", data: [0, 2, 3], count: 5 });

describe("trend lines", () => {
  test("series keep their letters and names, formulas follow as their own lines", () => {
    const lines = trendLines([pageviews, signups, ratio]);
    expect(lines.map((l) => [l.source, l.name, l.formula, l.total, l.colorIndex])).toEqual([
      ["A", "$pageview", false, 6, 0],
      ["B", "Sign-ups, all", false, 2, 1],
      ["A/B", "Formula (A/B)", true, 5, 2],
    ]);
    expect(lines[0].personsUrls).toEqual(days.map((d) => `/api/projects/1/persons/trends/?date_from=${d}`));
    expect(lines[2].personsUrls).toBeNull();
    expect(lines.map((l) => lineLabel(l, "day"))).toEqual(["A. $pageview", "B. Sign-ups, all", "Formula (A/B)"]);
  });

  test("a compared period shares its series' colour and says which dates it covers", () => {
    const previous = item({ ...pageviews, compare: true, compare_label: "previous", days: ["2026-11-13", "2026-11-14", "2026-11-15"] });
    const current = item({ ...pageviews, compare: true, compare_label: "current" });
    const [now, before] = trendLines([current, previous]);
    expect(now.colorIndex).toBe(before.colorIndex);
    expect(now.id).not.toBe(before.id);
    expect(lineLabel(before, "day")).toBe("A. $pageview (previous: Nov 13 – Nov 15)");
  });

  test("breakdown values are named, and the other bucket reads as Other", () => {
    const lines = trendLines([item({ ...pageviews, breakdown_value: "Chrome" }), item({ ...pageviews, breakdown_value: OTHER_BREAKDOWN })]);
    expect(lines.map((l) => lineLabel(l, "day"))).toEqual(["A. $pageview · Chrome", "A. $pageview · Other"]);
    expect(new Set(lines.map((l) => l.colorIndex)).size).toBe(2);
  });

  test("aggregated displays total the aggregated value", () => {
    const [line] = trendLines([item({ ...pageviews, data: [], aggregated_value: 42, count: undefined })]);
    expect(line.total).toBe(42);
  });
});

describe("results table", () => {
  const lines = trendLines([pageviews, signups, ratio]);

  test("columns are the intervals' dates and a total; aggregated displays only the total", () => {
    expect(tableColumns(lines, "day", true)).toEqual(["Series", "Nov 16", "Nov 17", "Nov 18", "Total"]);
    expect(tableColumns(lines, "day", false)).toEqual(["Series", "Total"]);
  });

  test("the CSV is the table: its header, its rows in the order given, quoted where needed", () => {
    expect(tableCsv([lines[1], lines[0], lines[2]], "day", true)).toBe(
      [
        "Series,2026-11-16,2026-11-17,2026-11-18,Total",
        '"B. Sign-ups, all",0,1,1,2',
        "A. $pageview,1,2,3,6",
        "Formula (A/B),0,2,3,5",
        "",
      ].join("\r\n"),
    );
    expect(tableCsv([], "day", true)).toBe("Series,Total\r\n");
  });

  test("chart rows hold each line's value by its id", () => {
    const rows = chartRows(lines.slice(0, 2));
    expect(rows).toEqual([
      { index: 0, [lines[0].id]: 1, [lines[1].id]: 0 },
      { index: 1, [lines[0].id]: 2, [lines[1].id]: 1 },
      { index: 2, [lines[0].id]: 3, [lines[1].id]: 1 },
    ]);
  });

  test("dates read per interval", () => {
    expect(formatBucket("2026-11-17 14:00:00", "hour")).toBe("Nov 17, 14:00");
    expect(formatBucket("2026-11-01", "month")).toBe("Nov 2026");
    expect(formatBucket("2026-11-17", "week")).toBe("Nov 17");
  });
});

describe("results table download", () => {
  test("a label that reads as a spreadsheet formula is kept as text in the CSV", () => {
    const [line] = trendLines([item({ formula: "A", data: [1], count: 1 })]);
    const named = { ...line, name: '=HYPERLINK("http://evil")' };
    expect(tableCsv([named], "day", false).split("\r\n")[1]).toBe(`"'=HYPERLINK(""http://evil"")",1`);
  });
});

describe("formulas", () => {
  const filters = { events: [{ id: "$pageview" }], interval: "day", formulas: ["A/B", " A+B ", "", "A/B"] };

  test("several formulas, each once, PostHog's single formula read as one", () => {
    expect(formulasOf(filters)).toEqual(["A/B", "A+B"]);
    expect(formulasOf({ formula: "A*2" })).toEqual(["A*2"]);
    expect(formulasOf({})).toEqual([]);
  });

  test("storing formulas removes the single formula", () => {
    expect(formulasPatch(["A/B"])).toEqual({ formula: undefined, formulas: ["A/B"] });
    expect(formulasPatch([])).toEqual({ formula: undefined, formulas: undefined });
  });
});

describe("formula letters", () => {
  test("letters past the last series are named", () => {
    expect(unknownSeriesLetters("A/B + c", 2)).toEqual(["C"]);
    expect(unknownSeriesLetters("(A-B)/B*100", 2)).toEqual([]);
  });
});
