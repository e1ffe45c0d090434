import { queryOptions } from "@tanstack/react-query";
import type { TSubscription } from "@/lib/subscriptions/schemas";
import { api } from "@/lib/ui/api-client";
import { type SubscriptionResource, subscriptionKeys } from "@/lib/ui/query-keys";

export const subscriptionsPath = (projectId: number) => `/api/projects/${projectId}/subscriptions/`;

/** The subscriptions of one insight or dashboard, newest first. */
export const subscriptionsQuery = (projectId: number, resource: SubscriptionResource) =>
  queryOptions({
    queryKey: subscriptionKeys.list(projectId, resource),
    queryFn: ({ signal }) => api.getAll<TSubscription>(`${subscriptionsPath(projectId)}?${resource.kind}=${resource.id}`, { signal }),
  });
