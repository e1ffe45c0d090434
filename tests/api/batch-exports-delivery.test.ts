import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import {
  backfill,
  cleanUp,
  createExport,
  END,
  freshDatabase,
  httpReceiver,
  onCleanUp,
  onPostgres,
  onServer,
  ownServer,
  runsOf,
  serverHome,
  settledRuns,
  sorted,
  START,
} from "../support/batch-exports";
import { sendEvents, type SentEvent } from "../support/events";
import type { StartedServer } from "../support/server";

// Batch exports end to end against real destinations on loopback (admitted by the servers' HEDGEROW_ALLOWED_DESTINATIONS):
// events in through capture, runs executed by the servers' workers, rows read back from PostgreSQL, objects from an
// S3-compatible server, POSTs from an HTTP server.
const backend = inject("backend") as "pglite" | "postgres";
const postgresUrl = process.env.TEST_DATABASE_URL;

afterAll(cleanUp, 180_000);

/** `count` events spread over [START, END), each with its uuid. */
function eventsOfInterval(count: number): SentEvent[] {
  const span = Date.parse(END) - Date.parse(START);
  return Array.from({ length: count }, (_, i) => ({
    event: i % 3 ? "$pageview" : "signed_up",
    distinct_id: `user-${i % 13}`,
    uuid: randomUUID(),
    timestamp: new Date(Date.parse(START) + Math.floor((i * span) / count)).toISOString(),
    properties: { i, $ip: "127.0.0.1", $set: { plan: i % 2 ? "free" : "pro" } },
  }));
}

describe("delivery", () => {
  let server: StartedServer;
  let user: TestUser;
  let sent: SentEvent[];
  let s3rver: S3rver;
  let s3Endpoint: string;

  beforeAll(async () => {
    server = await ownServer(await serverHome("delivery", backend));
    user = await signUp(server.baseUrl);
    sent = eventsOfInterval(450);
    // Outside the interval: not exported.
    await sendEvents(server.baseUrl, user, [
      ...sent,
      { event: "late", distinct_id: "x", uuid: randomUUID(), timestamp: END, properties: {} },
    ]);
    const s3Dir = mkdtempSync(path.join(tmpdir(), "hedgerow-bx-s3-"));
    s3rver = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: "exports", configs: [] }],
    });
    s3Endpoint = `http://127.0.0.1:${(await s3rver.run()).port}`;
    onCleanUp(async () => {
      await s3rver.close();
      rmSync(s3Dir, { recursive: true, force: true });
    });
  }, 180_000);

  test.skipIf(!postgresUrl)(
    "Postgres: every captured event of the backfilled intervals is a row, once, even after a retry",
    { timeout: 180_000 },
    async () => {
      const destination = await freshDatabase("bx_dest");
      const config = {
        host: destination.host,
        port: destination.port,
        user: destination.user,
        password: destination.password,
        database: destination.database,
        table_name: "posthog_events",
      };
      const exportId = await createExport(user, { type: "Postgres", config });
      await backfill(user, exportId);
      const { runs } = await settledRuns(user, exportId, 2);
      expect(runs.map((run) => [run.status, run.records_completed])).toEqual([
        ["Completed", 225],
        ["Completed", 225],
      ]);
      const read = async () =>
        (await onPostgres(["SELECT uuid, event, distinct_id, team_id, ip, set, timestamp FROM posthog_events"], destination.database))[0]
          .rows;
      let rows = await read();
      expect(sorted(rows.map((row) => row.uuid))).toEqual(sorted(sent.map((event) => event.uuid!)));
      const first = rows.find((row) => row.uuid === sent[0].uuid)!;
      expect(first).toMatchObject({
        event: "signed_up",
        distinct_id: "user-0",
        team_id: user.projectId,
        ip: "127.0.0.1",
        set: { plan: "pro" },
      });
      expect(new Date(first.timestamp).toISOString()).toBe(START);

      // Running a done interval again leaves each event once.
      const retried = await user.session.post(
        `/api/organizations/${user.organizationId}/batch_exports/${exportId}/runs/${runs[0].id}/retry/`,
      );
      expect(retried.status, retried.text).toBe(200);
      const after = await settledRuns(user, exportId, 3);
      expect(after.runs.every((run) => run.status === "Completed")).toBe(true);
      rows = await read();
      expect(rows).toHaveLength(sent.length);
      expect(new Set(rows.map((row) => row.uuid)).size).toBe(sent.length);

      // The connection test reaches the same database, and says what is wrong with a wrong one.
      const tested = await user.session.post(`/api/organizations/${user.organizationId}/batch_exports/test/`, {
        destination: { type: "Postgres", config },
      });
      expect(tested.status).toBe(200);
      expect(tested.body.ok, tested.body.detail).toBe(true);
      const wrong = await user.session.post(`/api/organizations/${user.organizationId}/batch_exports/test/`, {
        destination: { type: "Postgres", config: { ...config, database: "no_such_database_here" } },
      });
      // Which databases (or roles, or ports) exist is not told: the reason is in the server's log only.
      expect(wrong.body).toEqual({ ok: false, detail: "Could not use the Postgres destination: could not connect to the destination" });
    },
  );

  test.skipIf(!postgresUrl)(
    "Postgres, persons: every distinct id captured is a row once, with its person, even after a retry",
    { timeout: 180_000 },
    async () => {
      // Persons made by capture: an anonymous id identified as another (one person, two ids) and ten with $set. Their
      // rows were written now: the backfill's intervals around now hold them (an hour boundary may split them).
      await sendEvents(server.baseUrl, user, [
        { event: "$pageview", distinct_id: "anon-a", uuid: randomUUID(), properties: {} },
        {
          event: "$identify",
          distinct_id: "a@example.com",
          uuid: randomUUID(),
          properties: { $anon_distinct_id: "anon-a", $set: { email: "a@example.com" } },
        },
        ...Array.from({ length: 10 }, (_, i) => ({
          event: "$set",
          distinct_id: `p-${i}`,
          uuid: randomUUID(),
          properties: { $set: { plan: i % 2 ? "free" : "pro" } },
        })),
      ]);
      const distinctIds = [
        ...new Set([
          ...sent.map((event) => event.distinct_id),
          "x",
          "anon-a",
          "a@example.com",
          ...Array.from({ length: 10 }, (_, i) => `p-${i}`),
        ]),
      ];
      const destination = await freshDatabase("bx_persons");
      const config = {
        host: destination.host,
        port: destination.port,
        user: destination.user,
        password: destination.password,
        database: destination.database,
        table_name: "posthog_persons",
      };
      const created = await user.session.post(`/api/organizations/${user.organizationId}/batch_exports/`, {
        name: "persons",
        model: "persons",
        destination: { type: "Postgres", config },
        interval: "hour",
      });
      expect(created.status, created.text).toBe(201);
      const exportId = created.body.id as string;
      const now = Date.now();
      const backfilled = await user.session.post(`/api/organizations/${user.organizationId}/batch_exports/${exportId}/backfill/`, {
        start_at: new Date(now - 2 * 3_600_000).toISOString(),
        end_at: new Date(now + 1_800_000).toISOString(),
      });
      expect(backfilled.status, backfilled.text).toBe(200);
      const { runs } = await settledRuns(user, exportId, (await runsOf(user, exportId)).length);
      expect(runs.every((run) => run.status === "Completed")).toBe(true);
      expect(runs.reduce((sum, run) => sum + run.records_completed, 0)).toBe(distinctIds.length);
      const read = async () =>
        (
          await onPostgres(
            ["SELECT team_id, distinct_id, person_id, properties, person_version, is_deleted FROM posthog_persons"],
            destination.database,
          )
        )[0].rows;
      let rows = await read();
      expect(rows.map((row) => row.distinct_id).sort()).toEqual([...distinctIds].sort());
      const byId = Object.fromEntries(rows.map((row) => [row.distinct_id, row]));
      expect(byId["anon-a"].person_id).toBe(byId["a@example.com"].person_id);
      expect(byId["a@example.com"]).toMatchObject({
        team_id: String(user.projectId),
        properties: { email: "a@example.com" },
        is_deleted: false,
      });
      expect(byId["p-1"].properties).toMatchObject({ plan: "free" });

      // Running an interval again leaves each distinct id once.
      const withRecords = runs.find((run) => run.records_completed > 0)!;
      const retried = await user.session.post(
        `/api/organizations/${user.organizationId}/batch_exports/${exportId}/runs/${withRecords.id}/retry/`,
      );
      expect(retried.status, retried.text).toBe(200);
      await settledRuns(user, exportId, runs.length + 1);
      rows = await read();
      expect(rows.map((row) => row.distinct_id).sort()).toEqual([...distinctIds].sort());
    },
  );

  test("S3: JSON Lines objects under the prefix hold every event once, gzipped", { timeout: 180_000 }, async () => {
    const config = {
      bucket_name: "exports",
      region: "us-east-1",
      prefix: "hedgerow/",
      compression: "gzip",
      endpoint_url: s3Endpoint,
      aws_access_key_id: "S3RVER",
      aws_secret_access_key: "S3RVER",
    };
    const tested = await user.session.post(`/api/organizations/${user.organizationId}/batch_exports/test/`, {
      destination: { type: "S3", config },
    });
    expect(tested.body, tested.text).toMatchObject({ ok: true });
    const exportId = await createExport(user, { type: "S3", config });
    await backfill(user, exportId);
    const { runs } = await settledRuns(user, exportId, 2);
    expect(runs.every((run) => run.status === "Completed")).toBe(true);
    const s3 = new S3Client({
      region: "us-east-1",
      endpoint: s3Endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    onCleanUp(() => s3.destroy());
    const keys = ((await s3.send(new ListObjectsV2Command({ Bucket: "exports", Prefix: "hedgerow/" }))).Contents ?? []).map(
      (object) => object.Key!,
    );
    // 225 events an hour in pages of 100: three objects per interval.
    expect(keys.sort()).toEqual(
      ["2024-06-01T00:00:00.000Z-2024-06-01T01:00:00.000Z", "2024-06-01T01:00:00.000Z-2024-06-01T02:00:00.000Z"].flatMap((interval) =>
        [0, 1, 2].map((part) => `hedgerow/${interval}-${part}.jsonl.gz`),
      ),
    );
    const { gunzipSync } = await import("node:zlib");
    const uuids: string[] = [];
    for (const key of keys) {
      const object = await s3.send(new GetObjectCommand({ Bucket: "exports", Key: key }));
      const text = gunzipSync(Buffer.from(await object.Body!.transformToByteArray())).toString();
      uuids.push(
        ...text
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line).uuid as string),
      );
    }
    expect(sorted(uuids)).toEqual(sorted(sent.map((event) => event.uuid!)));
  });

  test("HTTP: a receiver failing mid-run gives FailedRetryable, then Completed with nothing missing and nothing twice", {
    timeout: 180_000,
  }, async () => {
    // The second request of the export fails: its run retries from the page after the last one accepted.
    const receiver = await httpReceiver((request) => (request === 1 ? 503 : 200));
    const exportId = await createExport(user, { type: "HTTP", config: { url: receiver.url, token: "phc_receiver" } });
    await backfill(user, exportId);
    const { runs, seen } = await settledRuns(user, exportId, 2);
    expect(seen.has("FailedRetryable")).toBe(true);
    expect(runs.map((run) => run.status)).toEqual(["Completed", "Completed"]);
    expect(sorted(receiver.received)).toEqual(sorted(sent.map((event) => event.uuid!)));
    const logs = await user.session.get(`/api/organizations/${user.organizationId}/batch_exports/${exportId}/logs/?level=ERROR`);
    expect(logs.body.results.some((entry: { message: string }) => entry.message.includes("503"))).toBe(true);
  });

  test("the connection test: an unreachable destination is not ok, an invalid config a 400, a read-only key a 403", async () => {
    const closed = await user.session.post(`/api/organizations/${user.organizationId}/batch_exports/test/`, {
      destination: { type: "HTTP", config: { url: "http://127.0.0.1:9/batch/", token: "t" } },
    });
    expect(closed.status).toBe(200);
    expect(closed.body.ok).toBe(false);
    const invalid = await user.session.post(`/api/organizations/${user.organizationId}/batch_exports/test/`, {
      destination: { type: "HTTP", config: { token: "t" } },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: "required_field", attr: "destination__config__url" });
    const unavailable = await user.session.post(`/api/organizations/${user.organizationId}/batch_exports/test/`, {
      destination: { type: "Snowflake", config: {} },
    });
    expect(unavailable.body).toMatchObject({ code: "unsupported_destination" });
    const readOnly = await user.key(["batch_export:read"]);
    const refused = await readOnly.post(`/api/organizations/${user.organizationId}/batch_exports/test/`, {
      destination: { type: "NoOp", config: {} },
    });
    expect(refused.status).toBe(403);
    const stranger = await signUp(server.baseUrl);
    const outsider = await stranger.session.post(`/api/organizations/${user.organizationId}/batch_exports/test/`, {
      destination: { type: "NoOp", config: {} },
    });
    expect(outsider.status).toBe(403);
  });
});

test("a server killed mid-run: the run is resumed by the restarted server and no event is lost", { timeout: 300_000 }, async () => {
  const home = await serverHome("restart", backend);
  let server = await ownServer(home);
  const user = await signUp(server.baseUrl);
  const sent = eventsOfInterval(1_000);
  await sendEvents(server.baseUrl, user, sent);
  // Slow answers: the run is still going (10 pages an interval) when the server is killed.
  let killed = false;
  const receiver = await httpReceiver(async (request) => {
    await new Promise((r) => setTimeout(r, 300));
    if (request === 3 && !killed) {
      killed = true;
      server.process.kill("SIGKILL");
    }
    return 200;
  });
  const exportId = await createExport(user, { type: "HTTP", config: { url: receiver.url, token: "t" } });
  await backfill(user, exportId);
  while (!killed) await new Promise((r) => setTimeout(r, 50));
  // Killed by a signal, a process keeps a null exitCode (its signalCode is set): "exit" may have fired already.
  const gone = () => server.process.exitCode !== null || server.process.signalCode !== null;
  await new Promise((resolve) => (gone() ? resolve(null) : server.process.once("exit", resolve)));
  const sizeAtKill = receiver.received.length;
  expect(sizeAtKill).toBeLessThan(sent.length);
  server = await ownServer(home);
  const { runs } = await settledRuns(onServer(user, server), exportId, 2, 180_000);
  expect(runs.map((run) => run.status)).toEqual(["Completed", "Completed"]);
  // Every event arrived; the pages in flight at the kill may arrive twice (receivers dedupe on uuid), nothing more:
  // one page of 100 for each run the worker was running (its default concurrency is 2).
  expect(sorted([...new Set(receiver.received)])).toEqual(sorted(sent.map((event) => event.uuid!)));
  expect(receiver.received.length - sent.length).toBeLessThanOrEqual(2 * 100);
});

test.skipIf(backend !== "postgres")("two servers on one PostgreSQL never run an interval twice", { timeout: 300_000 }, async () => {
  const { databaseUrl } = await serverHome("pair", backend);
  const servers: StartedServer[] = [];
  for (const i of [0, 1]) {
    const dataDir = mkdtempSync(path.join(tmpdir(), `hedgerow-bx-pair-${i}-`));
    onCleanUp(() => rmSync(dataDir, { recursive: true, force: true }));
    servers.push(await ownServer({ dataDir, databaseUrl, env: { HEDGEROW_BATCH_EXPORT_CONCURRENCY: "2" } }));
  }
  const user = await signUp(servers[0].baseUrl);
  // Each server has its own event store: both get the same events, so a run executed twice would send them twice.
  const sent = eventsOfInterval(600);
  for (const server of servers) await sendEvents(server.baseUrl, user, sent);
  const receiver = await httpReceiver(async () => {
    await new Promise((r) => setTimeout(r, 20));
    return 200;
  });
  const exportId = await createExport(user, { type: "HTTP", config: { url: receiver.url, token: "t" } });
  // Twelve hourly runs (the events are in the first two), claimed by both servers' workers at once.
  const twelveHours = new Date(Date.parse(START) + 12 * 3_600_000).toISOString();
  const response = await user.session.post(`/api/organizations/${user.organizationId}/batch_exports/${exportId}/backfill/`, {
    start_at: START,
    end_at: twelveHours,
  });
  expect(response.status, response.text).toBe(200);
  const { runs } = await settledRuns(onServer(user, servers[1]), exportId, 12, 180_000);
  expect(runs.every((run) => run.status === "Completed")).toBe(true);
  const counts = new Map<string, number>();
  for (const uuid of receiver.received) counts.set(uuid, (counts.get(uuid) ?? 0) + 1);
  expect(counts.size).toBe(sent.length);
  expect([...counts.values()].every((count) => count === 1)).toBe(true);
  const [claims] = await onPostgres(
    ["SELECT run_id, count(*)::int AS n FROM batch_export_log_entries WHERE message LIKE 'Batch export run started%' GROUP BY run_id"],
    new URL(databaseUrl!).pathname.slice(1),
  );
  expect(claims.rows).toHaveLength(12);
  expect(claims.rows.every((row) => row.n === 1)).toBe(true);
});
