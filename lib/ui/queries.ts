import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/ui/api-client";
import { apiKeyKeys, domainKeys, inviteKeys, memberKeys, projectKeys, userKeys } from "@/lib/ui/query-keys";
import type { TApiKey, TDomain, TInvite, TInvitePreview, TMember, TProject, TUser } from "@/lib/ui/types";

// The account's and the organization's queries. Project data and the pipelines have theirs in
// `project-queries.ts` and `pipeline-queries.ts`, so an admin page does not load the builder's.

export const meQuery = () =>
  queryOptions({
    queryKey: userKeys.me(),
    queryFn: ({ signal }) => api.get<TUser>("/api/users/@me/", { signal }),
  });

export const membersQuery = (organizationId: string) =>
  queryOptions({
    queryKey: memberKeys.list(organizationId),
    queryFn: ({ signal }) => api.getAll<TMember>(`/api/organizations/${organizationId}/members/`, { signal }),
  });

export const invitesQuery = (organizationId: string) =>
  queryOptions({
    queryKey: inviteKeys.list(organizationId),
    queryFn: ({ signal }) => api.getAll<TInvite>(`/api/organizations/${organizationId}/invites/`, { signal }),
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

export const projectsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: projectKeys.list(organizationId),
    queryFn: ({ signal }) => api.getAll<TProject>(`/api/organizations/${organizationId}/projects/`, { signal }),
  });

export const domainsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: domainKeys.list(organizationId),
    queryFn: ({ signal }) => api.getAll<TDomain>(`/api/organizations/${organizationId}/domains/`, { signal }),
  });

// Pipeline apps
