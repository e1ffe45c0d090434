import { checkHogQLExpressions } from "@/lib/analytics/hogql-check";
import { validationError } from "@/lib/api/errors";
import type { Insight, Project } from "@/lib/db/schema";
import { runFunnel } from "@/lib/analytics/funnels/run";
import { ZFunnelFilter } from "@/lib/analytics/funnels/schemas";
import { runPaths } from "@/lib/analytics/paths/run";
import { ZPathsFilter } from "@/lib/analytics/paths/schemas";
import { runRetention } from "@/lib/analytics/retention/run";
import { ZRetentionFilter } from "@/lib/analytics/retention/schemas";
import { runLifecycle } from "@/lib/analytics/lifecycle/run";
import { runStickiness } from "@/lib/analytics/stickiness/run";
import { runTrendFilter } from "@/lib/analytics/trend-filter";
import { withDashboardFilters, withDashboardHogQLFilters, type DashboardFilters } from "@/lib/dashboards/filters";
import { hogqlContextOf } from "@/lib/hogql/filters";
import { runHogQL } from "@/lib/hogql/run";
import { queryToFilter, unconvertedReason } from "./query-node";

type Runner = (project: Project, filter: Record<string, unknown>) => Promise<unknown>;

/** The analyses an insight can be computed with, by PostHog's insight kind (`filters.insight`). */
const RUNNERS: Partial<Record<string, Runner>> = {
  TRENDS: runTrendFilter,
  STICKINESS: runStickiness,
  LIFECYCLE: runLifecycle,
  FUNNELS: (project, filter) => runFunnel(project, ZFunnelFilter.parse(filter)),
  RETENTION: (project, filter) => runRetention(project, ZRetentionFilter.parse(filter)),
  PATHS: (project, filter) => runPaths(project, ZPathsFilter.parse(filter)),
  // A SQL insight (`DataVisualizationNode`): its HogQL, as the query API runs it.
  HogQLQuery: (project, filter) => runHogQL(String(filter.query), hogqlContextOf(project, filter)),
};

/** The HogQLQuery a `DataVisualizationNode` wraps, else null. */
function hogqlSource(query: Record<string, unknown>): Record<string, unknown> | null {
  const source = query.source as Record<string, unknown> | undefined;
  return query.kind === "DataVisualizationNode" && source?.kind === "HogQLQuery" && typeof source.query === "string" ? source : null;
}

export interface InsightAnalysis {
  /** `TRENDS`, `FUNNELS`, … */
  kind: string;
  /** The legacy filter the analysis runs on. */
  filter: Record<string, unknown>;
  /** A query that could not be turned into the analysis' filter: not computable, and why when the query says it. */
  unconverted?: { detail: string; attr: string } | true;
}

/**
 * What computing the insight means: its kind and legacy filter, from `query` when set, else `filters`; seen
 * from a dashboard (`from_dashboard`, a tile), with the dashboard's filters over the insight's.
 */
export function analysisOf(insight: Pick<Insight, "filters" | "query">, dashboard?: DashboardFilters): InsightAnalysis | null {
  if (insight.query) {
    // The query API's kind and cache material for the same HogQL, so both share a result; a dashboard's filters reach
    // it through its `{filters}`, as in PostHog.
    const hogql = hogqlSource(insight.query);
    if (hogql)
      return {
        kind: "HogQLQuery",
        filter: { ...hogql, ...(dashboard ? { filters: withDashboardHogQLFilters(hogql.filters, dashboard) } : {}), interval: "minute" },
      };
    const converted = queryToFilter(insight.query);
    if (converted) return { kind: converted.insight as string, filter: dashboard ? withDashboardFilters(converted, dashboard) : converted };
    // Not converted (yet): still named by its kind, so computing it answers a plain 400.
    const source = (insight.query.source ?? {}) as Record<string, unknown>;
    const kind =
      typeof source.kind === "string" ? source.kind.replace(/Query$/, "").toUpperCase() : String(insight.query.kind).toUpperCase();
    return { kind, filter: insight.query, unconverted: unconvertedReason(insight.query) ?? true };
  }
  const filters = insight.filters ?? {};
  if (!Object.keys(filters).length) return null;
  const kind = typeof filters.insight === "string" ? filters.insight.toUpperCase() : "TRENDS";
  const filter = { ...filters, insight: kind };
  return { kind, filter: dashboard ? withDashboardFilters(filter, dashboard) : filter };
}

export function canCompute(analysis: InsightAnalysis | null): boolean {
  return analysis !== null && !analysis.unconverted && RUNNERS[analysis.kind] !== undefined;
}

/** Runs the analysis, or says plainly (400) that this kind cannot be computed here yet. */
export async function runAnalysis(project: Project, analysis: InsightAnalysis | null): Promise<unknown> {
  const runner = analysis && !analysis.unconverted ? RUNNERS[analysis.kind] : undefined;
  if (analysis?.unconverted && analysis.unconverted !== true) throw validationError(analysis.unconverted.detail, analysis.unconverted.attr);
  if (!analysis || !runner)
    throw validationError(
      `Calculating ${analysis ? analysis.kind.toLowerCase() : "this"} insight is not supported.`,
      "refresh",
      "unsupported",
    );
  // As the legacy endpoints do before their cache: an expression's type errors are 400s before anything runs.
  await checkHogQLExpressions(project.id, analysis.filter);
  return runner(project, analysis.filter);
}
