import { withoutCohortBreakdown } from "@/lib/cohorts/breakdown";
import { analysisEndpoints } from "@/lib/analytics/analysis-endpoints";
import { runFunnel, type FunnelResult } from "./run";
import { normalizeFunnel } from "./normalize";
import { ZFunnelFilter, ZFunnelResponse } from "./schemas";

export const { get: getFunnelEndpoint, post: postFunnelEndpoint } = analysisEndpoints({
  kind: "FUNNELS",
  path: "/api/projects/{projectId}/insights/funnel/",
  summaries: {
    get: "Compute a funnel from the legacy filter given as query parameters",
    post: "Compute a funnel (legacy filter body): steps, conversion trends",
  },
  filter: ZFunnelFilter,
  response: ZFunnelResponse,
  check: (project, filter) => normalizeFunnel(project, withoutCohortBreakdown(filter)),
  compute: (project, filter) => runFunnel(project, filter),
  empty: [] as FunnelResult,
});
