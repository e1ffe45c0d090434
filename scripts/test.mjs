// `npm test`: every test Hedgerow has, in order: lint, dead code, build, unit, API on PGlite, API on PostgreSQL (when
// TEST_DATABASE_URL is set), then the browser tests. Stops at the first failing stage.
import { spawnSync } from "node:child_process";

const stages = [
  ["lint", "npx", ["biome", "check"]],
  ["dead code", "npx", ["knip"]],
  ["build", "npx", ["next", "build"]],
  ["unit", "npx", ["vitest", "run", "--project", "unit"]],
  ["api (PGlite)", "npx", ["vitest", "run", "--project", "api"], { HEDGEROW_TEST_BACKEND: "pglite" }],
];
if (process.env.TEST_DATABASE_URL)
  stages.push(["api (PostgreSQL)", "npx", ["vitest", "run", "--project", "api"], { HEDGEROW_TEST_BACKEND: "postgres" }]);
stages.push(["browser (Playwright)", "npx", ["playwright", "test"]]);

const only = process.argv.slice(2);
for (const [name, command, args, env] of stages) {
  if (only.length && !only.some((o) => name.toLowerCase().startsWith(o))) continue;
  console.log(`\n=== ${name}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`=== ${name}: ${result.status === 0 ? "passed" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}
