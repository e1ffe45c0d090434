import { mutationOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { TDomain, TDomainCreate, TDomainUpdate } from "@/lib/domains/schemas";
import type { TInvite, ZInviteCreate } from "@/lib/invites/schemas";
import type { TMember, TMemberUpdate } from "@/lib/members/schemas";
import type { TOrganization, TOrganizationCreate, TOrganizationUpdate } from "@/lib/organizations/schemas";
import type { TProject, TProjectCreate, TProjectUpdate } from "@/lib/projects/schemas";
import { api } from "@/lib/ui/api-client";
import {
  analysisKeys,
  dashboardKeys,
  domainKeys,
  insightKeys,
  inviteKeys,
  memberKeys,
  projectKeys,
  userKeys,
  webKeys,
} from "@/lib/ui/query-keys";

// Organizations

/** The API makes the creator its owner and moves them into it, so everything cached is about to change. */
export const createOrganizationMutation = () =>
  mutationOptions({
    mutationFn: (body: TOrganizationCreate) => api.post<TOrganization>("/api/organizations/", body),
    meta: { invalidates: "all" },
  });

/** The current organization is part of @me. */
export const updateOrganizationMutation = () =>
  mutationOptions({
    mutationFn: ({ id, ...body }: Pick<TOrganization, "id"> & TOrganizationUpdate) =>
      api.patch<TOrganization>(`/api/organizations/${id}/`, body),
    meta: { invalidates: [userKeys.me()] },
  });

export const deleteOrganizationMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: () => api.delete(`/api/organizations/${organizationId}/`),
    meta: { clearsCache: true },
  });

/** The current project is part of @me, and projects show in their organization's list. */
export const updateProjectMutation = () =>
  mutationOptions({
    mutationFn: ({ id, ...body }: Pick<TProject, "id"> & TProjectUpdate) => api.patch<TProject>(`/api/projects/${id}/`, body),
    meta: { invalidates: [projectKeys.all, userKeys.me()] },
  });

/** The test account filters change what every analysis of the project answers: its results are refetched too. */
export const updateTestAccountFiltersMutation = () =>
  mutationOptions({
    mutationFn: ({
      id,
      ...body
    }: Pick<TProject, "id"> & Pick<TProjectUpdate, "test_account_filters" | "test_account_filters_default_checked">) =>
      api.patch<TProject>(`/api/projects/${id}/`, body),
    meta: { invalidates: [projectKeys.all, userKeys.me(), analysisKeys.all, webKeys.all, insightKeys.all, dashboardKeys.all] },
  });

// Projects

/** The creator then works in the new project, which @me names. */
export const createProjectMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: (body: TProjectCreate) => api.post<TProject>(`/api/organizations/${organizationId}/projects/`, body),
    meta: { invalidates: [projectKeys.list(organizationId), userKeys.me()] },
  });

/** Whoever worked in the project moves to another of the organization's: @me too. */
export const deleteProjectMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: (project: TProject) => api.delete(`/api/projects/${project.id}/`),
    meta: { invalidates: [projectKeys.list(organizationId), userKeys.me()] },
  });

// Members

/** Levels show in the members list and, for oneself, in @me. */
export const updateMemberMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: ({ member, ...body }: { member: TMember } & Required<TMemberUpdate>) =>
      api.patch<TMember>(`/api/organizations/${organizationId}/members/${member.user.uuid}/`, body),
    meta: { invalidates: [memberKeys.list(organizationId), userKeys.me()] },
  });

export const removeMemberMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: (member: TMember) => api.delete(`/api/organizations/${organizationId}/members/${member.user.uuid}/`),
    meta: { invalidates: [memberKeys.list(organizationId)] },
  });

/** Removing oneself: the organization, and everything cached about it, is gone for this user. */
export const leaveOrganizationMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: (self: TMember) => api.delete(`/api/organizations/${organizationId}/members/${self.user.uuid}/`),
    meta: { clearsCache: true },
  });

// Invites

export const createInviteMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: (body: z.input<typeof ZInviteCreate>) => api.post<TInvite>(`/api/organizations/${organizationId}/invites/`, body),
    meta: { invalidates: [inviteKeys.list(organizationId)] },
  });

/** Up to 20 invites at once, all created or none. */
export const bulkCreateInvitesMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: (body: z.input<typeof ZInviteCreate>[]) => api.post<TInvite[]>(`/api/organizations/${organizationId}/invites/bulk/`, body),
    meta: { invalidates: [inviteKeys.list(organizationId)] },
  });

/**
 * Sends an invite again, as PostHog has it done: a new invite for the same person replaces the pending one, so
 * it gets a new link (the old one stops working), a fresh expiry and, where email is set up, a new email.
 */
export const resendInviteMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: (invite: TInvite) =>
      api.post<TInvite>(`/api/organizations/${organizationId}/invites/`, {
        target_email: invite.target_email,
        first_name: invite.first_name,
        level: invite.level,
        message: invite.message,
        private_project_access: invite.private_project_access,
      } satisfies z.input<typeof ZInviteCreate>),
    meta: { invalidates: [inviteKeys.list(organizationId)] },
  });

export const cancelInviteMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: (invite: TInvite) => api.delete(`/api/organizations/${organizationId}/invites/${invite.id}/`),
    meta: { invalidates: [inviteKeys.list(organizationId)] },
  });

// Verified domains

export const createDomainMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: (body: TDomainCreate) => api.post<TDomain>(`/api/organizations/${organizationId}/domains/`, body),
    meta: { invalidates: [domainKeys.list(organizationId)] },
  });

export const updateDomainMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: ({ domain, ...body }: { domain: TDomain } & TDomainUpdate) =>
      api.patch<TDomain>(`/api/organizations/${organizationId}/domains/${domain.id}/`, body),
    meta: { invalidates: [domainKeys.list(organizationId)] },
  });

/** Looks up the TXT record now; the answer is the domain, verified or with the attempt recorded. */
export const verifyDomainMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: (domain: TDomain) => api.post<TDomain>(`/api/organizations/${organizationId}/domains/${domain.id}/verify/`),
    meta: { invalidates: [domainKeys.list(organizationId)] },
  });

export const deleteDomainMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: (domain: TDomain) => api.delete(`/api/organizations/${organizationId}/domains/${domain.id}/`),
    meta: { invalidates: [domainKeys.list(organizationId)] },
  });
