import { toCsv } from "@/lib/api/csv";
import type { HogQLFilters } from "./queries";

/** How a SQL result is drawn: PostHog's DataVisualizationNode `display` values Hedgerow draws. */
export const SQL_DISPLAYS = { ActionsTable: "Table", ActionsLineGraph: "Line", ActionsBar: "Bar", BoldNumber: "Number" } as const;
export type SqlDisplay = keyof typeof SQL_DISPLAYS;

/** The chart's columns (PostHog's `chartSettings`): the x axis and the y axis' series. */
export interface ChartSettings {
  xAxis?: { column: string };
  yAxis?: { column: string }[];
}

export interface SqlVisualization {
  display: SqlDisplay;
  chartSettings: ChartSettings;
}

/** The DataVisualizationNode PostHog saves for a SQL insight (with what its `{filters}` apply, when set). */
export function visualizationNode(query: string, visualization: SqlVisualization, filters?: HogQLFilters) {
  return { kind: "DataVisualizationNode", source: { kind: "HogQLQuery", query, ...(filters ? { filters } : {}) }, ...visualization };
}

/** A saved node's drawing settings; anything unknown is a table. */
export function visualizationOf(node: Record<string, unknown> | null): SqlVisualization {
  const display = (node?.display as string) in SQL_DISPLAYS ? (node?.display as SqlDisplay) : "ActionsTable";
  const settings = (node?.chartSettings ?? {}) as ChartSettings;
  return { display, chartSettings: settings };
}

/** The default chart columns: the first column across, the first numeric one up. */
export function defaultChartSettings(columns: string[], types: [string, string][]): ChartSettings {
  const numeric = types.findIndex(([, type]) => isNumericType(type));
  const y = numeric >= 0 ? columns[numeric] : columns[columns.length - 1];
  const x = columns.find((c) => c !== y) ?? columns[0];
  return x && y ? { xAxis: { column: x }, yAxis: [{ column: y }] } : {};
}

export const isNumericType = (type: string) => /^(Nullable\()?(U?Int|Float|Decimal)/.test(type);

/** Rows as objects keyed by column, for charts. */
export function rowObjects(columns: string[], results: unknown[][]): Record<string, unknown>[] {
  return results.map((row) => Object.fromEntries(columns.map((column, i) => [column, row[i]])));
}

/** The result as CSV: a header of the columns, then the rows (toCsv's formula rule for text cells). */
export function resultCsv(columns: string[], results: unknown[][]): string {
  const rows = results.map((row) =>
    Object.fromEntries(
      columns.map((column, i) => [column, row[i] !== null && typeof row[i] === "object" ? JSON.stringify(row[i]) : row[i]]),
    ),
  );
  return toCsv(rows);
}
