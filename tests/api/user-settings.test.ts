import { describe, expect, inject, test } from "vitest";
import { ApiClient, signUp, uniqueEmail, type TestUser } from "../support/api";

const baseUrl = inject("baseUrl");
const anonymous = new ApiClient(baseUrl);

const changeEmail = (client: ApiClient, body: Record<string, unknown>) => client.patch("/api/users/@me/", body);
const canLogIn = async (email: string, password: string) => (await anonymous.post("/api/login/", { email, password })).status === 200;
const emailOf = async (user: TestUser) => (await user.session.get("/api/users/@me/")).body.email;

describe("name", () => {
  test("first and last name change without a password; blank first names are refused", async () => {
    const user = await signUp(baseUrl);
    const renamed = await user.session.patch("/api/users/@me/", { first_name: "Ada", last_name: "Lovelace" });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ first_name: "Ada", last_name: "Lovelace", email: user.email });
    const blank = await user.session.patch("/api/users/@me/", { first_name: "   " });
    expect([blank.status, blank.body.attr]).toEqual([400, "first_name"]);
    const long = await user.session.patch("/api/users/@me/", { last_name: "x".repeat(151) });
    expect([long.status, long.body.attr]).toEqual([400, "last_name"]);
  });
});

describe("email change", () => {
  test("with the current password: the new address signs in, the old one no longer does, unverified", async () => {
    const user = await signUp(baseUrl);
    const email = uniqueEmail("moved");
    const changed = await changeEmail(user.session, {
      email: email.replace("example.com", "EXAMPLE.com"),
      current_password: user.password,
    });
    expect(changed.status, changed.text).toBe(200);
    // The domain is normalized as at sign-up.
    expect(changed.body).toMatchObject({ email, is_email_verified: false });
    expect(await canLogIn(email, user.password)).toBe(true);
    expect(await canLogIn(user.email, user.password)).toBe(false);
    // The session that changed it stays signed in.
    expect(await emailOf({ ...user, email })).toBe(email);
  });

  test("without the current password, or with a wrong one, nothing changes", async () => {
    const user = await signUp(baseUrl);
    const email = uniqueEmail("hijack");
    const missing = await changeEmail(user.session, { email });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      type: "validation_error",
      code: "required",
      detail: "This field is required when updating your email address.",
      attr: "current_password",
    });
    for (const current_password of ["", "not-my-password", user.password.toUpperCase(), `${user.password} `]) {
      const wrong = await changeEmail(user.session, { email, current_password });
      expect(wrong.status, current_password).toBe(400);
      expect(wrong.body.attr).toBe("current_password");
    }
    // A name change alongside a refused email change is not saved either.
    expect((await changeEmail(user.session, { email, first_name: "Mallory" })).status).toBe(400);
    const me = (await user.session.get("/api/users/@me/")).body;
    expect([me.email, me.first_name]).toEqual([user.email, "Test"]);
    expect(await canLogIn(email, user.password)).toBe(false);
  });

  test("an address another account has, in any case, is refused; the same address again needs nothing", async () => {
    const user = await signUp(baseUrl);
    const other = await signUp(baseUrl);
    for (const email of [other.email, other.email.toUpperCase(), other.email.replace("example.com", "Example.COM")]) {
      const taken = await changeEmail(user.session, { email, current_password: user.password });
      expect(taken.status, email).toBe(400);
      expect(taken.body).toEqual({
        type: "validation_error",
        code: "unique",
        detail: "There is already an account with this email address.",
        attr: "email",
      });
    }
    expect(await emailOf(user)).toBe(user.email);
    expect(await emailOf(other)).toBe(other.email);
    const same = await changeEmail(user.session, { email: user.email });
    expect(same.status, same.text).toBe(200);
  });

  test("malformed and oversized addresses get 400 on email, never a 500", async () => {
    const user = await signUp(baseUrl);
    for (const email of ["not-an-email", "", 42, null, `${"a".repeat(250)}@example.com`, ["a@example.com"]]) {
      const bad = await changeEmail(user.session, { email, current_password: user.password });
      expect(bad.status, String(email)).toBe(400);
      expect(bad.body.attr).toBe("email");
    }
  });

  test("another user's id is not a route to their account, by session or by key", async () => {
    const attacker = await signUp(baseUrl);
    const victim = await signUp(baseUrl);
    const key = await attacker.key(["user:write"]);
    for (const client of [attacker.session, key])
      for (const id of [victim.user.id, victim.user.uuid, "me", "@ME"]) {
        const attempt = await client.patch(`/api/users/${id}/`, { email: uniqueEmail("stolen"), current_password: attacker.password });
        expect(attempt.status, String(id)).toBe(404);
      }
    expect(await emailOf(victim)).toBe(victim.email);
    expect(await emailOf(attacker)).toBe(attacker.email);
  });

  test("a personal API key needs user:write (user:read is not enough), and the current password still", async () => {
    const user = await signUp(baseUrl);
    const email = uniqueEmail("by-key");
    for (const scopes of [["user:read"], ["organization:write", "project:write"]]) {
      const key = await user.key(scopes);
      const refused = await changeEmail(key, { email, current_password: user.password });
      expect(refused.status, scopes.join()).toBe(403);
      expect(refused.body).toMatchObject({ type: "authentication_error", detail: "API key missing required scope 'user:write'" });
    }
    const writer = await user.key(["user:write"]);
    expect((await changeEmail(writer, { email })).status).toBe(400);
    expect((await changeEmail(writer, { email, current_password: user.password })).status).toBe(200);
    expect(await emailOf(user)).toBe(email);
  });

  test("signed out, nothing can be changed", async () => {
    const attempt = await anonymous.patch("/api/users/@me/", { email: uniqueEmail(), current_password: "x" });
    expect(attempt.status).toBe(401);
  });
});
