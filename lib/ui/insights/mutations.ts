import { mutationOptions } from "@tanstack/react-query";
import { api } from "@/lib/ui/api-client";
import type { TInsightWrite } from "@/lib/insights/schemas";
import { dashboardKeys, insightKeys } from "@/lib/ui/query-keys";
import type { TInsight } from "@/lib/ui/types";

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
    mutationFn: ({ id, ...body }: { id: number } & TInsightWrite) =>
      api.patch<TInsight>(`/api/projects/${projectId}/insights/${id}/`, body),
    meta: { invalidates: [insightKeys.project(projectId), dashboardKeys.project(projectId)] },
  });

/** Records that the signed-in user opened an insight (PostHog's "last viewed"). */
export const insightViewedMutation = (projectId: number) =>
  mutationOptions({
    mutationFn: (insightId: number) => api.post<void>(`/api/projects/${projectId}/insights/${insightId}/viewed/`),
    meta: { invalidates: [insightKeys.lastViewed(projectId)] },
  });
