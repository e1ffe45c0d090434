import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, test } from "vitest";
import { joinAs, signUp, type ApiClient, type TestUser } from "../support/api";
import { listAllEvents, projectToken, sendRaw } from "../support/events";

// The test server listens on loopback without TRUST_PROXY: the sender's address is 127.0.0.1 whatever the
// request's forwarding headers claim.
const baseUrl = inject("baseUrl");
const LOOPBACK = "127.0.0.1";

let owner: TestUser;
let stranger: TestUser;
const projectPath = () => `/api/projects/${owner.projectId}/`;
const environmentPath = () => `/api/environments/${owner.projectId}/`;

beforeAll(async () => {
  [owner, stranger] = await Promise.all([signUp(baseUrl), signUp(baseUrl)]);
});

/** Sends two events through /batch/ with spoofed forwarding headers: one without `$ip`, one naming its own. */
async function capture(user: TestUser, name: string) {
  const batch = [
    { event: name, distinct_id: "d", uuid: randomUUID(), properties: { kind: "plain" } },
    { event: name, distinct_id: "d", uuid: randomUUID(), properties: { kind: "named", $ip: "203.0.113.9" } },
  ];
  const response = await sendRaw(baseUrl, "/batch/", {
    headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.7", "x-real-ip": "198.51.100.8" },
    body: JSON.stringify({ api_key: projectToken(user), batch }),
  });
  expect(response.status, response.text).toBe(200);
  const stored = (await listAllEvents(user)).filter((event) => event.event === name);
  return Object.fromEntries(stored.map((event) => [event.properties.kind, event.properties.$ip]));
}

describe("the project setting anonymize_ips", () => {
  test("is off in a new project; PATCH and GET round-trip on projects and environments", async () => {
    expect((await owner.session.get(projectPath())).body.anonymize_ips).toBe(false);
    expect((await owner.session.get(environmentPath())).body.anonymize_ips).toBe(false);
    const on = await owner.session.patch(projectPath(), { anonymize_ips: true });
    expect(on.status, on.text).toBe(200);
    expect(on.body.anonymize_ips).toBe(true);
    expect((await owner.session.get(environmentPath())).body.anonymize_ips).toBe(true);
    // Fields not sent are kept; the environment path changes the same project.
    const renamed = await owner.session.patch(environmentPath(), { name: "Renamed" });
    expect(renamed.body).toMatchObject({ name: "Renamed", anonymize_ips: true });
    expect((await owner.session.patch(environmentPath(), { anonymize_ips: false })).body.anonymize_ips).toBe(false);
    expect((await owner.session.get(projectPath())).body.anonymize_ips).toBe(false);
  });

  test("a value that is not a boolean answers 400 naming it, and changes nothing", async () => {
    for (const value of ["yes", 1, null, {}, ["true"]]) {
      const response = await owner.session.patch(projectPath(), { anonymize_ips: value });
      expect(response.status, JSON.stringify(value)).toBe(400);
      expect(response.body).toMatchObject({ type: "validation_error", attr: "anonymize_ips" });
    }
    expect((await owner.session.get(projectPath())).body.anonymize_ips).toBe(false);
  });

  test("another organization, a read-only key, a key of another project or a plain member cannot change it", async () => {
    const second = await owner.session.post(`/api/organizations/${owner.organizationId}/projects/`, { name: "Second" });
    expect(second.status).toBe(201);
    const attempts: [ApiClient, number][] = [
      [stranger.session, 403],
      [await stranger.key(["*"]), 403],
      [await stranger.key(["project:write"]), 403],
      [await owner.key(["project:read"]), 403],
      [await owner.key(["*"], { scoped_teams: [second.body.id] }), 403],
      [(await joinAs(owner, 1)).session, 403],
    ];
    for (const [client, status] of attempts)
      for (const path of [projectPath(), environmentPath()]) {
        const response = await client.patch(path, { anonymize_ips: true });
        expect(response.status, `${path} ${response.text}`).toBe(status);
      }
    expect((await owner.session.get(projectPath())).body.anonymize_ips).toBe(false);
    // Reading it is for the project's organization only.
    expect((await stranger.session.get(projectPath())).status).toBe(403);
    expect((await (await stranger.key(["*"])).get(environmentPath())).status).toBe(403);
    expect((await (await owner.key(["project:read"])).get(environmentPath())).body.anonymize_ips).toBe(false);
  });
});

describe("capture's $ip", () => {
  test("is the sender's address, never a forwarding header's without TRUST_PROXY; an event's own $ip is kept", async () => {
    expect(await capture(owner, "recorded")).toEqual({ plain: LOOPBACK, named: "203.0.113.9" });
  });

  test("with anonymize_ips, no event keeps one, from the next request on; turned off, it is recorded again", async () => {
    const user = await signUp(baseUrl);
    // Capture remembers the project of a token it has seen.
    expect(await capture(user, "before")).toEqual({ plain: LOOPBACK, named: "203.0.113.9" });
    expect((await user.session.patch(`/api/projects/${user.projectId}/`, { anonymize_ips: true })).status).toBe(200);
    expect(await capture(user, "anonymized")).toEqual({ plain: undefined, named: undefined });
    const [event] = (await listAllEvents(user)).filter((e) => e.event === "anonymized");
    expect("$ip" in event.properties).toBe(false);
    expect((await user.session.patch(`/api/environments/${user.projectId}/`, { anonymize_ips: false })).status).toBe(200);
    expect(await capture(user, "after")).toEqual({ plain: LOOPBACK, named: "203.0.113.9" });
  });
});
