// Capture throughput: events/s through POST /batch/ in posthog-node's shape (batches of 100, gzip) on
// scripts/serve.mjs with the embedded chDB event store, at several connection counts; then every acknowledged event
// is counted in the store, and the server's peak memory is reported. Run after `npx next build`:
//   npx tsx bench/capture.ts  [--seconds 20] [--connections 8,16,32] [--pool 600000] [--postgres URL [--workers N]]
// The payloads are generated and compressed before the clock starts (demo events with fresh timestamps, every
// uuid different), so the client is not what is measured. --pool bounds them: a level that uses them all up
// ends early, and says so.
import { BATCH, drive, payloads } from "./capture-client";
import { arg, countStored, cpuSeconds, load, peakRssMb, postgresCpuSeconds, rssSplit, startWithProject } from "./events";

const SECONDS = Number(arg("seconds", "20"));
const CONNECTIONS = arg("connections", "8,16,32").split(",").map(Number);
const POOL = Number(arg("pool", "600000"));

const { server, apiToken, projectId, session } = await startWithProject();
const pid = server.process.pid!;
console.log(`Generating ${POOL.toLocaleString("en-US")} events in gzipped batches of ${BATCH}…`);
const generated = Date.now();
const bodies = await payloads(apiToken, POOL);
const megabytes = bodies.reduce((sum, b) => sum + b.length, 0) / 1e6;
console.log(`  ${bodies.length} bodies, ${megabytes.toFixed(0)} MB gzipped, in ${((Date.now() - generated) / 1000).toFixed(1)} s`);

// Warm-up: the first requests compile routes and open the stores.
const warm = await drive(server.baseUrl, bodies.slice(0, 20), 0, 4, SECONDS);
let offset = 20;
let acceptedTotal = warm.accepted;
const rows = [];
for (const connections of CONNECTIONS) {
  const before = load();
  const cpuBefore = cpuSeconds(pid);
  const postgresBefore = postgresCpuSeconds();
  const result = await drive(server.baseUrl, bodies, offset, connections, SECONDS);
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
console.log(
  `Events API answered ${latest.status} with ${latest.body.results?.length ?? 0} event (newest ${latest.body.results?.[0]?.timestamp}).`,
);
console.log(
  `Acknowledged ${acceptedTotal.toLocaleString("en-US")} events; stored after stopping: ${stored.rows.toLocaleString("en-US")} rows, ${stored.uuids.toLocaleString("en-US")} distinct uuids` +
    (stored.uuids === acceptedTotal && stored.rows === acceptedTotal ? " — every acknowledged event, once." : " — MISMATCH."),
);
console.log(
  `Server peak RSS (VmHWM, process tree): ${peak} MB; resident at the end: ${resident}. ${SECONDS} s a level, 2 cores shared with the client; load average now ${load()}.`,
);
