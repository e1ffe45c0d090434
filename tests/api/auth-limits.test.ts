import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { ApiClient, signUp, uniqueEmail, type ApiResponse, type TestUser } from "../support/api";
import { createPostgresDatabase, startServer, type StartedServer } from "../support/server";

// Limits per client address are tried on servers of this file's own, so the shared server's address is never
// limited for the other files. `proxied` stands behind one TLS proxy (TRUST_PROXY=true, an https SITE_URL): each
// test speaks from addresses of its own through X-Forwarded-For. `direct` trusts none and starts with sign-ups
// closed and no user.
const backend = inject("backend") as "pglite" | "postgres";
const SUBJECT_LIMIT = 10;
const ADDRESS_LIMIT = 30;
const WINDOW_SECONDS = 300;
const PASSWORD = "correct-horse-battery";
const SITE_URL = "https://hedgerow.example.test";
const SECURE_SESSION_COOKIE = "__Secure-next-auth.session-token";

const cleanups: (() => Promise<void>)[] = [];
let proxied: StartedServer;
let direct: StartedServer;

async function ownServer(name: string, env: Record<string, string>) {
  const database = backend === "postgres" ? await createPostgresDatabase(`auth_limits_${name}`) : null;
  if (database) cleanups.push(database.drop);
  const server = await startServer({ backend, databaseUrl: database?.url, resetDatabase: false, env });
  cleanups.unshift(server.stop);
  return server;
}

beforeAll(async () => {
  [proxied, direct] = await Promise.all([
    ownServer("proxied", { ALLOW_SIGNUP: "true", TRUST_PROXY: "true", SITE_URL }),
    ownServer("direct", { ALLOW_SIGNUP: "false" }),
  ]);
}, 180_000);

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
}, 60_000);

let addresses = 0;
/** An address of this test's own, as the trusted proxy reports it. */
const newAddress = () => `198.51.100.${++addresses}`;
const via = (address: string) => ({ headers: { "x-forwarded-for": address } });

const login = (server: StartedServer, email: string, password: string, address: string) =>
  new ApiClient(server.baseUrl).request("POST", "/api/login/", { email, password }, via(address));

function expectThrottled(response: ApiResponse | (Response & { body?: unknown }), body: unknown) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(WINDOW_SECONDS - 60);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(body).toEqual({
    type: "throttled_error",
    code: "throttled",
    detail: `Request was throttled. Expected available in ${retryAfter} seconds.`,
    attr: null,
  });
}

describe("password sign-in", () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await signUp(proxied.baseUrl);
  });

  test("ten wrong passwords limit the account: 429 with Retry-After, for the right password too, from any address", async () => {
    const victim = await signUp(proxied.baseUrl);
    for (let i = 0; i < SUBJECT_LIMIT; i++) {
      const wrong = await login(proxied, i % 2 ? victim.email.toUpperCase() : victim.email, `guess-${i}`, newAddress());
      expect(wrong.body.code).toBe("invalid_credentials");
    }
    for (const address of [newAddress(), newAddress()]) {
      const refused = await login(proxied, victim.email, PASSWORD, address);
      expectThrottled(refused, refused.body);
    }
    // Signed in already, the user keeps working: only new sign-ins wait.
    expect((await victim.session.get("/api/users/@me/")).status).toBe(200);
  });

  test("a success before the limit starts the account's count over", async () => {
    const address = newAddress();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < SUBJECT_LIMIT - 1; i++) expect((await login(proxied, user.email, "wrong-password", address)).status).toBe(400);
      expect((await login(proxied, user.email, PASSWORD, address)).status).toBe(200);
    }
  });

  test("one address guessing across many accounts is limited; its own successes do not clear that; other addresses are not", async () => {
    const guesser = newAddress();
    for (let i = 0; i < ADDRESS_LIMIT; i++) {
      expect((await login(proxied, uniqueEmail("sprayed"), "Winter2024!", guesser)).status).toBe(400);
      if (i % 10 === 0) expect((await login(proxied, user.email, PASSWORD, guesser)).status).toBe(200);
    }
    for (const email of [uniqueEmail("sprayed"), user.email]) {
      const refused = await login(proxied, email, PASSWORD, guesser);
      expectThrottled(refused, refused.body);
    }
    expect((await login(proxied, user.email, PASSWORD, newAddress())).status).toBe(200);
  });

  test("the address is the one the trusted proxy saw: entries the client writes before it change nothing", async () => {
    const real = newAddress();
    for (let i = 0; i < ADDRESS_LIMIT; i++) {
      const spoofed = `203.0.113.${i}, 10.0.${i}.1`;
      await login(proxied, uniqueEmail("sprayed"), "x", `${spoofed}, ${real}`);
    }
    const refused = await login(proxied, user.email, PASSWORD, `192.0.2.77, ${real}`);
    expectThrottled(refused, refused.body);
  });

  test("without TRUST_PROXY, X-Forwarded-For is ignored: varying it does not escape the address's limit", async () => {
    // `direct`'s readiness probe already spent one failed sign-in from this address.
    const outcomes: number[] = [];
    for (let i = 0; i < ADDRESS_LIMIT + 1; i++) outcomes.push((await login(direct, uniqueEmail("sprayed"), "x", `203.0.113.${i}`)).status);
    expect(outcomes.slice(0, ADDRESS_LIMIT - 1).every((status) => status === 400)).toBe(true);
    expect(outcomes.at(-1)).toBe(429);
  });
});

describe("next-auth's credentials callback", () => {
  /** A sign-in through next-auth's own route (its CSRF token first, as a browser's form sends it). */
  async function callbackSignIn(email: string, password: string, address: string) {
    const csrf = await fetch(new URL("/api/auth/csrf", proxied.baseUrl), via(address));
    const { csrfToken } = await csrf.json();
    const cookie = csrf.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    return fetch(new URL("/api/auth/callback/credentials", proxied.baseUrl), {
      method: "POST",
      redirect: "manual",
      headers: { ...via(address).headers, cookie, "content-type": "application/x-www-form-urlencoded", origin: proxied.baseUrl },
      body: new URLSearchParams({ email, password, csrfToken, json: "true" }),
    });
  }
  const signedIn = (response: Response) => response.headers.getSetCookie().some((c) => c.startsWith(`${SECURE_SESSION_COOKIE}=`));

  test("counts with /api/login/: its failures limit the API's sign-in, and it answers 429 itself once limited", async () => {
    const victim = await signUp(proxied.baseUrl);
    for (let i = 0; i < SUBJECT_LIMIT; i++) expect(signedIn(await callbackSignIn(victim.email, `guess-${i}`, newAddress()))).toBe(false);
    const api = await login(proxied, victim.email, PASSWORD, newAddress());
    expectThrottled(api, api.body);
    const refused = await callbackSignIn(victim.email, PASSWORD, newAddress());
    expect(signedIn(refused)).toBe(false);
    expectThrottled(refused, await refused.json());
  });

  test("failures through /api/login/ limit it too; before the limit, the right password signs in", async () => {
    const victim = await signUp(proxied.baseUrl);
    expect(signedIn(await callbackSignIn(victim.email, PASSWORD, newAddress()))).toBe(true);
    for (let i = 0; i < SUBJECT_LIMIT; i++) await login(proxied, victim.email, `guess-${i}`, newAddress());
    const refused = await callbackSignIn(victim.email, PASSWORD, newAddress());
    expectThrottled(refused, await refused.json());
  });
});

describe("sign-up", () => {
  const signup = (email: string, address: string) =>
    new ApiClient(proxied.baseUrl).request("POST", "/api/signup/", { email, password: PASSWORD, first_name: "Probe" }, via(address));

  test("asking again and again whether an email has an account is limited per email and per address", async () => {
    const taken = (await signUp(proxied.baseUrl)).email;
    for (let i = 0; i < SUBJECT_LIMIT; i++) expect((await signup(taken, newAddress())).body.code).toBe("unique");
    const perEmail = await signup(taken, newAddress());
    expectThrottled(perEmail, perEmail.body);

    const prober = newAddress();
    const existing = await Promise.all(Array.from({ length: 4 }, () => signUp(proxied.baseUrl)));
    for (let i = 0; i < ADDRESS_LIMIT; i++) await signup(existing[i % existing.length].email, prober);
    const perAddress = await signup(uniqueEmail("new"), prober);
    expectThrottled(perAddress, perAddress.body);
    expect((await signup(uniqueEmail("new"), newAddress())).status).toBe(201);
  });
});

describe("invite acceptance", () => {
  test("guessing invite ids from one address is limited; a real invite from another address is still accepted", async () => {
    const owner = await signUp(proxied.baseUrl);
    const invite = await owner.session.post(`/api/organizations/${owner.organizationId}/invites/`, {
      target_email: uniqueEmail("invitee"),
    });
    const guesser = newAddress();
    const accept = (id: string, address: string) =>
      new ApiClient(proxied.baseUrl).request("POST", `/api/signup/${id}/`, { first_name: "G", password: PASSWORD }, via(address));
    for (let i = 0; i < ADDRESS_LIMIT; i++) expect((await accept(crypto.randomUUID(), guesser)).status).toBe(404);
    const refused = await accept(invite.body.id, guesser);
    expectThrottled(refused, refused.body);
    expect((await accept(invite.body.id, newAddress())).status).toBe(201);
  });

  test("an invite tried with wrong recipients is limited per invite", async () => {
    const owner = await signUp(proxied.baseUrl);
    const email = uniqueEmail("invitee");
    const invite = await owner.session.post(`/api/organizations/${owner.organizationId}/invites/`, { target_email: email });
    const accept = (as: string, address: string) =>
      new ApiClient(proxied.baseUrl).request(
        "POST",
        `/api/signup/${invite.body.id}/`,
        { email: as, first_name: "G", password: PASSWORD },
        via(address),
      );
    for (let i = 0; i < SUBJECT_LIMIT; i++) expect((await accept(uniqueEmail("wrong"), newAddress())).body.code).toBe("invalid_recipient");
    const refused = await accept(email, newAddress());
    expectThrottled(refused, refused.body);
  });
});

describe("behind a TLS proxy, the public URL (SITE_URL) decides", () => {
  test("the session cookie is Secure (__Secure-), from the API's sign-in and next-auth's alike", async () => {
    const user = await signUp(proxied.baseUrl);
    const cookies = [
      (await login(proxied, user.email, PASSWORD, newAddress())).headers.getSetCookie(),
      await (await fetch(new URL("/api/auth/csrf", proxied.baseUrl))).headers.getSetCookie(),
    ];
    const session = cookies[0].find((c) => c.startsWith(`${SECURE_SESSION_COOKIE}=`));
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
    for (const cookie of cookies[1]) expect(cookie, cookie).toMatch(/;\s*Secure/i);
    // The Secure cookie signs in.
    expect((await new ApiClient(proxied.baseUrl, { cookie: session!.split(";")[0] }).get("/api/users/@me/")).body.email).toBe(user.email);
  });

  test("next-auth's own URLs are the public URL's, never localhost:3000", async () => {
    const providers = await (await fetch(new URL("/api/auth/providers", proxied.baseUrl))).json();
    expect(providers.credentials).toMatchObject({
      signinUrl: `${SITE_URL}/api/auth/signin/credentials`,
      callbackUrl: `${SITE_URL}/api/auth/callback/credentials`,
    });
  });
});

describe("the instance's first user", () => {
  test("of several first sign-ups at once, exactly one is accepted; the others are refused as closed sign-ups", async () => {
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        new ApiClient(direct.baseUrl).post("/api/signup/", { email: uniqueEmail(`first${i}`), password: PASSWORD, first_name: "First" }),
      ),
    );
    expect(attempts.map((a) => a.status).sort()).toEqual([201, 403, 403, 403, 403, 403]);
    for (const refused of attempts.filter((a) => a.status === 403))
      expect(refused.body.detail).toBe("New sign-ups are disabled on this instance. Ask an organization admin for an invite.");
  });
});
