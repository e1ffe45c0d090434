// Where capture's server time goes, stage by stage, in-process on embedded stores in a temp data dir: the same
// posthog-node-shaped bodies as bench/capture.ts (gzip batches of 100 demo events, fresh timestamps) decoded,
// validated and ingested (persons, definitions, duplicate check, the store's insert) with the app's own functions,
// each stage timed alone over every body. What the server process adds per request (HTTP, the request and response
// objects, the auth of the token) is the capture bench's server CPU per event minus the sum of these.
//   npx tsx bench/capture-stages.ts [--events 200000] [--group 20000]
import { embeddedTestDatabases } from "../lib/events/store/test-store";
import { BATCH, payloads } from "./capture-client";
import { arg, load } from "./events";

const EVENTS = Number(arg("events", "200000"));
/** The pipeline's group under load: requests queued during a flush are flushed together, up to this many events. */
const GROUP = Number(arg("group", "20000"));

// Both embedded databases on a temp data dir of the bench's own (the app's modules imported once it is set).
const embedded = embeddedTestDatabases("bench-stages");
const { db, store } = await embedded.open();
const { organizations, projects } = await import("@/lib/db/schema");
const { decodeCaptureBody } = await import("@/lib/capture/decode");
const { parseCapture } = await import("@/lib/capture/events");
const { ingest, flushIngestion } = await import("@/lib/ingestion/pipeline");
const { eventRow } = await import("@/lib/ingestion/event-row");
const { processProjectPersons } = await import("@/lib/persons/batch");
type CapturedEvent = import("@/lib/ingestion/types").CapturedEvent;

const newProject = async (name: string) => {
  const [organization] = await db
    .insert(organizations)
    .values({ name, slug: `${name}-${Date.now()}` })
    .returning();
  const [project] = await db
    .insert(projects)
    .values({ organizationId: organization.id, name, apiToken: `phc_${name}_${Date.now()}` })
    .returning();
  return project;
};

const bodies = await payloads("phc_x", EVENTS);

/** Runs `work`, answering its wall time and the process's CPU time (every thread: chDB's too), in µs per event. */
async function timed<T>(work: () => Promise<T>): Promise<{ result: T; wall: number; cpu: number }> {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const result = await work();
  const wall = ((performance.now() - wall0) * 1000) / EVENTS;
  const used = process.cpuUsage(cpu0);
  return { result, wall, cpu: (used.user + used.system) / EVENTS };
}

const rows: { stage: string; wall: number; cpu: number }[] = [];

const decoded = await timed(async () => {
  const payloads: unknown[] = [];
  for (const body of bodies)
    payloads.push(
      (
        await decodeCaptureBody(
          { method: "POST", query: new URLSearchParams(), contentType: "application/json", contentEncoding: "gzip", body, ip: null },
          20 * 2 ** 20,
        )
      ).payload,
    );
  return payloads;
});
rows.push({ stage: "decode (gunzip, JSON.parse)", ...decoded });

const validated = await timed(async () =>
  decoded.result.map((payload) => parseCapture(payload, { now: new Date(), query: new URLSearchParams(), form: null }).events),
);
rows.push({ stage: "validation (events normalized)", ...validated });
const batches = validated.result;
const groups: CapturedEvent[][] = [];
for (let i = 0; i < batches.length; i += GROUP / BATCH) groups.push(batches.slice(i, i + GROUP / BATCH).flat());

// Persons alone, in a project of their own: the pipeline's transaction per group.
const personsProject = await newProject("persons");
const persons = await timed(async () => {
  for (const events of groups) {
    const sorted = [...events].sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
    await db.transaction((tx) => processProjectPersons(tx, personsProject.id, sorted, events));
  }
});
rows.push({ stage: "persons (PGlite transaction per group)", ...persons });

// The store's insert alone: the same rows the pipeline writes, into a project of their own.
const insertProject = await newProject("insert");
const insert = await timed(async () => {
  for (const events of groups)
    await store.insert(
      "events",
      events.map((event) => eventRow({ projectId: insertProject.id, event }, "00000000-0000-0000-0000-000000000000")),
    );
});
rows.push({ stage: "store insert (chDB, a group at a time)", ...insert });

// The whole ingestion pipeline (duplicate check, persons, definitions, mirror, insert), as a flood of requests.
const pipelineProject = await newProject("pipeline");
const whole = await timed(async () => {
  await Promise.all(batches.map((events) => ingest(pipelineProject, events)));
  await flushIngestion();
});
rows.push({ stage: "ingestion pipeline, whole (requests flushed in groups)", ...whole });

const format = (us: number) => us.toFixed(1);
console.log(
  `${EVENTS.toLocaleString("en-US")} demo events, bodies of ${BATCH}, groups of ${GROUP.toLocaleString("en-US")}; load ${load()}\n`,
);
console.log("| stage | wall µs / event | CPU µs / event (all threads) |");
console.log("|---|---:|---:|");
for (const row of rows) console.log(`| ${row.stage} | ${format(row.wall)} | ${format(row.cpu)} |`);
const serverSide = decoded.cpu + validated.cpu + whole.cpu;
console.log(`\nDecode + validation + pipeline: ${format(serverSide)} µs of CPU per event.`);

await embedded.close();
