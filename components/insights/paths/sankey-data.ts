import type { TPathEdge } from "@/lib/ui/types";

/** A path node as the API names it: `"{step}_{item}"` (PostHog's numbering from 1); an unnumbered name is its own item. */
export interface PathNodeKey {
  step: number | null;
  item: string;
}

export function parseNodeKey(key: string): PathNodeKey {
  const match = /^(\d+)_([\s\S]*)$/.exec(key);
  return match ? { step: Number(match[1]), item: match[2] } : { step: null, item: key };
}

export interface SankeyNodeDatum extends PathNodeKey {
  /** The API's node name (`"2_/pricing"`), unique per node. */
  name: string;
  /** Sessions through the node: the larger of what flows in and what flows out. */
  total: number;
}

interface SankeyLinkDatum {
  source: number;
  target: number;
  value: number;
  average_conversion_time: number;
}

export interface PathSankeyData {
  nodes: SankeyNodeDatum[];
  links: SankeyLinkDatum[];
  /** Edges left out to keep the graph acyclic (recharts' Sankey loops forever on a cycle). */
  dropped: TPathEdge[];
}

/**
 * The path edges as recharts' Sankey data: one node per distinct node name, links by index, and an acyclic graph.
 * Edges from a step to a later one can never close a cycle and are all kept; any other edge (a self-loop, an
 * unnumbered or backwards one) is kept only if its target cannot already reach its source, heaviest first.
 */
export function pathSankeyData(edges: TPathEdge[]): PathSankeyData {
  const forward: TPathEdge[] = [];
  const others: TPathEdge[] = [];
  for (const edge of edges) {
    const source = parseNodeKey(edge.source);
    const target = parseNodeKey(edge.target);
    const isForward = source.step !== null && target.step !== null && target.step > source.step;
    (isForward ? forward : others).push(edge);
  }

  const next = new Map<string, Set<string>>();
  const link = (edge: TPathEdge) => {
    if (!next.has(edge.source)) next.set(edge.source, new Set());
    next.get(edge.source)!.add(edge.target);
  };
  const reaches = (from: string, to: string) => {
    const stack = [from];
    const seen = new Set<string>();
    while (stack.length) {
      const node = stack.pop()!;
      if (node === to) return true;
      if (seen.has(node)) continue;
      seen.add(node);
      for (const n of next.get(node) ?? []) stack.push(n);
    }
    return false;
  };

  forward.forEach(link);
  const kept = [...forward];
  const dropped: TPathEdge[] = [];
  for (const edge of [...others].sort((a, b) => b.value - a.value)) {
    if (reaches(edge.target, edge.source)) dropped.push(edge);
    else {
      link(edge);
      kept.push(edge);
    }
  }

  const index = new Map<string, number>();
  const nodes: SankeyNodeDatum[] = [];
  const inflow = new Map<string, number>();
  const outflow = new Map<string, number>();
  const nodeOf = (name: string) => {
    if (!index.has(name)) {
      index.set(name, nodes.length);
      nodes.push({ name, ...parseNodeKey(name), total: 0 });
    }
    return index.get(name)!;
  };
  const links = kept.map((edge) => {
    outflow.set(edge.source, (outflow.get(edge.source) ?? 0) + edge.value);
    inflow.set(edge.target, (inflow.get(edge.target) ?? 0) + edge.value);
    return {
      source: nodeOf(edge.source),
      target: nodeOf(edge.target),
      value: edge.value,
      average_conversion_time: edge.average_conversion_time,
    };
  });
  for (const node of nodes) node.total = Math.max(inflow.get(node.name) ?? 0, outflow.get(node.name) ?? 0);
  return { nodes, links, dropped };
}

/** The number of columns the diagram spreads over: the deepest step (or 2 for unnumbered nodes). */
export const sankeyDepth = (nodes: SankeyNodeDatum[]) => Math.max(2, ...nodes.map((node) => node.step ?? 0));

/** The most nodes any one column holds (unnumbered nodes count as the first column's): what the height must fit. */
export function busiestColumn(nodes: SankeyNodeDatum[]): number {
  const perStep = new Map<number, number>();
  for (const node of nodes) perStep.set(node.step ?? 1, (perStep.get(node.step ?? 1) ?? 0) + 1);
  return Math.max(0, ...perStep.values());
}

/** A node's label, "item · count", its item cut short (with "…") so the whole label fits `maxChars` characters. */
export function nodeLabel(item: string, count: string, maxChars: number): string {
  const room = Math.max(4, maxChars - count.length - 3);
  return `${item.length > room ? `${item.slice(0, room - 1)}…` : item} · ${count}`;
}

/** What a hovered part of the diagram is: a node, or a link between two nodes. */
export type SankeyHovered =
  | { kind: "node"; node: SankeyNodeDatum }
  | { kind: "link"; source: SankeyNodeDatum; target: SankeyNodeDatum; value: number; average_conversion_time: number };

/**
 * The hovered node or link from a recharts Sankey tooltip entry, which wraps the drawn element's datum as
 * `{ name, value, payload }`; a link's datum carries its source and target nodes. null for anything else.
 */
export function hoveredOf(entry: unknown): SankeyHovered | null {
  const datum = (entry as { payload?: unknown } | null | undefined)?.payload as Record<string, unknown> | undefined;
  if (!datum || typeof datum !== "object") return null;
  const { source, target } = datum;
  if (source && typeof source === "object" && target && typeof target === "object")
    return {
      kind: "link",
      source: source as SankeyNodeDatum,
      target: target as SankeyNodeDatum,
      value: Number(datum.value),
      average_conversion_time: Number(datum.average_conversion_time),
    };
  return typeof datum.name === "string" && typeof datum.total === "number"
    ? { kind: "node", node: datum as unknown as SankeyNodeDatum }
    : null;
}

/** The busiest transitions first (ties by name, so the order is stable). */
export const busiestTransitions = (edges: TPathEdge[]) =>
  [...edges].sort((a, b) => b.value - a.value || a.source.localeCompare(b.source) || a.target.localeCompare(b.target));
