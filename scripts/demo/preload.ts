// The first-start demo on the embedded event store, loaded before the server starts (which would then own the data
// dir): the demo user, organization and project, then the generated events written as JSON Lines files, a million
// events each, each loaded by the bulk import (`hedgerow import`'s path: the engine reads the file, persons built as
// capture builds them) and removed. Run as its own process by `preloadDemoProcess` (scripts/demo/seed.ts), so the
// data dir is released when it exits.
import { createWriteStream, mkdirSync, rmSync } from "node:fs";
import { once } from "node:events";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { closeDb, getDb } from "@/lib/db/client";
import { closeEventStore } from "@/lib/events/store/open";
import { importEvents } from "@/lib/import/import";
import { bootstrapOrganization } from "@/lib/organizations/service";
import { insertUser } from "@/lib/users/accounts";
import { generateDemoEvents } from "./generate";
import {
  beginDemoLoad,
  DEMO_EMAIL,
  DEMO_ORGANIZATION,
  type DemoPlan,
  type DemoProject,
  type DemoSettings,
  demoSettings,
  type Marker,
  planDemo,
  writeMarker,
} from "./seed";

/** Events per file: the import commits each file whole; a resumed load reads the finished ones again and stores none twice. */
const EVENTS_PER_FILE = 1_000_000;

const rate = (events: number, since: number) => Math.round(events / Math.max((Date.now() - since) / 1000, 0.001)).toLocaleString("en-US");

/** The demo user (the instance's first), who gets the demo organization and its default project. */
async function createDemoAccount(password: string): Promise<DemoProject> {
  const db = await getDb();
  const { project } = await db.transaction(async (tx) => {
    const user = await insertUser(tx, { email: DEMO_EMAIL, password, firstName: "Demo", lastName: "User" });
    return bootstrapOrganization(tx, user, { name: DEMO_ORGANIZATION });
  });
  return { projectId: project.id, apiToken: project.apiToken };
}

/**
 * The marker's events (the same ones for the same seed and end) as JSON Lines files in `dir`: each file is handed to
 * `load` as soon as it is complete, and removed after it, while the next one is written (generating events and the
 * import's engine work overlap). Files are loaded one at a time, in order, and at most two are on disk.
 */
export async function loadDemoFiles(
  dir: string,
  marker: Pick<Marker, "events" | "seed" | "now">,
  load: (file: string) => Promise<void>,
  eventsPerFile = EVENTS_PER_FILE,
) {
  let file: { path: string; stream: ReturnType<typeof createWriteStream> } | null = null;
  let written = 0;
  let loading: Promise<void> = Promise.resolve();
  const complete = async () => {
    if (!file) return;
    const { path: done, stream } = file;
    file = null;
    stream.end();
    await once(stream, "finish");
    await loading;
    loading = load(done).finally(() => rmSync(done, { force: true }));
    // Awaited before the next file is loaded, or at the end: a failure is reported then.
    loading.catch(() => {});
  };
  try {
    for (const batch of generateDemoEvents({ events: marker.events, seed: marker.seed, now: marker.now })) {
      for (const event of batch) {
        if (written % eventsPerFile === 0) {
          await complete();
          const filePath = path.join(dir, `events-${String(written / eventsPerFile).padStart(4, "0")}.jsonl`);
          file = { path: filePath, stream: createWriteStream(filePath) };
        }
        written += 1;
        if (!file!.stream.write(`${JSON.stringify(event)}\n`)) await once(file!.stream, "drain");
      }
    }
    await complete();
  } finally {
    // A failed write still waits for the file being loaded, so the caller's cleanup never races the import.
    await loading.catch(() => {});
  }
  await loading;
}

/**
 * Creates the demo account (or takes the interrupted load's) and loads its events. A load interrupted half-way is
 * finished by the next run: the same seed and end give the same events, and the import stores a uuid once.
 */
export async function preloadDemo(
  plan: Extract<DemoPlan, { action: "create" | "resume" }>,
  settings: DemoSettings,
  log: (line: string) => void,
) {
  let marker = await beginDemoLoad(plan, settings, createDemoAccount, log);
  const dir = path.join(settings.dataDir, "demo-events");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = Date.now();
  const { projectId } = marker;
  try {
    let loaded = 0;
    await loadDemoFiles(dir, marker, async (file) => {
      const result = await importEvents({ projectId, paths: [file] });
      // A resumed load finds the events stored before it as duplicates.
      loaded += result.events + result.duplicates;
      if (loaded < marker.events)
        log(`Demo data: ${loaded.toLocaleString("en-US")} / ${marker.events.toLocaleString("en-US")} events (${rate(loaded, started)}/s)`);
    });
    log(
      `Demo data: ${marker.events.toLocaleString("en-US")} events loaded in ${((Date.now() - started) / 1000).toFixed(1)} s (${rate(marker.events, started)}/s).`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  marker = { ...marker, status: "done" };
  writeMarker(settings.dataDir, marker);
  return marker;
}

// As a process (`node --import tsx scripts/demo/preload.ts`): plans from the environment, as `npm start` did.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const settings = demoSettings(process.env);
  const plan = await planDemo(settings);
  try {
    if (plan.action === "create" || plan.action === "resume") await preloadDemo(plan, settings, console.log);
  } finally {
    await closeEventStore();
    await closeDb();
  }
}
