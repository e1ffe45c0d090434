import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Database } from "@/lib/db/client";
import type { EventStore } from "@/lib/events/store/open";
import { embeddedTestDatabases } from "@/lib/events/store/test-store";
import { generateDemoEvents } from "@/scripts/demo/generate";
import { DEMO_EMAIL, writeMarker } from "./marker";
import { trickleSettings } from "./settings";

// One chDB and one PGlite per process, in a data dir of this file's own, holding a demo as `npm start` makes it.
const embedded = embeddedTestDatabases("demo-job");
let db: Database;
let store: EventStore;
let projectId: number;

beforeAll(async () => {
  ({ db, store } = await embedded.open());
  const { insertUser } = await import("@/lib/users/accounts");
  const { bootstrapOrganization } = await import("@/lib/organizations/service");
  const { project } = await db.transaction(async (tx) => {
    const user = await insertUser(tx, { email: DEMO_EMAIL, password: "demo-password-1", firstName: "Demo", lastName: "User" });
    return bootstrapOrganization(tx, user, { name: "Hedgerow Demo" });
  });
  projectId = project.id;
}, 60_000);

afterAll(async () => {
  await embedded.close();
});

const marker = (status: "loading" | "done") => ({
  status,
  email: DEMO_EMAIL,
  password: "demo-password-1",
  projectId,
  apiToken: "phc_demo",
  events: 3_000,
  seed: 1,
  now: Date.now(),
});

const countEvents = async () =>
  Number((await store.query<{ n: string }>("SELECT count() AS n FROM events WHERE team_id = {team:Int64}", { team: projectId }))[0].n);

test("the trickle is on with the demo, off with HEDGEROW_DEMO_TRICKLE=0 or HEDGEROW_DEMO=false, and bounded", () => {
  expect(trickleSettings({})).toMatchObject({ demo: true, enabled: true });
  expect(trickleSettings({ HEDGEROW_DEMO_TRICKLE: "0" })).toMatchObject({ demo: true, enabled: false });
  expect(trickleSettings({ HEDGEROW_DEMO_TRICKLE: "off" })).toMatchObject({ enabled: false });
  expect(trickleSettings({ HEDGEROW_DEMO: "false" })).toMatchObject({ demo: false, enabled: false });
  const { everyMs, eventsPerTick, maxEventsPerDay } = trickleSettings({});
  expect(eventsPerTick).toBeLessThanOrEqual(10);
  expect(everyMs).toBeGreaterThanOrEqual(1_000);
  expect(maxEventsPerDay).toBeLessThanOrEqual(20_000);
});

test("once the demo is loaded: its dashboard and insights are made once, and each round trickles a few live events", async () => {
  const { demoJobRound } = await import("./job");
  const { createTrickle } = await import("./trickle");
  const { DEMO_INSIGHTS } = await import("./content");
  const { DEFAULT_DASHBOARD_NAME } = await import("@/lib/dashboards/find");
  const { dashboardTiles, dashboards, insights } = await import("@/lib/db/schema");
  const settings = { ...trickleSettings({}), eventsPerTick: 3, maxEventsPerDay: 7 };
  const round = demoJobRound({ dataDir: embedded.dataDir, settings, trickle: createTrickle(settings, 42) });

  // Nothing while the demo is still loading.
  writeMarker(embedded.dataDir, marker("loading"));
  expect(await round()).toBe(0);
  expect(await db.select().from(insights).where(eq(insights.projectId, projectId))).toEqual([]);
  expect(await countEvents()).toBe(0);

  writeMarker(embedded.dataDir, marker("done"));
  const started = Date.now();
  expect(await round()).toBe(3);
  const made = await db.select().from(insights).where(eq(insights.projectId, projectId)).orderBy(asc(insights.id));
  expect(made.map((insight) => [insight.name, insight.saved])).toEqual(DEMO_INSIGHTS.map((insight) => [insight.name, true]));
  // On the home dashboard the project started with: the first thing a newcomer sees.
  const [dashboard] = await db.select().from(dashboards).where(eq(dashboards.projectId, projectId));
  expect(dashboard).toMatchObject({ name: DEFAULT_DASHBOARD_NAME, pinned: true });
  const tiles = await db
    .select()
    .from(dashboardTiles)
    .where(and(eq(dashboardTiles.dashboardId, dashboard.id), eq(dashboardTiles.deleted, false)));
  expect(tiles.map((tile) => tile.insightId).sort()).toEqual(made.map((insight) => insight.id).sort());

  // Live events, stamped now.
  const live = await store.query<{ ts: string }>(
    "SELECT toUnixTimestamp64Milli(timestamp) AS ts FROM events WHERE team_id = {team:Int64}",
    { team: projectId },
  );
  expect(live).toHaveLength(3);
  for (const { ts } of live) expect(Math.abs(Number(ts) - started)).toBeLessThan(60_000);

  // The next rounds add events, not content; the day's cap bounds them.
  expect(await round()).toBe(3);
  expect(await round()).toBe(1);
  expect(await round()).toBe(0);
  expect(await countEvents()).toBe(7);
  expect(await db.select().from(insights).where(eq(insights.projectId, projectId))).toHaveLength(DEMO_INSIGHTS.length);

  // Another process (or a restart) makes nothing twice.
  const { seedDemoContent } = await import("./content");
  expect(await seedDemoContent(projectId)).toBe(0);
  expect(await db.select().from(insights).where(eq(insights.projectId, projectId))).toHaveLength(DEMO_INSIGHTS.length);
  expect(await db.select().from(dashboards).where(eq(dashboards.projectId, projectId))).toHaveLength(1);
  // One deleted stays deleted.
  await db.update(insights).set({ deleted: true }).where(eq(insights.id, made[0].id));
  expect(await seedDemoContent(projectId)).toBe(0);
}, 60_000);

test("the demo's insights compute on the demo's events, each with something to show", async () => {
  const { ingest } = await import("@/lib/ingestion/pipeline");
  const { asCaptured } = await import("./trickle");
  const { analysisOf, runAnalysis } = await import("@/lib/insights/compute");
  const { insights, projects } = await import("@/lib/db/schema");
  for (const batch of generateDemoEvents({ events: 3_000, seed: 3, now: Date.now() }))
    await ingest(
      { id: projectId },
      batch.map((event) => asCaptured(event, new Date(event.timestamp))),
    );
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  for (const insight of await db.select().from(insights).where(eq(insights.projectId, projectId))) {
    const result = (await runAnalysis(project, analysisOf(insight))) as unknown[];
    expect(result.length, insight.name ?? "").toBeGreaterThan(0);
  }
}, 120_000);
