// `npm start`: build once if needed, then serve Hedgerow on the embedded databases (or the ones configured).
// A new instance also gets a demo organization with demo events and its login printed (scripts/demo/seed.ts;
// HEDGEROW_DEMO=false or HEDGEROW_DEMO_EVENTS=0 turn it off).
import { spawnSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
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
const settings = demo.demoSettings(process.env);
// Decided before the server starts: once it runs, its migrations make any instance look used.
const plan = await demo.planDemo(settings);

console.log(`\nHedgerow: http://localhost:${port}`);
console.log(
  process.env.DATABASE_URL
    ? "Metadata: PostgreSQL (DATABASE_URL)"
    : `Metadata: embedded PGlite in ${path.resolve(process.env.HEDGEROW_DATA_DIR || ".data")}`,
);
// Next's own CLI run directly (not through npx, which would not pass a SIGTERM on to the server).
const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
const server = spawn(process.execPath, [nextBin, "start", "-p", port, "-H", host], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));

const reachableHost = ["0.0.0.0", "::", ""].includes(host) ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
demo
  .runDemo(plan, { baseUrl: `http://${reachableHost}:${port}`, siteUrl: `http://localhost:${port}`, settings })
  .catch((error) => console.error(`Demo data could not be loaded (Hedgerow keeps running): ${error.message}`));
