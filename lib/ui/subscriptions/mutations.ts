import { mutationOptions } from "@tanstack/react-query";
import type { TSubscription, TSubscriptionWrite } from "@/lib/subscriptions/schemas";
import { api } from "@/lib/ui/api-client";
import { subscriptionKeys } from "@/lib/ui/query-keys";
import { subscriptionsPath } from "./queries";

const meta = { invalidates: [subscriptionKeys.all] };

export const createSubscriptionMutation = (projectId: number) =>
  mutationOptions({ mutationFn: (body: TSubscriptionWrite) => api.post<TSubscription>(subscriptionsPath(projectId), body), meta });

export const updateSubscriptionMutation = (projectId: number, id: number) =>
  mutationOptions({
    mutationFn: (body: TSubscriptionWrite) => api.patch<TSubscription>(`${subscriptionsPath(projectId)}${id}/`, body),
    meta,
  });

/** Soft delete, as PostHog: `deleted: true`. */
export const deleteSubscriptionMutation = (projectId: number) =>
  mutationOptions({
    mutationFn: (id: number) => api.patch<TSubscription>(`${subscriptionsPath(projectId)}${id}/`, { deleted: true }),
    meta,
  });

/** Sends it now; the answer says whether anyone was reached (`last_error` at this moment). */
export const testDeliveryMutation = (projectId: number) =>
  mutationOptions({
    mutationFn: (id: number) => api.post<TSubscription>(`${subscriptionsPath(projectId)}${id}/test-delivery/`, {}),
    meta,
  });
