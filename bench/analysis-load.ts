// A cheap route's latency while heavy analyses run: `--clients` clients (default 8) each compute a 3-step funnel
// over 30 days of `--events` generated events (default 10,000,000; computed afresh each time, `refresh=true`)
// back to back, while one client calls `GET /api/users/@me/` in a loop. Prints the cheap route's p50/p99/max,
// the funnels' own times, and the server's peak resident memory. Run after `npx next build`:
//   npx tsx bench/analysis-load.ts [--events 10000000] [--clients 8] [--seconds 60]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { signUp } from "../tests/support/api";
import { startServer } from "../tests/support/server";
import { arg, load, peakRssMb, rssSplit } from "./events";
import { TEAM, generateEvents } from "./generated-events";

const EVENTS = Number(arg("events", "10000000"));
const CLIENTS = Number(arg("clients", "8"));
const SECONDS = Number(arg("seconds", "60"));

const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-bench-load-"));
process.env.HEDGEROW_DATA_DIR = dataDir;
delete process.env.CLICKHOUSE_URL;

// The events go in before the server starts: the embedded store allows one process per data dir.
const generatedAt = Date.now();
{
  const { getEventStore, closeEventStore } = await import("../lib/events/store/open");
  await generateEvents(await getEventStore(), EVENTS);
  await closeEventStore();
}
console.log(`${EVENTS.toLocaleString("en-US")} events generated in ${((Date.now() - generatedAt) / 1000).toFixed(0)} s.`);

const server = await startServer({ backend: "pglite", dataDir, env: { ALLOW_SIGNUP: "true" } });
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
try {
  const owner = await signUp(server.baseUrl);
  if (owner.projectId !== TEAM) throw new Error(`the first project is ${owner.projectId}, the events are team ${TEAM}`);
  const key = (await owner.key(["insight:read", "user:read"])).credentials.key!;
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  const funnel = JSON.stringify({
    events: ["$pageview", "signed_up", "purchase"].map((id, order) => ({ id, type: "events", order })),
    funnel_window_interval: 14,
    funnel_window_interval_unit: "day",
    date_from: "2024-01-10",
    date_to: "2024-02-08",
  });
  const deadline = Date.now() + SECONDS * 1000;
  const funnelTimes: number[] = [];
  const funnelStatuses = new Map<number, number>();

  const hammer = async () => {
    while (Date.now() < deadline) {
      const started = Date.now();
      const response = await fetch(`${server.baseUrl}/api/projects/${TEAM}/insights/funnel/?refresh=true`, {
        method: "POST",
        headers,
        body: funnel,
      });
      await response.text();
      funnelStatuses.set(response.status, (funnelStatuses.get(response.status) ?? 0) + 1);
      if (response.ok) funnelTimes.push(Date.now() - started);
    }
  };
  const meTimes: number[] = [];
  const probe = async () => {
    // Starts once the funnels are under way.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    while (Date.now() < deadline) {
      const started = Date.now();
      const response = await fetch(`${server.baseUrl}/api/users/@me/`, { headers });
      await response.text();
      if (response.status !== 200) throw new Error(`@me answered ${response.status}`);
      meTimes.push(Date.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const loadBefore = load();
  await Promise.all([...Array.from({ length: CLIENTS }, hammer), probe()]);
  meTimes.sort((a, b) => a - b);
  funnelTimes.sort((a, b) => a - b);
  console.log(`Load average before: ${loadBefore}; after: ${load()}.`);
  console.log(`| measured over ${SECONDS} s, ${CLIENTS} funnel clients | n | p50 ms | p99 ms | max ms |`);
  console.log("|---|---|---|---|---|");
  console.log(
    `| GET /api/users/@me/ | ${meTimes.length} | ${percentile(meTimes, 0.5)} | ${percentile(meTimes, 0.99)} | ${meTimes.at(-1)} |`,
  );
  console.log(
    `| 3-step funnel (refresh=true) | ${funnelTimes.length} | ${percentile(funnelTimes, 0.5)} | ${percentile(funnelTimes, 0.99)} | ${funnelTimes.at(-1)} |`,
  );
  console.log(`Funnel answers by status: ${JSON.stringify(Object.fromEntries(funnelStatuses))}`);
  console.log(`Server peak RSS: ${peakRssMb(server.process.pid!).toLocaleString("en-US")} MB (now ${rssSplit(server.process.pid!)})`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
