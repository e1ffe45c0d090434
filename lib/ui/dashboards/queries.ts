import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/ui/api-client";
import { dashboardKeys } from "@/lib/ui/query-keys";
import type { TDashboard, TDashboardBasic } from "@/lib/ui/types";

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
