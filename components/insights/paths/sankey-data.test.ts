import { describe, expect, it } from "vitest";
import type { TPathEdge } from "@/lib/ui/types";
import { busiestColumn, busiestTransitions, hoveredOf, nodeLabel, parseNodeKey, pathSankeyData, sankeyDepth } from "./sankey-data";

const edge = (source: string, target: string, value: number, average_conversion_time = 1000): TPathEdge => ({
  source,
  target,
  value,
  average_conversion_time,
});

/** Whether the links, as indices, contain a cycle. */
function hasCycle(links: { source: number; target: number }[]): boolean {
  const next = new Map<number, number[]>();
  for (const l of links) next.set(l.source, [...(next.get(l.source) ?? []), l.target]);
  const state = new Map<number, "open" | "done">();
  const visit = (n: number): boolean => {
    if (state.get(n) === "open") return true;
    if (state.get(n) === "done") return false;
    state.set(n, "open");
    const cyclic = (next.get(n) ?? []).some(visit);
    state.set(n, "done");
    return cyclic;
  };
  return [...next.keys()].some(visit);
}

describe("parseNodeKey", () => {
  it("splits the step number from the item, keeping underscores of the item", () => {
    expect(parseNodeKey("1_/home")).toEqual({ step: 1, item: "/home" });
    expect(parseNodeKey("12_sign_up_clicked")).toEqual({ step: 12, item: "sign_up_clicked" });
    expect(parseNodeKey("3_")).toEqual({ step: 3, item: "" });
    expect(parseNodeKey("/no-step")).toEqual({ step: null, item: "/no-step" });
  });
});

describe("pathSankeyData", () => {
  it("makes one node per name, links by index, node totals the larger of in and out", () => {
    const data = pathSankeyData([edge("1_/", "2_/pricing", 30), edge("1_/", "2_/docs", 10), edge("2_/pricing", "3_/signup", 12)]);
    expect(data.nodes.map((n) => n.name)).toEqual(["1_/", "2_/pricing", "2_/docs", "3_/signup"]);
    expect(data.nodes.map((n) => n.total)).toEqual([40, 30, 10, 12]);
    expect(data.links).toEqual([
      { source: 0, target: 1, value: 30, average_conversion_time: 1000 },
      { source: 0, target: 2, value: 10, average_conversion_time: 1000 },
      { source: 1, target: 3, value: 12, average_conversion_time: 1000 },
    ]);
    expect(data.dropped).toEqual([]);
    expect(sankeyDepth(data.nodes)).toBe(3);
  });

  it("keeps a page revisited at a later step as its own node, so the same page twice makes no cycle", () => {
    const data = pathSankeyData([edge("1_/", "2_/pricing", 5), edge("2_/pricing", "3_/", 4), edge("3_/", "4_/pricing", 3)]);
    expect(data.nodes).toHaveLength(4);
    expect(hasCycle(data.links)).toBe(false);
  });

  it("breaks cycles of unnumbered or backwards edges, dropping the lightest edge that would close one", () => {
    const edges = [
      edge("/a", "/b", 10),
      edge("/b", "/c", 8),
      edge("/c", "/a", 2),
      edge("/b", "/b", 4),
      edge("2_/x", "1_/y", 1),
      edge("1_/y", "2_/x", 6),
    ];
    const data = pathSankeyData(edges);
    expect(hasCycle(data.links)).toBe(false);
    expect(data.dropped).toEqual([edge("/b", "/b", 4), edge("/c", "/a", 2), edge("2_/x", "1_/y", 1)]);
    expect(data.links).toHaveLength(edges.length - 3);
  });

  it("is empty for no edges", () => {
    expect(pathSankeyData([])).toEqual({ nodes: [], links: [], dropped: [] });
  });
});

describe("busiestTransitions", () => {
  it("orders by count, then by names", () => {
    const sorted = busiestTransitions([edge("1_/b", "2_/c", 3), edge("1_/a", "2_/c", 3), edge("1_/a", "2_/b", 9)]);
    expect(sorted.map((e) => `${e.source}>${e.target}`)).toEqual(["1_/a>2_/b", "1_/a>2_/c", "1_/b>2_/c"]);
  });
});

describe("busiestColumn", () => {
  it("counts the nodes of the fullest step", () => {
    const data = pathSankeyData([edge("1_/", "2_/a", 3), edge("1_/", "2_/b", 2), edge("1_/", "2_/c", 1), edge("2_/a", "3_/", 1)]);
    expect(busiestColumn(data.nodes)).toBe(3);
    expect(busiestColumn([])).toBe(0);
  });
});

describe("nodeLabel", () => {
  it("cuts the item, never the count, to fit the characters given", () => {
    expect(nodeLabel("/pricing", "34", 20)).toBe("/pricing · 34");
    expect(nodeLabel("/app/dashboard", "1,078", 14)).toBe("/app/… · 1,078");
    expect(nodeLabel("/app/dashboard", "78", 2)).toBe("/ap… · 78");
  });
});

describe("hoveredOf (recharts' tooltip entry)", () => {
  const data = pathSankeyData([edge("1_/", "2_/pricing", 30, 4000)]);
  const [home, pricing] = data.nodes;
  it("unwraps a node's datum", () => {
    expect(hoveredOf({ name: "1_/", value: 30, payload: { ...home, x: 8, dx: 12, value: 30 } })).toMatchObject({
      kind: "node",
      node: { step: 1, item: "/", total: 30 },
    });
  });
  it("unwraps a link's datum with its source and target nodes", () => {
    expect(hoveredOf({ name: "1_/ - 2_/pricing", value: 30, payload: { ...data.links[0], source: home, target: pricing } })).toEqual({
      kind: "link",
      source: home,
      target: pricing,
      value: 30,
      average_conversion_time: 4000,
    });
  });
  it("is null for anything else", () => {
    expect(hoveredOf(undefined)).toBeNull();
    expect(hoveredOf({ payload: { x: 1 } })).toBeNull();
  });
});
