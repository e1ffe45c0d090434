import { endpoint } from "@/lib/api/endpoint";
import type { Actor } from "@/lib/auth/actor";
import { analysisResult } from "@/lib/insights/cache";
import { requireProjectAccess } from "@/lib/projects/access";
import { ZProjectParams, type TProjectId } from "@/lib/projects/schemas";
import { runPaths } from ".";
import { ZPathsFilter, ZPathsQuery, ZPathsResponse, type TPathsFilter } from "./schemas";

async function paths(actor: Actor, projectId: TProjectId, filter: TPathsFilter, url: URL) {
  const { project } = await requireProjectAccess(actor, projectId);
  const answer = await analysisResult(project, "PATHS", filter, () => runPaths(project, filter), url.searchParams.get("refresh"));
  return { result: answer.result, last_refresh: answer.last_refresh, is_cached: answer.is_cached, timezone: project.timezone || "UTC" };
}

export const getPathsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/insights/path/",
  environments: true,
  csv: true,
  summary: "User paths: the most common transitions between steps (legacy filter as query params)",
  tag: "insights",
  scope: "insight:read",
  sharingAccessToken: "refused",
  params: ZProjectParams,
  query: ZPathsQuery,
  response: ZPathsResponse,
  handler: ({ actor, params, query, url }) => paths(actor, params.projectId, query, url),
});

export const postPathsEndpoint = endpoint({
  method: "POST",
  path: "/api/projects/{projectId}/insights/path/",
  environments: true,
  csv: true,
  summary: "User paths: the most common transitions between steps (legacy filter body)",
  tag: "insights",
  scope: "insight:read",
  sharingAccessToken: "refused",
  params: ZProjectParams,
  body: ZPathsFilter,
  response: ZPathsResponse,
  handler: ({ actor, params, body, url }) => paths(actor, params.projectId, body, url),
});
