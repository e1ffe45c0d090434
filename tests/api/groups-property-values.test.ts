import { beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { sendEvents, type SentEvent } from "../support/events";

const baseUrl = inject("baseUrl");

// `groups/property_values/` (PostHog's group property values): the values a property has among one type's groups,
// read from each group's latest properties (the last `$group_set` wins), with how many groups have each.

const HOUR_MS = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const identify = (type: string, key: string, set: Record<string, unknown>, ms: number): SentEvent => ({
  event: "$groupidentify",
  distinct_id: "admin",
  timestamp: ago(ms),
  properties: { $group_type: type, $group_key: key, $group_set: set },
});

const EVENTS: SentEvent[] = [
  // company is type 0, project type 1.
  identify("company", "acme", { plan: "pro", seats: 5 }, 10 * HOUR_MS),
  identify("project", "web", { plan: "pro" }, 10 * HOUR_MS - 1),
  identify("company", "globex", { plan: "pro", seats: 12 }, 9 * HOUR_MS),
  identify("company", "initech", { plan: "free", seats: 5 }, 8 * HOUR_MS),
  identify("company", "umbrella", { plan: "free" }, 7 * HOUR_MS),
  identify("company", "hooli", { plan: "Pro plus" }, 6 * HOUR_MS),
  // A later $group_set wins: hooli is enterprise now, and initech pro.
  identify("company", "hooli", { plan: "enterprise" }, 5 * HOUR_MS),
  identify("company", "initech", { plan: "pro" }, 4 * HOUR_MS),
  identify("company", "nullco", { plan: null, seats: 5 }, 3 * HOUR_MS),
  identify("company", "vandelay", { name: "Vandelay" }, 2 * HOUR_MS),
];

/** The reference: each company's properties merged in time order, then the non-null values of `key` counted. */
function reference(key: string, contains = ""): { name: string; count: number }[] {
  const latest = new Map<string, Record<string, unknown>>();
  for (const event of [...EVENTS].sort((a, b) => a.timestamp!.localeCompare(b.timestamp!))) {
    const p = event.properties!;
    if (p.$group_type !== "company") continue;
    latest.set(p.$group_key as string, { ...latest.get(p.$group_key as string), ...(p.$group_set as Record<string, unknown>) });
  }
  const counts = new Map<string, number>();
  for (const properties of latest.values()) {
    const value = properties[key];
    if (value === undefined || value === null) continue;
    const name = String(value);
    if (!name.toLowerCase().includes(contains.toLowerCase())) continue;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

let owner: TestUser;
let stranger: TestUser;
const path = (query: string, user = owner) => `/api/projects/${user.projectId}/groups/property_values/?${query}`;

beforeAll(async () => {
  [owner, stranger] = await Promise.all([signUp(baseUrl), signUp(baseUrl)]);
  await sendEvents(baseUrl, owner, EVENTS);
  // The stranger has an "acme" company too, with a value of its own.
  await sendEvents(baseUrl, stranger, [identify("company", "acme", { plan: "secret" }, HOUR_MS)]);
}, 60_000);

describe("group property values", () => {
  test("the values among a type's groups, with their counts, most frequent first; searched by value", async () => {
    const plans = await owner.session.get(path("group_type_index=0&key=plan"));
    expect(plans.status, plans.text).toBe(200);
    expect(plans.body).toEqual(reference("plan"));
    expect(plans.body[0]).toEqual({ name: "pro", count: 3 });
    const seats = await owner.session.get(path("group_type_index=0&key=seats"));
    expect(seats.body).toEqual(reference("seats"));
    const searched = await owner.session.get(path("group_type_index=0&key=plan&value=PR"));
    expect(searched.body).toEqual(reference("plan", "pr"));
    // Another type's groups only: the project type has its own.
    expect((await owner.session.get(path("group_type_index=1&key=plan"))).body).toEqual([{ name: "pro", count: 1 }]);
    // A type or key nobody has: nothing.
    expect((await owner.session.get(path("group_type_index=3&key=plan"))).body).toEqual([]);
    expect((await owner.session.get(path("group_type_index=0&key=nope"))).body).toEqual([]);
    expect(
      (await owner.session.get(`/api/environments/${owner.projectId}/groups/property_values/?group_type_index=0&key=plan`)).body,
    ).toEqual(reference("plan"));
  });

  test("bad input is a 400 naming the field", async () => {
    for (const [query, attr] of [
      ["key=plan", "group_type_index"],
      ["group_type_index=5&key=plan", "group_type_index"],
      ["group_type_index=-1&key=plan", "group_type_index"],
      ["group_type_index=zero&key=plan", "group_type_index"],
      ["group_type_index=0", "key"],
      ["group_type_index=0&key=", "key"],
      [`group_type_index=0&key=${"k".repeat(401)}`, "key"],
      [`group_type_index=0&key=plan&value=${"v".repeat(401)}`, "value"],
    ]) {
      const refused = await owner.session.get(path(query));
      expect(refused.status, query).toBe(400);
      expect(refused.body).toMatchObject({ type: "validation_error", attr });
    }
  });

  test("other projects, other organizations' keys and keys without group:read are refused; nothing leaks", async () => {
    expect((await stranger.session.get(path("group_type_index=0&key=plan"))).status).toBe(403);
    expect((await (await stranger.key(["group:read"])).get(path("group_type_index=0&key=plan"))).status).toBe(403);
    expect((await (await owner.key(["person:read"])).get(path("group_type_index=0&key=plan"))).status).toBe(403);
    expect((await (await owner.key(["group:read"])).get(path("group_type_index=0&key=plan"))).body).toEqual(reference("plan"));
    // Their own "acme": their value alone.
    expect((await stranger.session.get(path("group_type_index=0&key=plan", stranger))).body).toEqual([{ name: "secret", count: 1 }]);
  });
});
