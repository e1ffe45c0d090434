import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/ui/api-client";
import type { PaginatedList } from "@/lib/api/pagination";
import type { TEventList } from "@/lib/events/schemas";
import { apiKeyKeys, dashboardKeys, eventKeys, insightKeys, inviteKeys, memberKeys, userKeys, type InsightListParams } from "@/lib/ui/query-keys";
import type { TApiKey, TDashboard, TDashboardBasic, TInsightBasic, TInvite, TInvitePreview, TMember, TSharingConfiguration, TUser } from "@/lib/ui/types";

export const meQuery = () =>
  queryOptions({
    queryKey: userKeys.me(),
    queryFn: ({ signal }) => api.get<TUser>("/api/users/@me/", { signal }),
  });

export const membersQuery = (organizationId: string) =>
  queryOptions({
    queryKey: memberKeys.list(organizationId),
    queryFn: ({ signal }) => api.getAll<TMember>(`/api/organizations/${organizationId}/members/`, { signal }),
  });

export const invitesQuery = (organizationId: string) =>
  queryOptions({
    queryKey: inviteKeys.list(organizationId),
    queryFn: ({ signal }) => api.getAll<TInvite>(`/api/organizations/${organizationId}/invites/`, { signal }),
  });

export const invitePreviewQuery = (inviteId: string) =>
  queryOptions({
    queryKey: inviteKeys.preview(inviteId),
    queryFn: ({ signal }) => api.get<TInvitePreview>(`/api/signup/${inviteId}/`, { signal }),
    retry: false,
  });

export const apiKeysQuery = () =>
  queryOptions({
    queryKey: apiKeyKeys.list(),
    queryFn: ({ signal }) => api.getAll<TApiKey>("/api/personal_api_keys/", { signal }),
  });

// Saved insights, dashboards, and whether a project has events (issue 8)

/** The query string of an insights list: saved ones only (PostHog's saved-insights page), without results. */
function insightListSearch({ search, insight, favorited, user, created_by, offset, limit }: Partial<InsightListParams>) {
  const query = new URLSearchParams({ saved: "true", basic: "true" });
  if (search) query.set("search", search);
  if (insight) query.set("insight", insight);
  if (favorited) query.set("favorited", "true");
  if (user) query.set("user", "true");
  if (created_by !== undefined) query.set("created_by", String(created_by));
  if (offset) query.set("offset", String(offset));
  if (limit) query.set("limit", String(limit));
  return query.toString();
}

/** One page of the saved insights, filtered and paged by the API. */
export const insightsQuery = (projectId: number, params: InsightListParams) =>
  queryOptions({
    queryKey: insightKeys.list(projectId, params),
    queryFn: ({ signal }) => api.get<PaginatedList<TInsightBasic>>(`/api/projects/${projectId}/insights/?${insightListSearch(params)}`, { signal }),
    placeholderData: (previous) => previous,
  });

/** The first saved insights matching a search, to add one to a dashboard. */
export const insightPickerQuery = (projectId: number, search: string) =>
  queryOptions({
    queryKey: insightKeys.picker(projectId, search),
    queryFn: ({ signal }) =>
      api.get<PaginatedList<TInsightBasic>>(`/api/projects/${projectId}/insights/?${insightListSearch({ search, limit: 20 })}`, { signal }),
    placeholderData: (previous) => previous,
  });

export const dashboardsQuery = (projectId: number) =>
  queryOptions({
    queryKey: dashboardKeys.list(projectId),
    queryFn: ({ signal }) => api.getAll<TDashboardBasic>(`/api/projects/${projectId}/dashboards/`, { signal }),
  });

/** A dashboard with its tiles; results missing or stale are computed (`blocking`), fresh ones come from the cache. */
export const dashboardQuery = (projectId: number, dashboardId: number) =>
  queryOptions({
    queryKey: dashboardKeys.detail(projectId, dashboardId),
    queryFn: ({ signal }) => api.get<TDashboard>(`/api/projects/${projectId}/dashboards/${dashboardId}/?refresh=blocking`, { signal }),
  });

export const dashboardSharingQuery = (projectId: number, dashboardId: number) =>
  queryOptions({
    queryKey: dashboardKeys.sharing(projectId, dashboardId),
    queryFn: ({ signal }) => api.get<TSharingConfiguration>(`/api/projects/${projectId}/dashboards/${dashboardId}/sharing/`, { signal }),
  });

/** Whether the project has received any event (its newest one, if any). */
export const projectHasEventsQuery = (projectId: number) =>
  queryOptions({
    queryKey: eventKeys.latest(projectId),
    queryFn: async ({ signal }) => (await api.get<TEventList>(`/api/projects/${projectId}/events/?limit=1`, { signal })).results.length > 0,
  });
