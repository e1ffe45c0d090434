import { mutationOptions } from "@tanstack/react-query";
import { api } from "@/lib/ui/api-client";
import type { TDashboardCreate, TDashboardUpdate } from "@/lib/dashboards/schemas";
import type { TInsightWrite } from "@/lib/insights/schemas";
import { dashboardKeys, insightKeys, sharingKeys } from "@/lib/ui/query-keys";
import type { TDashboard, TInsight, TSharingConfiguration } from "@/lib/ui/types";

// The writes of a project's insights, dashboards and sharing, with their cache effects (see `WriteEffects`).

// Saved insights and dashboards (issue 8)

/** An insight shows in the insights lists and, through its tiles, on dashboards (its name, its placement). */
export const createInsightMutation = (projectId: number) =>
  mutationOptions({
    mutationFn: (body: TInsightWrite) => api.post<TInsight>(`/api/projects/${projectId}/insights/`, body),
    meta: { invalidates: [insightKeys.project(projectId), dashboardKeys.project(projectId)] },
  });

export const updateInsightMutation = (projectId: number) =>
  mutationOptions({
    mutationFn: ({ id, ...body }: { id: number } & TInsightWrite) => api.patch<TInsight>(`/api/projects/${projectId}/insights/${id}/`, body),
    meta: { invalidates: [insightKeys.project(projectId), dashboardKeys.project(projectId)] },
  });

export const createDashboardMutation = (projectId: number) =>
  mutationOptions({
    mutationFn: (body: TDashboardCreate) => api.post<TDashboard>(`/api/projects/${projectId}/dashboards/`, body),
    meta: { invalidates: [dashboardKeys.list(projectId)] },
  });

/** Fields, filters, tiles (layouts, removal) and deletion; which insights are on it shows in the insights' `dashboards`. */
export const updateDashboardMutation = (projectId: number) =>
  mutationOptions({
    mutationFn: ({ id, ...body }: { id: number } & TDashboardUpdate) => api.patch<TDashboard>(`/api/projects/${projectId}/dashboards/${id}/`, body),
    meta: { invalidates: [dashboardKeys.project(projectId), insightKeys.project(projectId)] },
  });

/** "Refresh all": every tile's insight computed afresh; the answer is the dashboard to show. */
export const refreshDashboardMutation = (projectId: number, dashboardId: number) =>
  mutationOptions({
    mutationFn: () => api.get<TDashboard>(`/api/projects/${projectId}/dashboards/${dashboardId}/?refresh=force_blocking`),
    meta: { returns: dashboardKeys.detail(projectId, dashboardId) },
  });

/** Records that the signed-in user opened an insight (PostHog's "last viewed"). */
export const insightViewedMutation = (projectId: number) =>
  mutationOptions({
    mutationFn: (insightId: number) => api.post<void>(`/api/projects/${projectId}/insights/${insightId}/viewed/`),
    meta: { invalidates: [insightKeys.lastViewed(projectId)] },
  });

// Sharing (of an insight or a dashboard, by the API path of its sharing configuration)

export const updateSharingMutation = (sharingPath: string) =>
  mutationOptions({
    mutationFn: (body: { enabled: boolean }) => api.patch<TSharingConfiguration>(sharingPath, body),
    // `is_shared` of insights and dashboards follows it.
    meta: { returns: sharingKeys.config(sharingPath), invalidates: [insightKeys.all, dashboardKeys.all] },
  });

/** A new access token: links handed out so far stop working. */
export const resetSharingLinkMutation = (sharingPath: string) =>
  mutationOptions({
    mutationFn: () => api.post<TSharingConfiguration>(`${sharingPath}refresh/`),
    meta: { returns: sharingKeys.config(sharingPath) },
  });
