import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { PaginatedList } from "@/lib/api/pagination";
import { api, searchParams } from "@/lib/ui/api-client";
import { type EventListParams, eventKeys, personKeys, type PersonListParams, taxonomyKeys, type ValueSource } from "@/lib/ui/query-keys";
import type { TAction, TEventDefinition, TPropertyDefinition, TPropertyValue } from "@/lib/ui/types";
import type { TEventList, TEventSummary } from "@/lib/events/schemas";
import type { TPerson } from "@/lib/persons/schemas";

// The queries of a project's data: the taxonomy, analyses, insights, dashboards, events and persons. The pickers'
// taxonomy leaves hidden definitions out (data management lists them all).

export const eventDefinitionsQuery = (projectId: number, search: string) =>
  queryOptions({
    queryKey: taxonomyKeys.events(projectId, search),
    queryFn: ({ signal }) =>
      api.get<PaginatedList<TEventDefinition>>(
        `/api/projects/${projectId}/event_definitions/?${searchParams({ search, limit: "50", exclude_hidden: "true" })}`,
        {
          signal,
        },
      ),
    staleTime: 60_000,
  });

export const actionsQuery = (projectId: number, search: string) =>
  queryOptions({
    queryKey: taxonomyKeys.actions(projectId, search),
    queryFn: ({ signal }) =>
      api.get<PaginatedList<TAction>>(`/api/projects/${projectId}/actions/?${searchParams({ search, limit: "50" })}`, { signal }),
    staleTime: 60_000,
  });

/** `params`: PostHog's `type` (event|person), `search`, `is_numerical`, `event_names` (JSON list). */
export const propertyDefinitionsQuery = (projectId: number, params: Record<string, string>) =>
  queryOptions({
    queryKey: taxonomyKeys.properties(projectId, params),
    queryFn: ({ signal }) =>
      api.get<PaginatedList<TPropertyDefinition>>(
        `/api/projects/${projectId}/property_definitions/?${searchParams({ ...params, limit: "100", exclude_hidden: "true" })}`,
        { signal },
      ),
    staleTime: 60_000,
  });

/** The values a property has: in recent events, among persons, or among one type's groups (PostHog's three endpoints). */
function valuesPath(projectId: number, source: ValueSource, key: string, search: string) {
  if (typeof source === "object")
    return `/api/projects/${projectId}/groups/property_values/?${searchParams({ group_type_index: String(source.groupTypeIndex), key, value: search })}`;
  return `/api/projects/${projectId}/${source === "person" ? "persons" : "events"}/values/?${searchParams({ key, value: search })}`;
}

export const propertyValuesQuery = (projectId: number, source: ValueSource, key: string, search: string) =>
  queryOptions({
    queryKey: taxonomyKeys.values(projectId, source, key, search),
    queryFn: ({ signal }) => api.get<TPropertyValue[]>(valuesPath(projectId, source, key, search), { signal }),
    staleTime: 60_000,
  });

/** What the project holds: events of the last 24 hours and 30 days, the newest event's time, the top events. */
export const eventSummaryQuery = (projectId: number) =>
  queryOptions({
    queryKey: eventKeys.summary(projectId),
    queryFn: ({ signal }) => api.get<TEventSummary>(`/api/projects/${projectId}/events/summary/`, { signal }),
  });

const EVENTS_PAGE_SIZE = 50;

/** The project's events, newest first, page after page through the API's `next` links. */
export const eventsQuery = (projectId: number, params: EventListParams) =>
  infiniteQueryOptions({
    queryKey: eventKeys.list(projectId, params),
    initialPageParam: `/api/projects/${projectId}/events/?${searchParams({ ...params, limit: String(EVENTS_PAGE_SIZE) })}`,
    queryFn: ({ pageParam, signal }) => api.get<TEventList>(pageParam, { signal }),
    // `next` is absolute, built from the request's origin: keep only its path, as `api.getAll` does.
    getNextPageParam: (page) => (page.next ? new URL(page.next).pathname + new URL(page.next).search : null),
  });

/** One page of the project's persons, newest first, searched by the API. */
export const personsQuery = (projectId: number, params: PersonListParams) =>
  queryOptions({
    queryKey: personKeys.list(projectId, params),
    queryFn: ({ signal }) =>
      api.get<PaginatedList<TPerson>>(
        `/api/projects/${projectId}/persons/?${searchParams({ search: params.search, properties: params.properties, offset: String(params.offset), limit: String(params.limit) })}`,
        { signal },
      ),
    placeholderData: (previous) => previous,
  });

export const personQuery = (projectId: number, personId: string) =>
  queryOptions({
    queryKey: personKeys.detail(projectId, personId),
    queryFn: ({ signal }) => api.get<TPerson>(`/api/projects/${projectId}/persons/${personId}/`, { signal }),
  });
