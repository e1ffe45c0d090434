import { analysisEndpoints } from "@/lib/analytics/analysis-endpoints";
import { endpoint } from "@/lib/api/endpoint";
import { nextOffsetUrl } from "@/lib/api/pagination";
import type { Actor } from "@/lib/auth/actor";
import { loadPersons } from "@/lib/analytics/actors/persons";
import { ZActorsResponse } from "@/lib/analytics/actors/schemas";
import { requireProjectAccess } from "@/lib/projects/access";
import { ZProjectParams, type TProjectId } from "@/lib/projects/schemas";
import { correlationActorIds, planCorrelation, runCorrelation } from "./run";
import {
  ZCorrelationActorsQuery,
  ZCorrelationFilter,
  ZCorrelationResponse,
  type TCorrelationActorsQuery,
  type TCorrelationResult,
} from "./schemas";

const DEFAULT_PERSON_LIMIT = 100;

export const { get: getFunnelCorrelationEndpoint, post: postFunnelCorrelationEndpoint } = analysisEndpoints({
  kind: "FUNNEL_CORRELATION",
  path: "/api/projects/{projectId}/insights/funnel/correlation/",
  summaries: {
    get: "Funnel correlation from the funnel and correlation filter given as query parameters",
    post: "Funnel correlation: the events (or property values) most correlated with completing a funnel, or with not",
  },
  // PostHog declares no scope for it: session users only, personal API keys are refused.
  scope: null,
  filter: ZCorrelationFilter,
  response: ZCorrelationResponse,
  check: (project, filter) => planCorrelation(project, filter),
  compute: (project, filter, url) => runCorrelation(project, filter, `${url.origin}/`),
  empty: { events: [], skewed: false } as TCorrelationResult,
});

async function correlationActors(actor: Actor, projectId: TProjectId, q: TCorrelationActorsQuery, url: URL) {
  const { project } = await requireProjectAccess(actor, projectId);
  const limit = q.funnel_correlation_person_limit ?? DEFAULT_PERSON_LIMIT;
  const offset = q.funnel_correlation_person_offset ?? 0;
  const { ids, total } = await correlationActorIds(project, q, { limit, offset });
  const people = await loadPersons(project.id, ids);
  return {
    results: [{ people, count: people.length }],
    next: nextOffsetUrl(
      url,
      { offset, limit, total },
      { offset: "funnel_correlation_person_offset", limit: "funnel_correlation_person_limit" },
    ),
  };
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
