import { endpoint } from "@/lib/api/endpoint";
import type { Actor } from "@/lib/auth/actor";
import { loadPersons } from "@/lib/analytics/actors/persons";
import { ZActorsResponse } from "@/lib/analytics/actors/schemas";
import { analysisResult } from "@/lib/insights/cache";
import { requireProjectAccess } from "@/lib/projects/access";
import { ZProjectParams, type TProjectId } from "@/lib/projects/schemas";
import { correlationActorIds, NOT_FILTER, planCorrelation, runCorrelation } from "./index";
import { ZCorrelationActorsQuery, ZCorrelationFilter, ZCorrelationResponse, type TCorrelationActorsQuery, type TCorrelationFilter, type TCorrelationResult } from "./schemas";

const DEFAULT_PERSON_LIMIT = 100;

async function correlation(actor: Actor, projectId: TProjectId, body: TCorrelationFilter, url: URL) {
  const { project } = await requireProjectAccess(actor, projectId);
  // Bad filters answer 400 before the cache is consulted.
  await planCorrelation(project, body);
  const filter = Object.fromEntries(Object.entries(body).filter(([key]) => !NOT_FILTER.has(key))) as TCorrelationFilter;
  const answer = await analysisResult<TCorrelationResult>(
    project,
    "FUNNEL_CORRELATION",
    filter,
    () => runCorrelation(project, filter, `${url.origin}/`),
    url.searchParams.get("refresh") ?? body.refresh,
  );
  return {
    result: answer.result ?? { events: [], skewed: false },
    last_refresh: answer.last_refresh,
    is_cached: answer.is_cached,
    timezone: project.timezone || "UTC",
  };
}

const correlationDoc = {
  path: "/api/projects/{projectId}/insights/funnel/correlation/",
  environments: true,
  csv: true,
  tag: "insights",
  // PostHog declares no scope for it: session users only, personal API keys are refused.
  scope: null,
  sharingAccessToken: "refused",
  params: ZProjectParams,
  response: ZCorrelationResponse,
} as const;

export const postFunnelCorrelationEndpoint = endpoint({
  method: "POST",
  ...correlationDoc,
  summary: "Funnel correlation: the events (or property values) most correlated with completing a funnel, or with not",
  body: ZCorrelationFilter,
  handler: ({ actor, params, body, url }) => correlation(actor, params.projectId, body, url),
});

export const getFunnelCorrelationEndpoint = endpoint({
  method: "GET",
  ...correlationDoc,
  summary: "Funnel correlation from the funnel and correlation filter given as query parameters",
  query: ZCorrelationFilter,
  handler: ({ actor, params, query, url }) => correlation(actor, params.projectId, query, url),
});

/** PostHog's `next` of a correlation persons list: the same URL with `funnel_correlation_person_offset` moved on. */
function nextPage(url: URL, offset: number, limit: number, total: number): string | null {
  if (offset + limit >= total) return null;
  const next = new URL(url.href);
  next.searchParams.set("funnel_correlation_person_offset", String(offset + limit));
  next.searchParams.set("funnel_correlation_person_limit", String(limit));
  return next.toString();
}

async function correlationActors(actor: Actor, projectId: TProjectId, q: TCorrelationActorsQuery, url: URL) {
  const { project } = await requireProjectAccess(actor, projectId);
  const limit = q.funnel_correlation_person_limit ?? DEFAULT_PERSON_LIMIT;
  const offset = q.funnel_correlation_person_offset ?? 0;
  const { ids, total } = await correlationActorIds(project, q, { limit, offset });
  const people = await loadPersons(project.id, ids);
  return { results: [{ people, count: people.length }], next: nextPage(url, offset, limit, total) };
}

const actorsDoc = {
  summary: "The persons behind a funnel correlation row (who completed the funnel, or did not)",
  tag: "persons",
  scope: "person:read",
  response: ZActorsResponse,
} as const;

export const getProjectCorrelationActorsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/persons/funnel/correlation/",
  environments: true,
  ...actorsDoc,
  params: ZProjectParams,
  query: ZCorrelationActorsQuery,
  handler: ({ actor, params, query, url }) => correlationActors(actor, params.projectId, query, url),
});

export const postProjectCorrelationActorsEndpoint = endpoint({
  method: "POST",
  path: "/api/projects/{projectId}/persons/funnel/correlation/",
  environments: true,
  ...actorsDoc,
  params: ZProjectParams,
  body: ZCorrelationActorsQuery,
  handler: ({ actor, params, body, url }) => correlationActors(actor, params.projectId, body, url),
});

export const getCurrentCorrelationActorsEndpoint = endpoint({
  method: "GET",
  path: "/api/person/funnel/correlation/",
  ...actorsDoc,
  summary: "The persons behind a funnel correlation row, in the caller's current project (the URLs correlation answers)",
  query: ZCorrelationActorsQuery,
  handler: ({ actor, query, url }) => correlationActors(actor, "@current", query, url),
});

export const postCurrentCorrelationActorsEndpoint = endpoint({
  method: "POST",
  path: "/api/person/funnel/correlation/",
  ...actorsDoc,
  summary: "The persons behind a funnel correlation row, in the caller's current project",
  body: ZCorrelationActorsQuery,
  handler: ({ actor, body, url }) => correlationActors(actor, "@current", body, url),
});
