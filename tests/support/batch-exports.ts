import { createServer, type Server } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { expect } from "vitest";
import { ApiClient, type TestUser } from "./api";
import { startServer, type StartedServer } from "./server";

// Servers, databases and receivers of the batch export tests that run exports for real: each file's own servers
// (fast polling, short leases and retries) on their own metadata database, so the suite's shared server never claims
// their runs. What they start is stopped by `cleanUp` (a file's afterAll).

const postgresUrl = () => process.env.TEST_DATABASE_URL;

/** Fast polling, short leases and retries; loopback destinations admitted (the guard refuses them by default). */
export const FAST = {
  ALLOW_SIGNUP: "true",
  HEDGEROW_BATCH_EXPORT_POLL_MS: "200",
  HEDGEROW_BATCH_EXPORT_RETRY_SECONDS: "1",
  HEDGEROW_BATCH_EXPORT_LEASE_SECONDS: "3",
  HEDGEROW_BATCH_EXPORT_PAGE_SIZE: "100",
  HEDGEROW_ALLOWED_DESTINATIONS: "127.0.0.1",
};
export const START = "2024-06-01T00:00:00.000Z";
export const END = "2024-06-01T02:00:00.000Z";
const cleanups: (() => Promise<unknown> | unknown)[] = [];

/** Registers something to stop or remove when the file ends. */
export const onCleanUp = (cleanup: () => Promise<unknown> | unknown) => void cleanups.push(cleanup);

/** Stops and removes, newest first, what the file's tests started. */
/** Listens on a free loopback port until the file's clean-up; answers the port. */
export async function listenOnLoopback(server: Server, host = "127.0.0.1"): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  // A Hedgerow server still running keeps its keep-alive connections open: close them, or close() waits on them.
  onCleanUp(
    () =>
      new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      }),
  );
  return (server.address() as { port: number }).port;
}

export async function cleanUp() {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}

/** Runs statements on the PostgreSQL server of TEST_DATABASE_URL (these tests' databases live next to its). */
export async function onPostgres(statements: string[], database?: string) {
  const url = new URL(postgresUrl()!);
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const results = [];
    for (const statement of statements) results.push(await client.query(statement));
    return results;
  } finally {
    await client.end();
  }
}

/** A fresh database named after TEST_DATABASE_URL's; its connection settings. */
export async function freshDatabase(suffix: string) {
  const url = new URL(postgresUrl()!);
  const database = `${url.pathname.slice(1)}_${suffix}`;
  await onPostgres([`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`, `CREATE DATABASE "${database}"`]);
  onCleanUp(() => onPostgres([`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`]));
  url.pathname = `/${database}`;
  return {
    database,
    url: url.toString(),
    host: url.hostname,
    port: Number(url.port || 5432),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  };
}

/** A server of these tests (PGlite in its data dir, or PostgreSQL at `databaseUrl`), stopped at the end. */
export async function ownServer(options: { dataDir?: string; databaseUrl?: string; env?: Record<string, string> } = {}) {
  const previous = process.env.TEST_DATABASE_URL;
  if (options.databaseUrl) process.env.TEST_DATABASE_URL = options.databaseUrl;
  try {
    const server = await startServer({
      backend: options.databaseUrl ? "postgres" : "pglite",
      dataDir: options.dataDir,
      resetDatabase: false,
      env: { ...FAST, ...options.env },
    });
    onCleanUp(() => server.stop());
    return server;
  } finally {
    process.env.TEST_DATABASE_URL = previous;
  }
}

/** What a server needs to start: a data dir, and on PostgreSQL a metadata database of its own. */
export async function serverHome(name: string, backend: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `hedgerow-bx-${name}-`));
  onCleanUp(() => rmSync(dataDir, { recursive: true, force: true }));
  const databaseUrl = backend === "postgres" ? (await freshDatabase(`bx_${name}`)).url : undefined;
  return { dataDir, databaseUrl };
}

/** A receiver of PostHog's HTTP export that records every event it accepts; `answer` decides each request's status. */
export async function httpReceiver(answer: (request: number) => number | Promise<number> = () => 200) {
  const received: string[] = [];
  let requests = 0;
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", async () => {
      const status = await answer(requests++);
      if (status === 200) received.push(...(JSON.parse(body).batch as { uuid: string }[]).map((event) => event.uuid));
      response.writeHead(status, { "content-type": "application/json" }).end(status === 200 ? '{"status":1}' : '{"error":"unavailable"}');
    });
  });
  const port = await listenOnLoopback(server);
  return { url: `http://127.0.0.1:${port}/batch/`, received, requests: () => requests };
}

export async function createExport(user: TestUser, destination: { type: string; config: Record<string, unknown> }) {
  const created = await user.session.post(`/api/organizations/${user.organizationId}/batch_exports/`, {
    name: `${destination.type} export`,
    destination,
    interval: "hour",
  });
  expect(created.status, created.text).toBe(201);
  return created.body.id as string;
}

export async function backfill(user: TestUser, exportId: string) {
  const response = await user.session.post(`/api/organizations/${user.organizationId}/batch_exports/${exportId}/backfill/`, {
    start_at: START,
    end_at: END,
  });
  expect(response.status, response.text).toBe(200);
}

/** The export's runs made by backfills and retries (a scheduled run of the hour a test spans is not the test's). */
export async function runsOf(user: TestUser, exportId: string): Promise<any[]> {
  const response = await user.session.get(`/api/organizations/${user.organizationId}/batch_exports/${exportId}/runs/`);
  expect(response.status, response.text).toBe(200);
  return response.body.results.filter((run: { backfill: string | null }) => run.backfill !== null);
}

/** The user's session, on another server sharing the same metadata database. */
export const onServer = (user: TestUser, server: StartedServer): TestUser => ({
  ...user,
  session: new ApiClient(server.baseUrl, user.session.credentials),
});

/** Waits until the export has `count` runs, all in a final state, and answers them (statuses seen on the way too). */
export async function settledRuns(user: TestUser, exportId: string, count: number, timeoutMs = 120_000) {
  const seen = new Set<string>();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const runs = await runsOf(user, exportId);
    for (const run of runs) seen.add(run.status);
    if (runs.length >= count && runs.every((run) => ["Completed", "Failed", "Cancelled"].includes(run.status))) return { runs, seen };
    if (Date.now() > deadline) throw new Error(`runs did not settle: ${JSON.stringify(runs.map((run) => [run.status, run.latest_error]))}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export const sorted = (uuids: string[]) => [...uuids].sort();
