import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signUp, type ApiClient, type TestUser } from "../support/api";
import { runsOwnPgliteServers } from "../support/stage";
import { sendHourlyTraffic } from "../support/events";
import { startServer, type StartedServer } from "../support/server";

// A server of its own (PGlite: the queue is the server process's, whatever the metadata database), so only the
// heavy analyses and the cheap requests below reach it, not the other test files' traffic. Two analysis slots,
// so that a flood fills them whatever the machine's cores.
// The server's own queue whatever the stage's database: run once, on the PGlite stage.
describe.runIf(runsOwnPgliteServers)("the analysis queue", () => {
  let server: StartedServer;
  let owner: TestUser;
  let reader: ApiClient;

  beforeAll(async () => {
    server = await startServer({ backend: "pglite", env: { ALLOW_SIGNUP: "true", HEDGEROW_ANALYSIS_CONCURRENCY: "2" } });
    owner = await signUp(server.baseUrl);
    await sendHourlyTraffic(server.baseUrl, owner);
    reader = await owner.key(["insight:read"]);
  }, 120_000);

  afterAll(() => server?.stop());

  /** A 30-step funnel with a breakdown: among the costliest analyses the bounds allow; each `i` a filter of its own. */
  const heavyFunnel = (i: number) => ({
    events: Array.from({ length: 30 }, (_, step) => ({ id: ["$pageview", "signed_up", "purchase"][(step + i) % 3], order: step })),
    date_from: `-${60 + i}d`,
    funnel_order_type: i % 2 ? "unordered" : "ordered",
    breakdown: "$current_url",
    refresh: true,
  });

  test("while many heavy analyses run at once, a cheap route keeps answering (p99 under 1 s)", async () => {
    const insights = `/api/projects/${owner.projectId}/insights`;
    const heavy = Array.from({ length: 12 }, (_, i) => reader.post(`${insights}/funnel/`, heavyFunnel(i)));
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

  test("one project's flood of heavy analyses does not hold another project's light query behind it", async () => {
    const other = await signUp(server.baseUrl);
    await sendHourlyTraffic(server.baseUrl, other);
    const otherReader = await other.key(["query:read"]);
    const count = async () => {
      const started = Date.now();
      const answer = await otherReader.post(`/api/projects/${other.projectId}/query/`, {
        query: { kind: "HogQLQuery", query: "select count() from events" },
        refresh: "force_blocking",
      });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.results).toEqual([[600]]);
      return Date.now() - started;
    };
    const insights = `/api/projects/${owner.projectId}/insights`;
    let started = Date.now();
    expect((await reader.post(`${insights}/funnel/`, heavyFunnel(0))).status).toBe(200);
    const heavyAlone = Date.now() - started;

    // 24 heavy analyses on two slots: a queue in arrival order would keep the count waiting for most of them.
    started = Date.now();
    const flood = Promise.all(Array.from({ length: 24 }, (_, i) => reader.post(`${insights}/funnel/`, heavyFunnel(i))));
    await new Promise((resolve) => setTimeout(resolve, Math.min(heavyAlone, 1_000)));
    const countDuringFlood = await count();
    const answers = await flood;
    const floodTime = Date.now() - started;
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const timings = `count ${countDuringFlood} ms during a flood of ${floodTime} ms; one heavy analysis alone ${heavyAlone} ms`;
    // Its turn comes at the first free slot: it waits for a heavy query or two, not for the flood's backlog.
    expect(countDuringFlood, timings).toBeLessThan(floodTime / 3);
    expect(countDuringFlood, timings).toBeLessThan(3 * heavyAlone + 2_000);
  }, 240_000);
});
