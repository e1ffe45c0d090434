import type { DashboardFilters } from "@/lib/dashboards/filters";
import type { Insight, Project } from "@/lib/db/schema";
import { cachedResult, type CachedAnswer } from "@/lib/analytics/results-cache/cache";
import { refreshMode, type RefreshMode } from "@/lib/analytics/results-cache/refresh";
import { analysisOf, canCompute, runAnalysis } from "./compute";

// The result an insight shows: from the cache or computed, as the app or a shared view asks for it.

/** The insight's result as `refresh` says (seen from a dashboard: with its filters); `force_cache` never computes. */
export async function insightAnswer(
  project: Project,
  insight: Insight,
  refresh: RefreshMode,
  dashboard?: DashboardFilters,
): Promise<CachedAnswer> {
  const analysis = analysisOf(insight, dashboard);
  if (!analysis)
    return { result: null, last_refresh: null, cache_target_age: null, is_cached: false, timezone: project.timezone, query_status: null };
  // Say so plainly rather than start a computation that cannot run.
  if (refresh !== "force_cache" && !canCompute(analysis)) await runAnalysis(project, analysis);
  return cachedResult(project, analysis.kind, analysis.filter, () => runAnalysis(project, analysis), { refresh, insightId: insight.id });
}

/** Shared views compute more eagerly than the app (PostHog's `shared_insights_execution_mode`). */
export function sharedMode(raw: string | undefined): RefreshMode {
  const mode = refreshMode(raw);
  if (mode === "force_blocking") return "blocking";
  if (mode === "async") return "async";
  return "lazy_async";
}

/** A shared view's result; what cannot be computed shows what is cached rather than an error to a visitor. */
export function sharedAnswer(project: Project, insight: Insight, refresh: RefreshMode): Promise<CachedAnswer> {
  return insightAnswer(project, insight, refresh).catch(() => insightAnswer(project, insight, "force_cache"));
}
