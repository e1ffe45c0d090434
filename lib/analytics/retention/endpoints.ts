import { endpoint } from "@/lib/api/endpoint";
import type { Actor } from "@/lib/auth/actor";
import { loadPersons, nextUrl } from "@/lib/analytics/actors/persons";
import { analysisResult } from "@/lib/insights/cache";
import { requireProjectAccess } from "@/lib/projects/access";
import { ZProjectParams, type TProjectId } from "@/lib/projects/schemas";
import { retentionActors, runRetention } from ".";
import {
  ZRetentionActorsQuery,
  ZRetentionActorsResponse,
  ZRetentionFilter,
  ZRetentionQuery,
  ZRetentionResponse,
  type TRetentionActorsQuery,
  type TRetentionFilter,
} from "./schemas";

async function retention(actor: Actor, projectId: TProjectId, filter: TRetentionFilter, url: URL) {
  const { project } = await requireProjectAccess(actor, projectId);
  const answer = await analysisResult(project, "RETENTION", filter, () => runRetention(project, filter), url.searchParams.get("refresh"));
  return { result: answer.result, last_refresh: answer.last_refresh, is_cached: answer.is_cached, timezone: project.timezone || "UTC" };
}

export const getRetentionEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/insights/retention/",
  environments: true,
  csv: true,
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
  environments: true,
  csv: true,
  summary: "Retention of persons by cohort period (legacy filter body)",
  tag: "insights",
  scope: "insight:read",
  sharingAccessToken: "refused",
  params: ZProjectParams,
  body: ZRetentionFilter,
  response: ZRetentionResponse,
  handler: ({ actor, params, body, url }) => retention(actor, params.projectId, body, url),
});

const DEFAULT_LIMIT = 100;

async function retentionPersons(actor: Actor, projectId: TProjectId, query: TRetentionActorsQuery, url: URL) {
  const { project } = await requireProjectAccess(actor, projectId);
  const page = { limit: query.limit ?? DEFAULT_LIMIT, offset: query.offset ?? 0 };
  const { ids, appearances, total } = await retentionActors(project, query, page);
  const people = await loadPersons(project.id, ids);
  return {
    result: people.map((person) => ({ person, appearances: appearances.get(person.id)! })),
    next: nextUrl(url, page.offset, page.limit, total),
    missing_persons: ids.length - people.length,
  };
}

export const getCurrentRetentionActorsEndpoint = endpoint({
  method: "GET",
  path: "/api/person/retention/",
  summary: "The persons of a retention cohort or breakdown value (its people_url), in the caller's current project",
  tag: "persons",
  scope: "person:read",
  query: ZRetentionActorsQuery,
  response: ZRetentionActorsResponse,
  handler: ({ actor, query, url }) => retentionPersons(actor, "@current", query, url),
});

export const getProjectRetentionActorsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/persons/retention/",
  environments: true,
  summary: "The persons of a retention cohort or breakdown value (its people_url)",
  tag: "persons",
  scope: "person:read",
  params: ZProjectParams,
  query: ZRetentionActorsQuery,
  response: ZRetentionActorsResponse,
  handler: ({ actor, params, query, url }) => retentionPersons(actor, params.projectId, query, url),
});
