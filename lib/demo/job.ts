// The server's demo job: once the first-start demo is loaded (its marker in the data dir says so), it makes the demo's
// saved insights and dashboard, then adds the live trickle of events every few seconds (HEDGEROW_DEMO_TRICKLE=0: not).
import { eq, sql } from "drizzle-orm";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { projects } from "@/lib/db/schema";
import { seedDemoContent } from "./content";
import { readMarker } from "./marker";
import { type TrickleSettings, trickleSettings } from "./settings";
import { createTrickle, type Trickle } from "./trickle";

/** Key of the advisory lock that lets one of the processes sharing a PostgreSQL run the job at a time. */
const DEMO_LOCK = 0x6465_6d6f; // "demo"

async function exclusively(run: () => Promise<void>) {
  // Embedded metadata means one process, whose loop never overlaps itself.
  if (!config.databaseUrl) return run();
  const db = await getDb();
  await db.transaction(async (tx) => {
    const result = await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${DEMO_LOCK}) AS locked`);
    if ((result as unknown as { rows: { locked: boolean }[] }).rows[0].locked) await run();
  });
}

export interface DemoJobOptions {
  dataDir: string;
  settings: TrickleSettings;
  trickle?: Trickle;
}

/**
 * One round of the job: nothing until the demo is loaded and while its project exists; then its content, once per
 * process (seeding is idempotent), and a trickle tick when the trickle is on. Answers the events trickled, or null
 * once there is nothing left to do (content made, trickle off).
 */
export function demoJobRound(options: DemoJobOptions) {
  const trickle = options.trickle ?? createTrickle(options.settings);
  let seeded = false;
  return async (): Promise<number | null> => {
    if (seeded && !options.settings.enabled) return null;
    const marker = readMarker(options.dataDir);
    if (marker?.status !== "done") return 0;
    const db = await getDb();
    const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, marker.projectId));
    if (!project) return 0;
    let trickled = 0;
    await exclusively(async () => {
      if (!seeded) await seedDemoContent(project.id);
      seeded = true;
      if (options.settings.enabled) trickled = await trickle.tick(project.id);
    });
    return trickled;
  };
}

const holder = globalThis as unknown as { __hedgerowDemoJob?: { stop: () => Promise<void> } };

/** The process's demo job, a round every few seconds until there is nothing left to do (HEDGEROW_DEMO=false: none). */
export function startDemoJob(options: DemoJobOptions = { dataDir: config.dataDir, settings: trickleSettings(process.env) }) {
  if (holder.__hedgerowDemoJob) return holder.__hedgerowDemoJob;
  if (!options.settings.demo) return { stop: async () => {} };
  const round = demoJobRound(options);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let failures = 0;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = round()
        .then((trickled) => {
          failures = 0;
          if (trickled === null) stopped = true;
        })
        .catch((error: unknown) => {
          // Said once, not every few seconds while a database is down.
          if (failures++ === 0) console.error("[demo] the demo job failed (it keeps trying):", error);
        })
        .finally(schedule);
    }, options.settings.everyMs);
    timer.unref();
  };
  schedule();
  const job = {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      holder.__hedgerowDemoJob = undefined;
    },
  };
  holder.__hedgerowDemoJob = job;
  return job;
}
