// Throughput and latency of the organizations API under 50 concurrent connections on the built server (`scripts/serve.mjs`), on PGlite
// and on PostgreSQL. Run after `npx next build`:  npx tsx bench/api.ts  [--seconds 15] [--members 20]
// `--workers N`: PostgreSQL only, through `npm start` with HEDGEROW_WORKERS=N server processes.
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test — its schema is emptied).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { ApiClient, signUp, uniqueEmail } from "../tests/support/api";
import { resetPostgres, startInstance, startServer } from "../tests/support/server";
import { cpuSeconds, postgresCpuSeconds } from "./events";

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const SECONDS = arg("seconds", 15);
const WORKERS = arg("workers", 0);
const MEMBERS = arg("members", 20);
const CONNECTIONS = 50;

async function seed(baseUrl: string) {
  const owner = await signUp(baseUrl);
  const admin = await owner.key(["organization_member:write"]);
  // Real members, through the invite flow a person would use.
  for (let i = 0; i < MEMBERS; i++) {
    const invite = await admin.post(`/api/organizations/${owner.organizationId}/invites/`, { target_email: uniqueEmail("member") });
    const accepted = await new ApiClient(baseUrl).post(`/api/signup/${invite.body.id}/`, {
      first_name: `Member ${i}`,
      password: "correct-horse-battery",
    });
    if (accepted.status !== 201) throw new Error(`seeding member failed: ${accepted.status} ${accepted.text}`);
  }
  const key = admin.credentials.key as string;
  return { organizationId: owner.organizationId, key };
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));
}

/** The built server (scripts/serve.mjs) on `backend`, or with --workers, `npm start`'s server processes on PostgreSQL. */
async function start(backend: "pglite" | "postgres") {
  if (!WORKERS) {
    const server = await startServer({ backend });
    return { baseUrl: server.baseUrl, pid: server.process.pid!, stop: server.stop };
  }
  const url = process.env.TEST_DATABASE_URL!;
  await resetPostgres(url);
  const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-bench-"));
  const instance = await startInstance({ DATABASE_URL: url, HEDGEROW_DATA_DIR: dataDir, HEDGEROW_WORKERS: String(WORKERS) });
  return {
    baseUrl: instance.baseUrl,
    pid: instance.process.pid!,
    stop: () => instance.stop().then(() => rmSync(dataDir, { recursive: true, force: true })),
  };
}

async function measure(backend: "pglite" | "postgres") {
  const server = await start(backend);
  try {
    const { organizationId, key } = await seed(server.baseUrl);
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    const results = [];
    const scenarios: [string, autocannon.Options][] = [
      // The framework's own ceiling here: an /api path no route claims (no auth, no database), answered 404.
      ["GET unknown path (baseline)", { url: `${server.baseUrl}/api/no-such-path/` }],
      ["GET members", { url: `${server.baseUrl}/api/organizations/${organizationId}/members/`, headers }],
      [
        "POST invites",
        {
          url: `${server.baseUrl}/api/organizations/${organizationId}/invites/`,
          method: "POST",
          headers,
          body: JSON.stringify({ target_email: "bench-[<id>]@example.com", send_email: false }),
          idReplacement: true,
        },
      ],
    ];
    for (const [name, options] of scenarios) {
      await run({ ...options, connections: CONNECTIONS, duration: 3 }); // warm-up
      const before = { server: cpuSeconds(server.pid), postgres: postgresCpuSeconds(), client: process.cpuUsage() };
      const result = await run({ ...options, connections: CONNECTIONS, duration: SECONDS });
      const client = process.cpuUsage(before.client);
      const perRequest = (seconds: number) => Number(((seconds * 1000) / result.requests.total).toFixed(2));
      const errors = (name.includes("baseline") ? 0 : result.non2xx) + result.errors;
      results.push({
        backend: WORKERS ? `${backend}, ${WORKERS} processes` : backend,
        scenario: name,
        "req/s": Math.round(result.requests.average),
        "p50 ms": result.latency.p50,
        "p99 ms": result.latency.p99,
        requests: result.requests.total,
        errors,
        // CPU per request: the server's processes, PostgreSQL's (both backends: PGlite runs in the server), the client's.
        "server CPU ms": perRequest(cpuSeconds(server.pid) - before.server),
        "PostgreSQL CPU ms": perRequest(postgresCpuSeconds() - before.postgres),
        "client CPU ms": perRequest((client.user + client.system) / 1e6),
      });
    }
    return results;
  } finally {
    await server.stop();
  }
}

process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const rows = WORKERS ? await measure("postgres") : [...(await measure("pglite")), ...(await measure("postgres"))];
console.table(rows);
console.log(`${CONNECTIONS} connections, ${SECONDS} s a scenario after a 3 s warm-up, ${MEMBERS + 1} members listed.`);
