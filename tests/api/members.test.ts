import { randomUUID } from "node:crypto";
import { describe, expect, inject, test } from "vitest";
import { ApiClient, joinAs, signUp, type TestUser, userBasicOf } from "../support/api";

const baseUrl = inject("baseUrl");

const membersPath = (organizationId: string) => `/api/organizations/${organizationId}/members/`;
const memberPath = (organizationId: string, userUuid: string) => `${membersPath(organizationId)}${userUuid}/`;
const denied = (detail: string) => ({ type: "authentication_error", code: "permission_denied", detail, attr: null });
const NOT_FOUND = { type: "invalid_request", code: "not_found", detail: "Not found.", attr: null };
const LAST_OWNER = {
  type: "validation_error",
  code: "invalid_input",
  detail: "Cannot leave the organization as its owner!",
  attr: null,
};

async function levelOf(viewer: TestUser, organizationId: string, user: TestUser): Promise<number | undefined> {
  const list = await viewer.session.get(`${membersPath(organizationId)}?email=${encodeURIComponent(user.email)}`);
  return list.body.results[0]?.level;
}

describe("members list", () => {
  test("newest first, with PostHog's member shape, paginated", async () => {
    const owner = await signUp(baseUrl, { first_name: "Olive" });
    const admin = await joinAs(owner, 8);
    const member = await joinAs(owner, 1);

    const list = await owner.session.get(membersPath(owner.organizationId));
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(3);
    expect(list.body.next).toBeNull();
    expect(list.body.previous).toBeNull();
    expect(list.body.results.map((m: { user: { email: string } }) => m.user.email)).toEqual([member.email, admin.email, owner.email]);
    expect(list.body.results.map((m: { level: number }) => m.level)).toEqual([1, 8, 15]);

    const ownerRow = list.body.results[2];
    expect(Object.keys(ownerRow).sort()).toEqual(
      ["has_social_auth", "id", "is_2fa_enabled", "joined_at", "last_login", "level", "updated_at", "user"].sort(),
    );
    expect(ownerRow).toMatchObject({ is_2fa_enabled: false, has_social_auth: false, last_login: null });
    expect(ownerRow.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(ownerRow.id).not.toBe(owner.user.uuid);
    expect(ownerRow.user).toEqual(userBasicOf(owner));
    expect(new Date(ownerRow.joined_at).toISOString()).toBe(ownerRow.joined_at);

    const first = await owner.session.get(`${membersPath(owner.organizationId)}?limit=2`);
    expect(first.body.results).toHaveLength(2);
    expect(first.body.next).toBe(`${baseUrl}${membersPath(owner.organizationId)}?limit=2&offset=2`);
    expect(first.body.previous).toBeNull();
    const second = await owner.session.get(`${membersPath(owner.organizationId)}?limit=2&offset=2`);
    expect(second.body.results.map((m: { user: { email: string } }) => m.user.email)).toEqual([owner.email]);
    expect(second.body.next).toBeNull();
    expect(second.body.previous).toBe(`${baseUrl}${membersPath(owner.organizationId)}?limit=2`);

    // A member who signed in has last_login.
    const signedIn = await new ApiClient(baseUrl).post("/api/login/", { email: member.email, password: member.password });
    expect(signedIn.status).toBe(200);
    const afterLogin = await owner.session.get(`${membersPath(owner.organizationId)}?email=${encodeURIComponent(member.email)}`);
    expect(afterLogin.body.results[0].last_login).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  test("email filters exactly (case-insensitively), order sorts, @current works", async () => {
    const owner = await signUp(baseUrl);
    const admin = await joinAs(owner, 8);
    await joinAs(owner, 1);

    const byEmail = await owner.session.get(`${membersPath(owner.organizationId)}?email=${encodeURIComponent(admin.email.toUpperCase())}`);
    expect(byEmail.body.count).toBe(1);
    expect(byEmail.body.results[0].user.email).toBe(admin.email);
    const partial = await owner.session.get(`${membersPath(owner.organizationId)}?email=${encodeURIComponent(admin.email.slice(0, 8))}`);
    expect(partial.body).toEqual({ count: 0, next: null, previous: null, results: [] });

    const oldestFirst = await owner.session.get(`${membersPath(owner.organizationId)}?order=joined_at`);
    expect(oldestFirst.body.results[0].user.email).toBe(owner.email);
    const byLevel = await owner.session.get(`${membersPath(owner.organizationId)}?order=-level`);
    expect(byLevel.body.results.map((m: { level: number }) => m.level)).toEqual([15, 8, 1]);

    const badOrder = await owner.session.get(`${membersPath(owner.organizationId)}?order=password_hash`);
    expect(badOrder.status).toBe(400);
    expect(badOrder.body).toEqual({
      type: "validation_error",
      code: "invalid_choice",
      detail: '"password_hash" is not a valid choice.',
      attr: "order",
    });

    const current = await owner.session.get(membersPath("@current"));
    expect(current.status).toBe(200);
    expect(current.body.count).toBe(3);
  });

  test("updated_after lists the members changed since; a page past the end still has the count", async () => {
    const owner = await signUp(baseUrl);
    const member = await joinAs(owner, 1);
    // `since` is cut to milliseconds: a moment later, so the join itself is surely before it.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const since = new Date().toISOString();
    const changedSince = () => owner.session.get(`${membersPath(owner.organizationId)}?updated_after=${encodeURIComponent(since)}`);
    expect((await changedSince()).body).toEqual({ count: 0, next: null, previous: null, results: [] });

    expect((await owner.session.patch(memberPath(owner.organizationId, member.user.uuid), { level: 8 })).status).toBe(200);
    const changed = await changedSince();
    expect(changed.body.results.map((m: { user: { uuid: string } }) => m.user.uuid)).toEqual([member.user.uuid]);

    const pastEnd = await owner.session.get(`${membersPath(owner.organizationId)}?offset=10`);
    expect(pastEnd.body).toMatchObject({ count: 2, results: [] });
    const filteredPastEnd = await owner.session.get(
      `${membersPath(owner.organizationId)}?updated_after=${encodeURIComponent(since)}&email=${encodeURIComponent(member.email)}&offset=1`,
    );
    expect(filteredPastEnd.body).toMatchObject({ count: 1, results: [] });
  });
});

describe("changing levels", () => {
  test("owners promote and demote, also to owner (without losing their own ownership)", async () => {
    const owner = await signUp(baseUrl);
    const member = await joinAs(owner, 1);
    const before = (await owner.session.get(`${membersPath(owner.organizationId)}?email=${encodeURIComponent(member.email)}`)).body
      .results[0];

    const promoted = await owner.session.patch(memberPath(owner.organizationId, member.user.uuid), { level: 8 });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ id: before.id, level: 8, joined_at: before.joined_at, user: { uuid: member.user.uuid } });
    expect(promoted.body.updated_at > before.updated_at).toBe(true);

    const madeOwner = await owner.session.patch(memberPath(owner.organizationId, member.user.uuid), { level: 15 });
    expect(madeOwner.status).toBe(200);
    expect(madeOwner.body.level).toBe(15);
    expect(await levelOf(owner, owner.organizationId, owner)).toBe(15);

    // The new owner may in turn demote the first one.
    const demoted = await member.session.patch(memberPath(owner.organizationId, owner.user.uuid), { level: 1 });
    expect(demoted.status).toBe(200);
    expect(demoted.body.level).toBe(1);

    // PUT answers as PATCH does.
    const put = await member.session.request("PUT", memberPath(owner.organizationId, owner.user.uuid), { level: 8 });
    expect(put.status).toBe(200);
    expect(put.body.level).toBe(8);
  });

  test("every rule of PostHog's validate_update, with its message", async () => {
    const owner = await signUp(baseUrl);
    const admin = await joinAs(owner, 8);
    const otherAdmin = await joinAs(owner, 8);
    const member = await joinAs(owner, 1);
    const otherMember = await joinAs(owner, 1);
    const org = owner.organizationId;

    const cases: [TestUser, string, number, string][] = [
      [owner, "@me", 8, "You can't change your own access level."],
      [admin, admin.user.uuid, 1, "You can't change your own access level."],
      [admin, member.user.uuid, 15, "You can only make another member owner if you're this organization's owner."],
      [member, otherMember.user.uuid, 8, "You can only change access level of others to lower or equal to your current one."],
      [member, otherMember.user.uuid, 1, "You can only edit others if you are an admin."],
      [admin, owner.user.uuid, 8, "You can only edit others with level lower or equal to you."],
    ];
    for (const [requester, target, level, detail] of cases) {
      const response = await requester.session.patch(memberPath(org, target), { level });
      expect(response.status, detail).toBe(403);
      expect(response.body).toEqual(denied(detail));
    }
    expect(await levelOf(owner, org, owner)).toBe(15);
    expect(await levelOf(owner, org, member)).toBe(1);

    // Admins manage members and admins up to their own level.
    expect((await admin.session.patch(memberPath(org, member.user.uuid), { level: 8 })).status).toBe(200);
    expect((await admin.session.patch(memberPath(org, otherAdmin.user.uuid), { level: 1 })).status).toBe(200);
    expect(await levelOf(owner, org, otherAdmin)).toBe(1);
    // A member may "update" themselves without a level: nothing changes.
    const noop = await member.session.patch(memberPath(org, "@me"), {});
    expect(noop.status).toBe(200);
    expect(noop.body.level).toBe(8);
  });

  test("bad levels are 400s", async () => {
    const owner = await signUp(baseUrl);
    const member = await joinAs(owner, 1);
    const path = memberPath(owner.organizationId, member.user.uuid);
    for (const level of [7, 0, 16, -1]) {
      const response = await owner.session.patch(path, { level });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        type: "validation_error",
        code: "invalid_choice",
        detail: `"${level}" is not a valid choice.`,
        attr: "level",
      });
    }
    for (const level of ["admin", null, [8], { level: 8 }, "x".repeat(1_000_000)]) {
      const response = await owner.session.patch(path, { level });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ type: "validation_error", attr: "level" });
    }
    expect(await levelOf(owner, owner.organizationId, member)).toBe(1);
  });
});

describe("leaving and removing", () => {
  test("a member leaves with @me: their current organization falls back to their own", async () => {
    const owner = await signUp(baseUrl);
    const member = await joinAs(owner, 1);
    expect((await member.session.get("/api/users/@me/")).body.organization.id).toBe(owner.organizationId);

    const left = await member.session.delete(memberPath(owner.organizationId, "@me"));
    expect(left.status).toBe(204);
    expect(left.text).toBe("");

    const me = (await member.session.get("/api/users/@me/")).body;
    expect(me.organization.id).toBe(member.organizationId);
    expect(me.team.id).toBe(member.projectId);
    expect(me.organizations.map((o: { id: string }) => o.id)).toEqual([member.organizationId]);
    expect((await member.session.get(membersPath(owner.organizationId))).status).toBe(403);
    expect((await owner.session.get(membersPath(owner.organizationId))).body.count).toBe(1);
  });

  test("admins remove members and admins up to their level; members remove nobody else", async () => {
    const owner = await signUp(baseUrl);
    const admin = await joinAs(owner, 8);
    const otherAdmin = await joinAs(owner, 8);
    const member = await joinAs(owner, 1);
    const otherMember = await joinAs(owner, 1);
    const org = owner.organizationId;

    expect((await member.session.delete(memberPath(org, otherMember.user.uuid))).body).toEqual(
      denied("You can only edit others if you are an admin."),
    );
    expect((await admin.session.delete(memberPath(org, owner.user.uuid))).body).toEqual(
      denied("You can only edit others with level lower or equal to you."),
    );
    expect((await admin.session.delete(memberPath(org, member.user.uuid))).status).toBe(204);
    expect((await admin.session.delete(memberPath(org, otherAdmin.user.uuid))).status).toBe(204);
    expect((await admin.session.delete(memberPath(org, member.user.uuid))).body).toEqual(NOT_FOUND);

    // The removed member's current organization was this one: it falls back to their own.
    expect((await member.session.get("/api/users/@me/")).body.organization.id).toBe(member.organizationId);
    const remaining = await owner.session.get(membersPath(org));
    expect(remaining.body.results.map((m: { user: { email: string } }) => m.user.email).sort()).toEqual(
      [owner.email, admin.email, otherMember.email].sort(),
    );
  });

  test("the last owner cannot leave nor be removed; with another owner, they can", async () => {
    const owner = await signUp(baseUrl);
    const org = owner.organizationId;
    const leave = await owner.session.delete(memberPath(org, "@me"));
    expect(leave.status).toBe(400);
    expect(leave.body).toEqual(LAST_OWNER);

    const second = await joinAs(owner, 1);
    expect((await owner.session.patch(memberPath(org, second.user.uuid), { level: 15 })).status).toBe(200);
    // Two owners: one may remove the other…
    expect((await second.session.delete(memberPath(org, owner.user.uuid))).status).toBe(204);
    // …and the one left is the last.
    expect((await second.session.delete(memberPath(org, "@me"))).body).toEqual(LAST_OWNER);
    const members = await second.session.get(membersPath(org));
    expect(members.body.results.map((m: { user: { email: string } }) => m.user.email)).toEqual([second.email]);
  });
});

describe("access", () => {
  test("non-members get 403 for the list and each member; other organizations' users are 404 here", async () => {
    const owner = await signUp(baseUrl);
    const stranger = await signUp(baseUrl);
    const org = owner.organizationId;
    for (const response of [
      await stranger.session.get(membersPath(org)),
      await stranger.session.patch(memberPath(org, owner.user.uuid), { level: 1 }),
      await stranger.session.delete(memberPath(org, owner.user.uuid)),
      await stranger.session.delete(memberPath(org, "@me")),
    ])
      expect(response.body).toEqual(denied("You do not have permission to perform this action."));
    expect((await owner.session.get(membersPath(org))).body.count).toBe(1);

    expect((await owner.session.patch(memberPath(org, stranger.user.uuid), { level: 1 })).body).toEqual(NOT_FOUND);
    expect((await owner.session.delete(memberPath(org, stranger.user.uuid))).body).toEqual(NOT_FOUND);
    expect((await owner.session.delete(memberPath(org, randomUUID()))).body).toEqual(NOT_FOUND);
    expect((await owner.session.patch(memberPath(org, "not-a-uuid"), { level: 1 })).status).toBe(404);
    expect((await owner.session.get(membersPath("not-a-uuid"))).status).toBe(404);
    expect((await owner.session.post(membersPath(org), {})).status).toBe(405);
    expect((await owner.session.get(memberPath(org, owner.user.uuid))).status).toBe(405);
  });

  test("personal API keys need organization_member scopes and their organization", async () => {
    const owner = await signUp(baseUrl);
    const member = await joinAs(owner, 1);
    const org = owner.organizationId;

    const reader = await owner.key(["organization_member:read"]);
    expect((await reader.get(membersPath(org))).body.count).toBe(2);
    expect((await reader.patch(memberPath(org, member.user.uuid), { level: 8 })).body).toEqual(
      denied("API key missing required scope 'organization_member:write'"),
    );
    expect((await reader.delete(memberPath(org, member.user.uuid))).status).toBe(403);

    const wrongObject = await owner.key(["organization:write"]);
    expect((await wrongObject.get(membersPath(org))).body).toEqual(denied("API key missing required scope 'organization_member:read'"));

    const writer = await owner.key(["organization_member:write"]);
    expect((await writer.get(membersPath(org))).status).toBe(200);
    expect((await writer.patch(memberPath(org, member.user.uuid), { level: 8 })).body.level).toBe(8);

    const otherOrg = await owner.session.post("/api/organizations/", { name: "Elsewhere" });
    const scopedElsewhere = await owner.key(["*"], { scoped_organizations: [otherOrg.body.id] });
    expect((await scopedElsewhere.get(membersPath(org))).body).toEqual(
      denied(`API key does not have access to the requested organization: ID ${org}.`),
    );
    expect((await scopedElsewhere.get(membersPath(otherOrg.body.id))).status).toBe(200);

    const anonymous = new ApiClient(baseUrl);
    expect((await anonymous.get(membersPath(org))).status).toBe(401);
    expect((await anonymous.delete(memberPath(org, member.user.uuid))).status).toBe(401);
    expect((await anonymous.as({ key: "phx_notarealkey" }).get(membersPath(org))).body.code).toBe("authentication_failed");
    const crossSite = await owner.session.request(
      "PATCH",
      memberPath(org, member.user.uuid),
      { level: 1 },
      { headers: { origin: "https://evil.example" } },
    );
    expect(crossSite.status).toBe(403);
    expect(await levelOf(owner, org, member)).toBe(8);
  });
});
