import { mutationOptions } from "@tanstack/react-query";
import { api } from "@/lib/ui/api-client";
import { actionKeys, type DefinitionKind, definitionKeys, taxonomyKeys } from "@/lib/ui/query-keys";
import type { TAction, TActionWriteBody, TDefinitionUpdate } from "@/lib/ui/types";

// The writes of data management. Actions and definitions feed the builder's pickers, so each write makes them stale too.

const actionsPath = (projectId: number) => `/api/projects/${projectId}/actions/`;

export const createActionMutation = (projectId: number) =>
  mutationOptions({
    mutationFn: (body: TActionWriteBody) => api.post<TAction>(actionsPath(projectId), body),
    meta: { invalidates: [actionKeys.list(projectId), taxonomyKeys.all] },
  });

export const updateActionMutation = (projectId: number, actionId: number) =>
  mutationOptions({
    mutationFn: (body: TActionWriteBody) => api.patch<TAction>(`${actionsPath(projectId)}${actionId}/`, body),
    meta: { returns: actionKeys.detail(projectId, actionId), invalidates: [actionKeys.list(projectId), taxonomyKeys.all] },
  });

/** Soft delete, the only delete the API has (`DELETE` answers 405, as PostHog's). */
export const deleteActionMutation = (projectId: number, actionId: number) =>
  mutationOptions({
    mutationFn: () => api.patch<TAction>(`${actionsPath(projectId)}${actionId}/`, { deleted: true }),
    meta: { invalidates: [actionKeys.project(projectId), taxonomyKeys.all] },
  });

/** Description, tags, verified, hidden (hiding takes it out of the pickers). */
export const updateDefinitionMutation = (projectId: number, kind: DefinitionKind, id: string) =>
  mutationOptions({
    mutationFn: (body: TDefinitionUpdate) => api.patch<unknown>(`/api/projects/${projectId}/${kind}_definitions/${id}/`, body),
    meta: { invalidates: [definitionKeys.project(projectId), taxonomyKeys.all] },
  });
