import { beforeAll, describe, expect, inject, test } from "vitest";
import { joinAs, signUp, type TestUser } from "../support/api";
import { sendEvents } from "../support/events";

// Data management's API: definitions verified and hidden, where actions and definitions are used, a draft's count.

const baseUrl = inject("baseUrl");
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

let owner: TestUser;
let project: string;
let signupId: string;
let planId: string;
let pricingActionId: number;

beforeAll(async () => {
  owner = await signUp(baseUrl);
  project = `/api/projects/${owner.projectId}`;
  await sendEvents(baseUrl, owner, [
    { event: "$pageview", distinct_id: "u1", timestamp: ago(60_000), properties: { $current_url: "https://x.test/pricing?a=1" } },
    { event: "$pageview", distinct_id: "u2", timestamp: ago(50_000), properties: { $current_url: "https://x.test/Pricing" } },
    { event: "$pageview", distinct_id: "u2", timestamp: ago(40_000), properties: { $current_url: "https://x.test/docs" } },
    { event: "signup", distinct_id: "u1", timestamp: ago(30_000), properties: { plan: "pro" } },
    { event: "signup", distinct_id: "u3", timestamp: ago(40 * 86_400_000), properties: { plan: "free" } },
  ]);
  const events = await owner.session.get(`${project}/event_definitions/?search=signup`);
  signupId = events.body.results[0].id;
  const properties = await owner.session.get(`${project}/property_definitions/?search=plan`);
  planId = properties.body.results[0].id;
  const action = await owner.session.post(`${project}/actions/`, {
    name: "Pricing",
    steps: [{ event: "$pageview", url: "/pricing", url_matching: "contains" }],
  });
  pricingActionId = action.body.id;
  // Two insights: one trend of the action filtered by plan, one of signups broken down by plan; one deleted.
  const insight = (body: Record<string, unknown>) => owner.session.post(`${project}/insights/`, { saved: true, ...body });
  expect(
    (
      await insight({
        name: "Pricing views by plan",
        filters: {
          insight: "TRENDS",
          actions: [{ id: pricingActionId, type: "actions" }],
          properties: [{ key: "plan", value: "pro", type: "event" }],
        },
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await insight({
        name: "Signups",
        query: {
          kind: "InsightVizNode",
          source: { kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "signup" }], breakdownFilter: { breakdown: "plan" } },
        },
      })
    ).status,
  ).toBe(201);
  const gone = await insight({ name: "Gone", filters: { insight: "TRENDS", events: [{ id: "signup", type: "events" }] } });
  expect((await owner.session.patch(`${project}/insights/${gone.body.id}/`, { deleted: true })).status).toBe(200);
});

describe("verified and hidden definitions", () => {
  test("verifying records who and when; hiding unverifies; both at once is refused", async () => {
    const verified = await owner.session.patch(`${project}/event_definitions/${signupId}/`, { verified: true, description: "Signed up" });
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body).toMatchObject({ verified: true, hidden: false, description: "Signed up", verified_by: { id: owner.user.id } });
    expect(verified.body.verified_at).toEqual(expect.any(String));

    const both = await owner.session.patch(`${project}/event_definitions/${signupId}/`, { verified: true, hidden: true });
    expect(both.status).toBe(400);
    expect(both.body).toMatchObject({ type: "validation_error", attr: "hidden" });

    const hidden = await owner.session.patch(`${project}/event_definitions/${signupId}/`, { hidden: true });
    expect(hidden.body).toMatchObject({ verified: false, verified_at: null, verified_by: null, hidden: true });

    // The pickers' list leaves it out; data management's keeps it.
    const picker = await owner.session.get(`${project}/event_definitions/?exclude_hidden=true`);
    expect(picker.body.results.map((r: { name: string }) => r.name)).toEqual(["$pageview"]);
    const all = await owner.session.get(`${project}/event_definitions/`);
    expect(all.body.results.map((r: { name: string }) => r.name).sort()).toEqual(["$pageview", "signup"]);

    const shown = await owner.session.patch(`${project}/event_definitions/${signupId}/`, { hidden: false });
    expect(shown.body.hidden).toBe(false);
  });

  test("property definitions too, and exclude_hidden takes only booleans", async () => {
    const hidden = await owner.session.patch(`${project}/property_definitions/${planId}/`, { hidden: true });
    expect(hidden.body).toMatchObject({ name: "plan", hidden: true, verified: false });
    const picker = await owner.session.get(`${project}/property_definitions/?exclude_hidden=true&search=plan`);
    expect(picker.body.count).toBe(0);
    expect((await owner.session.get(`${project}/property_definitions/?search=plan`)).body.count).toBe(1);
    const bad = await owner.session.get(`${project}/property_definitions/?exclude_hidden=maybe`);
    expect(bad.status).toBe(400);
    expect(bad.body.attr).toBe("exclude_hidden");
    const wrongType = await owner.session.patch(`${project}/property_definitions/${planId}/`, { hidden: "yes" });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.attr).toBe("hidden");
    await owner.session.patch(`${project}/property_definitions/${planId}/`, { hidden: false });
  });
});

describe("where actions and definitions are used", () => {
  test("an action, an event and a property name the insights using them (deleted ones left out)", async () => {
    const byAction = await owner.session.get(`${project}/actions/${pricingActionId}/insights/`);
    expect(byAction.status, byAction.text).toBe(200);
    expect(byAction.body).toMatchObject({ count: 1, results: [{ name: "Pricing views by plan" }] });
    const byEvent = await owner.session.get(`${project}/event_definitions/${signupId}/insights/`);
    expect(byEvent.body).toMatchObject({ count: 1, results: [{ name: "Signups" }] });
    const byProperty = await owner.session.get(`${project}/property_definitions/${planId}/insights/`);
    expect(byProperty.body.count).toBe(2);
    // The environments twin answers alike.
    const twin = await owner.session.get(`/api/environments/${owner.projectId}/actions/${pricingActionId}/insights/`);
    expect(twin.body.count).toBe(1);
  });
});

describe("a draft action's matching events", () => {
  const count = (steps: unknown[]) => owner.session.post(`${project}/actions/matching_events/`, { steps });

  test("counts the last 30 days' events any step matches, with each URL matching", async () => {
    expect((await count([{ event: "$pageview", url: "/pricing", url_matching: "contains" }])).body).toEqual({ count: 1, days: 30 });
    expect((await count([{ event: "$pageview", url: "https://x.test/docs", url_matching: "exact" }])).body.count).toBe(1);
    expect((await count([{ event: "$pageview", url: "/[Pp]ricing", url_matching: "regex" }])).body.count).toBe(2);
    // Steps OR; the 40-day-old signup is out of the window.
    expect((await count([{ event: "$pageview", url: "/docs" }, { event: "signup" }])).body.count).toBe(2);
    expect((await count([{ event: "signup", properties: [{ key: "plan", value: "pro", type: "event" }] }])).body.count).toBe(1);
    expect((await count([])).body.count).toBe(0);
  });

  test("bad steps are 400 with their attr, never a 500; at most 50 steps", async () => {
    const regex = await count([{ event: "$pageview", url: "(", url_matching: "regex" }]);
    expect(regex.status).toBe(400);
    expect(regex.body.attr).toBe("steps__0__url");
    const selector = await count([{ event: "$autocapture", selector: "a.btn:hover" }]);
    expect(selector.status).toBe(400);
    expect(selector.body.attr).toBe("steps__0__selector");
    const many = await count(Array.from({ length: 51 }, () => ({ event: "signup" })));
    expect(many.status).toBe(400);
    expect(many.body.attr).toBe("steps");
    const notList = await owner.session.post(`${project}/actions/matching_events/`, { steps: "all" });
    expect(notList.status).toBe(400);
  });
});

describe("the actions' volumes", () => {
  test("each action's last 30 days of matching events, in one answer; deleted actions left out", async () => {
    const create = async (name: string, steps: unknown[]) => (await owner.session.post(`${project}/actions/`, { name, steps })).body.id;
    const anyCase = await create("Pricing, any case", [{ event: "$pageview", url: "/[Pp]ricing", url_matching: "regex" }]);
    const signups = await create("Signups", [{ event: "signup" }]);
    const nothing = await create("Nothing", [{ event: "never-sent" }]);
    const gone = await create("Gone", [{ event: "signup" }]);
    await owner.session.patch(`${project}/actions/${gone}/`, { deleted: true });
    const volumes = await owner.session.get(`${project}/actions/volumes/`);
    expect(volumes.status, volumes.text).toBe(200);
    expect(volumes.body.days).toBe(30);
    const byId = new Map<number, number>(volumes.body.results.map((r: { id: number; count: number }) => [r.id, r.count]));
    // The fixture's events: two pricing views (one "/Pricing"), one docs view, a signup now and one 40 days ago.
    expect(Object.fromEntries([pricingActionId, anyCase, signups, nothing].map((id) => [id, byId.get(id)]))).toEqual({
      [pricingActionId]: 1,
      [anyCase]: 2,
      [signups]: 1,
      [nothing]: 0,
    });
    expect(byId.has(gone)).toBe(false);
    // The same count as the editor's for every listed action.
    const listed = await owner.session.get(`${project}/actions/?limit=100`);
    for (const action of listed.body.results) {
      const draft = await owner.session.post(`${project}/actions/matching_events/`, { steps: action.steps });
      expect(byId.get(action.id), action.name).toBe(draft.body.count);
    }
  });

  test("another organization and keys without action:read are refused", async () => {
    const stranger = await signUp(baseUrl);
    expect((await stranger.session.get(`${project}/actions/volumes/`)).status).toBe(403);
    expect((await stranger.session.get(`/api/projects/${stranger.projectId}/actions/volumes/`)).body.results).toEqual([]);
    expect((await (await owner.key(["insight:read"])).get(`${project}/actions/volumes/`)).status).toBe(403);
    expect((await (await owner.key(["action:read"])).get(`${project}/actions/volumes/`)).status).toBe(200);
  });
});

describe("who may", () => {
  test("another organization gets 403 on this project and 404 through its own, for every new operation", async () => {
    const stranger = await signUp(baseUrl);
    const theirs = `/api/projects/${stranger.projectId}`;
    const paths = [
      `actions/${pricingActionId}/insights/`,
      `event_definitions/${signupId}/insights/`,
      `property_definitions/${planId}/insights/`,
    ];
    for (const path of paths) {
      expect((await stranger.session.get(`${project}/${path}`)).status, path).toBe(403);
      expect((await stranger.session.get(`${theirs}/${path}`)).status, path).toBe(404);
    }
    expect((await stranger.session.post(`${project}/actions/matching_events/`, { steps: [{ event: "signup" }] })).status).toBe(403);
    expect((await stranger.session.patch(`${project}/event_definitions/${signupId}/`, { hidden: true })).status).toBe(403);
    expect((await stranger.session.patch(`${theirs}/event_definitions/${signupId}/`, { hidden: true })).status).toBe(404);
    expect((await stranger.session.patch(`${project}/property_definitions/${planId}/`, { verified: true })).status).toBe(403);
    expect((await owner.session.get(`${project}/event_definitions/${signupId}/`)).body.hidden).toBe(false);
  });

  test("a member of the organization may curate; a key needs the write scope to, and insight:read or query:read to read uses and counts", async () => {
    const member = await joinAs(owner, 1);
    const byMember = await member.session.patch(`${project}/event_definitions/${signupId}/`, { verified: true });
    expect(byMember.body.verified_by.id).toBe(member.user.id);
    await owner.session.patch(`${project}/event_definitions/${signupId}/`, { verified: false });

    const reader = await owner.key(["event_definition:read", "property_definition:read"]);
    const denied = await reader.patch(`${project}/event_definitions/${signupId}/`, { hidden: true });
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toBe("API key missing required scope 'event_definition:write'");
    expect((await reader.patch(`${project}/property_definitions/${planId}/`, { hidden: true })).status).toBe(403);
    expect((await reader.get(`${project}/event_definitions/${signupId}/insights/`)).status).toBe(403);
    expect((await reader.post(`${project}/actions/matching_events/`, { steps: [] })).status).toBe(403);

    const actionWriter = await owner.key(["action:write"]);
    expect((await actionWriter.get(`${project}/actions/${pricingActionId}/insights/`)).status).toBe(403);
    expect((await actionWriter.post(`${project}/actions/matching_events/`, { steps: [] })).status).toBe(403);

    const analyst = await owner.key(["insight:read", "query:read"]);
    expect((await analyst.get(`${project}/actions/${pricingActionId}/insights/`)).status).toBe(200);
    expect((await analyst.post(`${project}/actions/matching_events/`, { steps: [{ event: "signup" }] })).body.count).toBe(1);

    const writer = await owner.key(["event_definition:write"]);
    expect((await writer.patch(`${project}/event_definitions/${signupId}/`, { description: "by key" })).status).toBe(200);

    // A key limited to another project reaches nothing here.
    const second = await owner.session.post("/api/projects/", { name: "Second" });
    const elsewhere = await owner.key(["*"], { scoped_teams: [second.body.id] });
    expect((await elsewhere.get(`${project}/actions/${pricingActionId}/insights/`)).status).toBe(403);
    expect((await elsewhere.patch(`${project}/event_definitions/${signupId}/`, { hidden: true })).status).toBe(403);
    expect((await elsewhere.post(`${project}/actions/matching_events/`, { steps: [] })).status).toBe(403);

    const anonymous = owner.session.as({});
    expect((await anonymous.post(`${project}/actions/matching_events/`, { steps: [] })).status).toBe(401);
  });
});
