import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/ui/api-client";
import { domainKeys, inviteKeys, memberKeys, projectKeys } from "@/lib/ui/query-keys";
import type { TDomain, TInvite, TMember, TProject } from "@/lib/ui/types";

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
