import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Database } from "@/lib/db/client";
import type { EventStore } from "@/lib/events/store/open";
import { embeddedTestDatabases } from "@/lib/events/store/test-store";
import type { CapturedEvent } from "@/lib/ingestion/types";

// One chDB and one PGlite per process, in a data dir of this file's own. The same events go through capture's
// pipeline into one project and through the import into another: persons and analyses must come out the same.
const embedded = embeddedTestDatabases("import");
const files = path.join(embedded.dataDir, "files");
let db: Database;
let store: EventStore;

beforeAll(async () => {
  ({ db, store } = await embedded.open());
  mkdirSync(files);
}, 60_000);

afterAll(async () => {
  await embedded.close();
});

let projectCount = 0;
async function newProject() {
  const { organizations, projects } = await import("@/lib/db/schema");
  const n = ++projectCount;
  const [organization] = await db
    .insert(organizations)
    .values({ name: `Org ${n}`, slug: `org-${n}` })
    .returning();
  const [project] = await db
    .insert(projects)
    .values({ organizationId: organization.id, name: `P${n}`, apiToken: `phc_import_${n}` })
    .returning();
  return project;
}

interface SentEvent {
  uuid: string;
  event: string;
  distinct_id: string;
  timestamp: string;
  properties: Record<string, unknown>;
}

let uuidCount = 0;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 2, 10, minute)).toISOString();
const sent = (event: string, distinctId: string, minute: number, properties: Record<string, unknown> = {}): SentEvent => ({
  uuid: `0190a4c2-0000-7000-8000-${String(++uuidCount).padStart(12, "0")}`,
  event,
  distinct_id: distinctId,
  timestamp: at(minute),
  properties,
});

/** Merges, aliases, property updates and personless events, with demo traffic around them. */
async function fixture(): Promise<SentEvent[]> {
  const { generateDemoEvents } = await import("@/scripts/demo/generate");
  const demo = [...generateDemoEvents({ events: 3_000, now: Date.UTC(2026, 10, 20), days: 30 })].flat();
  const own = [
    sent("$pageview", "anon-1", 0, { $set_once: { first_url: "/a" } }),
    sent("$pageview", "anon-1", 1, { $set: { plan: "free" } }),
    sent("$identify", "user-1", 2, { $anon_distinct_id: "anon-1", $set: { email: "u1@x" }, $set_once: { first_url: "/ignored" } }),
    sent("$pageview", "anon-2", 3, { $process_person_profile: false }),
    sent("$pageview", "anon-2", 4),
    sent("$pageview", "anon-3", 5, { $process_person_profile: false }),
    sent("$create_alias", "user-1", 6, { alias: "alias-1" }),
    sent("$pageview", "user-2", 7, { $set: { plan: "team", seats: 3 } }),
    sent("$identify", "user-2", 8, { $anon_distinct_id: "anon-2" }),
    sent("signed_up", "user-2", 9, { $unset: ["seats"] }),
    // user-2 is identified: PostHog merges no identified person into another.
    sent("$identify", "user-1", 10, { $anon_distinct_id: "user-2" }),
    sent("$groupidentify", "user-1", 11, { $group_type: "company", $group_key: "acme", $group_set: { name: "Acme" } }),
    sent("signed_up", "alias-1", 12),
  ];
  return [...demo, ...own].sort((a, b) => a.timestamp.localeCompare(b.timestamp));
}

const captured = (event: SentEvent): CapturedEvent => ({
  uuid: event.uuid,
  event: event.event,
  distinctId: event.distinct_id,
  properties: event.properties,
  timestamp: new Date(event.timestamp),
});

/** A project's persons as sets of distinct ids with their data (person ids differ between projects). */
async function personsOf(projectId: number) {
  const { persons, personDistinctIds } = await import("@/lib/db/schema");
  const rows = await db
    .select({ distinctId: personDistinctIds.distinctId, person: persons })
    .from(personDistinctIds)
    .innerJoin(persons, eq(persons.id, personDistinctIds.personId))
    .where(eq(personDistinctIds.projectId, projectId))
    .orderBy(asc(personDistinctIds.distinctId));
  const byPerson = new Map<string, { distinctIds: string[]; properties: unknown; isIdentified: boolean; createdAt: string }>();
  for (const { distinctId, person } of rows) {
    const entry = byPerson.get(person.id) ?? {
      distinctIds: [],
      properties: person.properties,
      isIdentified: person.isIdentified,
      createdAt: person.createdAt.toISOString(),
    };
    entry.distinctIds.push(distinctId);
    byPerson.set(person.id, entry);
  }
  return [...byPerson.values()].sort((a, b) => a.distinctIds[0].localeCompare(b.distinctIds[0]));
}

/** What analyses see: a funnel and a trend of total and unique-person counts. */
async function analysesOf(projectId: number) {
  const { runFunnel } = await import("@/lib/analytics/funnels/run");
  const { runTrends } = await import("@/lib/analytics/trends/run");
  const project = { id: projectId, timezone: "UTC", testAccountFilters: [] };
  const range = { date_from: "2026-10-20", date_to: "2026-11-21" };
  const funnel = await runFunnel(project, {
    ...range,
    events: [
      { id: "$pageview", order: 0 },
      { id: "signed_up", order: 1 },
    ],
  } as never);
  const trend = await runTrends(project, {
    ...range,
    interval: "week",
    events: [
      { id: "$pageview", math: "total" },
      { id: "$pageview", math: "dau" },
      { id: "signed_up", math: "dau" },
    ],
  });
  // Without the links that name the project, and averages rounded (the engine's summation order varies).
  const strip = (value: unknown) =>
    JSON.parse(
      JSON.stringify(value, (key, v) =>
        /persons?_url|people_url|action|filter/.test(key) ? undefined : typeof v === "number" ? Math.round(v * 1e6) / 1e6 : v,
      ),
    );
  return { funnel: strip(funnel), trend: strip(trend) };
}

const jsonLines = (events: readonly SentEvent[]) => events.map((event) => JSON.stringify(event)).join("\n") + "\n";

test("imported events give the persons, distinct ids and analyses capture gives the same events", async () => {
  const { ingest } = await import("@/lib/ingestion/pipeline");
  const { importEvents } = await import("./import");
  const events = await fixture();
  const [capturedProject, importedProject] = [await newProject(), await newProject()];

  const result = await ingest(capturedProject, events.map(captured));
  expect(result.stored).toBe(events.length);

  // Two files, one gzipped, a blank line and bad lines among them.
  const half = Math.floor(events.length / 2);
  const dir = path.join(files, "export");
  mkdirSync(dir);
  writeFileSync(
    path.join(dir, "part-0.jsonl"),
    `${jsonLines(events.slice(0, 2))}\nnot json\n${jsonLines(events.slice(2, half))}{"event":"x"}\n`,
  );
  writeFileSync(path.join(dir, "part-1.jsonl.gz"), gzipSync(jsonLines(events.slice(half))));
  const bad: { file: string; row: number; reason: string }[] = [];
  const imported = await importEvents({ projectId: importedProject.id, paths: [dir], onBadRow: (row) => bad.push(row) });

  expect(imported).toMatchObject({ files: 2, skippedFiles: 0, events: events.length, duplicates: 0, badRows: 2 });
  expect(bad).toEqual([
    { file: path.join(dir, "part-0.jsonl"), row: 4, reason: "Line is not valid JSON." },
    { file: path.join(dir, "part-0.jsonl"), row: half + 3, reason: 'All events must have the event field "distinct_id"!' },
  ]);

  const [capturedPersons, importedPersons] = [await personsOf(capturedProject.id), await personsOf(importedProject.id)];
  expect(importedPersons).toEqual(capturedPersons);
  expect(capturedPersons.find((person) => person.distinctIds.includes("user-1"))).toEqual({
    distinctIds: ["alias-1", "anon-1", "user-1"],
    properties: { first_url: "/a", plan: "free", email: "u1@x" },
    isIdentified: true,
    createdAt: new Date(at(0)).toISOString(),
  });
  expect(await analysesOf(importedProject.id)).toEqual(await analysesOf(capturedProject.id));

  // Each event carries the same person (resolved through the overrides) in both projects; a personless event
  // sent before its distinct id had a person keeps its personless id.
  const personOfEvents = async (projectId: number) =>
    store.query<{ uuid: string; person: string }>(
      `WITH latest AS (SELECT distinct_id, argMax(person_id, version) AS person_id FROM person_distinct_id2 WHERE team_id = {team:Int64} GROUP BY distinct_id),
         overrides AS (SELECT distinct_id, argMax(person_id, version) AS person_id FROM person_distinct_id_overrides WHERE team_id = {team:Int64} GROUP BY distinct_id),
         names AS (SELECT person_id, min(distinct_id) AS name FROM latest GROUP BY person_id)
       SELECT toString(e.uuid) AS uuid, ifNull(n.name, concat('personless ', e.distinct_id)) AS person
       FROM events AS e
       LEFT JOIN overrides AS o ON o.distinct_id = e.distinct_id
       LEFT JOIN names AS n ON n.person_id = ifNull(o.person_id, e.person_id)
       WHERE e.team_id = {team:Int64} ORDER BY uuid
       SETTINGS join_use_nulls = 1`,
      { team: projectId },
    );
  const [capturedEvents, importedEvents] = [await personOfEvents(capturedProject.id), await personOfEvents(importedProject.id)];
  expect(importedEvents).toEqual(capturedEvents);
  // anon-2's personless event is re-attributed by the override its later merge wrote; anon-3 never had a person.
  expect(importedEvents.filter((event) => event.person.startsWith("personless"))).toEqual([
    { uuid: events.find((event) => event.distinct_id === "anon-3")!.uuid, person: "personless anon-3" },
  ]);
  const { personlessPersonId } = await import("@/lib/persons/processing");
  const personless = await store.query<{ person_id: string }>(
    `SELECT toString(person_id) AS person_id FROM events WHERE team_id = {team:Int64} AND uuid = {uuid:UUID}`,
    { team: importedProject.id, uuid: events.find((event) => event.distinct_id === "anon-3")!.uuid },
  );
  expect(personless).toEqual([{ person_id: personlessPersonId(importedProject.id, "anon-3") }]);

  // The hot-property columns the engine computes as the import inserts hold each property's exact value (0003).
  const hot = await store.query<{ name: string }>(
    `SELECT name FROM system.columns WHERE database = currentDatabase() AND table = 'events' AND startsWith(name, 'prop_')`,
  );
  expect(hot.length).toBeGreaterThan(0);
  const differing = await store.query(
    `SELECT ${hot.map(({ name }) => `countIf(NOT (${name} <=> JSONExtract(properties, '$${name.slice("prop_".length)}', 'Nullable(String)'))) AS differ_${name}`).join(", ")},
       countIf(prop_browser IS NOT NULL) AS with_browser
     FROM events WHERE team_id = {team:Int64}`,
    { team: importedProject.id },
  );
  expect(differing).toEqual([
    { ...Object.fromEntries(hot.map(({ name }) => [`differ_${name}`, "0"])), with_browser: expect.not.stringMatching(/^0$/) },
  ]);

  // Event and property definitions are recorded as capture records them: event names, event and person properties
  // with their types (a person property set, then unset, included), each event's properties.
  const { eventDefinitions, propertyDefinitions, eventProperties } = await import("@/lib/db/schema");
  const definitions = async (projectId: number) => ({
    events: (await db.select().from(eventDefinitions).where(eq(eventDefinitions.projectId, projectId))).map((row) => row.name).sort(),
    properties: (await db.select().from(propertyDefinitions).where(eq(propertyDefinitions.projectId, projectId)))
      .map((row) => `${row.type} ${row.name} ${row.propertyType}`)
      .sort(),
    pairs: (await db.select().from(eventProperties).where(eq(eventProperties.projectId, projectId)))
      .map((row) => `${row.event} ${row.property}`)
      .sort(),
  });
  const importedDefinitions = await definitions(importedProject.id);
  expect(importedDefinitions).toEqual(await definitions(capturedProject.id));
  expect(importedDefinitions.properties).toEqual(
    expect.arrayContaining(["2 seats Numeric", "2 email String", "1 plan String", "1 alias String"]),
  );
  expect(importedDefinitions.pairs).toEqual(expect.arrayContaining(["signed_up plan", "$create_alias alias"]));
}, 120_000);

test("a re-run skips imported files and stores no event twice, also after a run stopped half-way", async () => {
  const { importEvents } = await import("./import");
  const { eventImportFiles } = await import("@/lib/db/schema");
  const project = await newProject();
  const events = Array.from({ length: 50 }, (_, i) =>
    sent(i % 10 === 0 ? "$identify" : "$pageview", `d${i % 7}`, i, i % 10 === 0 ? { $anon_distinct_id: `a${i}` } : {}),
  );
  const file = path.join(files, "rerun.jsonl");
  writeFileSync(file, jsonLines(events));
  const count = async () =>
    (
      await store.query<{ rows: string; uuids: string }>(
        `SELECT count() AS rows, uniqExact(uuid) AS uuids FROM events WHERE team_id = {team:Int64}`,
        { team: project.id },
      )
    )[0];

  expect(await importEvents({ projectId: project.id, paths: [file] })).toMatchObject({ events: 50, skippedFiles: 0 });
  const persons = await personsOf(project.id);
  // Recorded with the file: a re-run that skips it has nothing left to define.
  const { eventDefinitions } = await import("@/lib/db/schema");
  const defined = await db.select({ name: eventDefinitions.name }).from(eventDefinitions).where(eq(eventDefinitions.projectId, project.id));
  expect(defined.map((row) => row.name).sort()).toEqual(["$identify", "$pageview"]);
  expect(await importEvents({ projectId: project.id, paths: [file] })).toMatchObject({ events: 0, skippedFiles: 1 });
  // As if stopped after the events were stored but before the file was recorded, by a kill that left the run's
  // tables behind: the re-run drops them.
  await db.delete(eventImportFiles).where(eq(eventImportFiles.projectId, project.id));
  await store.command("CREATE TABLE import_staging_left (row_number UInt64) ENGINE = MergeTree ORDER BY tuple()");
  await store.command("CREATE TABLE import_persons_left (distinct_id String) ENGINE = Memory");
  expect(await importEvents({ projectId: project.id, paths: [file] })).toMatchObject({ events: 0, duplicates: 50, skippedFiles: 0 });
  expect(await count()).toEqual({ rows: "50", uuids: "50" });
  expect(await personsOf(project.id)).toEqual(persons);
  expect(await store.query(`SELECT name FROM system.tables WHERE database = currentDatabase() AND startsWith(name, 'import_')`)).toEqual(
    [],
  );

  // A file after one already imported is imported all the same.
  const later = path.join(files, "rerun-later.jsonl");
  writeFileSync(later, jsonLines([sent("$pageview", "d1", 60), sent("$pageview", "d8", 61)]));
  expect(await importEvents({ projectId: project.id, paths: [file, later] })).toMatchObject({ files: 2, events: 2, skippedFiles: 1 });
  expect(await count()).toEqual({ rows: "52", uuids: "52" });
}, 60_000);

test("CSV (columns as exported, properties as JSON text) and Parquet files are read too", async () => {
  const { importEvents } = await import("./import");
  const project = await newProject();
  const csv = path.join(files, "events.csv");
  writeFileSync(
    csv,
    "uuid,event,distinct_id,timestamp,properties\n" +
      `0190a4c2-0000-7000-8000-00000000a001,signed_up,c1,2026-11-02T10:00:00Z,"{""$set"":{""plan"":""pro""}}"\n` +
      `not-a-uuid,signed_up,c2,2026-11-02T10:00:00Z,{}\n` +
      // Names written with escapes (as JSON text they are stored as given): the same $set and personless flag.
      `0190a4c2-0000-7000-8000-00000000a003,signed_up,c3,2026-11-02T10:02:00Z,"{""\\u0024set"":{""plan"":""team""}}"\n` +
      `0190a4c2-0000-7000-8000-00000000a004,signed_up,c4,2026-11-02T10:03:00Z,"{""\\u0024process_person_profile"":false}"\n`,
  );
  const parquet = path.join(files, "events.parquet");
  await store.command(
    `INSERT INTO FUNCTION file('${parquet}', 'Parquet', 'uuid String, event String, distinct_id String, timestamp DateTime64(3, \\'UTC\\'), properties String')
     VALUES ('0190a4c2-0000-7000-8000-00000000a002', 'purchase', 'c1', '2026-11-02 10:01:00', '{"amount": 12}')`,
  );
  const bad: { row: number; reason: string }[] = [];
  const result = await importEvents({
    projectId: project.id,
    paths: [csv, parquet],
    onBadRow: ({ row, reason }) => bad.push({ row, reason }),
  });
  expect(result).toMatchObject({ events: 4, badRows: 1 });
  expect(bad).toEqual([{ row: 3, reason: 'Event field "uuid" is not a valid UUID!' }]);
  expect(await personsOf(project.id)).toEqual([
    { distinctIds: ["c1"], properties: { plan: "pro" }, isIdentified: false, createdAt: "2026-11-02T10:00:00.000Z" },
    { distinctIds: ["c3"], properties: { plan: "team" }, isIdentified: false, createdAt: "2026-11-02T10:02:00.000Z" },
  ]);
  const rows = await store.query(`SELECT event, properties FROM events WHERE team_id = {team:Int64} ORDER BY timestamp`, {
    team: project.id,
  });
  expect(rows).toEqual([
    { event: "signed_up", properties: '{"$set":{"plan":"pro"}}' },
    { event: "purchase", properties: '{"amount": 12}' },
    { event: "signed_up", properties: '{"\\u0024set":{"plan":"team"}}' },
    { event: "signed_up", properties: '{"\\u0024process_person_profile":false}' },
  ]);
}, 60_000);
