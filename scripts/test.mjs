// `npm test`: every test Hedgerow has, in order: lint, dead code, build, unit, API on PGlite and on PostgreSQL (when
// TEST_DATABASE_URL is set), then the browser tests. Stops at the first failing stage.
//
// The two API stages run at the same time: each runs its files one at a time against its own server (vitest gives
// one worker per spare core, a single one on a 2-core machine) and mostly waits on HTTP and on server starts, so
// together they use the machine that either alone leaves idle. Their output is printed stage by stage once both end.
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

const api = (backend) => ["npx", ["vitest", "run", "--project", "api"], { HEDGEROW_TEST_BACKEND: backend }];
const stages = [
  ["lint", "npx", ["biome", "check"]],
  ["dead code", "npx", ["knip"]],
  ["build", "npx", ["next", "build"]],
  ["unit", "npx", ["vitest", "run", "--project", "unit"]],
];
const apiStages = [["api (PGlite)", ...api("pglite")]];
if (process.env.TEST_DATABASE_URL) apiStages.push(["api (PostgreSQL)", ...api("postgres")]);
stages.push(apiStages);
stages.push(["browser (Playwright)", "npx", ["playwright", "test"]]);

const only = process.argv.slice(2);
const chosen = ([name]) => !only.length || only.some((o) => name.toLowerCase().startsWith(o));
const seconds = (started) => `${((Date.now() - started) / 1000).toFixed(1)} s`;

function runAlone([name, command, args, env]) {
  console.log(`\n=== ${name}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`=== ${name}: ${result.status === 0 ? "passed" : "FAILED"} in ${seconds(started)}`);
  return result.status ?? 1;
}

/**
 * The tests make databases named after TEST_DATABASE_URL's (batch-export destinations, servers of their own), so the
 * PGlite stage, running beside the PostgreSQL one, names its own after a sibling database.
 */
async function siblingDatabaseUrl(suffix) {
  const url = new URL(process.env.TEST_DATABASE_URL);
  const database = `${url.pathname.slice(1)}_${suffix}`;
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
  url.pathname = `/${database}`;
  return url.toString();
}

async function runTogether(group) {
  const dir = mkdtempSync(path.join(tmpdir(), "hedgerow-test-stages-"));
  const envs = await Promise.all(
    group.map(async ([, , , env]) =>
      env.HEDGEROW_TEST_BACKEND === "pglite" ? { ...env, TEST_DATABASE_URL: await siblingDatabaseUrl("pglite_stage") } : env,
    ),
  );
  console.log(`\n=== ${group.map(([name]) => name).join(" and ")}: at the same time`);
  const runs = group.map(([name, command, args], i) => {
    const log = path.join(dir, `${i}.log`);
    const out = createWriteStream(log);
    const started = Date.now();
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...envs[i] } });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    return new Promise((resolve) =>
      child.on("close", (code) => out.end(() => resolve({ name, command, args, log, code: code ?? 1, took: seconds(started) }))),
    );
  });
  let status = 0;
  for (const run of await Promise.all(runs)) {
    console.log(`\n=== ${run.name}: ${run.command} ${run.args.join(" ")}`);
    process.stdout.write(readFileSync(run.log));
    console.log(`=== ${run.name}: ${run.code === 0 ? "passed" : "FAILED"} in ${run.took}`);
    if (run.code !== 0) status = run.code;
  }
  rmSync(dir, { recursive: true, force: true });
  return status;
}

for (const stage of stages) {
  const group = Array.isArray(stage[0]) ? stage.filter(chosen) : chosen(stage) ? [stage] : [];
  const status = group.length > 1 ? await runTogether(group) : group.length ? runAlone(group[0]) : 0;
  if (status !== 0) process.exit(status);
}
