import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { afterEach, describe, expect, test, vi } from "vitest";
import * as accountMutations from "./mutations";
import { type WriteEffects, writeEffectsCache } from "./mutations";
import * as pipelineMutations from "./pipeline-mutations";
import * as projectMutations from "./project-mutations";
import { apiKeyKeys, batchExportKeys, dashboardKeys, domainKeys, insightKeys, inviteKeys, memberKeys, pluginKeys, projectKeys, sharingKeys, userKeys } from "./query-keys";

const ORG = "0193a4c2-0000-7000-8000-000000000001";
/** Project-scoped factories are called with PROJECT (and DASHBOARD where they take one). */
const PROJECT = 7;
const DASHBOARD = 12;

/** Each write the UI makes, by the name of its options factory (called with ORG where it takes an organization). */
// Every write of the UI, whichever module declares it.
const mutations = { ...accountMutations, ...pipelineMutations, ...projectMutations };

const DECLARED: Record<string, WriteEffects> = {
  loginMutation: { clearsCache: true },
  logoutMutation: { clearsCache: true },
  signupMutation: { clearsCache: true },
  acceptInviteMutation: { clearsCache: true },
  switchWorkspaceMutation: { returns: userKeys.me(), invalidates: "all" },
  createOrganizationMutation: { invalidates: "all" },
  updateOrganizationMutation: { invalidates: [userKeys.me()] },
  deleteOrganizationMutation: { clearsCache: true },
  updateProjectMutation: { invalidates: [projectKeys.all, userKeys.me()] },
  createProjectMutation: { invalidates: [projectKeys.list(ORG), userKeys.me()] },
  deleteProjectMutation: { invalidates: [projectKeys.list(ORG), userKeys.me()] },
  updateMemberMutation: { invalidates: [memberKeys.list(ORG), userKeys.me()] },
  removeMemberMutation: { invalidates: [memberKeys.list(ORG)] },
  leaveOrganizationMutation: { clearsCache: true },
  createInviteMutation: { invalidates: [inviteKeys.list(ORG)] },
  cancelInviteMutation: { invalidates: [inviteKeys.list(ORG)] },
  bulkCreateInvitesMutation: { invalidates: [inviteKeys.list(ORG)] },
  resendInviteMutation: { invalidates: [inviteKeys.list(ORG)] },
  createDomainMutation: { invalidates: [domainKeys.list(ORG)] },
  updateDomainMutation: { invalidates: [domainKeys.list(ORG)] },
  verifyDomainMutation: { invalidates: [domainKeys.list(ORG)] },
  deleteDomainMutation: { invalidates: [domainKeys.list(ORG)] },
  createApiKeyMutation: { invalidates: [apiKeyKeys.list()] },
  deleteApiKeyMutation: { invalidates: [apiKeyKeys.list()] },
  updateSharingMutation: { returns: sharingKeys.config(ORG), invalidates: [insightKeys.all, dashboardKeys.all] },
  resetSharingLinkMutation: { returns: sharingKeys.config(ORG) },
  installPluginMutation: { invalidates: [pluginKeys.organization(ORG)] },
  uninstallPluginMutation: { invalidates: [pluginKeys.organization(ORG)] },
  checkPluginUpdatesMutation: { invalidates: [pluginKeys.organization(ORG)] },
  upgradePluginMutation: { invalidates: [pluginKeys.organization(ORG)] },
  updatePluginSourceMutation: { invalidates: [pluginKeys.organization(ORG)] },
  savePluginConfigMutation: { invalidates: [pluginKeys.organization(ORG)] },
  createBatchExportMutation: { invalidates: [batchExportKeys.list(ORG)] },
  updateBatchExportMutation: { invalidates: [batchExportKeys.organization(ORG)] },
  deleteBatchExportMutation: { invalidates: [batchExportKeys.list(ORG)] },
  pauseBatchExportMutation: { invalidates: [batchExportKeys.organization(ORG)] },
  unpauseBatchExportMutation: { invalidates: [batchExportKeys.organization(ORG)] },
  backfillBatchExportMutation: { invalidates: [batchExportKeys.organization(ORG)] },
  retryBatchExportRunMutation: { invalidates: [batchExportKeys.organization(ORG)] },
  cancelBatchExportRunMutation: { invalidates: [batchExportKeys.organization(ORG)] },
  // Nothing is saved by trying a destination.
  testBatchExportDestinationMutation: undefined as never,
};

/** Writes on a project's insights and dashboards, by factory name. */
const PROJECT_DECLARED: Record<string, WriteEffects> = {
  createInsightMutation: { invalidates: [insightKeys.project(PROJECT), dashboardKeys.project(PROJECT)] },
  updateInsightMutation: { invalidates: [insightKeys.project(PROJECT), dashboardKeys.project(PROJECT)] },
  createDashboardMutation: { invalidates: [dashboardKeys.list(PROJECT)] },
  updateDashboardMutation: { invalidates: [dashboardKeys.project(PROJECT), insightKeys.project(PROJECT)] },
  refreshDashboardMutation: { returns: dashboardKeys.detail(PROJECT, DASHBOARD) },
  insightViewedMutation: { invalidates: [insightKeys.lastViewed(PROJECT)] },
};

describe("what each write declares it changes in the cache", () => {
  test.each(Object.entries(DECLARED))("%s", (name, expected) => {
    const factory = mutations[name as keyof typeof mutations] as (organizationId: string) => { meta?: WriteEffects };
    expect(factory(ORG).meta).toEqual(expected);
  });

  test.each(Object.entries(PROJECT_DECLARED))("%s", (name, expected) => {
    const factory = mutations[name as keyof typeof mutations] as (projectId: number, dashboardId: number) => { meta?: WriteEffects };
    expect(factory(PROJECT, DASHBOARD).meta).toEqual(expected);
  });

  test("every write of the module is declared above", () => {
    expect(Object.keys(mutations).filter((name) => name.endsWith("Mutation")).sort()).toEqual(
      [...Object.keys(DECLARED), ...Object.keys(PROJECT_DECLARED)].sort(),
    );
  });
});

describe("the query client carries the declarations out", () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A client holding a few answers, and a server answering every request with `body`. */
  function setUp(body: unknown = {}) {
    const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } }));
    vi.stubGlobal("fetch", fetch);
    const client = new QueryClient({ mutationCache: writeEffectsCache() });
    for (const key of [userKeys.me(), memberKeys.list(ORG), memberKeys.list("another"), inviteKeys.list(ORG), apiKeyKeys.list()])
      client.setQueryData(key, { cached: true });
    const invalidated = (key: QueryKey) => client.getQueryState(key)?.isInvalidated;
    return { client, fetch, invalidated };
  }

  test("a member's new level makes that organization's members and @me stale, nothing else", async () => {
    const { client, fetch, invalidated } = setUp({ level: 8 });
    await client.getMutationCache().build(client, mutations.updateMemberMutation(ORG)).execute({ member: { user: { uuid: "u1" } } as never, level: 8 });
    expect(fetch).toHaveBeenCalledWith(`/api/organizations/${ORG}/members/u1/`, expect.objectContaining({ method: "PATCH", body: '{"level":8}' }));
    expect(invalidated(memberKeys.list(ORG))).toBe(true);
    expect(invalidated(userKeys.me())).toBe(true);
    expect(invalidated(memberKeys.list("another"))).toBe(false);
    expect(invalidated(inviteKeys.list(ORG))).toBe(false);
  });

  test("resending an invite posts its own fields again, replacing it", async () => {
    const { client, fetch, invalidated } = setUp({ id: "new" });
    const invite = { id: "old", target_email: "ada@example.com", first_name: "Ada", level: 8, message: "Hi", private_project_access: [], is_expired: true };
    await client.getMutationCache().build(client, mutations.resendInviteMutation(ORG)).execute(invite as never);
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe(`/api/organizations/${ORG}/invites/`);
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({ target_email: "ada@example.com", first_name: "Ada", level: 8, message: "Hi", private_project_access: [] });
    expect(invalidated(inviteKeys.list(ORG))).toBe(true);
    expect(invalidated(memberKeys.list(ORG))).toBe(false);
  });

  test("switching puts the answer in @me and makes everything stale", async () => {
    const me = { id: 1, organization: { id: ORG } };
    const { client, invalidated } = setUp(me);
    await client.getMutationCache().build(client, mutations.switchWorkspaceMutation()).execute({ set_current_organization: ORG });
    expect(client.getQueryData(userKeys.me())).toEqual(me);
    expect(invalidated(apiKeyKeys.list())).toBe(true);
    expect(invalidated(memberKeys.list("another"))).toBe(true);
  });

  test("signing out leaves nothing cached, and the caller's own onSuccess still runs", async () => {
    const { client } = setUp();
    const onSuccess = vi.fn();
    await client.getMutationCache().build(client, { ...mutations.logoutMutation(), onSuccess }).execute(undefined);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
    expect(onSuccess).toHaveBeenCalledOnce();
  });

  test("an insight's change makes its project's insights and dashboards stale, not another project's", async () => {
    const { client, fetch } = setUp({ id: 3 });
    for (const key of [insightKeys.list(PROJECT, { offset: 0, limit: 30 }), dashboardKeys.detail(PROJECT, DASHBOARD), dashboardKeys.list(8)])
      client.setQueryData(key, { cached: true });
    await client.getMutationCache().build(client, mutations.updateInsightMutation(PROJECT)).execute({ id: 3, favorited: true });
    expect(fetch).toHaveBeenCalledWith(`/api/projects/${PROJECT}/insights/3/`, expect.objectContaining({ method: "PATCH", body: '{"favorited":true}' }));
    const invalidated = (key: QueryKey) => client.getQueryState(key)?.isInvalidated;
    expect(invalidated(insightKeys.list(PROJECT, { offset: 0, limit: 30 }))).toBe(true);
    expect(invalidated(dashboardKeys.detail(PROJECT, DASHBOARD))).toBe(true);
    expect(invalidated(dashboardKeys.list(8))).toBe(false);
  });

  test("retrying a run posts to its export's run and makes that organization's exports stale, runs and logs included", async () => {
    const { client, fetch, invalidated } = setUp({});
    const runs = batchExportKeys.runs(ORG, "e1", { offset: 0, limit: 20 });
    const logs = batchExportKeys.logs(ORG, "e1", { offset: 0, limit: 50 });
    const elsewhere = batchExportKeys.list("another");
    for (const key of [runs, logs, elsewhere]) client.setQueryData(key, { cached: true });
    await client.getMutationCache().build(client, mutations.retryBatchExportRunMutation(ORG)).execute({ id: "r1", batch_export: "e1" });
    expect(fetch).toHaveBeenCalledWith(`/api/organizations/${ORG}/batch_exports/e1/runs/r1/retry/`, expect.objectContaining({ method: "POST" }));
    expect(invalidated(runs)).toBe(true);
    expect(invalidated(logs)).toBe(true);
    expect(invalidated(elsewhere)).toBe(false);
    expect(invalidated(memberKeys.list(ORG))).toBe(false);
  });

  test("a refused write changes nothing", async () => {
    const { client, fetch, invalidated } = setUp();
    fetch.mockResolvedValueOnce(new Response(JSON.stringify({ type: "validation_error", code: "invalid_input", detail: "No.", attr: "label" }), { status: 400 }));
    await expect(client.getMutationCache().build(client, mutations.createApiKeyMutation()).execute({ label: "x", scopes: ["*"] })).rejects.toMatchObject({
      attr: "label",
    });
    expect(invalidated(apiKeyKeys.list())).toBe(false);
  });
});
