import { describe, expect, inject, test } from "vitest";
import { joinAs, signUp, type TestUser } from "../support/api";
import { sendEvents } from "../support/events";
import { pageviewTrendsQuery } from "../support/insights";

const baseUrl = inject("baseUrl");
const dashboardsOf = (user: TestUser) => `/api/projects/${user.projectId}/dashboards`;

const MEMBER = 1;

/** An owner with a dashboard holding one trend, over three pageviews of which the dashboard's range keeps two. */
async function setup() {
  const owner = await signUp(baseUrl);
  await sendEvents(baseUrl, owner, [
    { event: "$pageview", distinct_id: "a", timestamp: "2024-03-02T10:00:00Z" },
    { event: "$pageview", distinct_id: "b", timestamp: "2024-03-03T11:00:00Z" },
    { event: "$pageview", distinct_id: "a", timestamp: "2024-03-03T12:00:00Z" },
  ]);
  const created = await owner.session.post(`${dashboardsOf(owner)}/`, {
    name: "Public numbers",
    filters: { date_from: "2024-03-03", date_to: "2024-03-04" },
  });
  expect(created.status, created.text).toBe(201);
  const insight = await owner.session.post(`/api/projects/${owner.projectId}/insights/`, {
    name: "Pageviews",
    query: pageviewTrendsQuery(),
    dashboards: [created.body.id],
  });
  expect(insight.status, insight.text).toBe(201);
  return { owner, dashboard: created.body, insight: insight.body, sharingUrl: `${dashboardsOf(owner)}/${created.body.id}/sharing/` };
}

describe("dashboards' sharing", () => {
  test("disabled until enabled; enabled, its token opens the dashboard read-only, computed with the dashboard's filters", async () => {
    const { owner, dashboard, insight, sharingUrl } = await setup();
    const initial = await owner.session.get(sharingUrl);
    expect(initial.status).toBe(200);
    expect(initial.body).toEqual({ created_at: null, enabled: false, access_token: null });

    const enabled = await owner.session.patch(sharingUrl, { enabled: true });
    expect(enabled.status, enabled.text).toBe(200);
    expect(enabled.body).toEqual({ created_at: expect.any(String), enabled: true, access_token: expect.any(String) });
    const token = enabled.body.access_token;
    expect((await owner.session.get(sharingUrl)).body).toEqual(enabled.body);
    expect((await owner.session.get(`${dashboardsOf(owner)}/${dashboard.id}/`)).body.is_shared).toBe(true);
    const listed = (await owner.session.get(`${dashboardsOf(owner)}/`)).body.results;
    expect(listed.map((d: { name: string; is_shared: boolean }) => [d.name, d.is_shared])).toEqual([
      ["My App Dashboard", false],
      ["Public numbers", true],
    ]);

    const anonymous = owner.session.as({});
    const shared = await anonymous.get(`/api/shared/${token}/`);
    expect(shared.status, shared.text).toBe(200);
    expect(shared.body.type).toBe("dashboard");
    expect(shared.body.dashboard).toMatchObject({
      id: dashboard.id,
      name: "Public numbers",
      created_by: null,
      effective_privilege_level: 21,
    });
    const [tile] = shared.body.dashboard.tiles;
    expect(tile.insight).toMatchObject({ id: insight.id, name: "Pageviews", created_by: null, last_modified_by: null });
    // Computed for the visitor, over the dashboard's range (Mar 3–4) rather than the insight's own (Mar 1–4).
    expect(tile.insight.result[0].data).toEqual([2, 0]);

    // The public page renders it without signing in.
    const page = await fetch(new URL(`/shared/${token}`, baseUrl));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Public numbers");
    const embedded = await fetch(new URL(`/embedded/${token}`, baseUrl));
    expect(embedded.status).toBe(200);
    expect(await embedded.text()).toContain('data-testid="shared-dashboard-name"');

    // A dashboard's token reads no insight through the API.
    const viaApi = await anonymous.get(`/api/projects/${owner.projectId}/insights/${insight.id}/?sharing_access_token=${token}`);
    expect(viaApi.status).toBe(403);
    expect(viaApi.body.detail).toBe("Sharing access token is invalid.");
  });

  test("a new token retires the old one; disabling or deleting the dashboard closes the link", async () => {
    const { owner, dashboard, sharingUrl } = await setup();
    const anonymous = owner.session.as({});
    const first = (await owner.session.patch(sharingUrl, { enabled: true })).body.access_token;
    const refreshed = await owner.session.post(`${sharingUrl}refresh/`);
    expect(refreshed.status, refreshed.text).toBe(200);
    expect(refreshed.body).toMatchObject({ enabled: true, access_token: expect.any(String) });
    const second = refreshed.body.access_token;
    expect(second).not.toBe(first);
    expect((await anonymous.get(`/api/shared/${first}/`)).status).toBe(404);
    expect((await anonymous.get(`/api/shared/${second}/`)).status).toBe(200);
    expect((await fetch(new URL(`/embedded/${first}`, baseUrl))).status).toBe(404);
    expect((await fetch(new URL(`/embedded/${second}`, baseUrl))).status).toBe(200);

    expect((await owner.session.patch(sharingUrl, { enabled: false })).body).toMatchObject({ enabled: false, access_token: second });
    expect((await anonymous.get(`/api/shared/${second}/`)).status).toBe(404);
    expect((await fetch(new URL(`/shared/${second}`, baseUrl))).status).toBe(404);
    expect((await fetch(new URL(`/embedded/${second}`, baseUrl))).status).toBe(404);

    await owner.session.patch(sharingUrl, { enabled: true });
    expect((await anonymous.get(`/api/shared/${second}/`)).status).toBe(200);
    expect((await owner.session.patch(`${dashboardsOf(owner)}/${dashboard.id}/`, { deleted: true })).status).toBe(200);
    expect((await anonymous.get(`/api/shared/${second}/`)).status).toBe(404);
    expect((await owner.session.get(sharingUrl)).status).toBe(404);
  });

  test("sharing is an edit: a restricted dashboard is shared only by those who may edit it; keys need the sharing scope", async () => {
    const { owner, dashboard, sharingUrl } = await setup();
    const member = await joinAs(owner, MEMBER);
    expect((await owner.session.patch(`${dashboardsOf(owner)}/${dashboard.id}/`, { restriction_level: 37 })).status).toBe(200);
    expect((await member.session.get(sharingUrl)).status).toBe(200);
    const denied = await member.session.patch(sharingUrl, { enabled: true });
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toBe("You don't have edit permissions for this dashboard.");
    expect((await member.session.post(`${sharingUrl}refresh/`)).status).toBe(403);

    const readKey = await owner.key(["sharing_configuration:read"]);
    expect((await readKey.get(sharingUrl)).status).toBe(200);
    expect((await readKey.patch(sharingUrl, { enabled: true })).status).toBe(403);
    const writeKey = await owner.key(["sharing_configuration:write"]);
    expect((await writeKey.patch(sharingUrl, { enabled: true })).body.enabled).toBe(true);

    const bad = await owner.session.patch(sharingUrl, { enabled: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.body.attr).toBe("enabled");
    expect((await owner.session.get(`${dashboardsOf(owner)}/2000000000/sharing/`)).status).toBe(404);
  });
});
