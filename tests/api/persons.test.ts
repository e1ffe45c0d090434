import { randomUUID } from "node:crypto";
import { describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { listAllEvents, projectToken, sendBatch, type SentEvent } from "../support/events";

const baseUrl = inject("baseUrl");

const at = (second: number) => new Date(Date.UTC(2024, 4, 1, 12, 0, second)).toISOString();

async function send(user: TestUser, events: SentEvent[]) {
  const response = await sendBatch(baseUrl, projectToken(user), events);
  expect(response).toEqual({ status: 200, body: { status: 1 } });
}

async function personsOf(user: TestUser, query = "") {
  const response = await user.session.get(`/api/projects/${user.projectId}/persons/${query}`);
  expect(response.status).toBe(200);
  return response.body;
}

async function personWith(user: TestUser, distinctId: string) {
  const { results } = await personsOf(user, `?distinct_id=${encodeURIComponent(distinctId)}`);
  expect(results).toHaveLength(1);
  return results[0];
}

describe("persons", () => {
  test("the first event of a distinct id creates its person; $set, $set_once and $unset maintain properties", async () => {
    const user = await signUp(baseUrl);
    await send(user, [
      {
        event: "$pageview",
        distinct_id: "d1",
        timestamp: at(1),
        properties: { $set_once: { first_seen: "a" }, $set: { plan: "free", tmp: 1 } },
      },
      { event: "upgrade", distinct_id: "d1", timestamp: at(2), properties: { $set_once: { first_seen: "b" }, $set: { plan: "pro" } } },
    ]);
    await send(user, [{ event: "cleanup", distinct_id: "d1", timestamp: at(3), properties: { $unset: ["tmp"] } }]);
    const person = await personWith(user, "d1");
    expect(person).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      uuid: person.id,
      name: "d1",
      distinct_ids: ["d1"],
      properties: { first_seen: "a", plan: "pro" },
      created_at: at(1),
      is_identified: false,
    });
    expect((await user.session.get(`/api/projects/${user.projectId}/persons/${person.id}/`)).body).toEqual(person);
  });

  test("$identify merges the anonymous history: one person with both ids, every event shows it", async () => {
    const user = await signUp(baseUrl);
    // Anonymous browsing, then (in a later request) a known user's own person, then the identify merging them.
    await send(user, [
      {
        event: "$pageview",
        distinct_id: "anon-1",
        timestamp: at(1),
        properties: { $set_once: { referrer: "ad" }, $set: { shared: "anon" } },
      },
      { event: "$pageview", distinct_id: "anon-1", timestamp: at(2) },
    ]);
    await send(user, [{ event: "login-elsewhere", distinct_id: "user-1", timestamp: at(3), properties: { $set: { shared: "user" } } }]);
    await send(user, [
      {
        event: "$identify",
        distinct_id: "user-1",
        timestamp: at(4),
        properties: { $anon_distinct_id: "anon-1", $set: { email: "Ann@Example.com" } },
      },
    ]);

    const persons = await personsOf(user);
    expect(persons.count).toBe(1);
    const [person] = persons.results;
    expect(person).toMatchObject({
      name: "Ann@Example.com",
      is_identified: true,
      created_at: at(1),
      properties: { referrer: "ad", shared: "user", email: "Ann@Example.com" },
    });
    expect([...person.distinct_ids].sort()).toEqual(["anon-1", "user-1"]);

    const events = await listAllEvents(user);
    expect(events.map((e) => e.event)).toEqual(["$identify", "login-elsewhere", "$pageview", "$pageview"]);
    for (const event of events)
      expect(event.person).toEqual({ id: person.id, uuid: person.id, distinct_ids: person.distinct_ids, properties: person.properties });
    expect((await listAllEvents(user, { person_id: person.id })).length).toBe(4);
  });

  test("$identify of a new distinct id keeps the anonymous person; $create_alias merges the alias", async () => {
    const user = await signUp(baseUrl);
    await send(user, [
      { event: "$pageview", distinct_id: "anon-2", timestamp: at(1) },
      { event: "$identify", distinct_id: "user-2", timestamp: at(2), properties: { $anon_distinct_id: "anon-2" } },
      { event: "$pageview", distinct_id: "other", timestamp: at(3), properties: { $set: { name: "Other" } } },
      { event: "$create_alias", distinct_id: "user-2", timestamp: at(4), properties: { alias: "other", distinct_id: "user-2" } },
    ]);
    const { results, count } = await personsOf(user);
    expect(count).toBe(1);
    expect([...results[0].distinct_ids].sort()).toEqual(["anon-2", "other", "user-2"]);
    expect(results[0]).toMatchObject({ is_identified: true, properties: { name: "Other" }, name: "Other" });
  });

  test("events of a request apply in timestamp order, whatever their order in the batch", async () => {
    const user = await signUp(baseUrl);
    await send(user, [
      { event: "later", distinct_id: "d", timestamp: at(5), properties: { $set: { step: "later" } } },
      { event: "earlier", distinct_id: "d", timestamp: at(1), properties: { $set: { step: "earlier" }, $set_once: { first: "earlier" } } },
    ]);
    expect((await personWith(user, "d")).properties).toEqual({ step: "later", first: "earlier" });
  });

  test("properties: person property filters, as the analyses read them; bad ones are a 400 naming properties", async () => {
    const user = await signUp(baseUrl);
    const people = [
      { plan: "pro", seats: 12, signed_up: "2024-03-05T10:00:00Z", email: "ada@acme.test" },
      { plan: "free", seats: 3, signed_up: "2024-01-20", email: "bo@other.test" },
      { plan: "pro", seats: "many" },
      {},
    ];
    await send(
      user,
      people.map((set, i) => ({ event: "e", distinct_id: `p-${i}`, timestamp: at(i), properties: { $set: set } })),
    );
    const ids = async (filters: unknown) =>
      (await personsOf(user, `?properties=${encodeURIComponent(JSON.stringify(filters))}`)).results
        .map((p: any) => p.distinct_ids[0])
        .sort();
    const person = (key: string, operator: string, value?: unknown) => ({ key, operator, value, type: "person" });
    expect(await ids([person("plan", "exact", ["pro"])])).toEqual(["p-0", "p-2"]);
    expect(await ids([person("plan", "is_not", ["pro"])])).toEqual(["p-1", "p-3"]);
    expect(await ids([person("email", "icontains", "ACME")])).toEqual(["p-0"]);
    expect(await ids([person("email", "not_icontains", "acme")])).toEqual(["p-1", "p-2", "p-3"]);
    expect(await ids([person("email", "regex", "^b.*\\.test$")])).toEqual(["p-1"]);
    expect(await ids([person("seats", "gt", 5)])).toEqual(["p-0"]);
    expect(await ids([person("seats", "lte", "3")])).toEqual(["p-1"]);
    expect(await ids([person("signed_up", "is_date_before", "2024-02-01")])).toEqual(["p-1"]);
    expect(await ids([person("signed_up", "is_date_exact", "2024-03-05")])).toEqual(["p-0"]);
    expect(await ids([person("email", "is_set")])).toEqual(["p-0", "p-1"]);
    expect(await ids([person("email", "is_not_set")])).toEqual(["p-2", "p-3"]);
    expect(await ids([person("plan", "exact", ["pro"]), person("seats", "gt", 5)])).toEqual(["p-0"]);
    expect(await ids({ type: "OR", values: [person("plan", "exact", ["free"]), person("seats", "exact", ["many"])] })).toEqual([
      "p-1",
      "p-2",
    ]);
    const page = await personsOf(user, `?limit=1&properties=${encodeURIComponent(JSON.stringify([person("plan", "exact", ["pro"])]))}`);
    expect(page.count).toBe(2);

    for (const bad of [
      "not json",
      JSON.stringify([{ key: "plan", operator: "exact", value: ["pro"], type: "event" }]),
      JSON.stringify([person("seats", "gt", "x")]),
    ]) {
      const response = await user.session.get(`/api/projects/${user.projectId}/persons/?properties=${encodeURIComponent(bad)}`);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ type: "validation_error", attr: "properties" });
    }
  });

  test("search: a distinct id exactly, or part of the email or name (any case); pagination", async () => {
    const user = await signUp(baseUrl);
    await send(
      user,
      Array.from({ length: 5 }, (_, i) => ({
        event: "e",
        distinct_id: `id-${i}`,
        timestamp: at(i),
        properties: { $set: i === 3 ? { name: "Zoë 100%" } : { email: `person${i}@Acme.test` } },
      })),
    );
    const names = async (query: string) => (await personsOf(user, query)).results.map((p: any) => p.name);
    expect(await names("?search=ACME")).toEqual(["person4@Acme.test", "person2@Acme.test", "person1@Acme.test", "person0@Acme.test"]);
    expect(await names("?search=id-3")).toEqual(["Zoë 100%"]);
    expect(await names("?search=id-")).toEqual([]);
    expect(await names("?search=zoË")).toEqual(["Zoë 100%"]);
    expect(await names("?search=0%25")).toEqual(["Zoë 100%"]);
    expect(await names("?search=_")).toEqual([]);

    const first = await personsOf(user, "?limit=2");
    expect(first.count).toBe(5);
    expect(first.results.map((p: any) => p.distinct_ids[0])).toEqual(["id-4", "id-3"]);
    expect(first.next).toBe(`${baseUrl}/api/projects/${user.projectId}/persons/?limit=2&offset=2`);
    const last = await user.session.get(`/api/projects/${user.projectId}/persons/?limit=2&offset=4`);
    expect(last.body).toMatchObject({ count: 5, next: null, previous: expect.stringContaining("offset=2") });
    expect(last.body.results.map((p: any) => p.distinct_ids[0])).toEqual(["id-0"]);
  });

  test("scope person:read; other projects' persons are out of reach; bad or unknown ids are 404", async () => {
    const user = await signUp(baseUrl);
    const stranger = await signUp(baseUrl);
    await send(user, [{ event: "e", distinct_id: "mine", timestamp: at(1) }]);
    const person = await personWith(user, "mine");
    const path = `/api/projects/${user.projectId}/persons/`;

    const reader = await user.key(["person:read"]);
    expect((await reader.get(path)).body.count).toBe(1);
    expect((await reader.get(`${path}${person.id}/`)).status).toBe(200);
    const wrongScope = await user.key(["query:read", "insight:read"]);
    for (const url of [path, `${path}${person.id}/`])
      expect((await wrongScope.get(url)).body).toEqual({
        type: "authentication_error",
        code: "permission_denied",
        detail: "API key missing required scope 'person:read'",
        attr: null,
      });

    expect((await stranger.session.get(path)).status).toBe(403);
    expect((await stranger.session.get(`${path}${person.id}/`)).status).toBe(403);
    expect((await stranger.session.get(`/api/projects/${stranger.projectId}/persons/${person.id}/`)).status).toBe(404);
    expect((await user.session.get(`${path}not-a-uuid/`)).status).toBe(404);
    expect((await user.session.get(`${path}${randomUUID()}/`)).status).toBe(404);
    expect((await user.session.get(`/api/projects/999999999/persons/`)).status).toBe(404);
    expect((await user.session.request("DELETE", `${path}${person.id}/`)).status).toBe(405);
  });

  test("characters PostgreSQL cannot hold (U+0000, lone surrogates) become U+FFFD, failing no request", async () => {
    const user = await signUp(baseUrl);
    const token = projectToken(user);
    const responses = await Promise.all([
      sendBatch(baseUrl, token, [
        { event: "odd", distinct_id: "nul\u0000id", timestamp: at(1), properties: { $set: { "k\u0000": "v\u0000", lone: "\ud800" } } },
      ]),
      ...Array.from({ length: 5 }, (_, i) => sendBatch(baseUrl, token, [{ event: "fine", distinct_id: `ok-${i}`, timestamp: at(2) }])),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const person = await personWith(user, "nul\ufffdid");
    expect(person.properties).toEqual({ "k\ufffd": "v\ufffd", lone: "\ufffd" });
    const [event] = await listAllEvents(user, { event: "odd" });
    expect(event).toMatchObject({ distinct_id: "nul\ufffdid", person: { id: person.id } });
    expect((await personsOf(user)).count).toBe(6);
  });

  test("$groupidentify is stored as an event; personless events ($process_person_profile: false) make no person", async () => {
    const user = await signUp(baseUrl);
    await send(user, [
      {
        event: "$groupidentify",
        distinct_id: "u",
        timestamp: at(1),
        properties: { $group_type: "company", $group_key: "acme", $group_set: { name: "Acme" } },
      },
      { event: "$pageview", distinct_id: "ghost", timestamp: at(2), properties: { $process_person_profile: false } },
    ]);
    const events = await listAllEvents(user);
    expect(events.map((e) => [e.event, e.person === null])).toEqual([
      ["$pageview", true],
      ["$groupidentify", false],
    ]);
    expect((await personsOf(user, "?distinct_id=ghost")).count).toBe(0);
  });
});
