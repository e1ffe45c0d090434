import { analysisEndpoints } from "@/lib/analytics/analysis-endpoints";
import { runPaths } from "./run";
import { ZPathsFilter, ZPathsQuery, ZPathsResponse } from "./schemas";

export const { get: getPathsEndpoint, post: postPathsEndpoint } = analysisEndpoints({
  kind: "PATHS",
  path: "/api/projects/{projectId}/insights/path/",
  summaries: {
    get: "User paths: the most common transitions between steps (legacy filter as query params)",
    post: "User paths: the most common transitions between steps (legacy filter body)",
  },
  filter: ZPathsFilter,
  queryFilter: ZPathsQuery,
  response: ZPathsResponse,
  compute: (project, filter) => runPaths(project, filter),
});
