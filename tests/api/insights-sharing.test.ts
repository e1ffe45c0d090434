import { describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { sendEvents } from "../support/events";
import { pageviewTrendsQuery } from "../support/insights";

const baseUrl = inject("baseUrl");
const base = (user: TestUser | number) => `/api/projects/${typeof user === "number" ? user : user.projectId}/insights`;

const invalidToken = {
  type: "authentication_error",
  code: "authentication_failed",
  detail: "Sharing access token is invalid.",
  attr: null,
};
const getOnly = {
  type: "authentication_error",
  code: "authentication_failed",
  detail: "Sharing access token can only be used for GET requests.",
  attr: null,
};
const notPermitted = {
  type: "authentication_error",
  code: "permission_denied",
  detail: "You do not have permission to perform this action.",
  attr: null,
};

async function create(user: TestUser, body: Record<string, unknown>) {
  const response = await user.session.post(`${base(user)}/`, body);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

async function enableSharing(user: TestUser, insightId: number): Promise<string> {
  const response = await user.session.patch(`${base(user)}/${insightId}/sharing/`, { enabled: true });
  expect(response.status, response.text).toBe(200);
  return response.body.access_token;
}

/** An owner with a shared insight, one that is not shared, and some pageviews for the shared one to count. */
async function sharedSetup() {
  const owner = await signUp(baseUrl);
  await sendEvents(baseUrl, owner, [
    { event: "$pageview", distinct_id: "a", timestamp: "2024-03-02T10:00:00Z" },
    { event: "$pageview", distinct_id: "b", timestamp: "2024-03-02T11:00:00Z" },
    { event: "$pageview", distinct_id: "a", timestamp: "2024-03-03T10:00:00Z" },
  ]);
  const shared = await create(owner, { name: "Shared trend", query: pageviewTrendsQuery() });
  const other = await create(owner, { name: "Not shared", query: pageviewTrendsQuery() });
  const token = await enableSharing(owner, shared.id);
  return { owner, shared, other, token, anonymous: owner.session.as({}) };
}

describe("?sharing_access_token= on the insights API", () => {
  test("a GET with an enabled token reads the shared insight without login, and nothing else", async () => {
    const { owner, shared, other, token, anonymous } = await sharedSetup();
    const withToken = (path: string, query = "") => `${path}?sharing_access_token=${token}${query}`;

    const list = await anonymous.get(withToken(`${base(owner)}/`));
    expect(list.status, list.text).toBe(200);
    expect(list.body.count).toBe(1);
    expect(list.body.results.map((i: any) => i.id)).toEqual([shared.id]);
    // Who made it is not for the public, as on the shared page.
    expect(list.body.results[0]).toMatchObject({ name: "Shared trend", created_by: null, last_modified_by: null });
    expect((await anonymous.get(withToken(`${base(owner)}/`, `&short_id=${other.short_id}`))).body.count).toBe(0);
    expect((await anonymous.get(withToken(`${base(owner)}/`, "&user=true"))).body.count).toBe(0);
    expect((await anonymous.get(withToken(`${base(owner)}/`, "&basic=true"))).body.results[0]).not.toHaveProperty("result");

    const retrieved = await anonymous.get(withToken(`${base(owner)}/${shared.id}/`));
    expect(retrieved.status).toBe(200);
    expect(retrieved.body).toMatchObject({ id: shared.id, name: "Shared trend", created_by: null });

    // Another insight of the same project is out of the token's sight: PostHog's plain 404.
    const hidden = await anonymous.get(withToken(`${base(owner)}/${other.id}/`));
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ type: "invalid_request", code: "not_found", detail: "Not found.", attr: null });

    // The token wins over the credentials that come with it: a member's key sees only the shared insight too.
    const ownerKey = await owner.key(["insight:read"]);
    const keyWithToken = await ownerKey.get(withToken(`${base(owner)}/${other.id}/`));
    expect(keyWithToken.status).toBe(404);
    expect((await ownerKey.get(`${base(owner)}/${other.id}/`)).status).toBe(200);
  });

  test("results: computed and cached as shared views are (refresh=true blocks; the default reads the cache)", async () => {
    const { owner, shared, token, anonymous } = await sharedSetup();
    const url = `${base(owner)}/${shared.id}/?sharing_access_token=${token}`;
    const computed = await anonymous.get(`${url}&refresh=true`);
    expect(computed.status, computed.text).toBe(200);
    expect(computed.body.is_cached).toBe(false);
    expect(computed.body.result[0]).toMatchObject({ count: 3, data: [0, 2, 1, 0] });

    // The same cache as the members' view: the owner reads what the visitor computed, and back.
    const ownerView = await owner.session.get(`${base(owner)}/${shared.id}/`);
    expect(ownerView.body).toMatchObject({ is_cached: true, last_refresh: computed.body.last_refresh, result: computed.body.result });
    const cached = await anonymous.get(url);
    expect(cached.body).toMatchObject({ is_cached: true, last_refresh: computed.body.last_refresh, query_status: null });
    const listed = await anonymous.get(`${base(owner)}/?sharing_access_token=${token}`);
    expect(listed.body.results[0].result).toEqual(computed.body.result);
  });

  test("a fresh shared insight's default read starts its computation (PostHog maps force_cache to lazy_async)", async () => {
    const { owner, shared, token, anonymous } = await sharedSetup();
    const url = `${base(owner)}/${shared.id}/?sharing_access_token=${token}`;
    const first = await anonymous.get(url);
    expect(first.status).toBe(200);
    expect(first.body.result).toBeNull();
    expect(first.body.query_status).toMatchObject({ insight_id: shared.id, complete: false });
    let done: any = null;
    for (let i = 0; i < 100 && !done?.result; i++) {
      await new Promise((r) => setTimeout(r, 100));
      done = (await anonymous.get(url)).body;
    }
    expect(done.result[0]).toMatchObject({ count: 3 });
  });

  test("unknown and disabled tokens: 403 'Sharing access token is invalid.'; re-enabling brings the same token back", async () => {
    const { owner, shared, token, anonymous } = await sharedSetup();
    for (const path of [`${base(owner)}/`, `${base(owner)}/${shared.id}/`]) {
      const unknown = await anonymous.get(`${path}?sharing_access_token=not-a-token`);
      expect(unknown.status).toBe(403);
      expect(unknown.body).toEqual(invalidToken);
    }
    await owner.session.patch(`${base(owner)}/${shared.id}/sharing/`, { enabled: false });
    const disabled = await anonymous.get(`${base(owner)}/${shared.id}/?sharing_access_token=${token}`);
    expect(disabled.status).toBe(403);
    expect(disabled.body).toEqual(invalidToken);
    expect((await anonymous.get(`${base(owner)}/?sharing_access_token=${token}`)).body).toEqual(invalidToken);

    expect(await enableSharing(owner, shared.id)).toBe(token);
    expect((await anonymous.get(`${base(owner)}/${shared.id}/?sharing_access_token=${token}`)).status).toBe(200);

    // A deleted insight is no longer there for its token.
    await owner.session.patch(`${base(owner)}/${shared.id}/`, { deleted: true });
    expect((await anonymous.get(`${base(owner)}/${shared.id}/?sharing_access_token=${token}`)).status).toBe(404);
    expect((await anonymous.get(`${base(owner)}/?sharing_access_token=${token}`)).body.count).toBe(0);
  });

  test("a token holding NUL is as invalid as any unknown one (403, not 500), on the list, the retrieve and the page", async () => {
    const { owner, shared, token, anonymous } = await sharedSetup();
    for (const bad of ["%00", `${token}%00`, `%00${token}`, "a%00b"]) {
      for (const path of [`${base(owner)}/`, `${base(owner)}/${shared.id}/`]) {
        const response = await anonymous.get(`${path}?sharing_access_token=${bad}`);
        expect(response.status, `${path} ${bad}: ${response.text}`).toBe(403);
        expect(response.body).toEqual(invalidToken);
      }
      for (const root of ["/shared", "/embedded"]) {
        const page = await fetch(new URL(`${root}/${bad}`, baseUrl));
        expect(page.status, `${root}/${bad}`).toBe(404);
      }
    }
    // A write with one is refused as with any token: they are for GETs only.
    const write = await anonymous.request("PATCH", `${base(owner)}/${shared.id}/?sharing_access_token=%00`, { name: "x" });
    expect(write.body).toEqual(getOnly);
  });

  test("writes are refused, whoever sends the token, and change nothing", async () => {
    const { owner, shared, token, anonymous } = await sharedSetup();
    const q = `?sharing_access_token=${token}`;
    for (const client of [anonymous, owner.session]) {
      for (const [method, path, body] of [
        ["PATCH", `${base(owner)}/${shared.id}/${q}`, { name: "Defaced" }],
        ["POST", `${base(owner)}/${q}`, { name: "Planted" }],
        ["DELETE", `${base(owner)}/${shared.id}/${q}`, undefined],
        ["POST", `${base(owner)}/${shared.id}/viewed/${q}`, {}],
        ["POST", `${base(owner)}/cancel/${q}`, { client_query_id: "x" }],
        ["POST", `${base(owner)}/timing/${q}`, {}],
      ] as const) {
        const response = await client.request(method, path, body);
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body).toEqual(getOnly);
      }
    }
    const after = await owner.session.get(`${base(owner)}/`);
    expect(after.body.results.map((i: any) => i.name).sort()).toEqual(["Not shared", "Shared trend"]);
  });

  test("the other operations of insights and the analysis endpoints refuse a token (403), even a valid one", async () => {
    const { owner, shared, token, anonymous } = await sharedSetup();
    const q = `?sharing_access_token=${token}`;
    for (const path of [
      `${base(owner)}/activity/${q}`,
      `${base(owner)}/${shared.id}/activity/${q}`,
      `${base(owner)}/my_last_viewed/${q}`,
      `${base(owner)}/trend/${q}&events=${encodeURIComponent(JSON.stringify([{ id: "$pageview" }]))}`,
      `${base(owner)}/funnel/${q}`,
      `${base(owner)}/retention/${q}`,
      `${base(owner)}/path/${q}`,
    ]) {
      for (const client of [anonymous, owner.session]) {
        const response = await client.get(path);
        expect(response.status, path).toBe(403);
        expect(response.body).toEqual(notPermitted);
      }
    }
    const posted = await anonymous.post(`${base(owner)}/trend/${q}`, { events: [{ id: "$pageview" }] });
    expect(posted.status).toBe(403);
    expect(posted.body).toEqual(getOnly);
    // An invalid token is refused as such there too.
    expect((await anonymous.get(`${base(owner)}/path/?sharing_access_token=nope`)).body).toEqual(invalidToken);
  });

  test("endpoints that do not take a token ignore it: the sharing settings and the rest of the API stay closed", async () => {
    const { owner, shared, token, anonymous } = await sharedSetup();
    const q = `?sharing_access_token=${token}`;
    for (const path of [
      `${base(owner)}/${shared.id}/sharing/${q}`,
      `/api/organizations/@current/${q}`,
      `/api/projects/${owner.projectId}/${q}`,
    ]) {
      const response = await anonymous.get(path);
      expect(response.status, path).toBe(401);
      expect(response.body.code).toBe("not_authenticated");
    }
    expect((await anonymous.post(`${base(owner)}/${shared.id}/sharing/refresh/${q}`)).status).toBe(401);
    // A member's own session keeps working there, token or not.
    expect((await owner.session.get(`${base(owner)}/${shared.id}/sharing/${q}`)).body.access_token).toBe(token);
  });

  test("another project: 403 for its path (or an unknown one), whatever it holds; @current is nobody's", async () => {
    const { owner, shared, token, anonymous } = await sharedSetup();
    const stranger = await signUp(baseUrl);
    const theirs = await create(stranger, { name: "Theirs", query: pageviewTrendsQuery() });
    const theirToken = await enableSharing(stranger, theirs.id);

    for (const path of [`${base(stranger)}/`, `${base(stranger)}/${theirs.id}/`, `${base(stranger)}/${shared.id}/`, `${base(99999999)}/`]) {
      const response = await anonymous.get(`${path}?sharing_access_token=${token}`);
      expect(response.status, path).toBe(403);
      expect(response.body).toEqual(notPermitted);
    }
    // Their token does not open our project's insights either, not even the one shared with our token.
    expect((await anonymous.get(`${base(owner)}/${shared.id}/?sharing_access_token=${theirToken}`)).body).toEqual(notPermitted);
    expect((await anonymous.get(`${base(stranger)}/${theirs.id}/?sharing_access_token=${theirToken}`)).status).toBe(200);

    const current = await anonymous.get(`/api/projects/@current/insights/?sharing_access_token=${token}`);
    expect(current.status).toBe(403);
    expect(current.body).toEqual({
      type: "authentication_error",
      code: "authentication_failed",
      detail: "Incorrect authentication credentials.",
      attr: null,
    });
  });
});

describe("POST sharing/refresh/", () => {
  test("rotates the token: the old one stops working everywhere, the new one works; activity logged", async () => {
    const { owner, shared, token, anonymous } = await sharedSetup();
    const before = (await owner.session.get(`${base(owner)}/${shared.id}/sharing/`)).body;
    const refreshed = await owner.session.post(`${base(owner)}/${shared.id}/sharing/refresh/`);
    expect(refreshed.status, refreshed.text).toBe(200);
    expect(refreshed.body).toEqual({
      enabled: true,
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{30}$/),
      created_at: expect.any(String),
    });
    const fresh = refreshed.body.access_token;
    expect(fresh).not.toBe(token);
    expect(refreshed.body.created_at >= before.created_at).toBe(true);
    expect((await owner.session.get(`${base(owner)}/${shared.id}/sharing/`)).body).toEqual(refreshed.body);

    expect((await anonymous.get(`${base(owner)}/${shared.id}/?sharing_access_token=${token}`)).body).toEqual(invalidToken);
    expect((await anonymous.get(`/api/shared/${token}/`)).status).toBe(404);
    expect((await fetch(new URL(`/shared/${token}`, baseUrl))).status).toBe(404);
    expect((await fetch(new URL(`/embedded/${token}`, baseUrl))).status).toBe(404);

    expect((await anonymous.get(`${base(owner)}/${shared.id}/?sharing_access_token=${fresh}`)).status).toBe(200);
    expect((await anonymous.get(`/api/shared/${fresh}/`)).body.insight.id).toBe(shared.id);
    expect((await fetch(new URL(`/shared/${fresh}`, baseUrl))).status).toBe(200);
    const embedded = await fetch(new URL(`/embedded/${fresh}`, baseUrl));
    expect(embedded.status).toBe(200);
    expect(await embedded.text()).toContain('data-testid="shared-insight-name"');

    const activity = await owner.session.get(`${base(owner)}/${shared.id}/activity/`);
    expect(activity.body.results.map((r: any) => r.activity)).toEqual(["access token refreshed", "sharing enabled", "created"]);
    expect(activity.body.results[0]).toMatchObject({
      scope: "Insight",
      item_id: String(shared.id),
      user: { email: owner.email },
      detail: { name: "Shared trend", short_id: shared.short_id, changes: null },
    });
  });

  test("before sharing was ever set up: saves a disabled configuration with a token; nameless insights are logged too", async () => {
    const owner = await signUp(baseUrl);
    const insight = await create(owner, { query: pageviewTrendsQuery() });
    const refreshed = await owner.session.post(`${base(owner)}/${insight.id}/sharing/refresh/`);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ enabled: false, access_token: expect.any(String), created_at: expect.any(String) });
    // Disabled: the token opens nothing until sharing is enabled, then it is the one that works.
    const anonymous = owner.session.as({});
    expect((await anonymous.get(`${base(owner)}/${insight.id}/?sharing_access_token=${refreshed.body.access_token}`)).body).toEqual(
      invalidToken,
    );
    expect(await enableSharing(owner, insight.id)).toBe(refreshed.body.access_token);

    const activity = await owner.session.get(`${base(owner)}/${insight.id}/activity/`);
    expect(activity.body.results.map((r: any) => r.activity)).toEqual(["sharing enabled", "access token refreshed"]);
    expect(activity.body.results[1].detail).toMatchObject({ name: null, short_id: insight.short_id });
  });

  test("access: sharing_configuration:write, members of the project only, existing insights; POST only", async () => {
    const { owner, shared, token } = await sharedSetup();
    const url = `${base(owner)}/${shared.id}/sharing/refresh/`;
    const reader = await owner.key(["sharing_configuration:read"]);
    const denied = await reader.post(url);
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toBe("API key missing required scope 'sharing_configuration:write'");
    const writer = await owner.key(["sharing_configuration:write"]);
    const rotated = await writer.post(url);
    expect(rotated.status).toBe(200);
    expect(rotated.body.access_token).not.toBe(token);

    expect((await owner.session.as({}).post(url)).status).toBe(401);
    const stranger = await signUp(baseUrl);
    expect((await stranger.session.post(url)).status).toBe(403);
    expect((await stranger.session.post(`${base(stranger)}/${shared.id}/sharing/refresh/`)).body.detail).toBe("Insight not found.");
    expect((await owner.session.post(`${base(owner)}/99999999/sharing/refresh/`)).status).toBe(404);
    expect((await owner.session.get(url)).status).toBe(405);
  });
});
