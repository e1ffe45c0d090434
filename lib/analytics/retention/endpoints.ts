import { endpoint } from "@/lib/api/endpoint";
import type { Actor } from "@/lib/auth/actor";
import { analysisResult } from "@/lib/insights/cache";
import { requireProjectAccess } from "@/lib/projects/access";
import { ZProjectParams, type TProjectId } from "@/lib/projects/schemas";
import { runRetention } from ".";
import { ZRetentionFilter, ZRetentionQuery, ZRetentionResponse, type TRetentionFilter } from "./schemas";

async function retention(actor: Actor, projectId: TProjectId, filter: TRetentionFilter, url: URL) {
  const { project } = await requireProjectAccess(actor, projectId);
  const answer = await analysisResult(project, "RETENTION", filter, () => runRetention(project, filter), url.searchParams.get("refresh"));
  return { result: answer.result, last_refresh: answer.last_refresh, is_cached: answer.is_cached, timezone: project.timezone || "UTC" };
}

export const getRetentionEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/insights/retention/",
  summary: "Retention of persons by cohort period (legacy filter as query params)",
  tag: "insights",
  scope: "insight:read",
  sharingAccessToken: "refused",
  params: ZProjectParams,
  query: ZRetentionQuery,
  response: ZRetentionResponse,
  handler: ({ actor, params, query, url }) => retention(actor, params.projectId, query, url),
});

export const postRetentionEndpoint = endpoint({
  method: "POST",
  path: "/api/projects/{projectId}/insights/retention/",
  summary: "Retention of persons by cohort period (legacy filter body)",
  tag: "insights",
  scope: "insight:read",
  sharingAccessToken: "refused",
  params: ZProjectParams,
  body: ZRetentionFilter,
  response: ZRetentionResponse,
  handler: ({ actor, params, body, url }) => retention(actor, params.projectId, body, url),
});
