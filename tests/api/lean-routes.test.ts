import { beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { listAllEvents, projectToken } from "../support/events";

const baseUrl = inject("baseUrl");
const answeredBy = (response: Response) => (response.headers.get("x-hedgerow-route") === "lean" ? "lean" : "next");

// scripts/serve.mjs answers the client libraries' routes before Next's router (lib/server/lean-routes.ts).
describe("the server process's lean client routes", () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await signUp(baseUrl);
  });

  test("capture, flags and remote config are answered before Next, and what capture acknowledges is stored", async () => {
    const token = projectToken(user);
    const event = (name: string) => JSON.stringify({ api_key: token, event: name, distinct_id: "lean-1" });
    const answers = [
      await fetch(new URL("/e/", baseUrl), { method: "POST", body: event("lean e") }),
      await fetch(new URL("/i/v0/e?ip=1", baseUrl), { method: "POST", body: event("lean i") }),
      await fetch(new URL("/batch/", baseUrl), {
        method: "POST",
        body: JSON.stringify({ api_key: token, batch: [JSON.parse(event("lean batch"))] }),
      }),
      await fetch(new URL("/capture", baseUrl), { method: "POST", body: event("lean capture") }),
      await fetch(new URL("/track/", baseUrl), { method: "POST", body: event("lean track") }),
      await fetch(new URL("/flags/?v=2", baseUrl), { method: "POST", body: JSON.stringify({ token, distinct_id: "lean-1" }) }),
      await fetch(new URL("/decide/?v=4", baseUrl), { method: "POST", body: JSON.stringify({ token, distinct_id: "lean-1" }) }),
      await fetch(new URL("/e/", baseUrl), { method: "OPTIONS", headers: { origin: "https://site.example" } }),
      await fetch(new URL(`/array/${token}/config`, baseUrl)),
      await fetch(new URL(`/array/${token}/config.js`, baseUrl)),
    ];
    for (const answer of answers) {
      expect(answer.status, answer.url).toBe(200);
      expect(answeredBy(answer), answer.url).toBe("lean");
      expect(answer.headers.get("x-content-type-options"), answer.url).toBe("nosniff");
      expect(answer.headers.get("referrer-policy"), answer.url).toBe("strict-origin-when-cross-origin");
    }
    const remoteConfig = await answers[answers.length - 2].json();
    expect(remoteConfig).toMatchObject({ token });
    expect(await answers[answers.length - 1].text()).toContain(token);
    const names = (await listAllEvents(user)).map((stored) => stored.event);
    for (const name of ["lean e", "lean i", "lean batch", "lean capture", "lean track"]) expect(names).toContain(name);
  });

  test("every other path, spelling and method is Next's", async () => {
    const answers = [
      await fetch(new URL("/e/", baseUrl), { method: "HEAD" }),
      await fetch(new URL("/%65/", baseUrl), { method: "POST", body: "{}" }),
      await fetch(new URL("/E/", baseUrl), { method: "POST", body: "{}" }),
      await fetch(new URL("/_health", baseUrl)),
      await fetch(new URL("/api/users/@me/", baseUrl)),
      await fetch(new URL("/flags/definitions", baseUrl)),
      await fetch(new URL("/login", baseUrl)),
      await fetch(new URL("/array/phc_x/config", baseUrl), { method: "POST" }),
    ];
    for (const answer of answers) expect(answeredBy(answer), answer.url).toBe("next");
  });
});
