import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api, searchParams } from "@/lib/ui/api-client";
import { groupKeys } from "@/lib/ui/query-keys";
import type { TGroup, TGroupType, TRelatedActors } from "@/lib/ui/types";

// The queries of a project's groups: its group types, a type's groups (cursor pages) and one group.

export const groupTypesQuery = (projectId: number) =>
  queryOptions({
    queryKey: groupKeys.types(projectId),
    queryFn: ({ signal }) => api.get<TGroupType[]>(`/api/projects/${projectId}/groups_types/`, { signal }),
    staleTime: 60_000,
  });

interface GroupsPage {
  next: string | null;
  previous: string | null;
  results: TGroup[];
}

/** A type's groups, newest first: each page follows the previous answer's `next` cursor. */
export const groupsQuery = (projectId: number, groupTypeIndex: number, search: string) =>
  infiniteQueryOptions({
    queryKey: groupKeys.list(projectId, groupTypeIndex, search),
    queryFn: ({ signal, pageParam }) =>
      api.get<GroupsPage>(
        `/api/projects/${projectId}/groups/?${searchParams({ group_type_index: String(groupTypeIndex), search: search || undefined, cursor: pageParam })}`,
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.next ? (new URL(page.next).searchParams.get("cursor") ?? undefined) : undefined),
    placeholderData: (previous) => previous,
  });

export const groupQuery = (projectId: number, groupTypeIndex: number, groupKey: string) =>
  queryOptions({
    queryKey: groupKeys.detail(projectId, groupTypeIndex, groupKey),
    queryFn: ({ signal }) =>
      api.get<TGroup>(
        `/api/projects/${projectId}/groups/find/?${searchParams({ group_type_index: String(groupTypeIndex), group_key: groupKey })}`,
        { signal },
      ),
  });

/** The persons and groups that shared events with a group (`groupTypeIndex`, key `id`), or a person's groups (null, its UUID). */
export const relatedActorsQuery = (projectId: number, groupTypeIndex: number | null, id: string) =>
  queryOptions({
    queryKey: groupKeys.related(projectId, groupTypeIndex, id),
    queryFn: ({ signal }) =>
      api.get<TRelatedActors>(
        `/api/projects/${projectId}/groups/related/?${searchParams({ group_type_index: groupTypeIndex === null ? undefined : String(groupTypeIndex), id })}`,
        { signal },
      ),
    staleTime: 60_000,
  });

/** A group type as people read it: its plural name, else the type itself. */
export const groupTypeLabel = (type: TGroupType) => type.name_plural || type.group_type;
