import { afterAll, beforeAll, expect, test } from "vitest";
import { signUp, type ApiClient, type TestUser } from "../support/api";
import { sendHourlyTraffic } from "../support/events";
import { startServer, type StartedServer } from "../support/server";

// A server of its own (PGlite: the queue is the event store's, whatever the metadata database), so only the
// heavy analyses and the cheap route below reach it, not the other test files' traffic.
let server: StartedServer;
let owner: TestUser;
let reader: ApiClient;

beforeAll(async () => {
  server = await startServer({ backend: "pglite", env: { ALLOW_SIGNUP: "true" } });
  owner = await signUp(server.baseUrl);
  await sendHourlyTraffic(server.baseUrl, owner);
  reader = await owner.key(["insight:read"]);
}, 120_000);

afterAll(() => server?.stop());

test("while many heavy analyses run at once, a cheap route keeps answering (p99 under 1 s)", async () => {
  const insights = `/api/projects/${owner.projectId}/insights`;
  // 30-step funnels with a breakdown: among the costliest analyses the bounds allow.
  const heavy = Array.from({ length: 12 }, (_, i) =>
    reader.post(`${insights}/funnel/`, {
      events: Array.from({ length: 30 }, (_, step) => ({ id: ["$pageview", "signed_up", "purchase"][(step + i) % 3], order: step })),
      date_from: "-60d",
      funnel_order_type: i % 2 ? "unordered" : "ordered",
      breakdown: "$current_url",
    }),
  );
  let settled = false;
  const all = Promise.all(heavy).finally(() => (settled = true));
  const latencies: number[] = [];
  while (!settled || latencies.length < 20) {
    const started = Date.now();
    const me = await owner.session.get("/api/users/@me/");
    expect(me.status).toBe(200);
    latencies.push(Date.now() - started);
  }
  const answers = await all;
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))];
  expect(p99, `@me latencies while heavy analyses ran: ${latencies.join(", ")} ms`).toBeLessThan(1_000);
}, 180_000);
