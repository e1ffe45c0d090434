import { endpoint } from "@/lib/api/endpoint";
import type { Actor } from "@/lib/auth/actor";
import { analysisResult } from "@/lib/insights/cache";
import { requireProjectAccess } from "@/lib/projects/access";
import { ZProjectParams, type TProjectId } from "@/lib/projects/schemas";
import { runFunnel, type FunnelResult } from "./index";
import { normalizeFunnel } from "./normalize";
import { ZFunnelFilter, ZFunnelResponse, type TFunnelFilter } from "./schemas";

/** Keys of the request that are not part of the filter. */
const NOT_FILTER = new Set(["refresh", "format", "client_query_id", "cache_invalidation_key"]);

async function funnel(actor: Actor, projectId: TProjectId, body: TFunnelFilter, url: URL) {
  const { project } = await requireProjectAccess(actor, projectId);
  // Bad filters answer 400 before the cache is consulted.
  await normalizeFunnel(project, body);
  const filter = Object.fromEntries(Object.entries(body).filter(([key]) => !NOT_FILTER.has(key))) as TFunnelFilter;
  const answer = await analysisResult<FunnelResult>(
    project,
    "FUNNELS",
    filter,
    () => runFunnel(project, filter),
    url.searchParams.get("refresh") ?? body.refresh,
  );
  return { result: answer.result ?? [], last_refresh: answer.last_refresh, is_cached: answer.is_cached, timezone: project.timezone || "UTC" };
}

export const postFunnelEndpoint = endpoint({
  method: "POST",
  path: "/api/projects/{projectId}/insights/funnel/",
  environments: true,
  csv: true,
  summary: "Compute a funnel (legacy filter body): steps, conversion trends",
  tag: "insights",
  scope: "insight:read",
  sharingAccessToken: "refused",
  params: ZProjectParams,
  body: ZFunnelFilter,
  response: ZFunnelResponse,
  handler: ({ actor, params, body, url }) => funnel(actor, params.projectId, body, url),
});

export const getFunnelEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/insights/funnel/",
  environments: true,
  csv: true,
  summary: "Compute a funnel from the legacy filter given as query parameters",
  tag: "insights",
  scope: "insight:read",
  sharingAccessToken: "refused",
  params: ZProjectParams,
  query: ZFunnelFilter,
  response: ZFunnelResponse,
  handler: ({ actor, params, query, url }) => funnel(actor, params.projectId, query, url),
});
