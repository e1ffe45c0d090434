import { beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { sendEvents, type SentEvent } from "../support/events";

const baseUrl = inject("baseUrl");

// Group types are indexed in the order ingestion first names them (G9, at most 5); groups exist once identified,
// their properties merged with the last `$group_set` winning (G10).

const at = (minute: number) => new Date(Date.UTC(2024, 2, 1, 12, minute)).toISOString();
const identify = (type: string, key: string, set: Record<string, unknown>, minute: number): SentEvent => ({
  event: "$groupidentify",
  distinct_id: "admin",
  timestamp: at(minute),
  properties: { $group_type: type, $group_key: key, $group_set: set },
});

let owner: TestUser;
const path = (rest: string, user = owner) => `/api/projects/${user.projectId}/${rest}`;

beforeAll(async () => {
  owner = await signUp(baseUrl);
  await sendEvents(baseUrl, owner, [
    // "company" is named first (in $groups), then "project", then "instance" (by an identify alone).
    { event: "$pageview", distinct_id: "alice", timestamp: at(0), properties: { $groups: { company: "acme", project: "p1" } } },
    identify("company", "acme", { name: "Acme", plan: "free", seats: 5 }, 1),
    identify("company", "globex", { name: "Globex", plan: "pro" }, 2),
    identify("instance", "https://eu.example", { region: "eu" }, 3),
    identify("company", "acme", { plan: "pro" }, 4),
    // A key named only in $groups is no group.
    { event: "$pageview", distinct_id: "bob", timestamp: at(5), properties: { $groups: { company: "initech" } } },
    // Seven types in all: the last two get no index.
    {
      event: "signed_up",
      distinct_id: "bob",
      timestamp: at(6),
      properties: { $groups: { team: "t", region: "r", vendor: "v", shop: "s" } },
    },
  ]);
}, 60_000);

describe("group types", () => {
  test("indexed in the order first seen, at most five; named with update_metadata", async () => {
    const listed = await owner.session.get(path("groups_types/"));
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body).toEqual([
      { group_type: "company", group_type_index: 0, name_singular: null, name_plural: null },
      { group_type: "project", group_type_index: 1, name_singular: null, name_plural: null },
      { group_type: "instance", group_type_index: 2, name_singular: null, name_plural: null },
      { group_type: "team", group_type_index: 3, name_singular: null, name_plural: null },
      { group_type: "region", group_type_index: 4, name_singular: null, name_plural: null },
    ]);
    // Seen again later: the same indexes, nothing added past five.
    await sendEvents(baseUrl, owner, [
      { event: "x", distinct_id: "c", timestamp: at(7), properties: { $groups: { shop: "s", company: "acme" } } },
    ]);
    expect((await owner.session.get(path("groups_types/"))).body).toHaveLength(5);

    const named = await owner.session.patch(path("groups_types/update_metadata/"), [
      { group_type_index: 0, name_singular: "Company", name_plural: "Companies" },
    ]);
    expect(named.status, named.text).toBe(200);
    expect(named.body[0]).toEqual({ group_type: "company", group_type_index: 0, name_singular: "Company", name_plural: "Companies" });
    const environments = await owner.session.get(`/api/environments/${owner.projectId}/groups_types/`);
    expect(environments.body[0].name_plural).toBe("Companies");

    const unknown = await owner.session.patch(path("groups_types/update_metadata/"), [
      { group_type_index: 4, name_plural: "Regions" },
      { group_type_index: 3 },
    ]);
    expect(unknown.status).toBe(200);
    for (const body of [
      [{ group_type_index: 5, name_plural: "x" }],
      [{ group_type_index: -1 }],
      { group_type_index: 0 },
      [{ name_plural: "x" }],
    ]) {
      const refused = await owner.session.patch(path("groups_types/update_metadata/"), body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.type).toBe("validation_error");
    }
  });
});

describe("groups", () => {
  test("identified groups with merged properties, newest first; search by key or property; find", async () => {
    const companies = await owner.session.get(path("groups/?group_type_index=0"));
    expect(companies.status, companies.text).toBe(200);
    expect(companies.body).toEqual({
      next: null,
      previous: null,
      results: [
        { group_type_index: 0, group_key: "globex", group_properties: { name: "Globex", plan: "pro" }, created_at: at(2) },
        {
          group_type_index: 0,
          group_key: "acme",
          group_properties: { name: "Acme", plan: "pro", seats: 5 },
          created_at: expect.stringMatching(/^2024-03-01T12:01:00/),
        },
      ],
    });
    expect((await owner.session.get(path("groups/?group_type_index=0&search=glob"))).body.results.map((g: any) => g.group_key)).toEqual([
      "globex",
    ]);
    expect((await owner.session.get(path("groups/?group_type_index=0&search=Acme"))).body.results.map((g: any) => g.group_key)).toEqual([
      "acme",
    ]);
    expect((await owner.session.get(path("groups/?group_type_index=0&search=%25"))).body.results).toEqual([]);
    expect((await owner.session.get(path("groups/?group_type_index=2"))).body.results.map((g: any) => g.group_key)).toEqual([
      "https://eu.example",
    ]);
    // A type without groups, and an index no type has: empty.
    expect((await owner.session.get(path("groups/?group_type_index=1"))).body.results).toEqual([]);

    const found = await owner.session.get(path("groups/find/?group_type_index=0&group_key=acme"));
    expect(found.status).toBe(200);
    expect(found.body.group_properties).toEqual({ name: "Acme", plan: "pro", seats: 5 });
    for (const query of ["group_type_index=0&group_key=initech", "group_type_index=1&group_key=p1", "group_type_index=4&group_key=acme"])
      expect((await owner.session.get(path(`groups/find/?${query}`))).status, query).toBe(404);
  });

  test("bad input is a 400 naming the parameter", async () => {
    for (const [query, attr] of [
      ["", "group_type_index"],
      ["group_type_index=abc", "group_type_index"],
      ["group_type_index=5", "group_type_index"],
      ["group_type_index=0&cursor=bm9wZQ", "cursor"],
    ]) {
      const response = await owner.session.get(path(`groups/?${query}`));
      expect(response.status, query).toBe(400);
      expect(response.body).toMatchObject({ type: "validation_error", attr });
    }
    expect((await owner.session.get(path("groups/find/?group_type_index=0"))).body.attr).toBe("group_key");
  });

  test("cursor pages of 100, newest first", async () => {
    const user = await signUp(baseUrl);
    await sendEvents(
      baseUrl,
      user,
      Array.from({ length: 205 }, (_, i) => identify("company", `c${String(i).padStart(3, "0")}`, { i }, i)),
    );
    const seen: string[] = [];
    let next: string | null = path("groups/?group_type_index=0", user);
    let pages = 0;
    while (next) {
      const page: { status: number; text: string; body: any } = await user.session.get(next.replace(/^https?:\/\/[^/]+/, ""));
      expect(page.status, page.text).toBe(200);
      expect(page.body.results.length).toBeLessThanOrEqual(100);
      if (pages > 0) expect(page.body.previous).not.toBeNull();
      seen.push(...page.body.results.map((g: any) => g.group_key));
      next = page.body.next;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 205 }, (_, i) => `c${String(204 - i).padStart(3, "0")}`));
  });

  test("other projects, other organizations and keys without the scope are refused", async () => {
    const stranger = await signUp(baseUrl);
    for (const rest of ["groups_types/", "groups/?group_type_index=0", "groups/find/?group_type_index=0&group_key=acme"]) {
      expect((await stranger.session.get(path(rest))).status, rest).toBe(403);
      // Through their own project: their own (empty) data, never ours.
      const own = await stranger.session.get(path(rest, stranger));
      expect(JSON.stringify(own.body)).not.toContain("acme");
    }
    expect(
      (await stranger.session.patch(path("groups_types/update_metadata/"), [{ group_type_index: 0, name_plural: "Pwned" }])).status,
    ).toBe(403);
    const reader = await owner.key(["group:read"]);
    expect((await reader.get(path("groups/?group_type_index=0"))).status).toBe(200);
    expect((await reader.patch(path("groups_types/update_metadata/"), [{ group_type_index: 0, name_plural: "x" }])).status).toBe(403);
    const other = await owner.key(["person:read"]);
    expect((await other.get(path("groups_types/"))).status).toBe(403);
    const writer = await owner.key(["group:write"]);
    expect((await writer.patch(path("groups_types/update_metadata/"), [{ group_type_index: 0, name_plural: "Companies" }])).status).toBe(
      200,
    );
  });
});
