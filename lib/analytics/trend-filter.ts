import { isLifecycle, runLifecycle } from "@/lib/analytics/lifecycle/run";
import { isStickiness, runStickiness } from "@/lib/analytics/stickiness/run";
import { runTrends, type TrendItem, type TrendProject } from "@/lib/analytics/trends/run";

/** What a filter posted to `insights/trend/` asks for: a trend, or stickiness or a lifecycle (PostHog's `shown_as`). */
export function runTrendFilter(project: TrendProject, filter: Record<string, unknown>): Promise<TrendItem[]> {
  if (isStickiness(filter)) return runStickiness(project, filter);
  if (isLifecycle(filter)) return runLifecycle(project, filter);
  return runTrends(project, filter);
}
