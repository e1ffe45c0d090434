import { describe, expect, it } from "vitest";
import type { TTrendItem } from "@/lib/ui/types";
import { stickinessSeries } from "./stickiness-data";

const item = (label: string, data: number[], labels: string[], compare_label?: "current" | "previous"): TTrendItem => ({
  label,
  data,
  labels,
  days: data.map((_, i) => i + 1),
  filter: {},
  ...(compare_label ? { compare: true, compare_label } : {}),
});

describe("stickinessSeries", () => {
  it("names each series, totals its persons and labels x by the current period's days", () => {
    const { labels, series } = stickinessSeries(
      [
        item("$pageview", [5, 3, 1], ["day 0", "day 1", "day 2"], "current"),
        item("$pageview", [4, 2, 0], ["day 0", "day 1", "day 2"], "previous"),
      ],
      "day",
    );
    expect(labels).toEqual(["1 day", "2 days", "3 days"]);
    expect(series.map((s) => [s.name, s.total, s.previous, s.colorIndex])).toEqual([
      ["$pageview", 9, false, 0],
      ["$pageview (previous period)", 6, true, 0],
    ]);
  });

  it("gives each series its own colour and a compared period its series' colour", () => {
    const { series } = stickinessSeries(
      [
        item("A", [1], ["day 0"], "current"),
        item("A", [1], ["day 0"], "previous"),
        item("B", [1], ["day 0"], "current"),
        item("B", [1], ["day 0"], "previous"),
      ],
      "day",
    );
    expect(series.map((s) => s.colorIndex)).toEqual([0, 0, 1, 1]);
    expect(stickinessSeries([item("A", [1], ["1 day"]), item("B", [2], ["1 day"])], "day").series.map((s) => s.colorIndex)).toEqual([0, 1]);
  });

  it("is empty for no items", () => {
    expect(stickinessSeries([], "day")).toEqual({ labels: [], series: [] });
  });

  it("roots the persons URLs PostHog writes without their leading slash", () => {
    const withUrls = {
      ...item("A", [2, 1], ["1 day", "2 days"]),
      persons_urls: [{ url: "api/projects/1/persons/stickiness/?k=1" }, { url: "/x" }],
    };
    expect(stickinessSeries([withUrls], "day").series[0].personsUrls).toEqual(["/api/projects/1/persons/stickiness/?k=1", "/x"]);
  });

  it("keeps the API's labels without compare", () => {
    expect(stickinessSeries([item("A", [3, 1], ["1 week", "2 weeks"])], "week").labels).toEqual(["1 week", "2 weeks"]);
  });
});
