// `npm start`: serves Hedgerow on the embedded databases (or the ones configured), restarting a server process if
// it dies (scripts/supervise.mjs). This process stays for the instance's whole life, so it is plain JavaScript
// loading nothing else: the build (if needed), the configuration check and the demo load run first in
// scripts/prepare-start.ts, and the demo login once the server answers in scripts/demo/after-start.ts, each a
// process that exits when done. With DATABASE_URL it runs HEDGEROW_WORKERS server processes sharing the port
// (Node's cluster: this process accepts and hands connections round-robin), and, unless CLICKHOUSE_URL is set, one
// event-store process owning chDB that they reach over ClickHouse's HTTP interface (scripts/event-store.ts). A new
// instance also gets a demo organization with demo events and its login printed last, boxed, once the server
// answers (scripts/demo/seed.ts; HEDGEROW_DEMO=false or HEDGEROW_DEMO_EVENTS=0 turn it off); the server then adds
// its dashboard and live events (lib/demo/job.ts).
import { spawn } from "node:child_process";
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer } from "node:net";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { supervise } from "./supervise.mjs";

// As lib/server/private-files.ts: what this process's children create is the user's only.
process.umask(0o077);
const root = fileURLToPath(new URL("..", import.meta.url));
/** A TypeScript script of this repository in a process of its own, with an IPC channel to this one. */
const runScript = (script, env = process.env) =>
  spawn(process.execPath, ["--import", "tsx", script], { cwd: root, env, stdio: ["inherit", "inherit", "inherit", "ipc"] });

const preparing = runScript("scripts/prepare-start.ts");
// Its plan (scripts/prepare-start.ts, StartPlan), or its exit: a failed build or a configuration error, told.
const [plan] = await Promise.race([once(preparing, "message"), once(preparing, "exit")]);
if (typeof plan !== "object" || plan === null) process.exit(preparing.exitCode || 1);

const port = process.env.PORT || "3000";
const host = process.env.HOST || "0.0.0.0";

/**
 * The server's Node flags. WebAssembly (PGlite's PostgreSQL) compiled function by function on first call: most of
 * PostgreSQL never runs here, and its compiled code would stay resident. The V8 heap bound in MB:
 * HEDGEROW_MAX_HEAP_MB, else 40 % of the memory the process may use (chDB maps its own memory outside the heap)
 * within 512–4096 MB, so a runaway request ends in an out-of-memory crash, which the supervisor recovers from,
 * rather than in swapping. A bound in NODE_OPTIONS is left alone.
 */
function serverNodeFlags() {
  const lazyWasm = "--wasm-lazy-compilation";
  if (process.env.NODE_OPTIONS?.includes("--max-old-space-size")) return [lazyWasm];
  // A container's limit where there is one (unconstrained, Node reports 0 or a huge number), shared by the
  // server processes.
  const memoryMb = Math.min(os.totalmem(), process.constrainedMemory?.() || Infinity) / 2 ** 20 / plan.workers;
  const heapMb = Number(process.env.HEDGEROW_MAX_HEAP_MB) || Math.min(4096, Math.max(512, Math.floor(memoryMb * 0.4)));
  return [lazyWasm, `--max-old-space-size=${heapMb}`];
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
      const child = runScript("scripts/event-store.ts", env);
      child.once("message", ready);
      return child;
    },
    { name: "The event-store process" },
  );
  await Promise.race([started, supervised.stopped]);
  return { supervised, url: `http://hedgerow:${secret}@127.0.0.1:${storePort}/default` };
}

// Every process shares the embedded event store through the event-store process unless a ClickHouse server is set.
const eventStore = plan.workers > 1 && !plan.clickhouseServer ? await startEventStore() : null;
if (eventStore) process.env.CLICKHOUSE_URL = eventStore.url;

// The server process: Next.js behind the client libraries' routes answered directly (scripts/serve.mjs).
const serveScript = fileURLToPath(new URL("serve.mjs", import.meta.url));
const serverArgs = ["-p", port, "-H", host];
let launch = () => spawn(process.execPath, [...serverNodeFlags(), serveScript, ...serverArgs], { stdio: "inherit" });
if (plan.workers > 1) {
  cluster.setupPrimary({ exec: serveScript, args: serverArgs, execArgv: [...process.execArgv, ...serverNodeFlags()] });
  launch = () => cluster.fork().process;
}
const servers = [];
let stopping = false;
let demo;
const startServer = () => {
  if (!stopping) servers.push(supervise(launch, { name: plan.workers > 1 ? `Server process ${servers.length + 1}` : "The server" }));
};
async function stop(signal) {
  stopping = true;
  if (demo?.exitCode === null) demo.kill(signal);
  for (const server of servers) server.stop(signal);
  await Promise.all(servers.map((server) => server.stopped));
  // Only once the servers wrote what they acknowledged.
  eventStore?.supervised.stop("SIGTERM");
  await eventStore?.supervised.stopped;
  process.exit(0);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(signal));

startServer();
// Once, whatever restarts follow: an interrupted load is resumed by the next `npm start`.
demo = runScript("scripts/demo/after-start.ts");
demo.send(plan.demo);
// The first process migrates the databases alone; the others start once it answers (or has had its chance) and
// find nothing to apply.
if (plan.workers > 1) {
  await Promise.race([once(demo, "message"), once(demo, "exit")]);
  for (let i = 1; i < plan.workers; i++) startServer();
}
