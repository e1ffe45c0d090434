import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, inject, test } from "vitest";
import { ApiClient, signUp } from "../support/api";
import { listAllEvents, projectToken, sendBatch, type SentEvent } from "../support/events";
import { startServer, type StartedServer } from "../support/server";

const backend = inject("backend") as "pglite" | "postgres";
const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-durability-"));
const env = { ALLOW_SIGNUP: "true" };
let server: StartedServer | undefined;
let ownDatabase: string | undefined;

const sharedDatabaseUrl = process.env.TEST_DATABASE_URL;

/** Runs statements on the PostgreSQL server of TEST_DATABASE_URL, connected to its database. */
async function onPostgres(...statements: string[]) {
  const client = new pg.Client({ connectionString: sharedDatabaseUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * On PostgreSQL this test's servers get a database of their own (the suite's shared server uses
 * TEST_DATABASE_URL's), created next to it and named after it; `startServer` reads TEST_DATABASE_URL.
 */
async function ownPostgresDatabase(): Promise<void> {
  const url = new URL(sharedDatabaseUrl!);
  ownDatabase = `${url.pathname.slice(1)}_durability`;
  await onPostgres(`DROP DATABASE IF EXISTS "${ownDatabase}" WITH (FORCE)`, `CREATE DATABASE "${ownDatabase}"`);
  url.pathname = `/${ownDatabase}`;
  process.env.TEST_DATABASE_URL = url.toString();
}

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (ownDatabase) await onPostgres(`DROP DATABASE IF EXISTS "${ownDatabase}" WITH (FORCE)`);
});

test("a server killed while batches are in flight keeps every acknowledged event, exactly once", { timeout: 240_000 }, async () => {
  if (backend === "postgres") await ownPostgresDatabase();
  server = await startServer({ backend, env, dataDir });
  const user = await signUp(server.baseUrl);
  const token = projectToken(user);

  const acknowledged: SentEvent[] = [];
  const unanswered: SentEvent[][] = [];
  let killed = false;
  let sent = 0;
  const sender = async (worker: number) => {
    for (let n = 0; !killed; n++) {
      const batch = Array.from({ length: 50 }, (_, i) => ({
        event: `e${i % 4}`,
        distinct_id: `user-${worker}-${n % 7}`,
        uuid: randomUUID(),
        timestamp: new Date(Date.UTC(2024, 5, 1) + sent++ * 1000).toISOString(),
        properties: { worker, n, i, $set: { last: n } },
      }));
      try {
        const response = await sendBatch(server!.baseUrl, token, batch);
        if (response.status === 200) acknowledged.push(...batch);
        else unanswered.push(batch);
      } catch {
        unanswered.push(batch); // the connection died with the server
      }
    }
  };
  const senders = Array.from({ length: 12 }, (_, worker) => sender(worker));
  while (acknowledged.length < 3000) await new Promise((r) => setTimeout(r, 20));
  server.process.kill("SIGKILL");
  killed = true;
  await Promise.all(senders);
  expect(unanswered.length).toBeGreaterThan(0);

  server = await startServer({ backend, env, dataDir, resetDatabase: false });
  const restarted = { ...user, session: new ApiClient(server.baseUrl, user.session.credentials) };
  const counts = new Map<string, number>();
  for (const event of await listAllEvents(restarted)) counts.set(event.id, (counts.get(event.id) ?? 0) + 1);
  for (const event of acknowledged) expect(counts.get(event.uuid!), event.uuid).toBe(1);
  expect([...counts.values()].every((n) => n === 1)).toBe(true);

  // The clients retry what was never answered: afterwards every event is there, each once.
  for (const batch of unanswered) expect((await sendBatch(server.baseUrl, token, batch)).status).toBe(200);
  const everything = [...acknowledged, ...unanswered.flat()];
  const all = await listAllEvents(restarted);
  expect(all.map((e) => e.id).sort()).toEqual(everything.map((e) => e.uuid!).sort());

  // Persons survived too: one per distinct id.
  const persons = await restarted.session.get(`/api/projects/${user.projectId}/persons/?limit=1000`);
  expect(persons.body.count).toBe(new Set(everything.map((e) => e.distinct_id)).size);
});
