// Batch export throughput: one hour of N events (default 1,000,000) exported by a run to PostgreSQL and to an
// S3-compatible server on loopback, and the delay from the interval's end to its last row in the destination.
//   npx tsx bench/batch-export.ts [--events 1000000] [--postgres postgres://postgres@127.0.0.1:5432/bench_bx]
// The run executes in this process exactly as a server's worker runs it (PGlite for the run, chDB for events).
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import S3rver from "s3rver";
import { arg, load } from "./events";

const total = Number(arg("events", "1000000"));
const postgresUrl = arg("postgres", "postgres://postgres@127.0.0.1:5432/postgres");
const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-bench-bx-"));
process.env.HEDGEROW_DATA_DIR = dataDir;
delete process.env.DATABASE_URL;
delete process.env.CLICKHOUSE_URL;

const { getDb, closeDb } = await import("@/lib/db/client");
const { getEventStore, closeEventStore } = await import("@/lib/events/store/open");
const { organizations, projects, batchExports, batchExportRuns } = await import("@/lib/db/schema");
const { enqueuePendingRuns, RUN_QUEUE, runQueue, startRun, stopRunQueue } = await import("@/lib/batch-exports/queue");
const { executeRun } = await import("@/lib/batch-exports/runner");
const { scheduleRuns } = await import("@/lib/batch-exports/scheduler");
const { config } = await import("@/lib/config");
const { eq } = await import("drizzle-orm");

const db = await getDb();
const store = await getEventStore();
const [organization] = await db
  .insert(organizations)
  .values({ name: "Bench", slug: `bench-${randomUUID()}` })
  .returning();
const [project] = await db
  .insert(projects)
  .values({ organizationId: organization.id, name: "Bench", apiToken: `phc_${randomUUID()}` })
  .returning();

// The hour of events: a typical web event's properties (~400 bytes), written through the store in 100k-row inserts.
const start = new Date("2024-06-01T00:00:00Z");
const end = new Date("2024-06-01T01:00:00Z");
const loadStarted = performance.now();
for (let offset = 0; offset < total; offset += 100_000) {
  const rows = Array.from({ length: Math.min(100_000, total - offset) }, (_, k) => {
    const i = offset + k;
    return {
      uuid: randomUUID(),
      event: i % 10 ? "$pageview" : "$autocapture",
      properties: JSON.stringify({
        $current_url: `https://example.com/pricing/${i % 97}`,
        $pathname: `/pricing/${i % 97}`,
        $host: "example.com",
        $browser: ["Chrome", "Firefox", "Safari"][i % 3],
        $os: ["Mac OS X", "Windows", "Linux"][i % 3],
        $device_type: "Desktop",
        $session_id: `s-${i % 5000}`,
        $ip: "203.0.113.7",
        $lib: "web",
        $referring_domain: "$direct",
        plan: i % 2 ? "free" : "pro",
        $set: { email: `user${i % 20000}@example.com` },
      }),
      timestamp: new Date(start.getTime() + Math.floor((i * 3_600_000) / total)).toISOString(),
      team_id: project.id,
      distinct_id: `user-${i % 20000}`,
      person_id: randomUUID(),
    };
  });
  await store.insert("events", rows);
}
console.log(`loaded ${total} events in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);

const settings = { ...config.batchExports, leaseSeconds: 300, maxAttempts: 1 };
// One attempt, never handed over: the run goes from its first page to its last.
const limits = { stop: new AbortController().signal, deadline: Infinity };

/** Creates an export and its run of the hour, executes it, and answers the seconds it took. */
async function exportOnce(destinationType: string, destinationConfig: Record<string, unknown>): Promise<number> {
  const [created] = await db
    .insert(batchExports)
    .values({ projectId: project.id, name: destinationType, destinationType, destinationConfig, interval: "hour", paused: true })
    .returning();
  const [queued] = await db
    .insert(batchExportRuns)
    .values({ batchExportId: created.id, status: "Starting", dataIntervalStart: start, dataIntervalEnd: end })
    .returning();
  const began = performance.now();
  // As a worker starts the job enqueuePendingRuns would queue (its id is the run's).
  const run = (await startRun(db, { id: queued.id, data: { runId: queued.id }, retryCount: 0 }))!;
  await executeRun(db, store, run, settings, limits);
  const seconds = (performance.now() - began) / 1000;
  const [done] = await db.select().from(batchExportRuns).where(eq(batchExportRuns.id, run.id));
  if (done.status !== "Completed" || done.recordsCompleted !== total)
    throw new Error(`${destinationType}: ${done.status} ${done.recordsCompleted} ${done.latestError}`);
  return seconds;
}

const report = (name: string, seconds: number) =>
  console.log(
    `${name}: ${total} rows in ${seconds.toFixed(1)} s = ${Math.round(total / seconds).toLocaleString("en")} rows/s (load ${load()})`,
  );

// PostgreSQL: a fresh database next to the given one's.
const url = new URL(postgresUrl);
const database = `bxbench_${process.pid}`;
const admin = new pg.Client({ connectionString: postgresUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${database}"`);
try {
  const destination = {
    host: url.hostname,
    port: Number(url.port || 5432),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database,
    table_name: "events",
  };
  report("PostgreSQL (first run: empty table)", await exportOnce("Postgres", destination));
  report("PostgreSQL (the same hour again: every row replaced)", await exportOnce("Postgres", destination));

  // S3-compatible server on loopback (s3rver keeps objects as files).
  const s3Dir = mkdtempSync(path.join(tmpdir(), "hedgerow-bench-s3-"));
  const s3 = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: "bench", configs: [] }],
  });
  const endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
  const s3Config = {
    bucket_name: "bench",
    region: "us-east-1",
    prefix: "events",
    endpoint_url: endpoint,
    aws_access_key_id: "S3RVER",
    aws_secret_access_key: "S3RVER",
  };
  report("S3 JSON Lines", await exportOnce("S3", s3Config));
  report("S3 JSON Lines, gzip", await exportOnce("S3", { ...s3Config, prefix: "gzip", compression: "gzip" }));
  await s3.close();
  rmSync(s3Dir, { recursive: true, force: true });

  // Delay: the scheduler's tick at the interval's end creates the run, its job is queued, and a worker fetches and
  // executes it. A server adds up to one poll interval (HEDGEROW_BATCH_EXPORT_POLL_MS, 5 s by default) before the tick
  // and one before the fetch.
  const [scheduled] = await db
    .insert(batchExports)
    .values({
      projectId: project.id,
      name: "scheduled",
      destinationType: "Postgres",
      destinationConfig: { ...destination, table_name: "scheduled" },
      interval: "hour",
      createdAt: new Date(start.getTime() - 1),
    })
    .returning();
  const tick = performance.now();
  await scheduleRuns(db, new Date(end.getTime() + 1));
  const boss = await runQueue(db, settings);
  await enqueuePendingRuns(db, boss, settings);
  const [job] = await boss.fetch<{ runId: string }>(RUN_QUEUE, { includeMetadata: true });
  const run = (await startRun(db, job))!;
  if (run.batchExportId !== scheduled.id) throw new Error("the scheduled run was not the one queued");
  await executeRun(db, store, run, settings, limits);
  await boss.complete(RUN_QUEUE, job.id);
  await stopRunQueue(1_000);
  console.log(
    `delay from the interval's end (scheduler tick) to its ${total} rows in PostgreSQL: ${((performance.now() - tick) / 1000).toFixed(1)} s (+ up to two poll intervals)`,
  );
} finally {
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin.end();
  await closeEventStore();
  await closeDb();
  rmSync(dataDir, { recursive: true, force: true });
}
