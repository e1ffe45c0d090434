import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, inject, test } from "vitest";
import { ApiClient, signUp } from "../support/api";
import { sendEvents } from "../support/events";
import { createPostgresDatabase, startServer, type StartedServer } from "../support/server";

// A server killed while cohorts are being calculated: after a restart on the same data none stays
// `is_calculating` (dynamic ones are calculated again; an acknowledged static one was complete), and all are right.

const backend = inject("backend") as "pglite" | "postgres";
const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-cohorts-restart-"));
const env = { ALLOW_SIGNUP: "true" };
let server: StartedServer | undefined;
let drop: (() => Promise<void>) | undefined;

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  await drop?.();
});

test("cohorts calculating when the server is killed are finished after a restart", { timeout: 240_000 }, async () => {
  const database = backend === "postgres" ? await createPostgresDatabase("cohorts_restart") : undefined;
  drop = database?.drop;
  server = await startServer({ backend, env, dataDir, databaseUrl: database?.url });
  const user = await signUp(server.baseUrl);
  const now = Date.now();
  const events = Array.from({ length: 40 }, (_, i) => ({
    event: "buy",
    distinct_id: `u${i}`,
    timestamp: new Date(now - (i % 5) * 86_400_000 - 1000).toISOString(),
    properties: { $set: { plan: i % 4 === 0 ? "pro" : "free" } },
  }));
  await sendEvents(server.baseUrl, user, events);
  const projectPath = (rest: string) => `/api/projects/${user.projectId}/${rest}`;
  const filters = { properties: { type: "AND", values: [{ type: "person", key: "plan", operator: "exact", value: "pro" }] } };
  const dynamic: number[] = [];
  for (let i = 0; i < 5; i++) {
    const created = await user.session.post(projectPath("cohorts/"), { name: `pro ${i}`, filters });
    expect(created.status, created.text).toBe(201);
    dynamic.push(created.body.id);
  }
  const params = new URLSearchParams({
    insight: "TRENDS",
    events: JSON.stringify([{ id: "buy", type: "events", order: 0 }]),
    entity_id: "buy",
    date_from: new Date(now - 10 * 86_400_000).toISOString(),
    date_to: new Date(now).toISOString(),
  });
  const fromTrend = await user.session.post(projectPath(`cohorts/?${params}`), { name: "buyers", is_static: true });
  expect(fromTrend.status, fromTrend.text).toBe(201);
  server.process.kill("SIGKILL");

  server = await startServer({ backend, env, dataDir, resetDatabase: false, databaseUrl: database?.url });
  const session = new ApiClient(server.baseUrl, user.session.credentials);
  const deadline = Date.now() + 90_000;
  const settled = async (id: number) => {
    for (;;) {
      const got = await session.get(projectPath(`cohorts/${id}/`));
      expect(got.status, got.text).toBe(200);
      if (!got.body.is_calculating) return got.body;
      if (Date.now() > deadline) throw new Error(`cohort ${id} still calculating after the restart`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const persons = await session.get(
    projectPath(
      "persons/?properties=" + encodeURIComponent(JSON.stringify([{ type: "person", key: "plan", value: "pro", operator: "exact" }])),
    ),
  );
  for (const id of dynamic) {
    const cohort = await settled(id);
    expect(cohort.errors_calculating).toBe(0);
    expect(cohort.count).toBe(persons.body.results.length);
  }
  const saved = await settled(fromTrend.body.id);
  // Acknowledged, so written: a static cohort's members are saved before its 201.
  expect(saved, JSON.stringify(saved)).toMatchObject({ count: 40, errors_calculating: 0 });
});
