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
import type { EventStore } from "@/lib/events/store";

// A run end to end inside one process: PGlite for the runs, chDB for the events, and real destinations on loopback
// (PostgreSQL of TEST_DATABASE_URL, an S3-compatible server, an HTTP server).
const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-bx-runner-"));
let db: Database;
let store: EventStore;
let projectId: number;
let modules: {
  claim: typeof import("./claim");
  runner: typeof import("./runner");
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
  delete process.env.DATABASE_URL;
  delete process.env.CLICKHOUSE_URL;
  const client = await import("@/lib/db/client");
  const eventStore = await import("@/lib/events/store");
  modules = {
    claim: await import("./claim"),
    runner: await import("./runner"),
    schema: await import("@/lib/db/schema"),
    closeDb: client.closeDb,
    closeEventStore: eventStore.closeEventStore,
  };
  db = await client.getDb();
  store = await eventStore.getEventStore();
  const [organization] = await db.insert(modules.schema.organizations).values({ name: "Org", slug: `org-${randomUUID()}` }).returning();
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
  s3rver = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: s3Dir, configureBuckets: [{ name: "exports", configs: [] }] });
  const address = await s3rver.run();
  s3Endpoint = `http://127.0.0.1:${address.port}`;
}, 180_000);

afterAll(async () => {
  await s3rver?.close();
  await modules?.closeEventStore();
  await modules?.closeDb();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(s3Dir, { recursive: true, force: true });
});

// Each test claims only its own runs: what an earlier one left unfinished is put aside.
beforeEach(async () => {
  await db.execute(sql`UPDATE batch_export_runs SET status = 'Cancelled' WHERE status NOT IN ('Completed', 'Failed', 'Cancelled')`);
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

const settings = { owner: "test", leaseSeconds: 30, pageSize: 100, maxAttempts: 3, retrySeconds: 0.001 };

/** Claims and executes the runs there are to claim now, each once (a run failing again waits for the next call). */
async function runAll(stop = new AbortController().signal) {
  const executed = new Set<string>();
  for (;;) {
    const run = await modules.claim.claimRun(db, settings.owner, settings.leaseSeconds);
    if (!run) return;
    if (executed.has(run.id)) {
      await modules.claim.releaseRun(db, { id: run.id, owner: settings.owner });
      // Given back as it was: a retry attempt is counted when it runs.
      await db.execute(sql`UPDATE batch_export_runs SET status = 'FailedRetryable', attempts = attempts - 1, next_attempt_at = now() WHERE id = ${run.id}`);
      return;
    }
    executed.add(run.id);
    await modules.runner.executeRun(db, store, run, settings, stop);
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

test("HTTP: a failing receiver makes the run FailedRetryable, then it completes with every event once", async () => {
  const http = await receiver(1);
  try {
    const { runId } = await createExport("HTTP", { url: http.url, token: "phc_token" });
    await runAll();
    let run = await runRow(runId);
    expect(run.status, run.latestError ?? "").toBe("FailedRetryable");
    expect(run.latestError).toContain("503");
    await new Promise((r) => setTimeout(r, 20));
    await runAll();
    run = await runRow(runId);
    expect(run.status).toBe("Completed");
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
    for (let attempt = 0; attempt < settings.maxAttempts; attempt++) {
      await new Promise((r) => setTimeout(r, 20));
      await runAll();
    }
    const run = await runRow(runId);
    expect(run.status).toBe("Failed");
    expect(run.attempts).toBe(3);
    const { eq } = await import("drizzle-orm");
    const log = await db.select().from(modules.schema.batchExportLogEntries).where(eq(modules.schema.batchExportLogEntries.batchExportId, exportId));
    expect(log.some((entry) => entry.level === "ERROR" && entry.message.includes("503") && entry.message.includes("failed after 3 attempts"))).toBe(true);
  } finally {
    http.close();
  }
});

test("S3: one JSON Lines object per page under the prefix; running the interval again overwrites them", async () => {
  const config = { bucket_name: "exports", region: "us-east-1", prefix: "posthog/events", endpoint_url: s3Endpoint, aws_access_key_id: "S3RVER", aws_secret_access_key: "S3RVER" };
  const { runId } = await createExport("S3", config);
  await runAll();
  expect((await runRow(runId)).status).toBe("Completed");
  await createExport("S3", config); // another run of the same interval
  await runAll();
  const s3 = new S3Client({ region: "us-east-1", endpoint: s3Endpoint, forcePathStyle: true, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } });
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: "exports", Prefix: "posthog/events/" }));
  const keys = (listed.Contents ?? []).map((object) => object.Key!).sort();
  expect(keys).toEqual([0, 1, 2].map((part) => `posthog/events/${START.toISOString()}-${END.toISOString()}-${part}.jsonl`));
  const lines: { uuid: string; properties: { text: string } }[] = [];
  for (const key of keys) {
    const object = await s3.send(new GetObjectCommand({ Bucket: "exports", Key: key }));
    lines.push(...(await object.Body!.transformToString()).trim().split("\n").map((line) => JSON.parse(line)));
  }
  expect(lines.map((line) => line.uuid).sort()).toEqual(events.map((event) => event.uuid).sort());
  expect(lines[0].properties.text).toBe("tab\tnew\nline \\ back");
  s3.destroy();
});

const postgresUrl = process.env.TEST_DATABASE_URL;

test.skipIf(!postgresUrl)("Postgres: the table is created, a resumed and a repeated run leave each event once", { timeout: 60_000 }, async () => {
  const url = new URL(postgresUrl!);
  const database = `${url.pathname.slice(1)}_bx_dest`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  const config = { host: url.hostname, port: Number(url.port || 5432), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password), database, schema: "public", table_name: "ph_events" };
  const { runId } = await createExport("Postgres", config);
  // The process stops after its first page: the run is given back and resumed from its cursor.
  const stopping = new AbortController();
  const run = (await modules.claim.claimRun(db, settings.owner, settings.leaseSeconds))!;
  const stopAfterFirstPage = setInterval(async () => {
    if ((await runRow(runId)).recordsCompleted) stopping.abort();
  }, 1);
  await modules.runner.executeRun(db, store, run, settings, stopping.signal);
  clearInterval(stopAfterFirstPage);
  const paused = await runRow(runId);
  expect(paused.status).toBe("Running");
  expect(paused.recordsCompleted).toBeLessThan(250);
  await runAll();
  expect(await runRow(runId)).toMatchObject({ status: "Completed", recordsCompleted: 250 });
  await createExport("Postgres", config); // the same interval again
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
});

test("a cancelled run stops at its next page", async () => {
  const { runId } = await createExport("NoOp", {});
  const run = (await modules.claim.claimRun(db, settings.owner, settings.leaseSeconds))!;
  const { eq } = await import("drizzle-orm");
  await db.update(modules.schema.batchExportRuns).set({ status: "Cancelled" }).where(eq(modules.schema.batchExportRuns.id, runId));
  await modules.runner.executeRun(db, store, run, settings, new AbortController().signal);
  expect(await runRow(runId)).toMatchObject({ status: "Cancelled" });
  expect((await runRow(runId)).recordsCompleted ?? 0).toBeLessThanOrEqual(100);
});
