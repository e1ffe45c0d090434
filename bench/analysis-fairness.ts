// One project's light query while another project floods the analysis queue (issue 27, item 9): project A gets
// `--events` generated events (default 1,000,000) and `--flood` clients (default 6) each computing a 3-step
// funnel over them back to back (`refresh=true`); project B, in another organization, runs HogQL `select
// count() from events` over its own few events. Prints B's latency alone and during the flood, and their
// ratio. `--slots` sets HEDGEROW_ANALYSIS_CONCURRENCY (default 2, so the flood fills them on any machine).
// Run after `npx next build`:
//   npx tsx bench/analysis-fairness.ts [--events 1000000] [--flood 6] [--slots 2] [--probes 20]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { signUp } from "../tests/support/api";
import { sendHourlyTraffic } from "../tests/support/events";
import { startServer } from "../tests/support/server";
import { arg, load } from "./events";
import { TEAM, generateEvents } from "./generated-events";

const EVENTS = Number(arg("events", "1000000"));
const FLOOD = Number(arg("flood", "6"));
const SLOTS = arg("slots", "2");
const PROBES = Number(arg("probes", "20"));

const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-bench-fairness-"));
process.env.HEDGEROW_DATA_DIR = dataDir;
delete process.env.CLICKHOUSE_URL;

// The events go in before the server starts: the embedded store allows one process per data dir.
{
  const { getEventStore, closeEventStore } = await import("../lib/events/store/open");
  await generateEvents(await getEventStore(), EVENTS);
  await closeEventStore();
}

const server = await startServer({ backend: "pglite", dataDir, env: { ALLOW_SIGNUP: "true", HEDGEROW_ANALYSIS_CONCURRENCY: SLOTS } });
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
try {
  const flooder = await signUp(server.baseUrl);
  if (flooder.projectId !== TEAM) throw new Error(`the first project is ${flooder.projectId}, the events are team ${TEAM}`);
  const floodKey = (await flooder.key(["insight:read"])).credentials.key!;
  const other = await signUp(server.baseUrl);
  await sendHourlyTraffic(server.baseUrl, other);
  const otherKey = (await other.key(["query:read"])).credentials.key!;

  const countOnce = async () => {
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}/api/projects/${other.projectId}/query/`, {
      method: "POST",
      headers: { authorization: `Bearer ${otherKey}`, "content-type": "application/json" },
      body: JSON.stringify({ query: { kind: "HogQLQuery", query: "select count() from events" }, refresh: "force_blocking" }),
    });
    await response.text();
    if (response.status !== 200) throw new Error(`count() answered ${response.status}`);
    return performance.now() - started;
  };
  const probe = async () => {
    const times: number[] = [];
    for (let i = 0; i < PROBES; i++) {
      times.push(await countOnce());
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return times.sort((a, b) => a - b);
  };

  await countOnce();
  const alone = await probe();

  let flooding = true;
  const funnelTimes: number[] = [];
  const funnel = (i: number) =>
    JSON.stringify({
      events: ["$pageview", "signed_up", "purchase"].map((id, order) => ({ id, type: "events", order })),
      funnel_window_interval: 14 + i,
      funnel_window_interval_unit: "day",
      date_from: "2024-01-01",
      date_to: "2024-02-15",
    });
  const hammer = async (client: number) => {
    while (flooding) {
      const started = performance.now();
      const response = await fetch(`${server.baseUrl}/api/projects/${TEAM}/insights/funnel/?refresh=true`, {
        method: "POST",
        headers: { authorization: `Bearer ${floodKey}`, "content-type": "application/json" },
        body: funnel(client),
      });
      await response.text();
      if (response.ok) funnelTimes.push(performance.now() - started);
    }
  };
  const clients = Array.from({ length: FLOOD }, (_, i) => hammer(i));
  // The flood's first analyses hold the slots before the probe starts.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const during = await probe();
  flooding = false;
  await Promise.all(clients);
  funnelTimes.sort((a, b) => a - b);

  const ms = (n: number) => n.toFixed(0);
  console.log(`${EVENTS.toLocaleString("en-US")} events in project A; ${FLOOD} flooding clients; ${SLOTS} analysis slots; load ${load()}.`);
  console.log("| project B's count() | n | p50 ms | p90 ms | max ms |");
  console.log("|---|---|---|---|---|");
  console.log(`| alone | ${alone.length} | ${ms(percentile(alone, 0.5))} | ${ms(percentile(alone, 0.9))} | ${ms(alone.at(-1)!)} |`);
  console.log(
    `| during A's flood | ${during.length} | ${ms(percentile(during, 0.5))} | ${ms(percentile(during, 0.9))} | ${ms(during.at(-1)!)} |`,
  );
  console.log(
    `| A's funnels | ${funnelTimes.length} | ${ms(percentile(funnelTimes, 0.5))} | ${ms(percentile(funnelTimes, 0.9))} | ${ms(funnelTimes.at(-1) ?? NaN)} |`,
  );
  console.log(
    `Ratio during / alone: p50 ${(percentile(during, 0.5) / percentile(alone, 0.5)).toFixed(1)}×, max ${(during.at(-1)! / alone.at(-1)!).toFixed(1)}×.`,
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
