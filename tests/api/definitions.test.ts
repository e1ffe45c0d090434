import { beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type ApiClient, type TestUser } from "../support/api";
import { sendEvents, type SentEvent } from "../support/events";

const baseUrl = inject("baseUrl");

const DAY_MS = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** A project with events of the last minutes (and one of 40 days ago), persons with properties. */
const EVENTS: SentEvent[] = [
  {
    event: "signup",
    distinct_id: "u1",
    timestamp: ago(60_000),
    properties: {
      plan: "pro",
      seats: 3,
      is_paid: "true",
      signed_up_at: "2025-04-24T10:00:00Z",
      utm_source: 5,
      distinct_id: "u1",
      tags: ["a", "b"],
      $set: { email: "ann@example.com", age: 31 },
      $set_once: { first_plan: "pro" },
    },
  },
  {
    event: "signup",
    distinct_id: "u2",
    timestamp: ago(50_000),
    properties: { plan: "pro", seats: 1, tags: ["a"], $set: { email: "bob@example.com", age: 40 } },
  },
  { event: "signup", distinct_id: "u3", timestamp: ago(40_000), properties: { plan: "free", seats: 2, $set: { email: "cy@example.com" } } },
  { event: "$pageview", distinct_id: "u1", timestamp: ago(30_000), properties: { $current_url: "https://x.test/a", plan: "team" } },
  { event: "$pageview", distinct_id: "u2", timestamp: ago(20_000), properties: { $current_url: "https://x.test/b" } },
  { event: "old_event", distinct_id: "u1", timestamp: ago(40 * DAY_MS), properties: { legacy: true } },
];

let owner: TestUser;
let projectPath: string;

beforeAll(async () => {
  owner = await signUp(baseUrl);
  projectPath = `/api/projects/${owner.projectId}`;
  await sendEvents(baseUrl, owner, EVENTS);
});

async function ok(client: ApiClient, path: string) {
  const response = await client.get(path);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

const names = (body: { results: { name: string }[] }) => body.results.map((r) => r.name);

describe("event definitions", () => {
  test("every event name received, with PostHog's fields and its 30 days' volume; latest seen first, then by name", async () => {
    const body = await ok(owner.session, `${projectPath}/event_definitions/`);
    expect(body).toMatchObject({ count: 3, next: null, previous: null });
    // Seen today (created and last seen when ingested): ordered by name.
    expect(names(body)).toEqual(["$pageview", "old_event", "signup"]);
    const signup = body.results[2];
    expect(signup).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "signup",
      description: "",
      tags: [],
      created_at: expect.any(String),
      last_seen_at: expect.any(String),
      updated_at: null,
      updated_by: null,
      volume_30_day: 3,
      query_usage_30_day: null,
      is_action: false,
      action_id: null,
      is_calculating: false,
      last_calculated_at: null,
      created_by: null,
      post_to_slack: false,
      verified: false,
      verified_at: null,
      verified_by: null,
      hidden: false,
    });
    expect(Date.now() - Date.parse(signup.last_seen_at)).toBeLessThan(10 * 60_000);
    expect(body.results.map((r: { volume_30_day: number }) => r.volume_30_day)).toEqual([2, 0, 3]);
    expect(await ok(owner.session, `${projectPath}/event_definitions/${signup.id}/`)).toEqual(signup);
  });

  test("search (every term, any case), event_type, names, excluded_properties and ordering", async () => {
    expect(names(await ok(owner.session, `${projectPath}/event_definitions/?search=SIGN`))).toEqual(["signup"]);
    expect(names(await ok(owner.session, `${projectPath}/event_definitions/?search=e%20old`))).toEqual(["old_event"]);
    expect(names(await ok(owner.session, `${projectPath}/event_definitions/?search=page%20zzz`))).toEqual([]);
    expect(names(await ok(owner.session, `${projectPath}/event_definitions/?event_type=event_custom`))).toEqual(["old_event", "signup"]);
    expect(names(await ok(owner.session, `${projectPath}/event_definitions/?event_type=event_posthog`))).toEqual(["$pageview"]);
    expect(names(await ok(owner.session, `${projectPath}/event_definitions/?names=signup,old_event`))).toEqual(["old_event", "signup"]);
    const excluded = encodeURIComponent(JSON.stringify(["signup"]));
    expect(names(await ok(owner.session, `${projectPath}/event_definitions/?excluded_properties=${excluded}`))).toEqual([
      "$pageview",
      "old_event",
    ]);
    expect(names(await ok(owner.session, `${projectPath}/event_definitions/?ordering=-name`))).toEqual([
      "signup",
      "old_event",
      "$pageview",
    ]);
    // Unknown ordering keys are ignored, as PostHog's.
    expect(names(await ok(owner.session, `${projectPath}/event_definitions/?ordering=volume`))).toEqual([
      "$pageview",
      "old_event",
      "signup",
    ]);
  });

  test("pages with limit/offset and DRF's next/previous; a limit past the bound or a bad parameter is PostHog's 400", async () => {
    const page = await ok(owner.session, `${projectPath}/event_definitions/?limit=1&offset=1`);
    expect(page.count).toBe(3);
    expect(names(page)).toEqual(["old_event"]);
    expect(page.next).toBe(`${baseUrl}${projectPath}/event_definitions/?limit=1&offset=2`);
    expect(page.previous).toBe(`${baseUrl}${projectPath}/event_definitions/?limit=1`);
    const tooMany = await owner.session.get(`${projectPath}/event_definitions/?limit=1001`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({
      type: "validation_error",
      code: "max_value",
      detail: "Ensure this value is less than or equal to 1000.",
      attr: "limit",
    });
    const badJson = await owner.session.get(`${projectPath}/event_definitions/?excluded_properties=%5Bnope`);
    expect(badJson.status).toBe(400);
    expect(badJson.body).toMatchObject({ type: "validation_error", attr: "excluded_properties" });
    const badType = await owner.session.get(`${projectPath}/event_definitions/?event_type=nope`);
    expect(badType.status).toBe(400);
    expect(badType.body).toMatchObject({ type: "validation_error", code: "invalid_choice", attr: "event_type" });
  });

  test("PATCH sets description and tags (by whom, when); DELETE removes it until its event comes again", async () => {
    const user = await signUp(baseUrl);
    await sendEvents(baseUrl, user, [{ event: "to_delete", distinct_id: "d", properties: { p: 1 } }]);
    const path = `/api/projects/${user.projectId}/event_definitions/`;
    const [definition] = (await ok(user.session, path)).results;
    const patched = await user.session.patch(`${path}${definition.id}/`, { description: "Deleted soon", tags: ["Temp", "temp "] });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ description: "Deleted soon", tags: ["temp"], updated_by: { email: user.email } });
    expect(Date.now() - Date.parse(patched.body.updated_at)).toBeLessThan(60_000);
    const badBody = await user.session.patch(`${path}${definition.id}/`, { tags: "x" });
    expect(badBody.status).toBe(400);
    expect(badBody.body).toMatchObject({ type: "validation_error", attr: "tags" });

    const deleted = await user.session.delete(`${path}${definition.id}/`);
    expect(deleted.status).toBe(204);
    expect((await ok(user.session, path)).count).toBe(0);
    expect((await user.session.get(`${path}${definition.id}/`)).status).toBe(404);
    // Its properties' pairs went with it: the event's property is no longer seen with it.
    const seen = encodeURIComponent(JSON.stringify(["to_delete"]));
    const properties = await ok(user.session, `/api/projects/${user.projectId}/property_definitions/?event_names=${seen}`);
    // Capture recorded the sender's address as `$ip` (PostHog's ingestion does too).
    expect(properties.results).toEqual([
      expect.objectContaining({ name: "$ip", is_seen_on_filtered_events: false }),
      expect.objectContaining({ name: "p", is_seen_on_filtered_events: false }),
    ]);

    await sendEvents(baseUrl, user, [{ event: "to_delete", distinct_id: "d", properties: { p: 2 } }]);
    const again = await ok(user.session, path);
    expect(again.results).toEqual([expect.objectContaining({ name: "to_delete", description: "", tags: [] })]);
    expect(again.results[0].id).not.toBe(definition.id);
    const seenAgain = await ok(user.session, `/api/projects/${user.projectId}/property_definitions/?event_names=${seen}`);
    expect(seenAgain.results).toEqual([
      expect.objectContaining({ name: "$ip", is_seen_on_filtered_events: true }),
      expect.objectContaining({ name: "p", is_seen_on_filtered_events: true }),
    ]);
  });
});

describe("property definitions", () => {
  const list = async (query = "") => ok(owner.session, `${projectPath}/property_definitions/${query}`);

  test("event properties (hidden ones left out) by name, each typed from its values as PostHog's ingestion does", async () => {
    const body = await list();
    // `$ip`: the address capture recorded, the test's loopback one.
    expect(names(body)).toEqual(["$current_url", "$ip", "is_paid", "legacy", "plan", "seats", "signed_up_at", "tags", "utm_source"]);
    const byName = Object.fromEntries(body.results.map((r: { name: string }) => [r.name, r]));
    expect(byName.seats).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "seats",
      description: "",
      tags: [],
      is_numerical: true,
      property_type: "Numeric",
      is_seen_on_filtered_events: null,
      updated_at: null,
      updated_by: null,
      verified: false,
      verified_at: null,
      verified_by: null,
      hidden: false,
    });
    const types = Object.fromEntries(body.results.map((r: { name: string; property_type: string | null }) => [r.name, r.property_type]));
    expect(types).toEqual({
      $current_url: "String",
      $ip: "String",
      is_paid: "Boolean",
      legacy: "Boolean",
      plan: "String",
      seats: "Numeric",
      signed_up_at: "DateTime",
      tags: null,
      utm_source: "String",
    });
    expect(await ok(owner.session, `${projectPath}/property_definitions/${byName.seats.id}/`)).toEqual(byName.seats);
  });

  test("type=person: the properties persons were given by $set and $set_once", async () => {
    const body = await list("?type=person");
    expect(names(body)).toEqual(["age", "email", "first_plan"]);
    expect(body.results.map((r: { property_type: string }) => r.property_type)).toEqual(["Numeric", "String", "String"]);
    expect(names(await list("?type=person&is_numerical=true"))).toEqual(["age"]);
  });

  test("type=group: each group type's properties from $groupidentify's $group_set, by group_type_index", async () => {
    const user = await signUp(baseUrl);
    const identify = (type: string, key: string, set: Record<string, unknown>, ms: number): SentEvent => ({
      event: "$groupidentify",
      distinct_id: "admin",
      timestamp: ago(ms),
      properties: { $group_type: type, $group_key: key, $group_set: set },
    });
    const sent = [
      identify("company", "acme", { name: "Acme", seats: 5 }, 3000),
      identify("company", "globex", { name: "Globex", founded: "2020-01-01T00:00:00Z" }, 2000),
      identify("project", "web", { name: "Web", public: true }, 1000),
      { event: "$pageview", distinct_id: "u", timestamp: ago(500), properties: { $groups: { instance: "eu" } } },
    ];
    await sendEvents(baseUrl, user, sent);
    const groupList = async (query: string) => ok(user.session, `/api/projects/${user.projectId}/property_definitions/${query}`);
    // The reference: every $group_set key of each type, by the type's index (the order types were first named).
    const typeIndex = new Map(["company", "project", "instance"].map((type, i) => [type, i]));
    const expected = new Map<number, Set<string>>();
    for (const event of sent)
      if (event.event === "$groupidentify") {
        const index = typeIndex.get(event.properties!.$group_type as string)!;
        for (const key of Object.keys(event.properties!.$group_set as object))
          expected.set(index, (expected.get(index) ?? new Set()).add(key));
      }
    for (const index of [0, 1, 2, 3]) {
      const body = await groupList(`?type=group&group_type_index=${index}`);
      expect(names(body), `index ${index}`).toEqual([...(expected.get(index) ?? [])].sort());
    }
    const companies = await groupList("?type=group&group_type_index=0");
    expect(companies.results.map((r: { name: string; property_type: string }) => [r.name, r.property_type])).toEqual([
      ["founded", "DateTime"],
      ["name", "String"],
      ["seats", "Numeric"],
    ]);
    expect(names(await groupList("?type=group&group_type_index=0&search=sea"))).toEqual(["seats"]);
    // Group properties are neither person nor event properties.
    expect(names(await groupList("?type=person"))).toEqual([]);
    expect(names(await groupList("?type=event"))).not.toContain("seats");
    // Through the environments path, and the same names of another type stay apart.
    expect(
      names(await ok(user.session, `/api/environments/${user.projectId}/property_definitions/?type=group&group_type_index=1`)),
    ).toEqual(["name", "public"]);
    // Another project's group properties are not ours.
    expect(names(await list("?type=group&group_type_index=0"))).toEqual([]);
    for (const [query, attr] of [
      ["?type=group", "group_type_index"],
      ["?type=event&group_type_index=0", "group_type_index"],
      ["?type=group&group_type_index=5", "group_type_index"],
    ]) {
      const refused = await user.session.get(`/api/projects/${user.projectId}/property_definitions/${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body).toMatchObject({ type: "validation_error", attr });
    }
  });

  test("event_names: seen-with properties first (is_seen_on_filtered_events), or only them", async () => {
    const events = encodeURIComponent(JSON.stringify(["$pageview"]));
    const body = await list(`?event_names=${events}`);
    expect(body.results.map((r: { name: string; is_seen_on_filtered_events: boolean }) => [r.name, r.is_seen_on_filtered_events])).toEqual([
      ["$current_url", true],
      ["$ip", true],
      ["plan", true],
      ["is_paid", false],
      ["legacy", false],
      ["seats", false],
      ["signed_up_at", false],
      ["tags", false],
      ["utm_source", false],
    ]);
    expect(names(await list(`?event_names=${events}&filter_by_event_names=true`))).toEqual(["$current_url", "$ip", "plan"]);
    const two = encodeURIComponent(JSON.stringify(["$pageview", "old_event"]));
    expect(names(await list(`?event_names=${two}&filter_by_event_names=true`))).toEqual(["$current_url", "$ip", "legacy", "plan"]);
  });

  test("search, properties, is_numerical, is_feature_flag, exclude_core_properties, excluded_properties, pages", async () => {
    expect(names(await list("?search=PL"))).toEqual(["plan"]);
    expect(names(await list("?search=up%20AT"))).toEqual(["signed_up_at"]);
    expect(names(await list("?properties=plan,seats,nope"))).toEqual(["plan", "seats"]);
    expect(names(await list("?is_numerical=true"))).toEqual(["seats"]);
    expect(names(await list("?is_numerical=false"))).not.toContain("seats");
    expect(names(await list("?is_feature_flag=true"))).toEqual([]);
    const own = names(await list("?exclude_core_properties=true"));
    expect(own).not.toContain("$current_url");
    expect(own).not.toContain("$ip");
    expect(names(await list(`?excluded_properties=${encodeURIComponent('["plan","tags"]')}`))).toEqual([
      "$current_url",
      "$ip",
      "is_paid",
      "legacy",
      "seats",
      "signed_up_at",
      "utm_source",
    ]);
    const page = await list("?limit=2&offset=2");
    expect(page).toMatchObject({ count: 9, next: `${baseUrl}${projectPath}/property_definitions/?limit=2&offset=4` });
    expect(names(page)).toEqual(["is_paid", "legacy"]);
  });

  test("bad input is PostHog's 400", async () => {
    const cases: [string, string | null][] = [
      ["?event_names=%5Bnot-json", "event_names"],
      [`?event_names=${encodeURIComponent('{"a":1}')}`, "event_names"],
      [`?event_names=${encodeURIComponent(JSON.stringify(Array.from({ length: 201 }, (_, i) => `e${i}`)))}`, "event_names"],
      [`?type=person&event_names=${encodeURIComponent('["signup"]')}`, null],
      ["?type=bogus", "type"],
      ["?is_numerical=maybe", "is_numerical"],
      ["?limit=5000", "limit"],
    ];
    for (const [query, attr] of cases) {
      const response = await owner.session.get(`${projectPath}/property_definitions/${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body, query).toMatchObject({ type: "validation_error", attr });
    }
  });

  test("PATCH of description, tags and property_type (which sets is_numerical); DELETE", async () => {
    const user = await signUp(baseUrl);
    await sendEvents(baseUrl, user, [{ event: "e", distinct_id: "d", properties: { amount: "12" } }]);
    const path = `/api/projects/${user.projectId}/property_definitions/`;
    const [ip, amount] = (await ok(user.session, path)).results;
    expect(ip).toMatchObject({ name: "$ip", property_type: "String", is_numerical: false });
    expect(amount).toMatchObject({ name: "amount", property_type: "String", is_numerical: false });
    const patched = await user.session.patch(`${path}${amount.id}/`, { property_type: "Numeric", description: "Money", tags: ["billing"] });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({
      property_type: "Numeric",
      is_numerical: true,
      description: "Money",
      tags: ["billing"],
      updated_by: { email: user.email },
    });
    expect(names(await ok(user.session, `${path}?is_numerical=true`))).toEqual(["amount"]);
    const bad = await user.session.patch(`${path}${amount.id}/`, { property_type: "Money" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ type: "validation_error", code: "invalid_choice", attr: "property_type" });
    expect((await user.session.delete(`${path}${amount.id}/`)).status).toBe(204);
    expect(names(await ok(user.session, path))).toEqual(["$ip"]);
  });
});

describe("property values", () => {
  test("events/values: a property's values in recent events, most frequent first; value search; event_name", async () => {
    const values = (query: string) => ok(owner.session, `${projectPath}/events/values/${query}`);
    expect(await values("?key=plan")).toEqual([{ name: "pro" }, { name: "free" }, { name: "team" }]);
    expect(await values("?key=plan&value=PR")).toEqual([{ name: "pro" }]);
    expect(await values("?key=plan&event_name=$pageview")).toEqual([{ name: "team" }]);
    expect(await values("?key=plan&event_name=$pageview&event_name=signup")).toEqual([{ name: "pro" }, { name: "free" }, { name: "team" }]);
    expect(await values("?key=seats")).toEqual([{ name: "1" }, { name: "2" }, { name: "3" }]);
    // Lists count element by element (PostHog flattens them); only the last 7 days are read.
    expect(await values("?key=tags")).toEqual([{ name: "a" }, { name: "b" }]);
    expect(await values("?key=legacy")).toEqual([]);
    expect(await values("?key=nope")).toEqual([]);
    const missing = await owner.session.get(`${projectPath}/events/values/`);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ type: "validation_error", code: "invalid_input", detail: "Key not provided", attr: null });
  });

  test("persons/values: the values persons have now, with how many have each", async () => {
    const values = (query: string) => ok(owner.session, `${projectPath}/persons/values/${query}`);
    expect(await values("?key=email")).toEqual([
      { name: "ann@example.com", count: 1 },
      { name: "bob@example.com", count: 1 },
      { name: "cy@example.com", count: 1 },
    ]);
    expect(await values("?key=email&value=BOB")).toEqual([{ name: "bob@example.com", count: 1 }]);
    expect(await values("?key=age")).toEqual([
      { name: "31", count: 1 },
      { name: "40", count: 1 },
    ]);
    expect(await values("")).toEqual([]);
    // PostHog's legacy URL answers for the current project.
    expect(await ok(owner.session, "/api/person/values/?key=email&value=BOB")).toEqual([{ name: "bob@example.com", count: 1 }]);
  });
});

describe("access", () => {
  test("another organization's project is 403, an unknown one 404; its definitions and values never leak", async () => {
    const other = await signUp(baseUrl);
    await sendEvents(baseUrl, other, [
      { event: "secret_event", distinct_id: "s", properties: { plan: "secret", secret_prop: 1, $set: { email: "secret@example.com" } } },
    ]);
    const theirs = `/api/projects/${other.projectId}`;
    for (const path of ["event_definitions/", "property_definitions/", "events/values/?key=plan", "persons/values/?key=email"]) {
      const response = await owner.session.get(`${theirs}/${path}`);
      expect(response.status, path).toBe(403);
      expect((await owner.session.get(`/api/projects/999999/${path}`)).status, path).toBe(404);
    }
    // Their definitions' ids are not found through the owner's project.
    const [secretEvent] = (await ok(other.session, `${theirs}/event_definitions/`)).results;
    expect((await owner.session.get(`${projectPath}/event_definitions/${secretEvent.id}/`)).status).toBe(404);
    expect((await owner.session.delete(`${projectPath}/event_definitions/${secretEvent.id}/`)).status).toBe(404);
    const [secretProperty] = (await ok(other.session, `${theirs}/property_definitions/?search=secret`)).results;
    expect((await owner.session.patch(`${projectPath}/property_definitions/${secretProperty.id}/`, { description: "x" })).status).toBe(404);
    // Nor do their names and values show in the owner's lists.
    expect(names(await ok(owner.session, `${projectPath}/event_definitions/?search=secret`))).toEqual([]);
    expect(names(await ok(owner.session, `${projectPath}/property_definitions/?search=secret`))).toEqual([]);
    expect(await ok(owner.session, `${projectPath}/events/values/?key=plan&value=secret`)).toEqual([]);
    expect(await ok(owner.session, `${projectPath}/persons/values/?key=email&value=secret`)).toEqual([]);
  });

  test("personal API keys need PostHog's scopes: definitions' read/write, query:read and person:read for values", async () => {
    const readOnly = await owner.key(["event_definition:read", "property_definition:read"]);
    expect((await readOnly.get(`${projectPath}/event_definitions/`)).status).toBe(200);
    expect((await readOnly.get(`${projectPath}/property_definitions/?type=person`)).status).toBe(200);
    const [definition] = (await ok(readOnly, `${projectPath}/event_definitions/`)).results;
    const write = await readOnly.patch(`${projectPath}/event_definitions/${definition.id}/`, { description: "x" });
    expect(write.status).toBe(403);
    expect(write.body).toEqual({
      type: "authentication_error",
      code: "permission_denied",
      detail: "API key missing required scope 'event_definition:write'",
      attr: null,
    });
    expect((await readOnly.get(`${projectPath}/events/values/?key=plan`)).status).toBe(403);

    const unrelated = await owner.key(["insight:read"]);
    for (const path of ["event_definitions/", "property_definitions/", "events/values/?key=plan", "persons/values/?key=email"])
      expect((await unrelated.get(`${projectPath}/${path}`)).status, path).toBe(403);

    const writer = await owner.key(["event_definition:write", "query:read", "person:read"]);
    expect((await writer.patch(`${projectPath}/event_definitions/${definition.id}/`, { description: "By key" })).body).toMatchObject({
      description: "By key",
    });
    expect((await writer.get(`${projectPath}/events/values/?key=plan`)).status).toBe(200);
    expect((await writer.get(`${projectPath}/persons/values/?key=email`)).status).toBe(200);
  });
});
