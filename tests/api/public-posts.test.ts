import { beforeAll, describe, expect, inject, test } from "vitest";
import { ApiClient, signUp, uniqueEmail, type TestUser } from "../support/api";
import { projectToken, sendRaw } from "../support/events";

const baseUrl = inject("baseUrl");
const anonymous = new ApiClient(baseUrl);
const SITE = new URL(baseUrl).origin;
const csrfRefused = { type: "authentication_error", code: "permission_denied", detail: "CSRF Failed: Origin checking failed.", attr: null };

/** What another site's page can make a visitor's browser send without asking (no CORS preflight). */
const crossSiteHeaders: [string, Record<string, string>][] = [
  ["a foreign Origin", { origin: "https://evil.example" }],
  ["a sandboxed frame's null Origin", { origin: "null" }],
  ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
  ["Sec-Fetch-Site: same-site (a sibling subdomain)", { "sec-fetch-site": "same-site", origin: "https://blog.example" }],
  ["a foreign Referer and no Origin", { referer: "https://evil.example/page" }],
  ["a look-alike Origin", { origin: `${SITE}.evil.example` }],
  ["Sec-Fetch-Site cross-site despite a same-origin Origin", { "sec-fetch-site": "cross-site", origin: SITE }],
];

/** Bodies a plain HTML form or a no-cors fetch can carry. */
const simpleBodies = (fields: Record<string, string>): [string, Record<string, string>, string][] => [
  ["form-encoded", { "content-type": "application/x-www-form-urlencoded" }, new URLSearchParams(fields).toString()],
  [
    "multipart",
    { "content-type": "multipart/form-data; boundary=x" },
    `--x\r\nContent-Disposition: form-data; name="email"\r\n\r\n${fields.email}\r\n--x--\r\n`,
  ],
  ["text/plain JSON", { "content-type": "text/plain" }, JSON.stringify(fields)],
  ["untyped JSON (a Blob's)", {}, JSON.stringify(fields)],
];

describe("login CSRF: sign-up, login and invite acceptance take JSON from this site only", () => {
  let user: TestUser;
  let inviteId: string;
  beforeAll(async () => {
    user = await signUp(baseUrl);
    const invite = await user.session.post(`/api/organizations/${user.organizationId}/invites/`, { target_email: uniqueEmail("invitee") });
    expect(invite.status, invite.text).toBe(201);
    inviteId = invite.body.id;
  });

  const bodies = () => ({
    "/api/login/": { email: user.email, password: user.password },
    "/api/signup/": { email: uniqueEmail("csrf"), password: "correct-horse-battery", first_name: "C", organization_name: "CSRF" },
    [`/api/signup/${inviteId}/`]: { first_name: "Invitee", password: "long-enough-pw" },
  });

  test("a cross-site browser request is refused (403), whatever it carries", async () => {
    for (const [path, body] of Object.entries(bodies())) {
      for (const [name, headers] of crossSiteHeaders) {
        const response = await anonymous.request("POST", path, body, { headers });
        expect(response.status, `${path} with ${name}`).toBe(403);
        expect(response.body).toEqual(csrfRefused);
        expect(response.headers.getSetCookie(), `${path} with ${name}`).toEqual([]);
      }
    }
  });

  test("a body a form or no-cors fetch can send is refused (415), even from this site", async () => {
    for (const [path, body] of Object.entries(bodies())) {
      for (const [name, headers, raw] of simpleBodies(body as Record<string, string>)) {
        for (const origin of [{}, { origin: SITE, "sec-fetch-site": "same-origin" }] as Record<string, string>[]) {
          const response = await anonymous.request("POST", path, undefined, { headers: { ...headers, ...origin }, raw });
          expect(response.status, `${path} as ${name}`).toBe(415);
          expect(response.body).toMatchObject({ type: "invalid_request", code: "unsupported_media_type" });
          expect(response.headers.getSetCookie()).toEqual([]);
        }
      }
    }
  });

  test("JSON from this site's pages, and from clients that are no browser, still works", async () => {
    const sameSite = { origin: SITE, "sec-fetch-site": "same-origin" };
    const login = await anonymous.request("POST", "/api/login/", { email: user.email, password: user.password }, { headers: sameSite });
    expect(login.status, login.text).toBe(200);
    expect((await anonymous.post("/api/login/", { email: user.email, password: user.password })).status).toBe(200);
    const typed = await anonymous.request(
      "POST",
      "/api/login/",
      { email: user.email, password: user.password },
      {
        headers: { "content-type": "application/json; charset=utf-8", "sec-fetch-site": "none" },
      },
    );
    expect(typed.status).toBe(200);
    const signup = await anonymous.request("POST", "/api/signup/", bodies()["/api/signup/"], { headers: sameSite });
    expect(signup.status, signup.text).toBe(201);
    const accepted = await anonymous.request("POST", `/api/signup/${inviteId}/`, bodies()[`/api/signup/${inviteId}/`], {
      headers: sameSite,
    });
    expect(accepted.status, accepted.text).toBe(201);
  });

  test("capture stays open to every site, whatever the body's type", async () => {
    const token = projectToken(user);
    const event = JSON.stringify({ api_key: token, event: "from a shop", distinct_id: "shopper" });
    for (const [, headers] of crossSiteHeaders) {
      const response = await sendRaw(baseUrl, "/e/", { headers: { ...headers, "content-type": "text/plain" }, body: event });
      expect(response.status).toBe(200);
    }
    const formPost = await sendRaw(baseUrl, "/e/", {
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ data: event }).toString(),
    });
    expect(formPost.status).toBe(200);
  });
});

describe("login CSRF: next-auth's routes", () => {
  async function csrf() {
    const response = await fetch(new URL("/api/auth/csrf", baseUrl));
    const { csrfToken } = await response.json();
    return {
      csrfToken: csrfToken as string,
      cookie: response.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    };
  }

  test("a cross-site post to the credentials callback or sign-out is refused (403) and signs no one in", async () => {
    const user = await signUp(baseUrl);
    const { csrfToken, cookie } = await csrf();
    for (const path of ["/api/auth/callback/credentials", "/api/auth/signout", "/api/auth/signin/credentials"]) {
      for (const [name, headers] of crossSiteHeaders) {
        const response = await fetch(new URL(path, baseUrl), {
          method: "POST",
          redirect: "manual",
          headers: { ...headers, cookie, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ csrfToken, email: user.email, password: user.password }),
        });
        expect(response.status, `${path} with ${name}`).toBe(403);
        expect(await response.json()).toEqual(csrfRefused);
        expect(
          response.headers.getSetCookie().some((c) => c.includes("session-token")),
          path,
        ).toBe(false);
      }
    }
  });

  test("a body next-auth does not read (text/plain, multipart, untyped) is refused (415)", async () => {
    const { csrfToken, cookie } = await csrf();
    for (const contentType of ["text/plain", "multipart/form-data; boundary=x", null]) {
      const response = await fetch(new URL("/api/auth/callback/credentials", baseUrl), {
        method: "POST",
        redirect: "manual",
        headers: { cookie, ...(contentType ? { "content-type": contentType } : {}) },
        body: new Blob([JSON.stringify({ csrfToken })]),
      });
      expect(response.status, String(contentType)).toBe(415);
      expect(await response.json()).toMatchObject({ code: "unsupported_media_type" });
    }
  });

  test("its own form, posted from this site, still signs in", async () => {
    const user = await signUp(baseUrl);
    const { csrfToken, cookie } = await csrf();
    const response = await fetch(new URL("/api/auth/callback/credentials", baseUrl), {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: SITE, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, email: user.email, password: user.password, callbackUrl: baseUrl }),
    });
    expect(response.headers.getSetCookie().some((c) => c.includes("session-token"))).toBe(true);
  });
});
