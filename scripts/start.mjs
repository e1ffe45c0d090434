// `npm start`: build once if needed, then serve Hedgerow on the embedded databases (or the ones configured).
import { spawnSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const distDir = process.env.NEXT_DIST_DIR || ".next";
if (!existsSync(path.join(distDir, "BUILD_ID"))) {
  console.log("Building Hedgerow (first start only)…");
  const build = spawnSync("npx", ["next", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = process.env.PORT || "3000";
const host = process.env.HOST || "0.0.0.0";
console.log(`\nHedgerow: http://localhost:${port}`);
console.log(
  process.env.DATABASE_URL
    ? "Metadata: PostgreSQL (DATABASE_URL)"
    : `Metadata: embedded PGlite in ${path.resolve(process.env.HEDGEROW_DATA_DIR || ".data")}`,
);
const server = spawn("npx", ["next", "start", "-p", port, "-H", host], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
