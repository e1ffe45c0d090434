import { describe, expect, inject, test } from "vitest";
import { ApiClient, signUp, uniqueEmail, type ApiResponse } from "../support/api";

// As lib/auth/throttle.ts: CURRENT_PASSWORD_LIMIT wrong current passwords a window (WINDOW_SECONDS) on one user.
const LIMIT = 10;
const WINDOW_SECONDS = 300;
const baseUrl = inject("baseUrl");
const anonymous = new ApiClient(baseUrl);

const changePassword = (client: ApiClient, current_password: string) =>
  client.patch("/api/users/@me/", { password: "a-brand-new-password", current_password });
const changeEmail = (client: ApiClient, current_password: string) =>
  client.patch("/api/users/@me/", { email: uniqueEmail("moved"), current_password });

async function guessWrong(client: ApiClient, times: number) {
  for (let i = 0; i < times; i++) {
    const wrong = await (i % 2 ? changeEmail : changePassword)(client, `guess-${i}`);
    expect([wrong.status, wrong.body.code]).toEqual([400, "incorrect_password"]);
  }
}

/** PostHog's throttled answer, with Retry-After within the window; the detail's seconds as Retry-After's. */
function expectThrottled(response: ApiResponse) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(WINDOW_SECONDS - 60);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(response.body).toEqual({
    type: "throttled_error",
    code: "throttled",
    detail: `Request was throttled. Expected available in ${retryAfter} seconds.`,
    attr: null,
  });
}

describe("wrong current passwords on PATCH /api/users/@me/", () => {
  test("with a session: past the limit a 429, for the right password too, and nothing changes", async () => {
    const user = await signUp(baseUrl);
    await guessWrong(user.session, LIMIT);
    expectThrottled(await changePassword(user.session, user.password));
    expectThrottled(await changeEmail(user.session, user.password));
    expect((await anonymous.post("/api/login/", { email: user.email, password: user.password })).status).toBe(200);
    const me = await user.session.get("/api/users/@me/");
    expect(me.body.email).toBe(user.email);
    // Changes that need no password still go through.
    expect((await user.session.patch("/api/users/@me/", { first_name: "Still" })).status).toBe(200);
  });

  test("with a personal API key: its guesses count for the user, so the session is limited too, and the key by the session's", async () => {
    const user = await signUp(baseUrl);
    const key = await user.key(["user:write"]);
    await guessWrong(key, LIMIT / 2);
    await guessWrong(user.session, LIMIT / 2);
    expectThrottled(await changePassword(key, user.password));
    expectThrottled(await changePassword(user.session, user.password));
    const other = await user.key(["user:write"]);
    expectThrottled(await changeEmail(other, user.password));
  });

  test("once limited, the answer is the same whether the password is right or wrong: the limit does not leak it", async () => {
    const user = await signUp(baseUrl);
    await guessWrong(user.session, LIMIT);
    const answers = [];
    for (const password of [user.password, "wrong-password", user.password, "x"]) {
      const response = await changePassword(user.session, password);
      expectThrottled(response);
      answers.push({ status: response.status, type: response.body.type, code: response.body.code, attr: response.body.attr });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
  });

  test("another user is not affected by one user's limit", async () => {
    const [victim, bystander] = await Promise.all([signUp(baseUrl), signUp(baseUrl)]);
    await guessWrong(victim.session, LIMIT);
    expectThrottled(await changePassword(victim.session, victim.password));
    const changed = await changeEmail(bystander.session, bystander.password);
    expect(changed.status, changed.text).toBe(200);
    await guessWrong(bystander.session, LIMIT - 1);
    expect((await changePassword(bystander.session, bystander.password)).status).toBe(200);
  });

  test("a right password before the limit starts the count over", async () => {
    const user = await signUp(baseUrl);
    let password = user.password;
    for (let round = 0; round < 2; round++) {
      await guessWrong(user.session, LIMIT - 1);
      const next = `new-password-${round}`;
      const changed = await user.session.patch("/api/users/@me/", { password: next, current_password: password });
      expect(changed.status, changed.text).toBe(200);
      password = next;
    }
    await guessWrong(user.session, LIMIT - 1);
  });

  test("a missing current password is a 400 and is not counted", async () => {
    const user = await signUp(baseUrl);
    for (let i = 0; i < LIMIT + 2; i++) {
      const missing = await user.session.patch("/api/users/@me/", { password: "a-brand-new-password" });
      expect([missing.status, missing.body.code]).toEqual([400, "required"]);
    }
    expect((await changeEmail(user.session, user.password)).status).toBe(200);
  });
});
