import { randomUUID } from "node:crypto";
import { decode, encode } from "next-auth/jwt";
import { describe, expect, inject, test } from "vitest";
import { ApiClient, joinAs, sessionCookie, signUp, uniqueEmail, type ApiResponse, type TestUser } from "../support/api";

const baseUrl = inject("baseUrl");
const anonymous = new ApiClient(baseUrl);
// The test server's NEXTAUTH_SECRET (tests/support/server.ts): lets a test read and forge session tokens.
const SECRET = "test-secret";
const COOKIE = "next-auth.session-token";

const NOT_AUTHENTICATED = {
  type: "authentication_error",
  code: "not_authenticated",
  detail: "Authentication credentials were not provided.",
  attr: null,
};

const withCookie = (cookie: string) => anonymous.as({ cookie });

async function logIn(email: string, password: string): Promise<ApiClient> {
  const response = await anonymous.post("/api/login/", { email, password });
  expect(response.status, response.text).toBe(200);
  return withCookie(sessionCookie(response));
}

/** Whether the cookie still signs in, through the API and through the app's server-rendered pages. */
async function signedIn(client: ApiClient): Promise<boolean> {
  const me = await client.get("/api/users/@me/");
  const page = await fetch(new URL("/organization/members", baseUrl), {
    headers: { cookie: client.credentials.cookie! },
    redirect: "manual",
  });
  const pageSignedIn = page.status === 200;
  const apiSignedIn = me.status === 200;
  if (!apiSignedIn) expect(me.body).toEqual(NOT_AUTHENTICATED);
  if (!pageSignedIn) expect([page.status, page.headers.get("location")]).toEqual([307, "/login"]);
  // The API and the pages make the same decision.
  expect(pageSignedIn).toBe(apiSignedIn);
  return apiSignedIn;
}

const tokenOf = (client: ApiClient) => decode({ token: client.credentials.cookie!.slice(COOKIE.length + 1), secret: SECRET });
const forged = async (token: Record<string, unknown>) => withCookie(`${COOKIE}=${await encode({ token, secret: SECRET })}`);

async function changePassword(client: ApiClient, body: Record<string, unknown>): Promise<ApiResponse> {
  return client.patch("/api/users/@me/", body);
}

/** A new account made by accepting an invite to `owner`'s organization: that organization is its only one. */
async function inviteNewAccount(owner: TestUser): Promise<{ email: string; session: ApiClient; uuid: string }> {
  const email = uniqueEmail("invited");
  const invite = await owner.session.post(`/api/organizations/${owner.organizationId}/invites/`, { target_email: email, level: 1 });
  expect(invite.status, invite.text).toBe(201);
  const joined = await anonymous.post(`/api/signup/${invite.body.id}/`, { first_name: "Invited", password: "long-enough-pw" });
  expect(joined.status, joined.text).toBe(201);
  return { email, session: withCookie(sessionCookie(joined)), uuid: joined.body.uuid };
}

describe("logout", () => {
  test("a cookie copied before logout is refused after it, by the API and by the pages", async () => {
    const user = await signUp(baseUrl);
    const copy = withCookie(user.session.credentials.cookie!);
    expect(await signedIn(copy)).toBe(true);

    const out = await user.session.post("/api/logout/");
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().join()).toMatch(new RegExp(`${COOKIE}=;`));
    expect(await signedIn(copy)).toBe(false);
    expect(await signedIn(user.session)).toBe(false);
    // Logging out again with the dead cookie is harmless.
    expect((await copy.post("/api/logout/")).status).toBe(204);
  });

  test("logout ends only its own session: the user's other sign-ins keep working", async () => {
    const user = await signUp(baseUrl);
    const laptop = await logIn(user.email, user.password);
    const phone = await logIn(user.email, user.password);
    expect(laptop.credentials.cookie).not.toBe(phone.credentials.cookie);
    expect((await laptop.post("/api/logout/")).status).toBe(204);
    expect(await signedIn(laptop)).toBe(false);
    expect(await signedIn(phone)).toBe(true);
    expect(await signedIn(user.session)).toBe(true);
  });

  test("logging out someone else's session needs their cookie: a key cannot, a cross-site form cannot", async () => {
    const user = await signUp(baseUrl);
    const key = await user.key();
    expect((await key.post("/api/logout/")).status).toBe(403);
    const crossSite = await anonymous.request("POST", "/api/logout/", undefined, {
      headers: { cookie: user.session.credentials.cookie!, origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    expect(await signedIn(user.session)).toBe(true);
  });
});

describe("sign out everywhere", () => {
  const everywhere = (client: ApiClient, id = "@me") => client.post(`/api/users/${id}/logout_everywhere/`);

  test("every session of the user stops working, the one that asked included; the password still signs in", async () => {
    const user = await signUp(baseUrl);
    const laptop = await logIn(user.email, user.password);
    const copy = withCookie(user.session.credentials.cookie!);
    const out = await everywhere(user.session);
    expect(out.status, out.text).toBe(204);
    expect(out.headers.getSetCookie().join()).toMatch(new RegExp(`${COOKIE}=;`));
    for (const client of [user.session, laptop, copy]) expect(await signedIn(client)).toBe(false);
    expect(await signedIn(await logIn(user.email, user.password))).toBe(true);
  });

  test("other users' sessions stay; another user's id is no route to them", async () => {
    const user = await signUp(baseUrl);
    const neighbour = await signUp(baseUrl);
    for (const id of [neighbour.user.id, neighbour.user.uuid, "me"])
      expect((await everywhere(user.session, id)).status, String(id)).toBe(404);
    expect(await signedIn(neighbour.session)).toBe(true);
    expect(await signedIn(user.session)).toBe(true);
    expect((await everywhere(user.session)).status).toBe(204);
    expect(await signedIn(neighbour.session)).toBe(true);
  });

  test("a key needs user:write and signs out the sessions but keeps working; signed out or cross-site, refused", async () => {
    const user = await signUp(baseUrl);
    const reader = await user.key(["user:read"]);
    expect((await everywhere(reader)).status).toBe(403);
    expect(await signedIn(user.session)).toBe(true);
    expect((await everywhere(anonymous)).status).toBe(401);
    const crossSite = await anonymous.request("POST", "/api/users/@me/logout_everywhere/", undefined, {
      headers: { cookie: user.session.credentials.cookie!, origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    expect(await signedIn(user.session)).toBe(true);

    const writer = await user.key(["user:write"]);
    expect((await everywhere(writer)).status).toBe(204);
    expect(await signedIn(user.session)).toBe(false);
    expect((await writer.get("/api/users/@me/")).status).toBe(200);
  });
});

describe("password change", () => {
  test("signs out the user's other sessions; the one that changed it keeps working; the new password signs in", async () => {
    const user = await signUp(baseUrl);
    const other = await logIn(user.email, user.password);
    const changed = await changePassword(user.session, { current_password: user.password, password: "a-brand-new-password" });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.email).toBe(user.email);
    expect(changed.body).not.toHaveProperty("password");

    expect(await signedIn(user.session)).toBe(true);
    expect(await signedIn(other)).toBe(false);
    expect((await anonymous.post("/api/login/", { email: user.email, password: user.password })).status).toBe(400);
    expect(await signedIn(await logIn(user.email, "a-brand-new-password"))).toBe(true);
  });

  test("needs the current password; refused attempts change nothing and sign nobody out", async () => {
    const user = await signUp(baseUrl);
    const other = await logIn(user.email, user.password);
    const missing = await changePassword(user.session, { password: "a-brand-new-password" });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      type: "validation_error",
      code: "required",
      detail: "This field is required when updating your password.",
      attr: "current_password",
    });
    const wrong = await changePassword(other, { current_password: "not-my-password", password: "a-brand-new-password" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      type: "validation_error",
      code: "incorrect_password",
      detail: "Your current password is incorrect.",
      attr: "current_password",
    });
    const short = await changePassword(user.session, { current_password: user.password, password: "short" });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ attr: "password" });

    expect(await signedIn(user.session)).toBe(true);
    expect(await signedIn(other)).toBe(true);
    expect(await signedIn(await logIn(user.email, user.password))).toBe(true);
  });

  test("changed through a personal API key, every session is signed out (the key is no session)", async () => {
    const user = await signUp(baseUrl);
    const key = await user.key(["user:write"]);
    const changed = await changePassword(key, { current_password: user.password, password: "a-brand-new-password" });
    expect(changed.status, changed.text).toBe(200);
    expect(await signedIn(user.session)).toBe(false);
    expect((await key.get("/api/users/@me/")).status).toBe(200);
  });

  test("another user's password change leaves my sessions alone", async () => {
    const user = await signUp(baseUrl);
    const neighbour = await signUp(baseUrl);
    expect(
      (await changePassword(neighbour.session, { current_password: neighbour.password, password: "a-brand-new-password" })).status,
    ).toBe(200);
    expect(await signedIn(user.session)).toBe(true);
  });
});

describe("removal from every organization", () => {
  test("removed by an admin from their only organization: every session of the user is signed out", async () => {
    const owner = await signUp(baseUrl);
    const invited = await inviteNewAccount(owner);
    const again = await logIn(invited.email, "long-enough-pw");
    expect(await signedIn(invited.session)).toBe(true);

    const removed = await owner.session.delete(`/api/organizations/${owner.organizationId}/members/${invited.uuid}/`);
    expect(removed.status).toBe(204);
    expect(await signedIn(invited.session)).toBe(false);
    expect(await signedIn(again)).toBe(false);
    // The remover is not affected.
    expect(await signedIn(owner.session)).toBe(true);
  });

  test("leaving their only organization signs the user out everywhere", async () => {
    const owner = await signUp(baseUrl);
    const invited = await inviteNewAccount(owner);
    const again = await logIn(invited.email, "long-enough-pw");
    expect((await invited.session.delete(`/api/organizations/${owner.organizationId}/members/@me/`)).status).toBe(204);
    expect(await signedIn(invited.session)).toBe(false);
    expect(await signedIn(again)).toBe(false);
  });

  test("removed from one organization while still in another: the sessions stay", async () => {
    const owner = await signUp(baseUrl);
    const member = await joinAs(owner, 1);
    expect((await owner.session.delete(`/api/organizations/${owner.organizationId}/members/${member.user.uuid}/`)).status).toBe(204);
    expect(await signedIn(member.session)).toBe(true);
  });
});

describe("tokens that name no recorded session", () => {
  test("a token from before sessions were recorded (no sid) is refused, though validly signed", async () => {
    const user = await signUp(baseUrl);
    const oldStyle = await forged({ sub: String(user.user.id), email: user.email, name: "Test" });
    expect(await signedIn(oldStyle)).toBe(false);
    expect((await oldStyle.post("/api/logout/")).status).toBe(204);
    expect(await signedIn(user.session)).toBe(true);
  });

  test("a session is bound to its user: another user's id with my session's id is refused", async () => {
    const attacker = await signUp(baseUrl);
    const victim = await signUp(baseUrl);
    const { sid } = (await tokenOf(attacker.session))!;
    expect(sid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await signedIn(await forged({ sub: String(victim.user.id), sid }))).toBe(false);
    expect(await signedIn(await forged({ sub: String(attacker.user.id), sid }))).toBe(true);
  });

  test("made-up, malformed and foreign session ids, and tokens not ours, are refused (401, never 500)", async () => {
    const user = await signUp(baseUrl);
    const sub = String(user.user.id);
    for (const sid of [randomUUID(), "not-a-uuid", "", 42, null, ["x"], "00000000-0000-0000-0000-000000000000\u0000"])
      expect(await signedIn(await forged({ sub, sid }))).toBe(false);
    expect(await signedIn(withCookie(`${COOKIE}=garbage`))).toBe(false);
    const signedElsewhere = await encode({ token: { sub, sid: (await tokenOf(user.session))!.sid }, secret: "another-secret" });
    expect(await signedIn(withCookie(`${COOKIE}=${signedElsewhere}`))).toBe(false);
  });
});

describe("next-auth's own sign-in route (/api/auth/callback/credentials)", () => {
  /** Signs in as a browser posting next-auth's sign-in form would: CSRF token first, then the credentials. */
  async function nextAuthSignIn(email: string, password: string): Promise<{ status: number; cookie: string | null }> {
    const csrf = await fetch(new URL("/api/auth/csrf", baseUrl));
    const { csrfToken } = await csrf.json();
    const csrfCookie = csrf.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const response = await fetch(new URL("/api/auth/callback/credentials", baseUrl), {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie },
      body: new URLSearchParams({ csrfToken, email, password, callbackUrl: baseUrl }),
    });
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .find((c) => c.startsWith(`${COOKIE}=`));
    return { status: response.status, cookie: cookie ?? null };
  }

  test("gives a recorded session that works, and that logout revokes for every copy", async () => {
    const user = await signUp(baseUrl);
    const signIn = await nextAuthSignIn(user.email, user.password);
    expect(signIn.cookie).not.toBeNull();
    const session = withCookie(signIn.cookie!);
    expect((await tokenOf(session))!.sid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await signedIn(session)).toBe(true);
    expect((await session.get("/api/users/@me/")).body.email).toBe(user.email);

    const copy = withCookie(signIn.cookie!);
    expect((await session.post("/api/logout/")).status).toBe(204);
    expect(await signedIn(copy)).toBe(false);
    // next-auth's session route does not vouch for it either, and clears it.
    const nextAuthSession = await fetch(new URL("/api/auth/session", baseUrl), { headers: { cookie: signIn.cookie! } });
    expect(await nextAuthSession.json()).toEqual({});
  });

  test("next-auth's sign-out revokes the session too", async () => {
    const user = await signUp(baseUrl);
    const { cookie } = await nextAuthSignIn(user.email, user.password);
    const csrf = await fetch(new URL("/api/auth/csrf", baseUrl), { headers: { cookie: cookie! } });
    const { csrfToken } = await csrf.json();
    const csrfCookie = csrf.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const out = await fetch(new URL("/api/auth/signout", baseUrl), {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: `${cookie}; ${csrfCookie}` },
      body: new URLSearchParams({ csrfToken, callbackUrl: baseUrl }),
    });
    expect(out.status).toBeLessThan(400);
    expect(await signedIn(withCookie(cookie!))).toBe(false);
  });

  test("a session it gave is signed out by a password change made elsewhere", async () => {
    const user = await signUp(baseUrl);
    const { cookie } = await nextAuthSignIn(user.email, user.password);
    expect((await changePassword(user.session, { current_password: user.password, password: "a-brand-new-password" })).status).toBe(200);
    expect(await signedIn(withCookie(cookie!))).toBe(false);
  });

  test("wrong credentials give no session", async () => {
    const user = await signUp(baseUrl);
    expect((await nextAuthSignIn(user.email, "not-the-password")).cookie).toBeNull();
  });
});
