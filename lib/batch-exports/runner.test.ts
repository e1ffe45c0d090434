import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ListObjectsV2Command, GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import pg from "pg";
import S3rver from "s3rver";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import type { Database } from "@/lib/db/client";
import type { EventStore } from "@/lib/events/store/open";

// A run end to end inside one process: PGlite for the runs, chDB for the events, and real destinations on loopback
// (PostgreSQL of TEST_DATABASE_URL, an S3-compatible server, an HTTP server).
const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-bx-runner-"));
let db: Database;
let store: EventStore;
let projectId: number;
let boss: import("pg-boss");
let modules: {
  queue: typeof import("./queue");
  runner: typeof import("./runner");
  worker: typeof import("./worker");
  schema: typeof import("@/lib/db/schema");
  closeDb: () => Promise<void>;
  closeEventStore: () => Promise<void>;
};
let s3rver: S3rver;
let s3Endpoint: string;
const s3Dir = mkdtempSync(path.join(tmpdir(), "hedgerow-bx-s3-"));

const START = new Date("2024-06-01T00:00:00Z");
const END = new Date("2024-06-01T01:00:00Z");
const events = Array.from({ length: 250 }, (_, i) => ({
  uuid: randomUUID(),
  event: i % 5 === 0 ? "$identify" : "pageview",
  properties: JSON.stringify({ i, $ip: "10.0.0.1", $set: { plan: "pro" }, text: "tab\tnew\nline \\ back" }),
  timestamp: new Date(START.getTime() + i * 10_000).toISOString(),
  distinct_id: `user-${i % 7}`,
  person_id: randomUUID(),
}));

beforeAll(async () => {
  process.env.HEDGEROW_DATA_DIR = dataDir;
  // The destinations are on loopback, which the destination guard refuses unless listed.
  process.env.HEDGEROW_ALLOWED_DESTINATIONS = "127.0.0.1, localhost, ::1";
  delete process.env.DATABASE_URL;
  delete process.env.CLICKHOUSE_URL;
  const client = await import("@/lib/db/client");
  const eventStore = await import("@/lib/events/store/open");
  modules = {
    queue: await import("./queue"),
    runner: await import("./runner"),
    worker: await import("./worker"),
    schema: await import("@/lib/db/schema"),
    closeDb: client.closeDb,
    closeEventStore: eventStore.closeEventStore,
  };
  db = await client.getDb();
  store = await eventStore.getEventStore();
  // pg-boss on the embedded PGlite: its schema is created here.
  boss = await modules.queue.runQueue(db, settings);
  const [organization] = await db
    .insert(modules.schema.organizations)
    .values({ name: "Org", slug: `org-${randomUUID()}` })
    .returning();
  const [project] = await db
    .insert(modules.schema.projects)
    .values({ organizationId: organization.id, name: "P", apiToken: `phc_${randomUUID()}` })
    .returning();
  projectId = project.id;
  // One event outside the interval and one of another project: neither is exported.
  await store.insert("events", [
    ...events.map((event) => ({ ...event, team_id: projectId })),
    { ...events[0], uuid: randomUUID(), timestamp: END.toISOString(), team_id: projectId },
    { ...events[0], uuid: randomUUID(), team_id: projectId + 1 },
  ]);
  s3rver = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: "exports", configs: [] }],
  });
  const address = await s3rver.run();
  s3Endpoint = `http://127.0.0.1:${address.port}`;
}, 180_000);

afterAll(async () => {
  await modules?.queue.stopRunQueue(1_000);
  await s3rver?.close();
  await modules?.closeEventStore();
  await modules?.closeDb();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(s3Dir, { recursive: true, force: true });
});

// Each test executes only its own runs: what an earlier one left unfinished is put aside, its jobs with it.
beforeEach(async () => {
  const left = await db.execute(sql`
    UPDATE batch_export_runs SET status = 'Cancelled' WHERE status NOT IN ('Completed', 'Failed', 'Cancelled') RETURNING job_id`);
  for (const { job_id } of modules.queue.rowsOf<{ job_id: string | null }>(left))
    if (job_id) await boss.cancel(modules.queue.RUN_QUEUE, job_id);
});

async function createExport(destinationType: string, destinationConfig: Record<string, unknown>) {
  const [row] = await db
    .insert(modules.schema.batchExports)
    .values({ projectId, name: destinationType, destinationType, destinationConfig, interval: "hour", paused: true })
    .returning();
  const [run] = await db
    .insert(modules.schema.batchExportRuns)
    .values({ batchExportId: row.id, status: "Starting", dataIntervalStart: START, dataIntervalEnd: END })
    .returning();
  return { exportId: row.id, runId: run.id };
}

const settings = { enabled: true, pollMs: 500, concurrency: 1, leaseSeconds: 30, pageSize: 100, maxAttempts: 3, retrySeconds: 1 };

/**
 * Queues the runs' jobs and executes them as a worker does, until none is left to fetch (retries are fetched at once,
 * without their backoff).
 */
async function runAll(stop = new AbortController().signal) {
  await modules.queue.enqueuePendingRuns(db, boss, settings);
  for (;;) {
    const [job] = await boss.fetch<import("./queue").RunJobData>(modules.queue.RUN_QUEUE, {
      includeMetadata: true,
      ignoreStartAfter: true,
    });
    if (!job) return;
    try {
      await modules.worker.executeJob(db, boss, job, settings, stop);
      await boss.complete(modules.queue.RUN_QUEUE, job.id);
    } catch (error) {
      await boss.fail(modules.queue.RUN_QUEUE, job.id, { message: String(error) });
    }
  }
}

async function runRow(runId: string) {
  const { eq } = await import("drizzle-orm");
  const [row] = await db.select().from(modules.schema.batchExportRuns).where(eq(modules.schema.batchExportRuns.id, runId));
  return row;
}

function receiver(failFirst: number) {
  const received: { api_key: string; historical_migration: boolean; batch: { uuid: string; properties: Record<string, unknown> }[] }[] = [];
  let failures = failFirst;
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      if (failures-- > 0) {
        response.writeHead(503).end("down for maintenance");
        return;
      }
      received.push(JSON.parse(body));
      response.writeHead(200, { "content-type": "application/json" }).end('{"status":1}');
    });
  });
  return new Promise<{ url: string; received: typeof received; close: () => void }>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}/batch/`, received, close: () => server.close() }),
    ),
  );
}

test("HTTP: a failing receiver makes the run FailedRetryable, then pg-boss retries it and it completes with every event once", async () => {
  const http = await receiver(1);
  try {
    const { runId } = await createExport("HTTP", { url: http.url, token: "phc_token" });
    await modules.queue.enqueuePendingRuns(db, boss, settings);
    const [job] = await boss.fetch<import("./queue").RunJobData>(modules.queue.RUN_QUEUE, { includeMetadata: true });
    await expect(modules.worker.executeJob(db, boss, job, settings, new AbortController().signal)).rejects.toThrow("503");
    await boss.fail(modules.queue.RUN_QUEUE, job.id, { message: "503" });
    let run = await runRow(runId);
    expect(run.status, run.latestError ?? "").toBe("FailedRetryable");
    expect(run.latestError).toContain("503");
    // pg-boss holds the retry: the job waits for its backoff (at least retrySeconds).
    const retry = await boss.getJobById(modules.queue.RUN_QUEUE, job.id);
    expect(retry).toMatchObject({ state: "retry", retryCount: 0 });
    expect(retry!.startAfter.getTime()).toBeGreaterThan(Date.now());
    await runAll();
    run = await runRow(runId);
    expect(run.status).toBe("Completed");
    expect(run.attempts).toBe(2);
    expect(run.recordsCompleted).toBe(250);
    expect(run.recordsTotalCount).toBe(250);
    const sent = http.received.flatMap((body) => body.batch);
    expect(http.received.every((body) => body.api_key === "phc_token" && body.historical_migration)).toBe(true);
    expect(sent.map((event) => event.uuid).sort()).toEqual(events.map((event) => event.uuid).sort());
    expect(sent[0].properties).toMatchObject({ $ip: "10.0.0.1", $set: { plan: "pro" } });
  } finally {
    http.close();
  }
});

test("HTTP: a destination failing every attempt ends Failed with its error in the log", async () => {
  const http = await receiver(1_000);
  try {
    const { exportId, runId } = await createExport("HTTP", { url: http.url, token: "t" });
    await runAll();
    const run = await runRow(runId);
    expect(run.status).toBe("Failed");
    expect(run.attempts).toBe(3);
    expect(await boss.getJobById(modules.queue.RUN_QUEUE, run.jobId!)).toMatchObject({ state: "failed", retryCount: 2 });
    const { eq } = await import("drizzle-orm");
    const log = await db
      .select()
      .from(modules.schema.batchExportLogEntries)
      .where(eq(modules.schema.batchExportLogEntries.batchExportId, exportId));
    expect(
      log.some((entry) => entry.level === "ERROR" && entry.message.includes("503") && entry.message.includes("failed after 3 attempts")),
    ).toBe(true);
  } finally {
    http.close();
  }
});

test("S3: one JSON Lines object per page under the prefix; running the interval again overwrites them", async () => {
  const config = {
    bucket_name: "exports",
    region: "us-east-1",
    prefix: "posthog/events",
    endpoint_url: s3Endpoint,
    aws_access_key_id: "S3RVER",
    aws_secret_access_key: "S3RVER",
  };
  const { runId } = await createExport("S3", config);
  await runAll();
  expect((await runRow(runId)).status).toBe("Completed");
  await createExport("S3", config); // another run of the same interval
  await runAll();
  const s3 = new S3Client({
    region: "us-east-1",
    endpoint: s3Endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: "exports", Prefix: "posthog/events/" }));
  const keys = (listed.Contents ?? []).map((object) => object.Key!).sort();
  expect(keys).toEqual([0, 1, 2].map((part) => `posthog/events/${START.toISOString()}-${END.toISOString()}-${part}.jsonl`));
  const lines: { uuid: string; properties: { text: string } }[] = [];
  for (const key of keys) {
    const object = await s3.send(new GetObjectCommand({ Bucket: "exports", Key: key }));
    lines.push(
      ...(await object.Body!.transformToString())
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line)),
    );
  }
  expect(lines.map((line) => line.uuid).sort()).toEqual(events.map((event) => event.uuid).sort());
  expect(lines[0].properties.text).toBe("tab\tnew\nline \\ back");
  s3.destroy();
});

const postgresUrl = process.env.TEST_DATABASE_URL;

test.skipIf(!postgresUrl)(
  "Postgres: the table is created, a resumed, a repeated and a filtered run leave each event once",
  { timeout: 60_000 },
  async () => {
    const url = new URL(postgresUrl!);
    const database = `${url.pathname.slice(1)}_bx_dest`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${database}"`);
    await admin.end();
    const config = {
      host: url.hostname,
      port: Number(url.port || 5432),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      database,
      schema: "public",
      table_name: "ph_events",
    };
    const { runId } = await createExport("Postgres", config);
    // The process stops after its first page: the run is handed over to a new job, which resumes from its cursor.
    const stopping = new AbortController();
    const stopAfterFirstPage = setInterval(async () => {
      if ((await runRow(runId)).recordsCompleted) stopping.abort();
    }, 1);
    await modules.queue.enqueuePendingRuns(db, boss, settings);
    const [job] = await boss.fetch<import("./queue").RunJobData>(modules.queue.RUN_QUEUE, { includeMetadata: true });
    await modules.worker.executeJob(db, boss, job, settings, stopping.signal);
    clearInterval(stopAfterFirstPage);
    const paused = await runRow(runId);
    expect(paused.status).toBe("Running");
    expect(paused.recordsCompleted).toBeLessThan(250);
    expect(paused.jobId).not.toBe(job.id);
    // The new job waits until the one handing over completes (one job of an interval active at a time).
    expect(await boss.fetch(modules.queue.RUN_QUEUE)).toEqual([]);
    await boss.complete(modules.queue.RUN_QUEUE, job.id);
    await runAll();
    expect(await runRow(runId)).toMatchObject({ status: "Completed", recordsCompleted: 250 });
    await createExport("Postgres", config); // the same interval again: it replaces the interval
    await runAll();
    // An export of some events only (another may write the others to the table) merges instead: nothing is deleted.
    await createExport("Postgres", { ...config, exclude_events: ["$identify"] });
    await runAll();
    const destination = new pg.Client({ ...config });
    await destination.connect();
    try {
      const { rows } = await destination.query("SELECT uuid, event, properties, set, ip, team_id, timestamp FROM ph_events");
      expect(rows.map((row) => row.uuid).sort()).toEqual(events.map((event) => event.uuid).sort());
      const first = rows.find((row) => row.uuid === events[0].uuid)!;
      expect(first).toMatchObject({ event: "$identify", ip: "10.0.0.1", team_id: projectId, set: { plan: "pro" } });
      expect(first.properties.text).toBe("tab\tnew\nline \\ back");
      expect(new Date(first.timestamp).toISOString()).toBe(events[0].timestamp);
    } finally {
      await destination.end();
    }
  },
);

test("a cancelled run stops at its next page; a queued one's job is cancelled", async () => {
  const { runId } = await createExport("NoOp", {});
  await modules.queue.enqueuePendingRuns(db, boss, settings);
  const [job] = await boss.fetch<import("./queue").RunJobData>(modules.queue.RUN_QUEUE, { includeMetadata: true });
  const run = (await modules.queue.startRun(db, job))!;
  const { eq } = await import("drizzle-orm");
  await db.update(modules.schema.batchExportRuns).set({ status: "Cancelled" }).where(eq(modules.schema.batchExportRuns.id, runId));
  const limits = { stop: new AbortController().signal, deadline: Infinity };
  expect(await modules.runner.executeRun(db, store, run, settings, limits)).toBe("done");
  expect(await runRow(runId)).toMatchObject({ status: "Cancelled" });
  expect((await runRow(runId)).recordsCompleted ?? 0).toBeLessThanOrEqual(100);
  // An active job is left to its worker; a queued one is cancelled in pg-boss.
  await modules.queue.cancelRunJobs(boss, [job.id]);
  expect(await boss.getJobById(modules.queue.RUN_QUEUE, job.id)).toMatchObject({ state: "active" });
  const queued = await createExport("NoOp", {});
  await modules.queue.enqueuePendingRuns(db, boss, settings);
  await modules.queue.cancelRunJobs(boss, [queued.runId]);
  expect(await boss.getJobById(modules.queue.RUN_QUEUE, queued.runId)).toMatchObject({ state: "cancelled" });
  await boss.complete(modules.queue.RUN_QUEUE, job.id);
});

test("two runs of one interval never run at once: the second job waits for the first", async () => {
  const first = await createExport("NoOp", {});
  const { eq } = await import("drizzle-orm");
  // A second run of the same export and interval (a backfill's).
  const [backfill] = await db
    .insert(modules.schema.batchExportBackfills)
    .values({ batchExportId: first.exportId, startAt: START, endAt: END })
    .returning();
  const [second] = await db
    .insert(modules.schema.batchExportRuns)
    .values({ batchExportId: first.exportId, backfillId: backfill.id, status: "Starting", dataIntervalStart: START, dataIntervalEnd: END })
    .returning();
  expect(await modules.queue.enqueuePendingRuns(db, boss, settings)).toBe(2);
  const [job] = await boss.fetch<import("./queue").RunJobData>(modules.queue.RUN_QUEUE, { includeMetadata: true });
  expect(await boss.fetch(modules.queue.RUN_QUEUE)).toEqual([]);
  await boss.complete(modules.queue.RUN_QUEUE, job.id);
  const [next] = await boss.fetch<import("./queue").RunJobData>(modules.queue.RUN_QUEUE);
  expect([job.data.runId, next.data.runId].sort()).toEqual([first.runId, second.id].sort());
  await boss.complete(modules.queue.RUN_QUEUE, next.id);
  // Queuing again makes no second job: a run is queued once.
  expect(await modules.queue.enqueuePendingRuns(db, boss, settings)).toBe(0);
  await db
    .update(modules.schema.batchExportRuns)
    .set({ status: "Cancelled" })
    .where(eq(modules.schema.batchExportRuns.batchExportId, first.exportId));
});

test("a run whose job pg-boss failed for good (its server killed on the last attempt) becomes Failed", async () => {
  const { runId } = await createExport("NoOp", {});
  await modules.queue.enqueuePendingRuns(db, boss, { ...settings, maxAttempts: 1 });
  const [job] = await boss.fetch<import("./queue").RunJobData>(modules.queue.RUN_QUEUE, { includeMetadata: true });
  await modules.queue.startRun(db, job);
  // What pg-boss's maintenance does to a job past its expiry with no retry left.
  await boss.fail(modules.queue.RUN_QUEUE, job.id, { message: "job failed by timeout in active state" });
  expect(await modules.queue.failRunsOfFailedJobs(db)).toEqual([]);
  expect(await runRow(runId)).toMatchObject({ status: "Failed", latestError: expect.stringContaining("no attempts left") });
});

test("the scheduler creates the run of the interval that just ended once, for un-paused exports within start_at/end_at", async () => {
  const { scheduleRuns } = await import("./scheduler");
  const { eq } = await import("drizzle-orm");
  const created = new Date("2024-06-01T00:30:00Z");
  const values = { projectId, destinationType: "NoOp", destinationConfig: {}, interval: "hour", createdAt: created };
  const [live] = await db
    .insert(modules.schema.batchExports)
    .values({ ...values, name: "live" })
    .returning();
  const [paused] = await db
    .insert(modules.schema.batchExports)
    .values({ ...values, name: "paused", paused: true })
    .returning();
  const [ended] = await db
    .insert(modules.schema.batchExports)
    .values({ ...values, name: "ended", endAt: new Date("2024-06-01T01:00:00Z") })
    .returning();
  const now = new Date("2024-06-01T02:00:05Z");
  await Promise.all([scheduleRuns(db, now), scheduleRuns(db, now)]);
  const runsOf = (id: string) =>
    db.select().from(modules.schema.batchExportRuns).where(eq(modules.schema.batchExportRuns.batchExportId, id));
  const runs = await runsOf(live.id);
  expect(runs.map((run) => [run.dataIntervalStart?.toISOString(), run.dataIntervalEnd.toISOString(), run.status])).toEqual([
    ["2024-06-01T01:00:00.000Z", "2024-06-01T02:00:00.000Z", "Starting"],
  ]);
  expect(await runsOf(paused.id)).toEqual([]);
  expect(await runsOf(ended.id)).toEqual([]);
  // A tick for an earlier interval that ended after the export was created (00:00–01:00) creates that one too.
  await scheduleRuns(db, new Date("2024-06-01T01:00:05Z"));
  expect((await runsOf(live.id)).map((run) => run.dataIntervalEnd.toISOString()).sort()).toEqual([
    "2024-06-01T01:00:00.000Z",
    "2024-06-01T02:00:00.000Z",
  ]);
});
