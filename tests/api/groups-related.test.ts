import { beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { sendEvents, type SentEvent } from "../support/events";

const baseUrl = inject("baseUrl");

// `groups/related/` (PostHog's RelatedActorsQuery): the actors that shared events with a group (persons, and the
// identified groups of the project's other types) or with a person (its groups), over the last 90 days.

const HOUR_MS = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const TYPES = ["company", "project", "instance"];

const identify = (type: string, key: string, ms: number): SentEvent => ({
  event: "$groupidentify",
  distinct_id: "admin",
  timestamp: ago(ms),
  properties: { $group_type: type, $group_key: key, $group_set: { name: `${type} ${key}` } },
});
const withGroups = (distinctId: string, groups: Record<string, string>, ms: number): SentEvent => ({
  event: "$pageview",
  distinct_id: distinctId,
  timestamp: ago(ms),
  properties: { $groups: groups },
});

const EVENTS: SentEvent[] = [
  // The types are indexed in this order: company 0, project 1, instance 2.
  identify("company", "acme", 10 * HOUR_MS),
  identify("project", "web", 10 * HOUR_MS - 1),
  identify("instance", "eu", 10 * HOUR_MS - 2),
  identify("company", "globex", 9 * HOUR_MS),
  identify("project", "api", 9 * HOUR_MS),
  withGroups("alice", { company: "acme", project: "web" }, 1 * HOUR_MS),
  withGroups("bob", { company: "acme" }, 2 * HOUR_MS),
  withGroups("bob", { company: "globex", project: "api" }, 3 * HOUR_MS),
  // Older than 90 days: no longer related.
  withGroups("carol", { company: "acme", project: "api" }, 100 * 24 * HOUR_MS),
  // "ghost" was never identified: no group to list.
  withGroups("dave", { company: "acme", project: "ghost" }, 4 * HOUR_MS),
  // Two distinct ids of one person (merged by $identify): listed once.
  withGroups("erin-anon", { company: "acme" }, 6 * HOUR_MS),
  { event: "$identify", distinct_id: "erin", timestamp: ago(5 * HOUR_MS), properties: { $anon_distinct_id: "erin-anon" } },
  withGroups("erin", { company: "acme", instance: "eu" }, 5 * HOUR_MS - 1),
];

let owner: TestUser;
let stranger: TestUser;
const personOf = new Map<string, string>();
const path = (query: string, user = owner) => `/api/projects/${user.projectId}/groups/related/?${query}`;

beforeAll(async () => {
  [owner, stranger] = await Promise.all([signUp(baseUrl), signUp(baseUrl)]);
  await sendEvents(baseUrl, owner, EVENTS);
  // The stranger's project has groups of the same names, and persons of its own.
  await sendEvents(baseUrl, stranger, [identify("company", "acme", HOUR_MS), withGroups("zed", { company: "acme" }, HOUR_MS / 2)]);
  for (const distinctId of new Set(EVENTS.map((event) => event.distinct_id))) {
    const found = await owner.session.get(`/api/projects/${owner.projectId}/persons/?distinct_id=${encodeURIComponent(distinctId)}`);
    if (found.body.results[0]) personOf.set(distinctId, found.body.results[0].id);
  }
}, 60_000);

interface Expected {
  persons: string[];
  groups: [number, string][];
}

/** The reference: actors sharing an event of the last 90 days with the group (index, key) or the person. */
function reference(actor: { index: number; key: string } | { person: string }): Expected {
  const identified = new Set(
    EVENTS.filter((e) => e.event === "$groupidentify").map(
      (e) => `${TYPES.indexOf(e.properties!.$group_type as string)}:${e.properties!.$group_key}`,
    ),
  );
  const recent = EVENTS.filter((e) => Date.now() - Date.parse(e.timestamp!) < 90 * 24 * HOUR_MS);
  const shared = recent.filter((e) => {
    const groups = (e.properties?.$groups ?? {}) as Record<string, string>;
    return "person" in actor ? personOf.get(e.distinct_id) === actor.person : groups[TYPES[actor.index]] === actor.key;
  });
  const persons = "person" in actor ? [] : [...new Set(shared.map((e) => personOf.get(e.distinct_id)!))].sort();
  const groups = new Set<string>();
  for (const e of shared)
    for (const [type, key] of Object.entries((e.properties?.$groups ?? {}) as Record<string, string>)) {
      const index = TYPES.indexOf(type);
      if (("person" in actor || index !== actor.index) && identified.has(`${index}:${key}`)) groups.add(`${index}:${key}`);
    }
  return {
    persons,
    groups: [...groups]
      .map((g) => [Number(g.split(":")[0]), g.slice(g.indexOf(":") + 1)] as [number, string])
      .sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1])),
  };
}

/** The answer in the reference's terms, checking its order: persons first, then groups by type index. */
function summary(body: any[]): Expected {
  const kinds = body.map((actor) => (actor.type === "person" ? -1 : actor.group_type_index));
  expect(kinds, "persons, then groups by type").toEqual([...kinds].sort((a, b) => a - b));
  return {
    persons: body
      .filter((a) => a.type === "person")
      .map((a) => a.id)
      .sort(),
    groups: body
      .filter((a) => a.type === "group")
      .map((a) => [a.group_type_index, a.group_key] as [number, string])
      .sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1])),
  };
}

describe("groups/related", () => {
  test("a group's persons and its groups of other types, as the reference computes them", async () => {
    // "ghost" was never identified, yet its events have persons and groups (as in PostHog).
    for (const [index, key] of [
      [0, "acme"],
      [0, "globex"],
      [1, "web"],
      [1, "api"],
      [2, "eu"],
      [1, "ghost"],
    ] as const) {
      const response = await owner.session.get(path(`group_type_index=${index}&id=${key}`));
      expect(response.status, response.text).toBe(200);
      expect(summary(response.body), `${index}:${key}`).toEqual(reference({ index, key }));
    }
    const acme = (await owner.session.get(path("group_type_index=0&id=acme"))).body;
    // Most recently shared first within a kind; PostHog's actor shapes.
    expect(acme.filter((a: any) => a.type === "person").map((a: any) => a.distinct_ids[0])).toEqual(["alice", "bob", "dave", "erin-anon"]);
    expect(acme.find((a: any) => a.type === "person" && a.distinct_ids.includes("alice"))).toEqual({
      type: "person",
      id: personOf.get("alice"),
      uuid: personOf.get("alice"),
      name: "alice",
      distinct_ids: ["alice"],
      properties: expect.any(Object),
      created_at: expect.any(String),
      is_identified: expect.any(Boolean),
    });
    expect(acme.find((a: any) => a.type === "group")).toEqual({
      type: "group",
      id: "web",
      group_key: "web",
      group_type_index: 1,
      properties: { name: "project web" },
      created_at: expect.any(String),
    });
  });

  test("a person's groups (no group_type_index, id = the person's UUID)", async () => {
    for (const distinctId of ["alice", "bob", "erin", "carol"]) {
      const person = personOf.get(distinctId)!;
      const response = await owner.session.get(path(`id=${person}`));
      expect(response.status, response.text).toBe(200);
      expect(summary(response.body), distinctId).toEqual(reference({ person }));
    }
    // Through the environments path alike.
    const twin = await owner.session.get(`/api/environments/${owner.projectId}/groups/related/?id=${personOf.get("bob")}`);
    expect(summary(twin.body)).toEqual(reference({ person: personOf.get("bob")! }));
  });

  test("unknown keys, types without the key or no type at all, and unknown persons: an empty list", async () => {
    for (const query of [
      "group_type_index=0&id=initech",
      "group_type_index=2&id=acme",
      "group_type_index=4&id=acme",
      `id=${crypto.randomUUID()}`,
    ]) {
      const response = await owner.session.get(path(query));
      expect(response.status, query).toBe(200);
      expect(response.body, query).toEqual([]);
    }
  });

  test("bad input is a 400 naming the parameter", async () => {
    for (const [query, attr] of [
      ["group_type_index=0", "id"],
      ["", "id"],
      ["id=alice", "id"],
      ["group_type_index=5&id=acme", "group_type_index"],
      ["group_type_index=x&id=acme", "group_type_index"],
      [`group_type_index=0&id=${"x".repeat(401)}`, "id"],
    ]) {
      const response = await owner.session.get(path(query));
      expect(response.status, query).toBe(400);
      expect(response.body).toMatchObject({ type: "validation_error", attr });
    }
  });

  test("other projects, other organizations' keys and keys without group:read are refused; nothing leaks", async () => {
    expect((await stranger.session.get(path("group_type_index=0&id=acme"))).status).toBe(403);
    const strangerKey = await stranger.key(["group:read"]);
    expect((await strangerKey.get(path("group_type_index=0&id=acme"))).status).toBe(403);
    expect((await strangerKey.get(path(`id=${personOf.get("alice")}`))).status).toBe(403);
    // Their own project has an "acme" too: only their own person, never ours.
    const own = await stranger.session.get(path("group_type_index=0&id=acme", stranger));
    expect(own.status).toBe(200);
    expect(own.body.map((a: any) => a.distinct_ids)).toEqual([["zed"]]);
    // Our person's UUID in their project: nothing.
    expect((await stranger.session.get(path(`id=${personOf.get("alice")}`, stranger))).body).toEqual([]);
    expect((await (await owner.key(["person:read"])).get(path("group_type_index=0&id=acme"))).status).toBe(403);
    const reader = await owner.key(["group:read"]);
    expect(summary((await reader.get(path("group_type_index=0&id=acme"))).body)).toEqual(reference({ index: 0, key: "acme" }));
  });

  test("at most 100 persons, the most recently active", async () => {
    const user = await signUp(baseUrl);
    await sendEvents(baseUrl, user, [
      identify("company", "big", HOUR_MS * 200),
      ...Array.from({ length: 105 }, (_, i) => withGroups(`p${i}`, { company: "big" }, (i + 1) * 60_000)),
    ]);
    const response = await user.session.get(path("group_type_index=0&id=big", user));
    expect(response.status, response.text).toBe(200);
    expect(response.body.map((a: any) => a.distinct_ids[0])).toEqual(Array.from({ length: 100 }, (_, i) => `p${i}`));
  });
});
