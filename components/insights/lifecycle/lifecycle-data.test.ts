import { describe, expect, it } from "vitest";
import { lineColor } from "@/components/insights/charts/line-colors";
import { lifecycleLines, shownStatuses, stackTicks, statusColor, toggleStatus } from "./lifecycle-data";
import type { LifecycleItem } from "./types";

const item = (status: string, data: number[]): LifecycleItem => ({
  label: `$pageview - ${status}`,
  status: status as LifecycleItem["status"],
  data,
  days: ["2026-11-01", "2026-11-02"],
  labels: ["1-Nov-2026", "2-Nov-2026"],
  count: data.reduce((a, b) => a + b, 0),
  filter: {},
  persons_urls: data.map((_, i) => ({ url: `api/projects/1/persons/lifecycle/?status=${status}&i=${i}` })),
});

describe("lifecycleLines", () => {
  it("orders the statuses as PostHog stacks them, whatever the answer's order, and keeps dormant negative", () => {
    const lines = lifecycleLines([item("dormant", [-2, -1]), item("resurrecting", [0, 1]), item("new", [3, 0]), item("returning", [1, 2])]);
    expect(lines.map((line) => [line.id, line.name, line.data, line.total])).toEqual([
      ["new", "$pageview - new", [3, 0], 3],
      ["returning", "$pageview - returning", [1, 2], 3],
      ["resurrecting", "$pageview - resurrecting", [0, 1], 1],
      ["dormant", "$pageview - dormant", [-2, -1], -3],
    ]);
  });

  it("roots each bucket's persons URL and colours each status its own palette colour", () => {
    const lines = lifecycleLines([item("new", [1, 0]), item("dormant", [0, -1])]);
    expect(lines[0].personsUrls).toEqual([
      "/api/projects/1/persons/lifecycle/?status=new&i=0",
      "/api/projects/1/persons/lifecycle/?status=new&i=1",
    ]);
    expect(lines.map(lineColor)).toEqual([statusColor("new"), statusColor("dormant")]);
    expect(new Set(["new", "returning", "resurrecting", "dormant"].map((s) => statusColor(s as "new"))).size).toBe(4);
  });

  it("skips items without a known status", () => {
    expect(lifecycleLines([{ ...item("new", [1, 1]), status: undefined }, item("churned", [1, 1])])).toEqual([]);
  });
});

describe("toggledLifecycles", () => {
  it("shows every status when unset and only the valid listed ones otherwise", () => {
    expect([...shownStatuses(undefined)]).toEqual(["new", "returning", "resurrecting", "dormant"]);
    expect([...shownStatuses(["dormant", "bogus", "new"])]).toEqual(["dormant", "new"]);
    expect([...shownStatuses([])]).toEqual([]);
  });

  it("turns a status off and on again, in status order, unset once all four are on", () => {
    const off = toggleStatus(undefined, "returning");
    expect(off).toEqual(["new", "resurrecting", "dormant"]);
    expect(toggleStatus(toggleStatus(off, "new"), "new")).toEqual(["new", "resurrecting", "dormant"]);
    expect(toggleStatus(off, "returning")).toBeUndefined();
    expect(toggleStatus(["dormant"], "dormant")).toEqual([]);
  });
});

describe("stackTicks", () => {
  it("spans the highest active stack and the lowest dormant one in whole steps, without padding", () => {
    expect(stackTicks([{ data: [1, 0] }, { data: [0, 1] }, { data: [-1, 0] }])).toEqual([-1, 0, 1]);
    expect(stackTicks([{ data: [2, 1] }, { data: [1, 0] }, { data: [0, -1] }])).toEqual([-1, 0, 1, 2, 3]);
    expect(stackTicks([{ data: [120, 30] }, { data: [-37, -5] }])).toEqual([-50, 0, 50, 100, 150]);
  });

  it("is zero alone when nothing is drawn", () => {
    expect(stackTicks([])).toEqual([0]);
    expect(stackTicks([{ data: [0, 0] }])).toEqual([0]);
  });
});
