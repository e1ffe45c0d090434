import { queryOptions } from "@tanstack/react-query";
import type { TAlert } from "@/lib/alerts/schemas";
import { api } from "@/lib/ui/api-client";
import { alertKeys } from "@/lib/ui/query-keys";

export const alertsPath = (projectId: number) => `/api/projects/${projectId}/alerts/`;

/** The alerts on one insight, newest first, each with its latest checks. */
export const insightAlertsQuery = (projectId: number, insightId: number) =>
  queryOptions({
    queryKey: alertKeys.list(projectId, insightId),
    queryFn: ({ signal }) => api.getAll<TAlert>(`${alertsPath(projectId)}?insight=${insightId}`, { signal }),
  });
