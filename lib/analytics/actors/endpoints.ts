import { endpoint } from "@/lib/api/endpoint";
import { nextOffsetUrl } from "@/lib/api/pagination";
import type { Actor } from "@/lib/auth/actor";
import { checkCohortReferences } from "@/lib/cohorts/references";
import { checkHogQLExpressions } from "@/lib/analytics/hogql-check";
import { requireProjectAccess } from "@/lib/projects/access";
import { ZProjectParams, type TProjectId } from "@/lib/projects/schemas";
import type { TFunnelFilter } from "@/lib/analytics/funnels/schemas";
import { funnelActorIds, funnelBreakdownOf } from "./funnel";
import { loadActors, loadPersons } from "./persons";
import { lifecycleActorIds } from "./lifecycle";
import { ZActorsResponse, ZFunnelActorsQuery, ZLifecycleActorsQuery, ZStickinessActorsQuery, ZTrendActorsQuery } from "./schemas";
import { stickinessActorIds } from "./stickiness";
import { trendActorIds } from "./trends";
import type { z } from "zod";

type TFunnelActorsQuery = z.output<typeof ZFunnelActorsQuery>;

const DEFAULT_LIMIT = 100;

async function funnelActors(actor: Actor, projectId: TProjectId, q: TFunnelActorsQuery, url: URL) {
  const { project } = await requireProjectAccess(actor, projectId);
  await checkHogQLExpressions(project.id, q);
  await checkCohortReferences(project.id, q);
  const { funnel_step, funnel_step_breakdown, limit: rawLimit, offset: rawOffset, ...filter } = q;
  const limit = rawLimit ?? DEFAULT_LIMIT;
  const offset = rawOffset ?? 0;
  const { ids, total } = await funnelActorIds(project, filter as TFunnelFilter, {
    funnelStep: funnel_step,
    breakdownValue: funnelBreakdownOf(funnel_step_breakdown),
    limit,
    offset,
  });
  const people = await loadActors(project.id, ids, filter.aggregation_group_type_index);
  return { results: [{ people, count: people.length }], next: nextOffsetUrl(url, { offset, limit, total }) };
}

const funnelDoc = {
  summary: "The persons behind a funnel step (converted at it, or dropped before it)",
  tag: "persons",
  scope: "person:read",
  response: ZActorsResponse,
} as const;

export const getProjectFunnelActorsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/persons/funnel/",
  environments: true,
  ...funnelDoc,
  params: ZProjectParams,
  query: ZFunnelActorsQuery,
  handler: ({ actor, params, query, url }) => funnelActors(actor, params.projectId, query, url),
});

export const postProjectFunnelActorsEndpoint = endpoint({
  method: "POST",
  path: "/api/projects/{projectId}/persons/funnel/",
  environments: true,
  ...funnelDoc,
  params: ZProjectParams,
  body: ZFunnelActorsQuery,
  handler: ({ actor, params, body, url }) => funnelActors(actor, params.projectId, body, url),
});

export const getCurrentFunnelActorsEndpoint = endpoint({
  method: "GET",
  path: "/api/person/funnel/",
  ...funnelDoc,
  summary: "The persons behind a funnel step, in the caller's current project (legacy URL)",
  query: ZFunnelActorsQuery,
  handler: ({ actor, query, url }) => funnelActors(actor, "@current", query, url),
});

type TTrendActorsQuery = z.output<typeof ZTrendActorsQuery>;

async function trendActors(actor: Actor, projectId: TProjectId, q: TTrendActorsQuery, url: URL) {
  const { project } = await requireProjectAccess(actor, projectId);
  await checkHogQLExpressions(project.id, q);
  await checkCohortReferences(project.id, q);
  const { limit: rawLimit, offset: rawOffset, ...filter } = q;
  const limit = rawLimit ?? DEFAULT_LIMIT;
  const offset = rawOffset ?? 0;
  const { ids, total, groupTypeIndex } = await trendActorIds(project, filter, { limit, offset });
  const people = await loadActors(project.id, ids, groupTypeIndex);
  return { results: [{ people, count: people.length }], next: nextOffsetUrl(url, { offset, limit, total }) };
}

const trendDoc = {
  summary: "The persons behind a trend data point (a series on one interval, one breakdown value); groups for a unique_group series",
  tag: "persons",
  scope: "person:read",
  response: ZActorsResponse,
} as const;

export const getProjectTrendActorsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/persons/trends/",
  environments: true,
  ...trendDoc,
  params: ZProjectParams,
  query: ZTrendActorsQuery,
  handler: ({ actor, params, query, url }) => trendActors(actor, params.projectId, query, url),
});

export const getCurrentTrendActorsEndpoint = endpoint({
  method: "GET",
  path: "/api/person/trends/",
  ...trendDoc,
  summary: "The persons behind a trend data point, in the caller's current project (legacy URL)",
  query: ZTrendActorsQuery,
  handler: ({ actor, query, url }) => trendActors(actor, "@current", query, url),
});

type TStickinessActorsQuery = z.output<typeof ZStickinessActorsQuery>;

async function stickinessActors(actor: Actor, projectId: TProjectId, q: TStickinessActorsQuery, url: URL) {
  const { project } = await requireProjectAccess(actor, projectId);
  await checkHogQLExpressions(project.id, q);
  await checkCohortReferences(project.id, q);
  const { limit: rawLimit, offset: rawOffset, stickiness_days, ...filter } = q;
  const limit = rawLimit ?? DEFAULT_LIMIT;
  const offset = rawOffset ?? 0;
  const { ids, total } = await stickinessActorIds(project, filter, stickiness_days, { limit, offset });
  const people = await loadPersons(project.id, ids);
  return { results: [{ people, count: people.length }], next: nextOffsetUrl(url, { offset, limit, total }) };
}

const stickinessDoc = {
  summary: "The persons behind a stickiness point (who did a series' event in exactly `stickiness_days` intervals)",
  tag: "persons",
  scope: "person:read",
  response: ZActorsResponse,
} as const;

export const getProjectStickinessActorsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/persons/stickiness/",
  environments: true,
  ...stickinessDoc,
  params: ZProjectParams,
  query: ZStickinessActorsQuery,
  handler: ({ actor, params, query, url }) => stickinessActors(actor, params.projectId, query, url),
});

export const getCurrentStickinessActorsEndpoint = endpoint({
  method: "GET",
  path: "/api/person/stickiness/",
  ...stickinessDoc,
  summary: "The persons behind a stickiness point, in the caller's current project (legacy URL)",
  query: ZStickinessActorsQuery,
  handler: ({ actor, query, url }) => stickinessActors(actor, "@current", query, url),
});

type TLifecycleActorsQuery = z.output<typeof ZLifecycleActorsQuery>;

async function lifecycleActors(actor: Actor, projectId: TProjectId, q: TLifecycleActorsQuery, url: URL) {
  const { project } = await requireProjectAccess(actor, projectId);
  await checkHogQLExpressions(project.id, q);
  await checkCohortReferences(project.id, q);
  const { limit: rawLimit, offset: rawOffset, target_date, lifecycle_type, ...filter } = q;
  const limit = rawLimit ?? DEFAULT_LIMIT;
  const offset = rawOffset ?? 0;
  const { ids, total } = await lifecycleActorIds(project, filter, target_date, lifecycle_type, { limit, offset });
  const people = await loadPersons(project.id, ids);
  return { results: [{ people, count: people.length }], next: nextOffsetUrl(url, { offset, limit, total }) };
}

const lifecycleDoc = {
  summary: "The persons behind a lifecycle point (those of one status in one interval)",
  tag: "persons",
  scope: "person:read",
  response: ZActorsResponse,
} as const;

export const getProjectLifecycleActorsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/persons/lifecycle/",
  environments: true,
  ...lifecycleDoc,
  params: ZProjectParams,
  query: ZLifecycleActorsQuery,
  handler: ({ actor, params, query, url }) => lifecycleActors(actor, params.projectId, query, url),
});

export const getCurrentLifecycleActorsEndpoint = endpoint({
  method: "GET",
  path: "/api/person/lifecycle/",
  ...lifecycleDoc,
  summary: "The persons behind a lifecycle point, in the caller's current project (legacy URL)",
  query: ZLifecycleActorsQuery,
  handler: ({ actor, query, url }) => lifecycleActors(actor, "@current", query, url),
});
