import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Database } from "@/lib/db/client";
import type { EventStore } from "@/lib/events/store/open";
import { embeddedTestDatabases } from "@/lib/events/store/test-store";

// One chDB and one PGlite per process, in a data dir of this file's own.
const embedded = embeddedTestDatabases("backfill");
let db: Database;
let store: EventStore;

beforeAll(async () => {
  ({ db, store } = await embedded.open());
}, 60_000);

afterAll(async () => {
  await embedded.close();
});

test("a project left pending by the migration gets its definitions from its events and persons, once", async () => {
  const { organizations, projects, definitionsBackfill, eventDefinitions, propertyDefinitions, eventProperties } = await import(
    "@/lib/db/schema"
  );
  const { backfillDefinitions } = await import("./backfill");
  const [organization] = await db.insert(organizations).values({ name: "Old", slug: "old" }).returning();
  const project = async (name: string) =>
    (
      await db
        .insert(projects)
        .values({ organizationId: organization.id, name, apiToken: `phc_${name}` })
        .returning()
    )[0];
  const [old, other] = [await project("old"), await project("other")];
  await db.insert(definitionsBackfill).values({ projectId: old.id });

  const event = (n: number, team: number, name: string, timestamp: string, properties: Record<string, unknown>) => ({
    uuid: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    event: name,
    properties: JSON.stringify(properties),
    timestamp,
    team_id: team,
    distinct_id: "d",
    person_id: "00000000-0000-4000-8000-000000000000",
  });
  await store.insert("events", [
    event(1, old.id, "signup", "2024-01-02T03:04:05.000Z", { plan: null, seats: 3, $set: { email: "a@x" } }),
    event(2, old.id, "signup", "2024-02-02T03:04:05.000Z", { plan: "pro", seats: 4 }),
    // Autocapture's elements define no property, as capture skips them.
    event(3, old.id, "$pageview", "2024-01-15T00:00:00.000Z", {
      $current_url: "https://x.test",
      flags: [1],
      $elements_chain: 'a:nth-child="1"',
    }),
    event(4, other.id, "not_theirs", "2024-01-15T00:00:00.000Z", { secret: 1 }),
  ]);
  await store.insert("person", [
    {
      id: "00000000-0000-4000-8000-000000000001",
      team_id: old.id,
      properties: JSON.stringify({ email: "a@x", age: 3 }),
      is_identified: 1,
      created_at: "2024-01-02T03:04:05.000Z",
      version: 0,
    },
    {
      id: "00000000-0000-4000-8000-000000000002",
      team_id: old.id,
      properties: JSON.stringify({ gone: true }),
      is_identified: 0,
      created_at: "2024-01-02T03:04:05.000Z",
      version: 0,
    },
    {
      id: "00000000-0000-4000-8000-000000000002",
      team_id: old.id,
      properties: "{}",
      is_identified: 0,
      created_at: "2024-01-02T03:04:05.000Z",
      version: 1,
      is_deleted: 1,
    },
  ]);
  // Ingestion already recorded `signup` since the migration: the backfill only widens its times.
  await db.insert(eventDefinitions).values({
    projectId: old.id,
    name: "signup",
    createdAt: new Date("2026-11-20T00:00:00Z"),
    lastSeenAt: new Date("2026-11-20T00:00:00Z"),
  });

  await backfillDefinitions();

  const definitions = await db.select().from(eventDefinitions).orderBy(asc(eventDefinitions.projectId), asc(eventDefinitions.name));
  expect(definitions.map((d) => [d.projectId, d.name, d.createdAt?.toISOString(), d.lastSeenAt?.toISOString()])).toEqual([
    [old.id, "$pageview", "2024-01-15T00:00:00.000Z", "2024-01-15T00:00:00.000Z"],
    [old.id, "signup", "2024-01-02T03:04:05.000Z", "2026-11-20T00:00:00.000Z"],
  ]);
  const properties = await db
    .select({
      type: propertyDefinitions.type,
      name: propertyDefinitions.name,
      propertyType: propertyDefinitions.propertyType,
      isNumerical: propertyDefinitions.isNumerical,
    })
    .from(propertyDefinitions)
    .where(eq(propertyDefinitions.projectId, old.id))
    .orderBy(asc(propertyDefinitions.type), asc(propertyDefinitions.name));
  expect(properties).toEqual([
    { type: 1, name: "$current_url", propertyType: "String", isNumerical: false },
    { type: 1, name: "flags", propertyType: null, isNumerical: false },
    { type: 1, name: "plan", propertyType: "String", isNumerical: false },
    { type: 1, name: "seats", propertyType: "Numeric", isNumerical: true },
    { type: 2, name: "age", propertyType: "Numeric", isNumerical: true },
    { type: 2, name: "email", propertyType: "String", isNumerical: false },
  ]);
  const pairs = await db.select().from(eventProperties).orderBy(asc(eventProperties.event), asc(eventProperties.property));
  expect(pairs.map((p) => [p.projectId, p.event, p.property])).toEqual([
    [old.id, "$pageview", "$current_url"],
    [old.id, "$pageview", "flags"],
    [old.id, "signup", "plan"],
    [old.id, "signup", "seats"],
  ]);
  expect(await db.select().from(definitionsBackfill)).toEqual([]);

  // Done once: nothing is pending, so a second run reads nothing (the other project never was).
  await db.delete(eventDefinitions);
  await backfillDefinitions();
  expect(await db.select().from(eventDefinitions)).toEqual([]);
}, 60_000);

test("monthsBetween: every month from the earliest to the latest", async () => {
  const { monthsBetween } = await import("./backfill");
  expect(monthsBetween([], [])).toEqual([]);
  expect(monthsBetween(["2024-11-30 23:00:00.000000", "2025-01-01 00:00:00"], ["2025-02-01 00:00:00"])).toEqual([
    202411, 202412, 202501, 202502,
  ]);
});
