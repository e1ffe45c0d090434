import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { afterEach, describe, expect, test, vi } from "vitest";
/// <reference types="vite/client" />
import { createApiKeyMutation, logoutMutation, switchWorkspaceMutation } from "@/lib/ui/account/mutations";
import { retryBatchExportRunMutation } from "@/lib/ui/batch-exports/mutations";
import { updateInsightMutation } from "@/lib/ui/insights/mutations";
import { resendInviteMutation, updateMemberMutation } from "@/lib/ui/organization/mutations";
import { type WriteEffects, writeEffectsCache } from "@/lib/ui/write-effects";
import * as queryKeys from "./query-keys";
import { apiKeyKeys, batchExportKeys, dashboardKeys, insightKeys, inviteKeys, memberKeys, userKeys } from "./query-keys";

const ORG = "0193a4c2-0000-7000-8000-000000000001";
/** Project-scoped factories are called with PROJECT (and DASHBOARD where they take one). */
const PROJECT = 7;
const DASHBOARD = 12;

// Every write of the UI, whichever feature folder declares it.
const mutations: Record<string, unknown> = Object.assign(
  {},
  ...Object.values(import.meta.glob(["./*/mutations.ts", "./*/queries.ts", "./*.ts", "!./*.test.ts", "!./server.ts"], { eager: true })),
);
/** Writes that save nothing, so change nothing cached. */
const SAVES_NOTHING = new Set(["testBatchExportDestinationMutation", "testPluginConfigMutation"]);
const KEY_ROOTS = new Set(Object.values(queryKeys).map((factory) => (factory as { all: readonly unknown[] }).all[0]));

/** A factory's options, whatever it takes (an organization, a project, a dashboard): the arguments only fill keys. */
const optionsOf = (factory: unknown) => (factory as (a: unknown, b: unknown) => { meta?: WriteEffects })(ORG, DASHBOARD);

describe("every write declares what it changes in the cache", () => {
  const writes = Object.entries(mutations).filter(([name]) => name.endsWith("Mutation"));

  test.each(writes.filter(([name]) => !SAVES_NOTHING.has(name)))("%s declares its effects, on keys the UI reads", (_name, factory) => {
    const effects = optionsOf(factory).meta;
    expect(effects).toBeDefined();
    const keys = [...(effects!.returns ? [effects!.returns] : []), ...(Array.isArray(effects!.invalidates) ? effects!.invalidates : [])];
    expect(keys.length > 0 || effects!.invalidates === "all" || effects!.clearsCache).toBe(true);
    // A key no factory of query-keys.ts makes would invalidate nothing the UI holds.
    for (const key of keys) expect(KEY_ROOTS, JSON.stringify(key)).toContain(key[0]);
  });

  test("a write that saves nothing declares nothing", () => {
    for (const name of SAVES_NOTHING) expect(optionsOf(mutations[name as keyof typeof mutations]).meta).toBeUndefined();
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
    await client
      .getMutationCache()
      .build(client, updateMemberMutation(ORG))
      .execute({ member: { user: { uuid: "u1" } } as never, level: 8 });
    expect(fetch).toHaveBeenCalledWith(
      `/api/organizations/${ORG}/members/u1/`,
      expect.objectContaining({ method: "PATCH", body: '{"level":8}' }),
    );
    expect(invalidated(memberKeys.list(ORG))).toBe(true);
    expect(invalidated(userKeys.me())).toBe(true);
    expect(invalidated(memberKeys.list("another"))).toBe(false);
    expect(invalidated(inviteKeys.list(ORG))).toBe(false);
  });

  test("resending an invite posts its own fields again, replacing it", async () => {
    const { client, fetch, invalidated } = setUp({ id: "new" });
    const invite = {
      id: "old",
      target_email: "ada@example.com",
      first_name: "Ada",
      level: 8,
      message: "Hi",
      private_project_access: [],
      is_expired: true,
    };
    await client
      .getMutationCache()
      .build(client, resendInviteMutation(ORG))
      .execute(invite as never);
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe(`/api/organizations/${ORG}/invites/`);
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({
      target_email: "ada@example.com",
      first_name: "Ada",
      level: 8,
      message: "Hi",
      private_project_access: [],
    });
    expect(invalidated(inviteKeys.list(ORG))).toBe(true);
    expect(invalidated(memberKeys.list(ORG))).toBe(false);
  });

  test("switching puts the answer in @me and makes everything stale", async () => {
    const me = { id: 1, organization: { id: ORG } };
    const { client, invalidated } = setUp(me);
    await client.getMutationCache().build(client, switchWorkspaceMutation()).execute({ set_current_organization: ORG });
    expect(client.getQueryData(userKeys.me())).toEqual(me);
    expect(invalidated(apiKeyKeys.list())).toBe(true);
    expect(invalidated(memberKeys.list("another"))).toBe(true);
  });

  test("signing out leaves nothing cached, and the caller's own onSuccess still runs", async () => {
    const { client } = setUp();
    const onSuccess = vi.fn();
    await client
      .getMutationCache()
      .build(client, { ...logoutMutation(), onSuccess })
      .execute(undefined);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
    expect(onSuccess).toHaveBeenCalledOnce();
  });

  test("an insight's change makes its project's insights and dashboards stale, not another project's", async () => {
    const { client, fetch } = setUp({ id: 3 });
    for (const key of [
      insightKeys.list(PROJECT, { offset: 0, limit: 30 }),
      dashboardKeys.detail(PROJECT, DASHBOARD),
      dashboardKeys.list(8),
    ])
      client.setQueryData(key, { cached: true });
    await client.getMutationCache().build(client, updateInsightMutation(PROJECT)).execute({ id: 3, favorited: true });
    expect(fetch).toHaveBeenCalledWith(
      `/api/projects/${PROJECT}/insights/3/`,
      expect.objectContaining({ method: "PATCH", body: '{"favorited":true}' }),
    );
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
    await client.getMutationCache().build(client, retryBatchExportRunMutation(ORG)).execute({ id: "r1", batch_export: "e1" });
    expect(fetch).toHaveBeenCalledWith(
      `/api/organizations/${ORG}/batch_exports/e1/runs/r1/retry/`,
      expect.objectContaining({ method: "POST" }),
    );
    expect(invalidated(runs)).toBe(true);
    expect(invalidated(logs)).toBe(true);
    expect(invalidated(elsewhere)).toBe(false);
    expect(invalidated(memberKeys.list(ORG))).toBe(false);
  });

  test("a refused write changes nothing", async () => {
    const { client, fetch, invalidated } = setUp();
    fetch.mockResolvedValueOnce(
      new Response(JSON.stringify({ type: "validation_error", code: "invalid_input", detail: "No.", attr: "label" }), { status: 400 }),
    );
    await expect(
      client
        .getMutationCache()
        .build(client, createApiKeyMutation())
        .execute({ label: "x", scopes: ["*"] }),
    ).rejects.toMatchObject({
      attr: "label",
    });
    expect(invalidated(apiKeyKeys.list())).toBe(false);
  });
});
