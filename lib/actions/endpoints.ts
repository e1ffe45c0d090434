import { endpoint } from "@/lib/api/endpoint";
import { listPage } from "@/lib/api/pagination";
import type { Action } from "@/lib/db/schema";
import { requireProjectAccess } from "@/lib/projects/access";
import { ZProjectParams } from "@/lib/projects/schemas";
import { actionVolumes, countMatchingEvents } from "./matching";
import {
  ZAction,
  ZActionListQuery,
  ZActionMatchingBody,
  ZActionMatchingCount,
  ZActionParams,
  ZActionVolumes,
  ZActionWrite,
} from "./schemas";
import { actionReference, insightsUsing, ZInsightUsage } from "@/lib/insights/usage";
import { createAction, listActions, requireAction, serializeActions, updateAction } from "./service";

const tag = "actions";

const one = async (action: Action) => (await serializeActions([action]))[0];

export const listActionsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/actions/",
  environments: true,
  summary: "List the project's actions (not deleted), most recently calculated first, then by name",
  tag,
  scope: "action:read",
  params: ZProjectParams,
  query: ZActionListQuery,
  response: ZAction,
  paginated: true,
  handler: ({ url, actor, params, query }) => listPage(url, (page) => listActions(actor, params.projectId, query, page)),
});

export const createActionEndpoint = endpoint({
  method: "POST",
  path: "/api/projects/{projectId}/actions/",
  environments: true,
  summary: "Create an action: steps (any of which an event may match) of event, url, properties and element filters",
  tag,
  scope: "action:write",
  params: ZProjectParams,
  body: ZActionWrite,
  response: ZAction,
  status: 201,
  handler: async ({ actor, params, body }) => one(await createAction(actor, params.projectId, body)),
});

export const retrieveActionEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/actions/{actionId}/",
  environments: true,
  summary: "Retrieve an action (deleted ones too)",
  tag,
  scope: "action:read",
  params: ZActionParams,
  response: ZAction,
  handler: async ({ actor, params }) => one(await requireAction(actor, params.projectId, params.actionId)),
});

export const updateActionEndpoint = endpoint({
  method: "PATCH",
  path: "/api/projects/{projectId}/actions/{actionId}/",
  environments: true,
  summary: "Update an action; `deleted: true` deletes it (softly), `deleted: false` restores it; `steps` replaces them all",
  tag,
  scope: "action:write",
  params: ZActionParams,
  body: ZActionWrite,
  response: ZAction,
  handler: async ({ actor, params, body }) => one(await updateAction(actor, params.projectId, params.actionId, body)),
});

export const replaceActionEndpoint = endpoint({
  ...updateActionEndpoint,
  method: "PUT",
  summary: "Update an action (as PATCH: every field is optional)",
});

/**
 * PostHog's ForbidDestroyModel: once the caller may reach the project (and has `action:write`), DELETE answers
 * 405 with an empty body, without looking the action up; actions are deleted with `PATCH {"deleted": true}`.
 */
export const deleteActionEndpoint = endpoint({
  method: "DELETE",
  path: "/api/projects/{projectId}/actions/{actionId}/",
  environments: true,
  summary: "Always 405 with an empty body: actions are not hard-deleted; PATCH `deleted: true` instead",
  tag,
  scope: "action:write",
  params: ZActionParams,
  status: 405,
  handler: async ({ actor, params }) => {
    await requireProjectAccess(actor, params.projectId);
  },
});

export const actionInsightsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/actions/{actionId}/insights/",
  environments: true,
  summary: "The insights whose series, steps or filters use this action: how many, and the most recently changed (Hedgerow)",
  tag,
  scope: "insight:read",
  params: ZActionParams,
  response: ZInsightUsage,
  handler: async ({ actor, params }) => {
    const action = await requireAction(actor, params.projectId, params.actionId);
    return insightsUsing(action.projectId, actionReference(action.id));
  },
});

export const actionMatchingEventsEndpoint = endpoint({
  method: "POST",
  path: "/api/projects/{projectId}/actions/matching_events/",
  environments: true,
  summary: "Count the last 30 days' events matching these steps, as an action with them would (Hedgerow: the editor's live count)",
  tag,
  scope: "query:read",
  params: ZProjectParams,
  body: ZActionMatchingBody,
  response: ZActionMatchingCount,
  handler: ({ actor, params, body }) => countMatchingEvents(actor, params.projectId, body.steps),
});

export const actionVolumesEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/actions/volumes/",
  environments: true,
  summary: "Each action's matching events in the last 30 days, counted in one scan (Hedgerow: the actions list's volume column)",
  tag,
  scope: "action:read",
  params: ZProjectParams,
  response: ZActionVolumes,
  handler: ({ actor, params }) => actionVolumes(actor, params.projectId),
});
