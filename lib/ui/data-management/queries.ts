import { queryOptions } from "@tanstack/react-query";
import type { PaginatedList } from "@/lib/api/pagination";
import { api, searchParams } from "@/lib/ui/api-client";
import { actionKeys, type DefinitionKind, type DefinitionListParams, definitionKeys } from "@/lib/ui/query-keys";
import type { TAction, TActionMatchingCount, TEventDefinition, TInsightUsage, TPropertyDefinition } from "@/lib/ui/types";

// The reads of data management: actions, their matching events and uses; event and property definitions.

const actionsPath = (projectId: number) => `/api/projects/${projectId}/actions/`;
const definitionsPath = (projectId: number, kind: DefinitionKind) => `/api/projects/${projectId}/${kind}_definitions/`;

/** Every action of the project (not deleted): a project has tens, not thousands. */
export const actionListQuery = (projectId: number) =>
  queryOptions({
    queryKey: actionKeys.list(projectId),
    queryFn: ({ signal }) => api.getAll<TAction>(actionsPath(projectId), { signal }),
  });

/** Each action's matching events in the last 30 days (the list's volume column). */
export const actionVolumesQuery = (projectId: number) =>
  queryOptions({
    queryKey: actionKeys.volumes(projectId),
    queryFn: ({ signal }) =>
      api.get<{ days: number; results: { id: number; count: number }[] }>(`${actionsPath(projectId)}volumes/`, { signal }),
    select: (data) => new Map(data.results.map((r) => [r.id, r.count])),
    staleTime: 60_000,
  });

export const actionQuery = (projectId: number, actionId: number) =>
  queryOptions({
    queryKey: actionKeys.detail(projectId, actionId),
    queryFn: ({ signal }) => api.get<TAction>(`${actionsPath(projectId)}${actionId}/`, { signal }),
    retry: false,
  });

export const actionInsightsQuery = (projectId: number, actionId: number) =>
  queryOptions({
    queryKey: actionKeys.insights(projectId, actionId),
    queryFn: ({ signal }) => api.get<TInsightUsage>(`${actionsPath(projectId)}${actionId}/insights/`, { signal }),
  });

/** The last 30 days' events some steps match (`steps`: their JSON, as sent), counted by the API. */
export const matchingEventsQuery = (projectId: number, steps: string) =>
  queryOptions({
    queryKey: actionKeys.matching(projectId, steps),
    queryFn: ({ signal }) =>
      api.post<TActionMatchingCount>(`${actionsPath(projectId)}matching_events/`, { steps: JSON.parse(steps) }, { signal }),
    staleTime: 30_000,
    retry: false,
  });

type Definition<K extends DefinitionKind> = K extends "event" ? TEventDefinition : TPropertyDefinition;

/** One page of definitions, hidden ones included (data management is where they are shown again). */
export const definitionListQuery = <K extends DefinitionKind>(projectId: number, kind: K, params: DefinitionListParams) =>
  queryOptions({
    queryKey: definitionKeys.list(projectId, kind, params),
    queryFn: ({ signal }) =>
      api.get<PaginatedList<Definition<K>>>(
        `${definitionsPath(projectId, kind)}?${searchParams({
          search: params.search,
          type: params.type,
          offset: String(params.offset),
          limit: String(params.limit),
        })}`,
        { signal },
      ),
    placeholderData: (previous) => previous,
  });

export const definitionQuery = <K extends DefinitionKind>(projectId: number, kind: K, id: string) =>
  queryOptions({
    queryKey: definitionKeys.detail(projectId, kind, id),
    queryFn: ({ signal }) => api.get<Definition<K>>(`${definitionsPath(projectId, kind)}${id}/`, { signal }),
    retry: false,
  });

export const definitionInsightsQuery = (projectId: number, kind: DefinitionKind, id: string) =>
  queryOptions({
    queryKey: definitionKeys.insights(projectId, kind, id),
    queryFn: ({ signal }) => api.get<TInsightUsage>(`${definitionsPath(projectId, kind)}${id}/insights/`, { signal }),
  });
