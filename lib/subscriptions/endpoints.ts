import { endpoint } from "@/lib/api/endpoint";
import { listPage } from "@/lib/api/pagination";
import { notFound } from "@/lib/api/errors";
import { requireProjectAccess } from "@/lib/projects/access";
import { ZProjectParams } from "@/lib/projects/schemas";
import { deliverNow } from "./deliver";
import { throttleSendNow } from "./limits";
import { ZSubscription, ZSubscriptionListQuery, ZSubscriptionParams, ZSubscriptionWrite } from "./schemas";
import { createSubscription, listSubscriptions, requireSubscription, retrieveSubscription, updateSubscription } from "./service";

const tag = "subscriptions";

export const listSubscriptionsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/subscriptions/",
  environments: true,
  summary: "List the project's subscriptions (newest first), by default those not deleted",
  tag,
  scope: "subscription:read",
  params: ZProjectParams,
  query: ZSubscriptionListQuery,
  response: ZSubscription,
  paginated: true,
  handler: ({ url, actor, params, query }) => listPage(url, (page) => listSubscriptions(actor, params.projectId, query, page)),
});

export const createSubscriptionEndpoint = endpoint({
  method: "POST",
  path: "/api/projects/{projectId}/subscriptions/",
  environments: true,
  summary:
    "Subscribe e-mail addresses to an insight or a dashboard: its numbers are mailed on an iCalendar schedule (frequency, interval, byweekday, bysetpos, count, start and until dates)",
  tag,
  scope: "subscription:write",
  params: ZProjectParams,
  body: ZSubscriptionWrite,
  response: ZSubscription,
  status: 201,
  handler: ({ actor, params, body }) => createSubscription(actor, params.projectId, body),
});

export const retrieveSubscriptionEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/subscriptions/{subscriptionId}/",
  environments: true,
  summary: "Retrieve a subscription, deleted or not",
  tag,
  scope: "subscription:read",
  params: ZSubscriptionParams,
  response: ZSubscription,
  handler: ({ actor, params }) => retrieveSubscription(actor, params.projectId, params.subscriptionId),
});

export const updateSubscriptionEndpoint = endpoint({
  method: "PATCH",
  path: "/api/projects/{projectId}/subscriptions/{subscriptionId}/",
  environments: true,
  summary: "Update a subscription (`deleted: true` deletes it); a new schedule gets its next delivery date from now",
  tag,
  scope: "subscription:write",
  params: ZSubscriptionParams,
  body: ZSubscriptionWrite,
  response: ZSubscription,
  handler: ({ actor, params, body }) => updateSubscription(actor, params.projectId, params.subscriptionId, body),
});

export const replaceSubscriptionEndpoint = endpoint({
  ...updateSubscriptionEndpoint,
  method: "PUT",
  summary: "Update a subscription (as PATCH: every field is optional)",
});

/** PostHog's ForbidDestroyModel: 405 with an empty body once the project is reachable; PATCH `deleted: true` instead. */
export const deleteSubscriptionEndpoint = endpoint({
  method: "DELETE",
  path: "/api/projects/{projectId}/subscriptions/{subscriptionId}/",
  environments: true,
  summary: "Always 405 with an empty body: subscriptions are not hard-deleted; PATCH `deleted: true` instead",
  tag,
  scope: "subscription:write",
  params: ZSubscriptionParams,
  status: 405,
  handler: async ({ actor, params }) => {
    await requireProjectAccess(actor, params.projectId);
  },
});

export const testDeliveryEndpoint = endpoint({
  method: "POST",
  path: "/api/projects/{projectId}/subscriptions/{subscriptionId}/test-delivery/",
  environments: true,
  summary:
    "Send the subscription to its recipients now, its schedule unchanged; answers it with `last_delivered_at`, or `last_error` when nobody was reached. Throttled (429 with `Retry-After`) past a few sends of one subscription, or of one user, in five minutes",
  tag,
  scope: "subscription:write",
  params: ZSubscriptionParams,
  response: ZSubscription,
  handler: async ({ actor, params }) => {
    const { subscription } = await requireSubscription(actor, params.projectId, params.subscriptionId);
    if (subscription.deleted) throw notFound();
    await throttleSendNow(actor.user.id, subscription.id);
    await deliverNow(subscription);
    return retrieveSubscription(actor, params.projectId, params.subscriptionId);
  },
});
