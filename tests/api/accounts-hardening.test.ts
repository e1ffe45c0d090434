import { describe, expect, inject, test } from "vitest";
import { ApiClient, joinAs, signUp, uniqueEmail, type TestUser } from "../support/api";

const baseUrl = inject("baseUrl");
const anonymous = new ApiClient(baseUrl);

describe("sign-in's ?next= never leaves the site", () => {
  const hostile = [
    "/%09/evil.example",
    "/%0a/evil.example",
    "/%0d%0a/evil.example",
    "%2F%2Fevil.example",
    "//evil.example",
    "///evil.example",
    "/%5Cevil.example",
    "%5C%5Cevil.example",
    "/%5C/evil.example",
    "/..//evil.example",
    "/%2e%2e//evil.example",
    "https://evil.example/",
    "https:%2F%2Fevil.example",
    "%09//evil.example",
    "javascript:alert(1)",
    "java%09script:alert(1)",
    "data:text/html,x",
    `http://${new URL(baseUrl).host}.evil.example/`,
  ];

  /** Where the sign-in page sends a signed-in user for `next`: the Location it answers, resolved as a browser would. */
  async function redirectFor(user: TestUser, next: string): Promise<URL> {
    const response = await fetch(new URL(`/login?next=${next}`, baseUrl), {
      headers: { cookie: user.session.credentials.cookie! },
      redirect: "manual",
    });
    expect(response.status, next).toBe(307);
    return new URL(response.headers.get("location")!.replace(/[\t\n\r]/g, ""), baseUrl);
  }

  test("signed in, each hostile next lands on this site (the user's home), never on another origin", async () => {
    const user = await signUp(baseUrl);
    for (const next of hostile) {
      const target = await redirectFor(user, next);
      expect(target.origin, next).toBe(new URL(baseUrl).origin);
      expect(target.pathname, next).toBe(`/project/${user.projectId}`);
    }
  });

  test("signed in, a next on this site is followed", async () => {
    const user = await signUp(baseUrl);
    const target = await redirectFor(user, encodeURIComponent("/organization/members?tab=invites"));
    expect(`${target.pathname}${target.search}`).toBe("/organization/members?tab=invites");
  });

  test("signed out, the page renders and passes on no hostile target", async () => {
    for (const next of ["/%09/evil.example", "//evil.example", "https://evil.example/"]) {
      const page = await fetch(new URL(`/login?next=${next}`, baseUrl), { redirect: "manual" });
      expect(page.status, next).toBe(200);
      expect(await page.text(), next).not.toMatch(/"next":"[^"]*evil\.example/);
    }
  });
});

describe("a removed member's pending invites stop working", () => {
  const invitesPath = (user: TestUser) => `/api/organizations/${user.organizationId}/invites/`;
  const memberPath = (user: TestUser, uuid: string) => `/api/organizations/${user.organizationId}/members/${uuid}/`;

  async function inviteBy(inviter: TestUser, owner: TestUser, level = 1) {
    const created = await new ApiClient(baseUrl, inviter.session.credentials).post(invitesPath(owner), {
      target_email: uniqueEmail("invitee"),
      level,
    });
    expect(created.status, created.text).toBe(201);
    return created.body as { id: string; target_email: string };
  }

  const accept = (invite: { id: string }) =>
    anonymous.post(`/api/signup/${invite.id}/`, { first_name: "Invitee", password: "long-enough-pw" });

  test("removed by an admin: the invites they created are revoked, others' are kept", async () => {
    const owner = await signUp(baseUrl);
    const admin = await joinAs(owner, 8);
    const [theirs, theirsToAdmin, ownersOwn] = [
      await inviteBy(admin, owner),
      await inviteBy(admin, owner, 8),
      await inviteBy(owner, owner),
    ];
    expect((await owner.session.delete(memberPath(owner, admin.user.uuid))).status).toBe(204);

    for (const invite of [theirs, theirsToAdmin]) {
      expect((await accept(invite)).body).toEqual({ type: "invalid_request", code: "not_found", detail: "Not found.", attr: null });
      expect((await anonymous.get(`/api/signup/${invite.id}/`)).status).toBe(404);
    }
    const listed = (await owner.session.get(invitesPath(owner))).body.results.map((i: { id: string }) => i.id);
    expect(listed).toEqual([ownersOwn.id]);
    expect((await accept(ownersOwn)).status).toBe(201);
  });

  test("leaving on their own revokes them too, in that organization only", async () => {
    const owner = await signUp(baseUrl);
    const member = await joinAs(owner, 1);
    const invite = await inviteBy(member, owner);
    // The member's invite in their own organization is not concerned.
    const elsewhere = await inviteBy(member, member);
    expect((await member.session.delete(memberPath(owner, "@me"))).status).toBe(204);
    expect((await accept(invite)).status).toBe(404);
    expect((await accept(elsewhere)).status).toBe(201);
  });

  test("a lowered level does not revoke them, nor does another member's removal", async () => {
    const owner = await signUp(baseUrl);
    const admin = await joinAs(owner, 8);
    const other = await joinAs(owner, 1);
    const invite = await inviteBy(admin, owner);
    expect((await owner.session.patch(memberPath(owner, admin.user.uuid), { level: 1 })).status).toBe(200);
    expect((await owner.session.delete(memberPath(owner, other.user.uuid))).status).toBe(204);
    expect((await accept(invite)).status).toBe(201);
  });

  test("a signed-in invitee cannot accept a revoked invite either", async () => {
    const owner = await signUp(baseUrl);
    const admin = await joinAs(owner, 8);
    const invitee = await signUp(baseUrl);
    const created = await admin.session.post(invitesPath(owner), { target_email: invitee.email, level: 8 });
    await owner.session.delete(memberPath(owner, admin.user.uuid));
    expect((await invitee.session.post(`/api/signup/${created.body.id}/`, {})).status).toBe(404);
    const members = await owner.session.get(`/api/organizations/${owner.organizationId}/members/`);
    expect(members.body.results.map((m: { user: { email: string } }) => m.user.email)).toEqual([owner.email]);
  });
});

describe("without a public URL (no SITE_URL), next-auth names the host the request reached", () => {
  test("never its localhost:3000 fallback, nor a forwarded host a client wrote (no TRUST_PROXY)", async () => {
    const variants: Record<string, string>[] = [{}, { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" }];
    for (const headers of variants) {
      const providers = await (await fetch(new URL("/api/auth/providers", baseUrl), { headers })).json();
      expect(providers.credentials.signinUrl).toBe(`${baseUrl}/api/auth/signin/credentials`);
    }
  });
});
