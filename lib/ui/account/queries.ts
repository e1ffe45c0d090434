import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/ui/api-client";
import { apiKeyKeys, inviteKeys, userKeys } from "@/lib/ui/query-keys";
import type { TApiKey, TInvitePreview, TUser } from "@/lib/ui/types";

// The account's and the organization's queries. Project data and the pipelines have theirs in
// `project-queries.ts` and `pipeline-queries.ts`, so an admin page does not load the builder's.

export const meQuery = () =>
  queryOptions({
    queryKey: userKeys.me(),
    queryFn: ({ signal }) => api.get<TUser>("/api/users/@me/", { signal }),
  });

export const invitePreviewQuery = (inviteId: string) =>
  queryOptions({
    queryKey: inviteKeys.preview(inviteId),
    queryFn: ({ signal }) => api.get<TInvitePreview>(`/api/signup/${inviteId}/`, { signal }),
    retry: false,
  });

export const apiKeysQuery = () =>
  queryOptions({
    queryKey: apiKeyKeys.list(),
    queryFn: ({ signal }) => api.get<TApiKey[]>("/api/personal_api_keys/", { signal }),
  });
