import type { TPathEdge } from "./schemas";

export interface PathEdgeRow {
  source: string;
  target: string;
  value: number | string;
  average_conversion_time: number | string;
}

/**
 * PostHog's `validate_results`: after the edge limit, only edges whose source can be reached from a `1_` node
 * through the kept edges remain.
 */
export function pathsResult(rows: PathEdgeRow[]): TPathEdge[] {
  const edges = new Map<string, string[]>();
  const stack: string[] = [];
  for (const row of rows) {
    edges.set(row.source, [...(edges.get(row.source) ?? []), row.target]);
    if (row.source.startsWith("1_")) stack.push(row.source);
  }
  const seen = new Set<string>();
  while (stack.length) {
    const node = stack.pop()!;
    seen.add(node);
    for (const next of edges.get(node) ?? []) if (!seen.has(next)) stack.push(next);
  }
  return rows
    .filter((row) => seen.has(row.source))
    .map((row) => ({
      source: row.source,
      target: row.target,
      value: Number(row.value),
      average_conversion_time: Number(row.average_conversion_time),
    }));
}
