import { describe, expect, inject, test } from "vitest";
import { joinAs, signUp, type TestUser } from "../support/api";

const baseUrl = inject("baseUrl");
const base = (user: TestUser, projectId: number | string = user.projectId) => `/api/projects/${projectId}/actions`;

async function create(user: TestUser, body: Record<string, unknown>) {
  const response = await user.session.post(`${base(user)}/`, body);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

/** A step as PostHog answers it: every field, unset ones null, `url_matching` defaulting to `contains`. */
const answeredStep = (fields: Record<string, unknown>) => ({
  event: null,
  properties: null,
  selector: null,
  tag_name: null,
  text: null,
  text_matching: null,
  href: null,
  href_matching: null,
  url: null,
  url_matching: "contains",
  ...fields,
});

describe("actions CRUD", () => {
  test("create answers 201 with PostHog's fields; retrieve and list answer the same", async () => {
    const user = await signUp(baseUrl);
    const action = await create(user, {
      name: "  Signed up ",
      description: "Clicks on the hero's sign-up button, or the pricing page",
      tags: [" Growth ", "growth", "KPI"],
      steps: [
        { event: "$autocapture", selector: "div.hero > a.btn", text: "Sign up", href: "/signup", href_matching: "exact", isNew: "x" },
        { event: "$pageview", url: " /pricing ", properties: [{ key: "plan", value: "pro", operator: "exact", type: "event" }] },
        { event: "signed_up", url: "^https://", url_matching: "regex", text: "ignored off $autocapture", text_matching: null },
      ],
      id: 12345,
      team_id: 999,
      is_calculating: true,
    });
    expect(action).toEqual({
      id: expect.any(Number),
      name: "Signed up",
      description: "Clicks on the hero's sign-up button, or the pricing page",
      tags: ["growth", "kpi"],
      post_to_slack: false,
      slack_message_format: "",
      steps: [
        answeredStep({ event: "$autocapture", selector: "div.hero > a.btn", text: "Sign up", href: "/signup", href_matching: "exact" }),
        answeredStep({
          event: "$pageview",
          url: "/pricing",
          properties: [{ key: "plan", value: "pro", operator: "exact", type: "event" }],
        }),
        answeredStep({ event: "signed_up", url: "^https://", url_matching: "regex", text: "ignored off $autocapture" }),
      ],
      created_at: expect.any(String),
      created_by: expect.objectContaining({ id: user.user.id, email: user.email }),
      deleted: false,
      is_calculating: false,
      last_calculated_at: expect.any(String),
      team_id: user.projectId,
      is_action: true,
      bytecode_error: null,
      pinned_at: null,
      creation_context: null,
      user_access_level: "editor",
    });
    expect(action.id).not.toBe(12345);

    const fetched = await user.session.get(`${base(user)}/${action.id}/`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(action);
    expect((await user.session.get(`${base(user, "@current")}/${action.id}/`)).body).toEqual(action);
    const listed = await user.session.get(`${base(user)}/`);
    expect(listed.body).toEqual({ count: 1, next: null, previous: null, results: [action] });

    const bare = await create(user, {});
    expect(bare).toMatchObject({ name: null, description: "", steps: [], tags: [] });
  });

  test("list: newest first, then by name; limit/offset pages; search in name and description", async () => {
    const user = await signUp(baseUrl);
    const first = await create(user, { name: "Checkout started" });
    const second = await create(user, { name: "Pricing viewed", description: "Any PRICING page" });
    const third = await create(user, { name: "Signed up 100%" });
    const page = await user.session.get(`${base(user)}/?limit=2`);
    expect(page.body.count).toBe(3);
    expect(page.body.results.map((a: { id: number }) => a.id)).toEqual([third.id, second.id]);
    expect(page.body.next).toBe(`${baseUrl}${base(user)}/?limit=2&offset=2`);
    const next = await user.session.get(page.body.next.slice(baseUrl.length));
    expect(next.body.results.map((a: { id: number }) => a.id)).toEqual([first.id]);

    const search = async (text: string) =>
      (await user.session.get(`${base(user)}/?search=${encodeURIComponent(text)}`)).body.results.map((a: { name: string }) => a.name);
    expect(await search("pricing")).toEqual(["Pricing viewed"]);
    expect(await search("pricing page")).toEqual(["Pricing viewed"]);
    expect(await search("100%")).toEqual(["Signed up 100%"]);
    expect(await search("0%")).toEqual(["Signed up 100%"]);
    expect(await search("_")).toEqual([]);
  });

  test("PATCH and PUT update what they are given; steps replace the old ones; pinning takes the server's time", async () => {
    const user = await signUp(baseUrl);
    const action = await create(user, { name: "Clicked", steps: [{ event: "$autocapture", text: "Go" }] });
    const patched = await user.session.patch(`${base(user)}/${action.id}/`, {
      description: "Any click on Go",
      steps: [{ event: "$autocapture", tag_name: "button" }],
      post_to_slack: true,
      slack_message_format: "[user] clicked",
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      name: "Clicked",
      description: "Any click on Go",
      steps: [answeredStep({ event: "$autocapture", tag_name: "button" })],
      post_to_slack: true,
      slack_message_format: "[user] clicked",
    });
    const put = await user.session.request("PUT", `${base(user)}/${action.id}/`, { name: "Clicked Go" });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: "Clicked Go", description: "Any click on Go", steps: patched.body.steps });

    const before = Date.now();
    const pinned = await user.session.patch(`${base(user)}/${action.id}/`, { pinned_at: "2001-01-01T00:00:00Z" });
    const pinnedAt = Date.parse(pinned.body.pinned_at);
    expect(pinnedAt).toBeGreaterThanOrEqual(before - 5_000);
    const again = await user.session.patch(`${base(user)}/${action.id}/`, { pinned_at: new Date().toISOString() });
    expect(again.body.pinned_at).toBe(pinned.body.pinned_at);
    expect((await user.session.patch(`${base(user)}/${action.id}/`, { pinned_at: null })).body.pinned_at).toBeNull();
    expect((await user.session.patch(`${base(user)}/${action.id}/`, { steps: [] })).body.steps).toEqual([]);
  });

  test("DELETE is 405 with no body (found or not); PATCH deleted: true hides it from the list, deleted: false restores", async () => {
    const user = await signUp(baseUrl);
    const action = await create(user, { name: "To delete" });
    const deleteAttempt = await user.session.delete(`${base(user)}/${action.id}/`);
    expect(deleteAttempt.status).toBe(405);
    expect(deleteAttempt.text).toBe("");
    expect((await user.session.delete(`${base(user)}/99999999/`)).status).toBe(405);
    expect((await user.session.get(`${base(user)}/${action.id}/`)).status).toBe(200);

    const deleted = await user.session.patch(`${base(user)}/${action.id}/`, { deleted: true });
    expect(deleted.status).toBe(200);
    expect(deleted.body.deleted).toBe(true);
    expect((await user.session.get(`${base(user)}/`)).body).toMatchObject({ count: 0, results: [] });
    // As PostHog: only the list leaves deleted actions out.
    expect((await user.session.get(`${base(user)}/${action.id}/`)).body).toMatchObject({ id: action.id, deleted: true });

    const restored = await user.session.patch(`${base(user)}/${action.id}/`, { deleted: false });
    expect(restored.status).toBe(200);
    expect((await user.session.get(`${base(user)}/`)).body.count).toBe(1);
  });

  test("names are unique among a project's live actions", async () => {
    const user = await signUp(baseUrl);
    const action = await create(user, { name: "Purchase" });
    const taken = {
      type: "validation_error",
      code: "unique",
      detail: `This project already has an action with this name, ID ${action.id}`,
      attr: "name",
    };
    const duplicate = await user.session.post(`${base(user)}/`, { name: "Purchase" });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body).toEqual(taken);
    expect((await user.session.post(`${base(user)}/`, { name: " Purchase  " })).body).toEqual(taken);
    await create(user, { name: "purchase" }); // case matters, as in PostHog

    const other = await create(user, { name: "Refund" });
    const renamed = await user.session.patch(`${base(user)}/${other.id}/`, { name: "Purchase" });
    expect(renamed.status).toBe(400);
    expect(renamed.body).toEqual(taken);
    expect((await user.session.patch(`${base(user)}/${action.id}/`, { name: "Purchase", description: "same name" })).status).toBe(200);

    // Deleted actions free their name; restoring one whose name was taken meanwhile is refused.
    await user.session.patch(`${base(user)}/${action.id}/`, { deleted: true });
    const successor = await create(user, { name: "Purchase" });
    const restore = await user.session.patch(`${base(user)}/${action.id}/`, { deleted: false });
    expect(restore.status).toBe(400);
    expect(restore.body.detail).toBe(`This project already has an action with this name, ID ${successor.id}`);

    // Concurrent creations: the database's unique index settles it, with the same answer.
    const racing = await Promise.all(Array.from({ length: 5 }, () => user.session.post(`${base(user)}/`, { name: "Race" })));
    const winners = racing.filter((r) => r.status === 201);
    expect(winners).toHaveLength(1);
    for (const loser of racing.filter((r) => r.status !== 201))
      expect(loser.body).toEqual({ ...taken, detail: `This project already has an action with this name, ID ${winners[0].body.id}` });

    // Another project may use the name.
    const stranger = await signUp(baseUrl);
    await create(stranger, { name: "Purchase" });
  });

  test("bad input: PostHog's 400s, naming the field", async () => {
    const user = await signUp(baseUrl);
    const bad = async (body: unknown, attr: string | null, detail?: string | RegExp) => {
      const response = await user.session.post(`${base(user)}/`, body);
      expect(response.status, response.text).toBe(400);
      expect(response.body.type).toBe("validation_error");
      expect(response.body.attr).toBe(attr);
      if (typeof detail === "string") expect(response.body.detail).toBe(detail);
      else if (detail) expect(response.body.detail).toMatch(detail);
    };
    await bad({ name: "   " }, "name", "This field may not be blank.");
    await bad({ name: "x".repeat(401) }, "name", "Ensure this field has no more than 400 characters.");
    await bad({ description: null }, "description", "This field may not be null.");
    await bad({ post_to_slack: "yes" }, "post_to_slack");
    await bad({ steps: {} }, "steps");
    await bad({ steps: ["$pageview"] }, "steps__0", "Invalid data. Expected a dictionary.");
    await bad({ steps: [{ url: "/x", url_matching: "fuzzy" }] }, "steps__0__url_matching", '"fuzzy" is not a valid choice.');
    await bad({ steps: [{ event: "$pageview" }, { text: "" }] }, "steps__1__text", "This field may not be blank.");
    await bad({ steps: [{ url: "(unclosed", url_matching: "regex" }] }, "steps__0__url", /^Invalid regular expression: /);
    await bad(
      { steps: [{ url: "shop(?=/cart)", url_matching: "regex" }] },
      "steps__0__url",
      "Invalid regular expression: lookahead and lookbehind are not supported.",
    );
    await bad({ steps: [{ event: "$autocapture", text: "[", text_matching: "regex" }] }, "steps__0__text");
    await bad({ steps: [{ event: "$autocapture", href: "a)", href_matching: "regex" }] }, "steps__0__href");
    await bad(
      { steps: [{ event: "$autocapture", selector: "a.btn:hover" }] },
      "steps__0__selector",
      'Unsupported selector: the pseudo-class ":hover" is not supported.',
    );
    await bad({ steps: [{ event: "$autocapture", selector: "ul + li" }] }, "steps__0__selector");
    await bad({ steps: [{ event: "$autocapture", selector: 'a[href^="/x"]' }] }, "steps__0__selector");
    await bad({ steps: [{ properties: { key: "plan" } }] }, "steps__0__properties");
    await bad(
      { steps: [{ properties: [{ key: "plan", value: "x", operator: "like" }] }] },
      "steps__0__properties__0__operator",
      '"like" is not a valid choice.',
    );
    await bad({ steps: [{ properties: [{ key: "selector", value: "a", type: "data_warehouse" }] }] }, "steps__0__properties__0__type");
    await bad({ steps: [{ properties: [{ value: "x" }] }] }, "steps__0__properties__0__key", "This field is required.");
    await bad(
      { steps: [{ properties: [{ key: "plan", value: "(", operator: "regex" }] }] },
      "steps__0__properties__0",
      'Invalid regular expression for property "plan".',
    );
    await bad(
      { steps: [{ properties: [{ key: "plan", operator: "exact" }] }] },
      "steps__0__properties__0",
      'Property filter "plan" needs a value.',
    );
    await bad({ pinned_at: "soon" }, "pinned_at");
    await bad({ slack_message_format: "x".repeat(1201) }, "slack_message_format");

    const action = await create(user, { name: "ok" });
    const patch = await user.session.patch(`${base(user)}/${action.id}/`, { steps: [{ event: "$autocapture", selector: "a >" }] });
    expect(patch.status).toBe(400);
    expect(patch.body.attr).toBe("steps__0__selector");
    expect((await user.session.get(`${base(user)}/abc/`)).status).toBe(404);
    expect((await user.session.get(`${base(user)}/99999999/`)).status).toBe(404);
    expect((await user.session.patch(`${base(user)}/99999999/`, { name: "x" })).status).toBe(404);
  });
});

describe("actions access", () => {
  test("members of the project's organization read and write; other organizations get 403 on its project, 404 through theirs", async () => {
    const owner = await signUp(baseUrl);
    const action = await create(owner, { name: "Shared" });
    const member = await joinAs(owner, 1);
    expect((await member.session.get(`${base(owner)}/${action.id}/`)).status).toBe(200);
    const edited = await member.session.patch(`${base(owner)}/${action.id}/`, { description: "by a member" });
    expect(edited.status).toBe(200);
    const made = await member.session.post(`${base(owner)}/`, { name: "Member's" });
    expect(made.status).toBe(201);
    expect(made.body.created_by.id).toBe(member.user.id);

    const stranger = await signUp(baseUrl);
    const noAccess = {
      type: "authentication_error",
      code: "permission_denied",
      detail: "You don't have access to the project.",
      attr: null,
    };
    expect((await stranger.session.get(`${base(owner)}/`)).body).toEqual(noAccess);
    expect((await stranger.session.get(`${base(owner)}/${action.id}/`)).status).toBe(403);
    expect((await stranger.session.post(`${base(owner)}/`, { name: "Intruder" })).status).toBe(403);
    expect((await stranger.session.patch(`${base(owner)}/${action.id}/`, { deleted: true })).status).toBe(403);
    expect((await stranger.session.request("DELETE", `${base(owner)}/${action.id}/`)).status).toBe(403);
    expect((await stranger.session.get(`${base(stranger)}/${action.id}/`)).status).toBe(404);
    expect((await stranger.session.patch(`${base(stranger)}/${action.id}/`, { name: "x" })).status).toBe(404);
    expect((await stranger.session.get(`/api/projects/99999999/actions/`)).status).toBe(404);
    expect((await owner.session.get(`${base(owner)}/${action.id}/`)).body).toMatchObject({ name: "Shared", deleted: false });
  });

  test("no credentials 401; personal API keys need action:read to read and action:write to write", async () => {
    const user = await signUp(baseUrl);
    const action = await create(user, { name: "Scoped" });
    const anonymous = user.session.as({});
    expect((await anonymous.get(`${base(user)}/`)).status).toBe(401);
    expect((await anonymous.post(`${base(user)}/`, { name: "no" })).status).toBe(401);

    const unrelated = await user.key(["insight:read", "insight:write"]);
    const noRead = await unrelated.get(`${base(user)}/`);
    expect(noRead.status).toBe(403);
    expect(noRead.body.detail).toBe("API key missing required scope 'action:read'");
    expect((await unrelated.get(`${base(user)}/${action.id}/`)).status).toBe(403);

    const reader = await user.key(["action:read"]);
    expect((await reader.get(`${base(user)}/`)).body.count).toBe(1);
    expect((await reader.get(`${base(user)}/${action.id}/`)).status).toBe(200);
    const denied = await reader.post(`${base(user)}/`, { name: "no" });
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toBe("API key missing required scope 'action:write'");
    expect((await reader.patch(`${base(user)}/${action.id}/`, { deleted: true })).status).toBe(403);
    expect((await reader.request("PUT", `${base(user)}/${action.id}/`, { name: "no" })).status).toBe(403);
    expect((await reader.request("DELETE", `${base(user)}/${action.id}/`)).status).toBe(403);

    const writer = await user.key(["action:write"]);
    expect((await writer.get(`${base(user)}/${action.id}/`)).status).toBe(200);
    expect((await writer.post(`${base(user)}/`, { name: "yes" })).status).toBe(201);
    expect((await writer.patch(`${base(user)}/${action.id}/`, { description: "by key" })).status).toBe(200);
    expect((await writer.delete(`${base(user)}/${action.id}/`)).status).toBe(405);

    // A key limited to another of the user's projects reaches nothing in this one.
    const second = await user.session.post("/api/projects/", { name: "Second" });
    expect(second.status).toBe(201);
    const elsewhere = await user.key(["action:read"], { scoped_teams: [second.body.id] });
    const outOfScope = await elsewhere.get(`${base(user)}/${action.id}/`);
    expect(outOfScope.status).toBe(403);
    expect(outOfScope.body.detail).toBe(`API key does not have access to the requested project: ID ${user.projectId}.`);
    expect((await elsewhere.get(`${base(user, second.body.id)}/`)).body.count).toBe(0);
    expect((await reader.get(`${base(user)}/`)).body.results.map((a: { name: string }) => a.name)).toEqual(["yes", "Scoped"]);
  });
});
