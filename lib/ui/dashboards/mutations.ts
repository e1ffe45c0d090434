import { mutationOptions } from "@tanstack/react-query";
import { api } from "@/lib/ui/api-client";
import type { TDashboardCreate, TDashboardUpdate } from "@/lib/dashboards/schemas";
import { dashboardKeys, insightKeys } from "@/lib/ui/query-keys";
import type { TDashboard } from "@/lib/ui/types";

export const createDashboardMutation = (projectId: number) =>
  mutationOptions({
    mutationFn: (body: TDashboardCreate) => api.post<TDashboard>(`/api/projects/${projectId}/dashboards/`, body),
    meta: { invalidates: [dashboardKeys.list(projectId)] },
  });

/** Fields, filters, tiles (layouts, removal) and deletion; which insights are on it shows in the insights' `dashboards`. */
export const updateDashboardMutation = (projectId: number) =>
  mutationOptions({
    mutationFn: ({ id, ...body }: { id: number } & TDashboardUpdate) =>
      api.patch<TDashboard>(`/api/projects/${projectId}/dashboards/${id}/`, body),
    meta: { invalidates: [dashboardKeys.project(projectId), insightKeys.project(projectId)] },
  });

/** "Refresh all": every tile's insight computed afresh; the answer is the dashboard to show. */
export const refreshDashboardMutation = (projectId: number, dashboardId: number) =>
  mutationOptions({
    mutationFn: () => api.get<TDashboard>(`/api/projects/${projectId}/dashboards/${dashboardId}/?refresh=force_blocking`),
    meta: { returns: dashboardKeys.detail(projectId, dashboardId) },
  });
