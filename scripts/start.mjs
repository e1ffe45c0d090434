// `npm start`: build once if needed, then serve Hedgerow on the embedded databases (or the ones configured),
// restarting the server if it dies (scripts/supervise.ts). A new instance also gets a demo organization with
// demo events and its login printed (scripts/demo/seed.ts; HEDGEROW_DEMO=false or HEDGEROW_DEMO_EVENTS=0 turn it off).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { tsImport } from "tsx/esm/api";

const distDir = process.env.NEXT_DIST_DIR || ".next";
if (!existsSync(path.join(distDir, "BUILD_ID"))) {
  console.log("Building Hedgerow (first start only)…");
  const build = spawnSync("npx", ["next", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = process.env.PORT || "3000";
const host = process.env.HOST || "0.0.0.0";
const demo = await tsImport("./demo/seed.ts", import.meta.url);
const { supervise } = await tsImport("./supervise.ts", import.meta.url);
const settings = demo.demoSettings(process.env);
// Decided before the server starts: once it runs, its migrations make any instance look used.
const plan = await demo.planDemo(settings);

console.log(`\nHedgerow: http://localhost:${port}`);
console.log(
  process.env.DATABASE_URL
    ? "Metadata: PostgreSQL (DATABASE_URL)"
    : `Metadata: embedded PGlite in ${path.resolve(process.env.HEDGEROW_DATA_DIR || ".data")}`,
);

/**
 * The server's V8 heap bound in MB: HEDGEROW_MAX_HEAP_MB, else 40 % of the memory the process may use (chDB
 * maps its own ~600 MB outside the heap) within 512–4096 MB, so a runaway request ends in an out-of-memory
 * crash, which the supervisor recovers from, rather than in swapping. A bound in NODE_OPTIONS is left alone.
 */
function serverHeapFlags() {
  if (process.env.NODE_OPTIONS?.includes("--max-old-space-size")) return [];
  // A container's limit where there is one (unconstrained, Node reports 0 or a huge number).
  const memoryMb = Math.min(os.totalmem(), process.constrainedMemory?.() || Infinity) / 2 ** 20;
  const heapMb = Number(process.env.HEDGEROW_MAX_HEAP_MB) || Math.min(4096, Math.max(512, Math.floor(memoryMb * 0.4)));
  return [`--max-old-space-size=${heapMb}`];
}

// Next's own CLI run directly (not through npx, which would not pass a SIGTERM on to the server).
const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
const server = supervise(process.execPath, [...serverHeapFlags(), nextBin, "start", "-p", port, "-H", host]);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.stop(signal));
server.stopped.then(() => process.exit(0));

const reachableHost = ["0.0.0.0", "::", ""].includes(host) ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
// Once, whatever restarts follow: an interrupted load is resumed by the next `npm start`.
demo
  .runDemo(plan, { baseUrl: `http://${reachableHost}:${port}`, siteUrl: `http://localhost:${port}`, settings })
  .catch((error) => console.error(`Demo data could not be loaded (Hedgerow keeps running): ${error.message}`));
