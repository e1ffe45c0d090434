import { analysisEndpoints } from "@/lib/analytics/analysis-endpoints";
import { endpoint } from "@/lib/api/endpoint";
import { nextOffsetUrl } from "@/lib/api/pagination";
import type { Actor } from "@/lib/auth/actor";
import { loadActors } from "@/lib/analytics/actors/persons";
import { requireProjectAccess } from "@/lib/projects/access";
import { ZProjectParams, type TProjectId } from "@/lib/projects/schemas";
import { retentionActors, runRetention } from "./run";
import {
  ZRetentionActorsQuery,
  ZRetentionActorsResponse,
  ZRetentionFilter,
  ZRetentionQuery,
  ZRetentionResponse,
  type TRetentionActorsQuery,
} from "./schemas";

export const { get: getRetentionEndpoint, post: postRetentionEndpoint } = analysisEndpoints({
  kind: "RETENTION",
  path: "/api/projects/{projectId}/insights/retention/",
  summaries: {
    get: "Retention of persons by cohort period (legacy filter as query params)",
    post: "Retention of persons by cohort period (legacy filter body)",
  },
  filter: ZRetentionFilter,
  queryFilter: ZRetentionQuery,
  response: ZRetentionResponse,
  compute: (project, filter) => runRetention(project, filter),
});

const DEFAULT_LIMIT = 100;

async function retentionPersons(actor: Actor, projectId: TProjectId, query: TRetentionActorsQuery, url: URL) {
  const { project } = await requireProjectAccess(actor, projectId);
  const page = { limit: query.limit ?? DEFAULT_LIMIT, offset: query.offset ?? 0 };
  const { ids, appearances, total } = await retentionActors(project, query, page);
  const people = await loadActors(project.id, ids, query.aggregation_group_type_index);
  return {
    result: people.map((person) => ({ person, appearances: appearances.get(person.id)! })),
    next: nextOffsetUrl(url, { ...page, total }),
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
