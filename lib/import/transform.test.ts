import { writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Database } from "@/lib/db/client";
import type { Project } from "@/lib/db/schema";
import type { EventStore } from "@/lib/events/store/open";
import { embeddedTestDatabases } from "@/lib/events/store/test-store";
import { RUN_BY_HEDGEROW } from "@/lib/plugins/runs";

// The project's transformation apps on an import: the same events go through capture (as /batch/ takes them) into
// one project and through the import into another with the same apps; the stored events must come out the same.
const embedded = embeddedTestDatabases("import-transform");
let db: Database;
let store: EventStore;

beforeAll(async () => {
  ({ db, store } = await embedded.open());
}, 60_000);

afterAll(async () => {
  await embedded.close();
});

const CHROME_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let projectCount = 0;
async function newProject(settings: { anonymizeIps?: boolean } = {}): Promise<Project> {
  const { organizations, projects } = await import("@/lib/db/schema");
  const n = ++projectCount;
  const [organization] = await db
    .insert(organizations)
    .values({ name: `Org ${n}`, slug: `org-${n}` })
    .returning();
  const [project] = await db
    .insert(projects)
    .values({ organizationId: organization.id, name: `P${n}`, apiToken: `phc_transform_${n}`, ...settings })
    .returning();
  return project;
}

/** Installs the catalog app at `url` in the project's organization and enables it with `config`, in this order. */
async function enable(project: Project, url: string, config: Record<string, unknown>, order: number) {
  const { plugins, pluginConfigs } = await import("@/lib/db/schema");
  const [plugin] = await db.insert(plugins).values({ organizationId: project.organizationId, url, name: url }).returning();
  await db.insert(pluginConfigs).values({ projectId: project.id, pluginId: plugin.id, enabled: true, order, config });
}

/** Both projects with the same apps. */
async function withApps(projects: Project[], apps: [url: string, config: Record<string, unknown>][]) {
  for (const project of projects) for (const [order, [url, config]] of apps.entries()) await enable(project, url, config, order);
}

interface SentEvent {
  uuid: string;
  event: string;
  distinct_id: string;
  timestamp: string;
  properties: Record<string, unknown>;
}

let uuidCount = 0;
const sent = (event: string, distinctId: string, properties: Record<string, unknown> = {}, minute = 0): SentEvent => ({
  uuid: `0190a4c2-0000-7000-8000-${String(++uuidCount).padStart(12, "0")}`,
  event,
  distinct_id: distinctId,
  timestamp: new Date(Date.UTC(2026, 10, 2, 10, minute)).toISOString(),
  properties,
});

/** The events as one /batch/ request of the project's. */
async function captureBatch(project: Project, events: SentEvent[]) {
  const { capture } = await import("@/lib/capture/capture");
  const { ingest } = await import("@/lib/ingestion/pipeline");
  const body = Buffer.from(JSON.stringify({ api_key: project.apiToken, batch: events }));
  const raw = { method: "POST", query: new URLSearchParams(), contentType: "application/json", contentEncoding: "", body, ip: null };
  expect(await capture(raw, 10_000_000, ingest)).toEqual({ status: 1 });
}

let fileCount = 0;
async function importLines(project: Project, lines: string[]) {
  const { importEvents } = await import("./import");
  const file = path.join(embedded.dataDir, `events-${++fileCount}.jsonl`);
  writeFileSync(file, `${lines.join("\n")}\n`);
  const phases = new Set<string>();
  const result = await importEvents({ projectId: project.id, paths: [file], onProgress: ({ phase }) => phases.add(phase) });
  return { ...result, phases };
}

const importBatch = (project: Project, events: SentEvent[]) =>
  importLines(
    project,
    events.map((event) => JSON.stringify(event)),
  );

/** A project's stored events, by uuid, with their properties parsed (capture and the import write the text apart). */
async function storedEvents(projectId: number) {
  const rows = await store.query<{ uuid: string; event: string; distinct_id: string; properties: string; timestamp: string }>(
    `SELECT toString(uuid) AS uuid, event, distinct_id, properties, toString(timestamp) AS timestamp
     FROM events WHERE team_id = {team:Int64} ORDER BY uuid`,
    { team: projectId },
  );
  return rows.map((row) => ({ ...row, properties: JSON.parse(row.properties) as Record<string, unknown> }));
}

async function personProperties(projectId: number) {
  const { persons } = await import("@/lib/db/schema");
  const rows = await db.select({ properties: persons.properties }).from(persons).where(eq(persons.projectId, projectId));
  return rows.map((row) => row.properties);
}

async function definitions(projectId: number) {
  const { propertyDefinitions, eventProperties } = await import("@/lib/db/schema");
  return {
    properties: (await db.select().from(propertyDefinitions).where(eq(propertyDefinitions.projectId, projectId)))
      .map((row) => `${row.type} ${row.name}`)
      .sort(),
    pairs: (await db.select().from(eventProperties).where(eq(eventProperties.projectId, projectId)))
      .map((row) => `${row.event} ${row.property}`)
      .sort(),
  };
}

/** Each enabled app's counts (by its order) and the uuids its log lines name. */
async function appRuns(projectId: number) {
  const { pluginConfigs, pluginConfigMetrics, pluginLogEntries } = await import("@/lib/db/schema");
  const metrics = await db
    .select({
      order: pluginConfigs.order,
      succeeded: pluginConfigMetrics.succeeded,
      failed: pluginConfigMetrics.failed,
      filtered: pluginConfigMetrics.filtered,
    })
    .from(pluginConfigMetrics)
    .innerJoin(pluginConfigs, eq(pluginConfigs.id, pluginConfigMetrics.configId))
    .where(eq(pluginConfigs.projectId, projectId));
  const logs = await db
    .select({ order: pluginConfigs.order, uuid: pluginLogEntries.eventUuid })
    .from(pluginLogEntries)
    .innerJoin(pluginConfigs, eq(pluginConfigs.id, pluginLogEntries.configId))
    .where(eq(pluginConfigs.projectId, projectId));
  return { metrics: metrics.sort((a, b) => a.order - b.order), logs };
}

const workingTables = () =>
  store.query(`SELECT name FROM system.tables WHERE database = currentDatabase() AND startsWith(name, 'import_')`);

test("the bot filter drops bots, the URL normalizer and property filter rewrite the rest, as on capture", async () => {
  const [captured, imported] = [await newProject(), await newProject()];
  await withApps(
    [captured, imported],
    [
      [RUN_BY_HEDGEROW.botFilter, {}],
      [RUN_BY_HEDGEROW.urlNormalizer, {}],
      [RUN_BY_HEDGEROW.propertyFilter, { properties: "email,$set.email" }],
    ],
  );
  const events = [
    sent("crawl", "bot", { $raw_user_agent: GOOGLEBOT }),
    sent(
      "$pageview",
      "human",
      { $raw_user_agent: CHROME_MAC, $current_url: "HTTPS://Shop.Example/Cart/", email: "a@b.c", $set: { email: "a@b.c", plan: "pro" } },
      1,
    ),
    // The URL normalizer fails on it: logged, and the event kept as sent.
    sent("odd-url", "human", { $current_url: "not a url", email: "a@b.c" }, 2),
  ];
  await captureBatch(captured, events);
  const lines = events.map((event) => JSON.stringify(event));
  const result = await importLines(imported, [lines[0], "not json", ...lines.slice(1)]);

  // The dropped bot is not a bad row; the bad line still is.
  expect(result).toMatchObject({ events: 2, dropped: 1, badRows: 1, duplicates: 0 });
  expect([...result.phases]).toContain("apps");
  const stored = await storedEvents(imported.id);
  expect(stored.map(({ uuid, event, distinct_id, properties }) => ({ uuid, event, distinct_id, properties }))).toEqual(
    (await storedEvents(captured.id)).map(({ uuid, event, distinct_id, properties }) => ({ uuid, event, distinct_id, properties })),
  );
  expect(stored.map((event) => event.event)).toEqual(["$pageview", "odd-url"]);
  expect(stored[0].properties).toMatchObject({ $current_url: "https://shop.example/cart", $set: { plan: "pro" } });
  expect(stored[0].properties).not.toHaveProperty("email");
  expect(stored[1].properties).toEqual({ $current_url: "not a url" });

  // Persons and definitions see the transformed events: no email anywhere.
  expect(await personProperties(imported.id)).toEqual([{ plan: "pro" }]);
  const importedDefinitions = await definitions(imported.id);
  expect(importedDefinitions).toEqual(await definitions(captured.id));
  expect(importedDefinitions.properties).toContain("1 $current_url");
  expect(importedDefinitions.properties.filter((name) => name.includes("email"))).toEqual([]);

  // The apps' counts and the failure's log line, as capture writes them (its counts once deferred ones are written,
  // as reading metrics does).
  const { writeDeferredCounts } = await import("@/lib/plugins/observe/tally");
  await writeDeferredCounts();
  const runs = await appRuns(imported.id);
  expect(runs).toEqual(await appRuns(captured.id));
  expect(runs.metrics.map(({ failed, filtered }) => ({ failed, filtered }))).toEqual([
    { failed: 0, filtered: 1 },
    { failed: 1, filtered: 0 },
    { failed: 0, filtered: 0 },
  ]);
  expect(runs.logs).toEqual([{ order: 1, uuid: events[2].uuid }]);

  // The rewritten table and the staged one are both gone.
  expect(await workingTables()).toEqual([]);
}, 60_000);

test("downsampling by distinct id drops whole users, counted as dropped, not as bad rows", async () => {
  const { distinctIdShare } = await import("@/lib/plugins/transformations/apps");
  const [captured, imported] = [await newProject(), await newProject()];
  await withApps([captured, imported], [[RUN_BY_HEDGEROW.downsampling, { percentage: "50" }]]);
  const users = Array.from({ length: 40 }, (_, i) => `user-${i}`);
  const events = users.flatMap((id, i) => [1, 2, 3].map((n) => sent(`step-${n}`, id, n === 1 ? { $set: { n: i } } : {}, n)));
  await captureBatch(captured, events);
  const result = await importBatch(imported, events);

  const kept = users.filter((id) => distinctIdShare(id) < 0.5);
  expect(kept.length).toBeGreaterThan(5);
  expect(kept.length).toBeLessThan(35);
  expect(result).toMatchObject({ events: kept.length * 3, dropped: (users.length - kept.length) * 3, badRows: 0, duplicates: 0 });
  const stored = await storedEvents(imported.id);
  expect(new Set(stored.map((event) => event.distinct_id))).toEqual(new Set(kept));
  expect(stored.map((event) => event.uuid)).toEqual((await storedEvents(captured.id)).map((event) => event.uuid));
  // Only the kept users have persons.
  expect(await personProperties(imported.id)).toHaveLength(kept.length);
}, 60_000);

test("GeoIP locates events from $ip as on capture; with anonymize_ips the address is gone before it runs", async () => {
  const [captured, imported, anonymous] = [await newProject(), await newProject(), await newProject({ anonymizeIps: true })];
  await withApps([captured, imported, anonymous], [[RUN_BY_HEDGEROW.geoip, {}]]);
  const events = [sent("visit", "v", { $ip: "8.8.8.8", $set: { plan: "pro" } }), sent("private", "v", { $ip: "10.0.0.7" }, 1)];
  await captureBatch(captured, events);
  await importBatch(imported, events);

  const located = await storedEvents(imported.id);
  expect(located.map(({ uuid, properties }) => ({ uuid, properties }))).toEqual(
    (await storedEvents(captured.id)).map(({ uuid, properties }) => ({ uuid, properties })),
  );
  expect(located[0].properties).toMatchObject({ $ip: "8.8.8.8", $geoip_country_code: "US", $set: { $geoip_country_code: "US" } });
  expect(Object.keys(located[1].properties).filter((key) => key.includes("geoip"))).toEqual([]);
  expect(await personProperties(imported.id)).toEqual([expect.objectContaining({ plan: "pro", $geoip_country_code: "US" })]);

  // Microseconds are kept through the pass: the import stores the time as written.
  const precise = { ...sent("visit", "w", { $ip: "8.8.8.8" }, 2), timestamp: "2026-11-02T10:02:00.123456Z" };
  const result = await importBatch(anonymous, [...events, precise]);
  expect(result).toMatchObject({ events: 3, dropped: 0 });
  const anonymized = await storedEvents(anonymous.id);
  for (const { properties } of anonymized) expect(Object.keys(properties).filter((key) => /ip/.test(key))).toEqual([]);
  expect(anonymized[0].properties).toEqual({ $set: { plan: "pro" } });
  expect(anonymized[2].timestamp).toBe("2026-11-02 10:02:00.123456");
}, 60_000);

test("a project without apps imports as before: no pass, the properties stored as written", async () => {
  const project = await newProject();
  const { plugins, pluginConfigs } = await import("@/lib/db/schema");
  // An app set up but disabled does not run.
  const [plugin] = await db
    .insert(plugins)
    .values({ organizationId: project.organizationId, url: RUN_BY_HEDGEROW.propertyFilter, name: "filter" })
    .returning();
  await db.insert(pluginConfigs).values({ projectId: project.id, pluginId: plugin.id, enabled: false, config: { properties: "email" } });
  const event = sent("signed_up", "u", {}, 3);
  // Properties given as JSON text are stored as given, where a pass would write them anew.
  const line = JSON.stringify({ ...event, properties: '{"email": "a@b.c",  "n": 1.50}' });
  const result = await importLines(project, [line]);

  expect(result).toMatchObject({ events: 1, dropped: 0 });
  expect([...result.phases]).not.toContain("apps");
  const rows = await store.query(`SELECT properties FROM events WHERE team_id = {team:Int64}`, { team: project.id });
  expect(rows).toEqual([{ properties: '{"email": "a@b.c",  "n": 1.50}' }]);
}, 60_000);

test("a file larger than a batch passes through whole, in batches, its bad rows kept as they were", async () => {
  const project = await newProject();
  await withApps([project], [[RUN_BY_HEDGEROW.timestampParser, {}]]);
  const lines = Array.from({ length: 25_003 }, (_, i) =>
    i % 5_000 === 7 ? `bad ${i}` : JSON.stringify(sent("$pageview", `d${i % 300}`, i % 1_000 === 0 ? { $set: { i } } : {}, i % 60)),
  );
  const bad: number[] = [];
  const { importEvents } = await import("./import");
  const file = path.join(embedded.dataDir, "large.jsonl");
  writeFileSync(file, `${lines.join("\n")}\n`);
  const result = await importEvents({ projectId: project.id, paths: [file], onBadRow: ({ row }) => bad.push(row) });

  expect(result).toMatchObject({ events: 24_998, duplicates: 0, dropped: 0, badRows: 5 });
  expect(bad).toEqual([8, 5_008, 10_008, 15_008, 20_008]);
  const [counts] = await store.query(
    `SELECT count() AS events, uniqExact(uuid) AS uuids, countIf(JSONHas(properties, 'day_of_the_week')) AS parsed
     FROM events WHERE team_id = {team:Int64}`,
    { team: project.id },
  );
  expect(counts).toEqual({ events: "24998", uuids: "24998", parsed: "24998" });
  expect(await personProperties(project.id)).toHaveLength(300);
}, 120_000);
