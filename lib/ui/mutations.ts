import { MutationCache, mutationOptions, type QueryClient, type QueryKey } from "@tanstack/react-query";
import type { z } from "zod";
import type { TApiKey, TApiKeyCreate } from "@/lib/api-keys/schemas";
import type { TDomain, TDomainCreate, TDomainUpdate } from "@/lib/domains/schemas";
import type { TInvite, TInviteAccept, ZInviteCreate } from "@/lib/invites/schemas";
import type { TMember, TMemberUpdate } from "@/lib/members/schemas";
import type { TOrganization, TOrganizationCreate, TOrganizationUpdate } from "@/lib/organizations/schemas";
import type { TProject, TProjectCreate, TProjectUpdate } from "@/lib/projects/schemas";
import type { TSignup, TUser, TUserUpdate } from "@/lib/users/schemas";
import { api } from "@/lib/ui/api-client";
import type { TDashboardCreate, TDashboardUpdate } from "@/lib/dashboards/schemas";
import type { TInsightWrite } from "@/lib/insights/schemas";
import { apiKeyKeys, batchExportKeys, dashboardKeys, domainKeys, insightKeys, inviteKeys, memberKeys, pluginKeys, projectKeys, sharingKeys, userKeys } from "@/lib/ui/query-keys";
import type { TBatchExport, TBatchExportBackfill, TBatchExportRun, TBatchExportUpdateBody, TBatchExportWrite, TConnectionTest, TConnectionTestBody, TDashboard, TInsight, TPlugin, TPluginConfig, TSharingConfiguration } from "@/lib/ui/types";
import type { TPluginConfigUpdate } from "@/lib/plugins/schemas";

/**
 * What a write does to the cache once it succeeds, declared with it (as `meta`) and carried out in one place,
 * the query client's mutation cache (`writeEffectsCache`), before the caller's own `onSuccess`. Components add
 * their toasts and navigation in `onSuccess` without ever having to remember an invalidation.
 */
export interface WriteEffects {
  /** The response is the new value of this query. */
  returns?: QueryKey;
  /** Queries the write makes stale; those on screen are refetched before the mutation counts as done. */
  invalidates?: readonly QueryKey[] | "all";
  /** The write changes who is signed in, or takes the current organization away: nothing cached may outlive it. */
  clearsCache?: boolean;
}

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: WriteEffects;
  }
}

/** The mutation cache of every query client: it carries out each successful write's declared effects. */
export const writeEffectsCache = () =>
  new MutationCache({ onSuccess: (data, _variables, _result, mutation, { client }) => applyWriteEffects(client, data, mutation.meta) });

async function applyWriteEffects(client: QueryClient, data: unknown, effects: WriteEffects | undefined) {
  if (!effects) return;
  if (effects.clearsCache) {
    client.clear();
    return;
  }
  if (effects.returns) client.setQueryData(effects.returns, data);
  if (effects.invalidates === "all") await client.invalidateQueries();
  else if (effects.invalidates) await Promise.all(effects.invalidates.map((queryKey) => client.invalidateQueries({ queryKey })));
}

// Session

export const loginMutation = () =>
  mutationOptions({
    mutationFn: (credentials: { email: string; password: string }) => api.post("/api/login/", credentials),
    // Nothing cached for whoever used this tab before may show through.
    meta: { clearsCache: true },
  });

export const logoutMutation = () =>
  mutationOptions({
    mutationFn: () => api.post("/api/logout/"),
    meta: { clearsCache: true },
  });

export const signupMutation = () =>
  mutationOptions({
    mutationFn: (body: TSignup) => api.post<TUser>("/api/signup/", body),
    meta: { clearsCache: true },
  });

/** Signed in: joins as that user (no body). Signed out: creates the account and joins. */
export const acceptInviteMutation = (inviteId: string) =>
  mutationOptions({
    mutationFn: (body: TInviteAccept = {}) => api.post<TUser>(`/api/signup/${inviteId}/`, body),
    meta: { clearsCache: true },
  });

/** Moves the user to another organization or project (PATCH @me): every cached resource belonged to the old one. */
export const switchWorkspaceMutation = () =>
  mutationOptions({
    mutationFn: (change: Pick<TUserUpdate, "set_current_organization"> | Pick<TUserUpdate, "set_current_team">) =>
      api.patch<TUser>("/api/users/@me/", change),
    meta: { returns: userKeys.me(), invalidates: "all" },
  });

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
    mutationFn: ({ id, ...body }: Pick<TOrganization, "id"> & TOrganizationUpdate) => api.patch<TOrganization>(`/api/organizations/${id}/`, body),
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
    mutationFn: (body: z.input<typeof ZInviteCreate>) =>
      api.post<TInvite>(`/api/organizations/${organizationId}/invites/`, body),
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

// Pipeline apps: every write changes what the organization's app pages show (lists, unused, activity, set-ups).

const appPath = (organizationId: string, family: string, pluginId?: number) =>
  `/api/organizations/${organizationId}/${family}/${pluginId === undefined ? "" : `${pluginId}/`}`;

export const installPluginMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: ({ family, url }: { family: string; url: string }) => api.post<TPlugin>(appPath(organizationId, family), { url }),
    meta: { invalidates: [pluginKeys.organization(organizationId)] },
  });

export const uninstallPluginMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: ({ family, plugin }: { family: string; plugin: TPlugin }) => api.delete(appPath(organizationId, family, plugin.id)),
    meta: { invalidates: [pluginKeys.organization(organizationId)] },
  });

/** `check_for_updates/` is a GET that records the catalog's tag: a write as far as the cache is concerned. */
export const checkPluginUpdatesMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: ({ family, plugin }: { family: string; plugin: TPlugin }) =>
      api.get<{ plugin: TPlugin }>(`${appPath(organizationId, family, plugin.id)}check_for_updates/`),
    meta: { invalidates: [pluginKeys.organization(organizationId)] },
  });

export const upgradePluginMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: ({ family, plugin }: { family: string; plugin: TPlugin }) => api.post<TPlugin>(`${appPath(organizationId, family, plugin.id)}upgrade/`),
    meta: { invalidates: [pluginKeys.organization(organizationId)] },
  });

export const updatePluginSourceMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: ({ family, pluginId, files }: { family: string; pluginId: number; files: Record<string, string | null> }) =>
      api.patch<Record<string, string>>(`${appPath(organizationId, family, pluginId)}update_source/`, files),
    meta: { invalidates: [pluginKeys.organization(organizationId)] },
  });

/** Sets an app up in a project, or changes its set-up there. */
export const savePluginConfigMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: ({ projectId, configId, pluginId, ...body }: { projectId: number; configId: number | null; pluginId: number } & TPluginConfigUpdate) =>
      configId === null
        ? api.post<TPluginConfig>(`/api/projects/${projectId}/plugin_configs/`, { plugin: pluginId, ...body })
        : api.patch<TPluginConfig>(`/api/projects/${projectId}/plugin_configs/${configId}/`, body),
    meta: { invalidates: [pluginKeys.organization(organizationId)] },
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

// Personal API keys

export const createApiKeyMutation = () =>
  mutationOptions({
    mutationFn: (body: TApiKeyCreate) => api.post<TApiKey>("/api/personal_api_keys/", body),
    meta: { invalidates: [apiKeyKeys.list()] },
  });

export const deleteApiKeyMutation = () =>
  mutationOptions({
    mutationFn: (key: TApiKey) => api.delete(`/api/personal_api_keys/${key.id}/`),
    meta: { invalidates: [apiKeyKeys.list()] },
  });

// Saved insights and dashboards (issue 8)

/** An insight shows in the insights lists and, through its tiles, on dashboards (its name, its placement). */
export const createInsightMutation = (projectId: number) =>
  mutationOptions({
    mutationFn: (body: TInsightWrite) => api.post<TInsight>(`/api/projects/${projectId}/insights/`, body),
    meta: { invalidates: [insightKeys.project(projectId), dashboardKeys.project(projectId)] },
  });

export const updateInsightMutation = (projectId: number) =>
  mutationOptions({
    mutationFn: ({ id, ...body }: { id: number } & TInsightWrite) => api.patch<TInsight>(`/api/projects/${projectId}/insights/${id}/`, body),
    meta: { invalidates: [insightKeys.project(projectId), dashboardKeys.project(projectId)] },
  });

export const createDashboardMutation = (projectId: number) =>
  mutationOptions({
    mutationFn: (body: TDashboardCreate) => api.post<TDashboard>(`/api/projects/${projectId}/dashboards/`, body),
    meta: { invalidates: [dashboardKeys.list(projectId)] },
  });

/** Fields, filters, tiles (layouts, removal) and deletion; which insights are on it shows in the insights' `dashboards`. */
export const updateDashboardMutation = (projectId: number) =>
  mutationOptions({
    mutationFn: ({ id, ...body }: { id: number } & TDashboardUpdate) => api.patch<TDashboard>(`/api/projects/${projectId}/dashboards/${id}/`, body),
    meta: { invalidates: [dashboardKeys.project(projectId), insightKeys.project(projectId)] },
  });

/** "Refresh all": every tile's insight computed afresh; the answer is the dashboard to show. */
export const refreshDashboardMutation = (projectId: number, dashboardId: number) =>
  mutationOptions({
    mutationFn: () => api.get<TDashboard>(`/api/projects/${projectId}/dashboards/${dashboardId}/?refresh=force_blocking`),
    meta: { returns: dashboardKeys.detail(projectId, dashboardId) },
  });

/** Records that the signed-in user opened an insight (PostHog's "last viewed"). */
export const insightViewedMutation = (projectId: number) =>
  mutationOptions({
    mutationFn: (insightId: number) => api.post<void>(`/api/projects/${projectId}/insights/${insightId}/viewed/`),
    meta: { invalidates: [insightKeys.lastViewed(projectId)] },
  });

// Sharing (of an insight or a dashboard, by the API path of its sharing configuration)

export const updateSharingMutation = (sharingPath: string) =>
  mutationOptions({
    mutationFn: (body: { enabled: boolean }) => api.patch<TSharingConfiguration>(sharingPath, body),
    // `is_shared` of insights and dashboards follows it.
    meta: { returns: sharingKeys.config(sharingPath), invalidates: [insightKeys.all, dashboardKeys.all] },
  });

/** A new access token: links handed out so far stop working. */
export const resetSharingLinkMutation = (sharingPath: string) =>
  mutationOptions({
    mutationFn: () => api.post<TSharingConfiguration>(`${sharingPath}refresh/`),
    meta: { returns: sharingKeys.config(sharingPath) },
  });

// Batch exports (issue 9)

const batchExportPath = (organizationId: string, exportId?: string) => `/api/organizations/${organizationId}/batch_exports/${exportId ? `${exportId}/` : ""}`;

export const createBatchExportMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: (body: TBatchExportWrite) => api.post<TBatchExport>(batchExportPath(organizationId), body),
    meta: { invalidates: [batchExportKeys.list(organizationId)] },
  });

/** The list shows each export's settings too; its runs and logs are unchanged but refreshed with it. */
export const updateBatchExportMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: ({ id, ...body }: { id: string } & TBatchExportUpdateBody) => api.patch<TBatchExport>(batchExportPath(organizationId, id), body),
    meta: { invalidates: [batchExportKeys.organization(organizationId)] },
  });

export const deleteBatchExportMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: (batchExport: Pick<TBatchExport, "id">) => api.delete(batchExportPath(organizationId, batchExport.id)),
    meta: { invalidates: [batchExportKeys.list(organizationId)] },
  });

export const pauseBatchExportMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: (batchExport: Pick<TBatchExport, "id">) => api.post<unknown>(`${batchExportPath(organizationId, batchExport.id)}pause/`),
    meta: { invalidates: [batchExportKeys.organization(organizationId)] },
  });

/** `backfill`: also export the intervals that passed while it was paused (new runs). */
export const unpauseBatchExportMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: ({ batchExport, backfill }: { batchExport: Pick<TBatchExport, "id">; backfill: boolean }) =>
      api.post<unknown>(`${batchExportPath(organizationId, batchExport.id)}unpause/`, { backfill }),
    meta: { invalidates: [batchExportKeys.organization(organizationId)] },
  });

/** One new run per interval of the range: the runs, the logs and the list's latest runs change. */
export const backfillBatchExportMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: ({ batchExport, ...body }: { batchExport: Pick<TBatchExport, "id"> } & TBatchExportBackfill) =>
      api.post<{ backfill_id: string }>(`${batchExportPath(organizationId, batchExport.id)}backfill/`, body),
    meta: { invalidates: [batchExportKeys.organization(organizationId)] },
  });

export const retryBatchExportRunMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: (run: Pick<TBatchExportRun, "id" | "batch_export">) => api.post<unknown>(`${batchExportPath(organizationId, run.batch_export)}runs/${run.id}/retry/`),
    meta: { invalidates: [batchExportKeys.organization(organizationId)] },
  });

export const cancelBatchExportRunMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: (run: Pick<TBatchExportRun, "id" | "batch_export">) => api.post<unknown>(`${batchExportPath(organizationId, run.batch_export)}runs/${run.id}/cancel/`),
    meta: { invalidates: [batchExportKeys.organization(organizationId)] },
  });

/** Tries a destination's settings (nothing is saved, so nothing cached changes); the answer says whether it worked. */
export const testBatchExportDestinationMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: (body: TConnectionTestBody) => api.post<TConnectionTest>(`${batchExportPath(organizationId)}test/`, body),
  });
