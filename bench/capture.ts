// Capture throughput: events/s through POST /batch/ in posthog-node's shape (batches of 100, gzip) on
// `next start` with the embedded chDB event store, at several connection counts; then every acknowledged event
// is counted in the store, and the server's peak memory is reported. Run after `npx next build`:
//   npx tsx bench/capture.ts  [--seconds 20] [--connections 8,16,32] [--pool 600000] [--postgres URL [--workers N]]
// The payloads are generated and compressed before the clock starts (demo events with fresh timestamps, every
// uuid different), so the client is not what is measured. --pool bounds them: a level that uses them all up
// ends early, and says so.
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { generateDemoEvents } from "../scripts/demo/generate";
import { captureAgent, postBatch } from "../scripts/demo/send";
import { arg, countStored, cpuSeconds, load, peakRssMb, postgresCpuSeconds, rssSplit, startWithProject } from "./events";

const SECONDS = Number(arg("seconds", "20"));
const CONNECTIONS = arg("connections", "8,16,32").split(",").map(Number);
const POOL = Number(arg("pool", "600000"));
const BATCH = 100;

const gzipAsync = promisify(gzip);

/** posthog-node's bodies: `{api_key, batch, sent_at}` gzipped; timestamps within the last minute, as live traffic. */
async function payloads(apiKey: string): Promise<Buffer[]> {
  const now = Date.now();
  const bodies: Buffer[] = [];
  for (const batch of generateDemoEvents({ events: POOL, seed: 2, now, batchSize: BATCH })) {
    for (const event of batch) event.timestamp = new Date(now - Math.floor(Math.random() * 60_000)).toISOString();
    bodies.push(await gzipAsync(JSON.stringify({ api_key: apiKey, batch, sent_at: new Date(now).toISOString() })));
  }
  return bodies;
}

async function drive(baseUrl: string, bodies: Buffer[], from: number, connections: number) {
  const url = new URL("/batch/", baseUrl);
  const agent = captureAgent(baseUrl, connections);
  const deadline = Date.now() + SECONDS * 1000;
  let next = from;
  let accepted = 0;
  let failed = 0;
  const latencies: number[] = [];
  const started = Date.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < deadline && next < bodies.length) {
        const body = bodies[next++];
        const sent = performance.now();
        try {
          await postBatch(url, body, agent);
          accepted += BATCH;
        } catch (error) {
          failed++;
          if (failed <= 3) console.error(String(error));
        }
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]);
  return { accepted, failed, elapsed, used: next - from, exhausted: next >= bodies.length, p50: percentile(0.5), p99: percentile(0.99) };
}

const { server, apiToken, projectId, session } = await startWithProject();
const pid = server.process.pid!;
console.log(`Generating ${POOL.toLocaleString("en-US")} events in gzipped batches of ${BATCH}…`);
const generated = Date.now();
const bodies = await payloads(apiToken);
const megabytes = bodies.reduce((sum, b) => sum + b.length, 0) / 1e6;
console.log(`  ${bodies.length} bodies, ${megabytes.toFixed(0)} MB gzipped, in ${((Date.now() - generated) / 1000).toFixed(1)} s`);

// Warm-up: the first requests compile routes and open the stores.
const warm = await drive(server.baseUrl, bodies.slice(0, 20), 0, 4);
let offset = 20;
let acceptedTotal = warm.accepted;
const rows = [];
for (const connections of CONNECTIONS) {
  const before = load();
  const cpuBefore = cpuSeconds(pid);
  const postgresBefore = postgresCpuSeconds();
  const result = await drive(server.baseUrl, bodies, offset, connections);
  const cpu = cpuSeconds(pid) - cpuBefore;
  const postgresCpu = postgresCpuSeconds() - postgresBefore;
  offset += result.used;
  acceptedTotal += result.accepted;
  rows.push({
    connections,
    "events/s": Math.round(result.accepted / result.elapsed),
    "requests/s": Math.round(result.accepted / BATCH / result.elapsed),
    "p50 ms": result.p50,
    "p99 ms": result.p99,
    "server CPU ms / 1k events": Math.round((cpu * 1e6) / result.accepted),
    ...(arg("postgres", "") ? { "PostgreSQL CPU ms / 1k events": Math.round((postgresCpu * 1e6) / result.accepted) } : {}),
    accepted: result.accepted,
    failed: result.failed,
    seconds: Number(result.elapsed.toFixed(1)),
    "peak RSS MB": peakRssMb(pid),
    "load avg before → after": `${before} → ${load()}`,
    ...(result.exhausted ? { note: "payload pool used up early" } : {}),
  });
  console.log(`  ${connections} connections: ${rows.at(-1)!["events/s"].toLocaleString("en-US")} events/s`);
}

// Queryable through the API right away: the newest event listed is one of this run's.
const latest = await session.get(`/api/projects/${projectId}/events/?limit=1`);
const peak = peakRssMb(pid);
const resident = rssSplit(pid);
const stored = await countStored(server, projectId);
console.table(rows);
console.log(`Events API answered ${latest.status} with ${latest.body.results?.length ?? 0} event (newest ${latest.body.results?.[0]?.timestamp}).`);
console.log(
  `Acknowledged ${acceptedTotal.toLocaleString("en-US")} events; stored after stopping: ${stored.rows.toLocaleString("en-US")} rows, ${stored.uuids.toLocaleString("en-US")} distinct uuids` +
    (stored.uuids === acceptedTotal && stored.rows === acceptedTotal ? " — every acknowledged event, once." : " — MISMATCH."),
);
console.log(`Server peak RSS (VmHWM, process tree): ${peak} MB; resident at the end: ${resident}. ${SECONDS} s a level, 2 cores shared with the client; load average now ${load()}.`);
