// `npm start`: build once if needed (its progress shown, scripts/build-progress.ts), then serve Hedgerow on the
// embedded databases (or the ones configured), restarting a server process if it dies (scripts/supervise.ts). With DATABASE_URL it runs HEDGEROW_WORKERS
// server processes sharing the port (Node's cluster: this process accepts and hands connections round-robin),
// and, unless CLICKHOUSE_URL is set, one event-store process owning chDB that they reach over ClickHouse's HTTP
// interface (scripts/event-store.ts). A new instance also gets a demo organization with demo events and its
// login printed last, boxed, once the server answers (scripts/demo/seed.ts; HEDGEROW_DEMO=false or
// HEDGEROW_DEMO_EVENTS=0 turn it off); the server then adds its dashboard and live events (lib/demo/job.ts).
import { spawn } from "node:child_process";
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { tsImport } from "tsx/esm/api";

// Before anything writes: the data dir and every file this process and its children create are the user's only.
const { protectDataDir, applyPrivateUmask } = await tsImport("../lib/server/private-files.ts", import.meta.url);
applyPrivateUmask();

const distDir = process.env.NEXT_DIST_DIR || ".next";
if (!existsSync(path.join(distDir, "BUILD_ID"))) {
  const { buildWithProgress } = await tsImport("./build-progress.ts", import.meta.url);
  const status = await buildWithProgress();
  if (status !== 0) process.exit(status);
}

const port = process.env.PORT || "3000";
const host = process.env.HOST || "0.0.0.0";
const { parseEnvironment } = await tsImport("../lib/environment.ts", import.meta.url);
let config;
try {
  config = parseEnvironment(process.env);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
protectDataDir(config.dataDir);
const demo = await tsImport("./demo/seed.ts", import.meta.url);
const { supervise } = await tsImport("./supervise.ts", import.meta.url);
const settings = demo.demoSettings(process.env);
// Decided before the server starts: once it runs, its migrations make any instance look used.
let plan = await demo.planDemo(settings);
// On the embedded event store the demo is loaded now, by the bulk import, while nothing else holds the data dir.
if ((plan.action === "create" || plan.action === "resume") && !config.clickhouseUrl) {
  plan = await demo.preloadDemoProcess(settings).catch((error) => {
    console.error(`Demo data could not be loaded (Hedgerow starts without it; the next start finishes the load): ${error.message}`);
    return { action: "none" };
  });
}

console.log(`\nHedgerow: http://localhost:${port}`);
console.log(
  process.env.DATABASE_URL
    ? "Metadata: PostgreSQL (DATABASE_URL)"
    : `Metadata: embedded PGlite in ${path.resolve(process.env.HEDGEROW_DATA_DIR || ".data")}`,
);
console.log(`Server processes: ${config.workers}`);

/**
 * The server's V8 heap bound in MB: HEDGEROW_MAX_HEAP_MB, else 40 % of the memory the process may use (chDB
 * maps its own ~600 MB outside the heap) within 512–4096 MB, so a runaway request ends in an out-of-memory
 * crash, which the supervisor recovers from, rather than in swapping. A bound in NODE_OPTIONS is left alone.
 */
function serverHeapFlags() {
  if (process.env.NODE_OPTIONS?.includes("--max-old-space-size")) return [];
  // A container's limit where there is one (unconstrained, Node reports 0 or a huge number), shared by the
  // server processes.
  const memoryMb = Math.min(os.totalmem(), process.constrainedMemory?.() || Infinity) / 2 ** 20 / config.workers;
  const heapMb = Number(process.env.HEDGEROW_MAX_HEAP_MB) || Math.min(4096, Math.max(512, Math.floor(memoryMb * 0.4)));
  return [`--max-old-space-size=${heapMb}`];
}

/** A free loopback port, for the event-store process (kept across its restarts, so the servers' URL holds). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
    probe.on("error", reject);
  });
}

/**
 * Starts the event-store process (supervised) and resolves with the CLICKHOUSE_URL of it once it is migrated
 * and listening. Its secret lives only in this run's processes.
 */
async function startEventStore() {
  const storePort = await freePort();
  const secret = randomBytes(24).toString("hex");
  let ready;
  const started = new Promise((resolve) => (ready = resolve));
  const env = { ...process.env, HEDGEROW_EVENT_STORE_PORT: String(storePort), HEDGEROW_EVENT_STORE_SECRET: secret };
  const supervised = supervise(
    () => {
      const child = spawn(process.execPath, ["--import", "tsx", "scripts/event-store.ts"], {
        env,
        stdio: ["inherit", "inherit", "inherit", "ipc"],
      });
      child.once("message", ready);
      return child;
    },
    { name: "The event-store process" },
  );
  await Promise.race([started, supervised.stopped]);
  return { supervised, url: `http://hedgerow:${secret}@127.0.0.1:${storePort}/default` };
}

// Every process shares the embedded event store through the event-store process unless a ClickHouse server is set.
const eventStore = config.workers > 1 && !config.clickhouseUrl ? await startEventStore() : null;
if (eventStore) process.env.CLICKHOUSE_URL = eventStore.url;
// Generated once here rather than raced by the server processes (each would read its own).
if (config.workers > 1) (await tsImport("../lib/config.ts", import.meta.url)).sessionSecret();

// Next's own CLI run directly (not through npx, which would not pass a SIGTERM on to the server).
const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
const serverArgs = ["start", "-p", port, "-H", host];
let launch = () => spawn(process.execPath, [...serverHeapFlags(), nextBin, ...serverArgs], { stdio: "inherit" });
if (config.workers > 1) {
  cluster.setupPrimary({ exec: nextBin, args: serverArgs, execArgv: [...process.execArgv, ...serverHeapFlags()] });
  launch = () => cluster.fork().process;
}
const reachableHost = ["0.0.0.0", "::", ""].includes(host) ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
const baseUrl = `http://${reachableHost}:${port}`;
const servers = [];
let stopping = false;
const startServer = () => {
  if (!stopping) servers.push(supervise(launch, { name: config.workers > 1 ? `Server process ${servers.length + 1}` : "The server" }));
};
async function stop(signal) {
  stopping = true;
  for (const server of servers) server.stop(signal);
  await Promise.all(servers.map((server) => server.stopped));
  // Only once the servers wrote what they acknowledged.
  eventStore?.supervised.stop("SIGTERM");
  await eventStore?.supervised.stopped;
  process.exit(0);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(signal));

startServer();
// The first process migrates the databases alone; the others start once it answers (or has had its chance) and
// find nothing to apply.
if (config.workers > 1) {
  await demo.waitForServer(baseUrl).catch(() => undefined);
  for (let i = 1; i < config.workers; i++) startServer();
}

// Once, whatever restarts follow: an interrupted load is resumed by the next `npm start`.
demo
  .runDemo(plan, { baseUrl, siteUrl: `http://localhost:${port}`, settings })
  .catch((error) => console.error(`Demo data could not be loaded (Hedgerow keeps running): ${error.message}`));
