// The "small server" profile of docs/operations.md under a real memory limit: `npm start` with its settings in a
// memory cgroup of 1 GiB (Linux, as root), on a data dir holding 10M generated events (bench/generated-events.ts,
// written before the limit applies, as an upgrade or an import would have left them). Checks, one line each: the
// 100k-event demo loads and the server answers; a 3-step funnel over the 10M events answers; capture at 1,000
// events/s for 30 s acknowledges and stores every event; then the cgroup's peak memory, its OOM kills and the
// server's restarts. Run after `npx next build`:
//   npx tsx bench/small-server.ts [--events 10000000] [--limit-mb 1024] [--rate 1000] [--seconds 30]
// Extra environment passes through to `npm start` (the profile's settings are the defaults below).
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { generateDemoEvents } from "../scripts/demo/generate";
import { arg, load } from "./events";
import { START, TEAM } from "./generated-events";

const EVENTS = Number(arg("events", "10000000"));
const LIMIT_MB = Number(arg("limit-mb", "1024"));
const RATE = Number(arg("rate", "1000"));
const SECONDS = Number(arg("seconds", "30"));
const BATCH = 100;
const PROFILE = { HEDGEROW_MAX_HEAP_MB: "256", HEDGEROW_QUERY_MAX_MEMORY_MB: "256", HEDGEROW_QUERY_SPILL_MB: "128" };

const CGROUP_ROOT = "/sys/fs/cgroup/memory";
if (!existsSync(path.join(CGROUP_ROOT, "cgroup.procs"))) {
  console.error(`No cgroup v1 memory controller at ${CGROUP_ROOT}: this bench needs one (and root) to apply the limit.`);
  process.exit(2);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-bench-small-"));
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

// 1. The events, straight into an event store (the server opens it afterwards): generated once per size into a
// kept directory, copied into each run's new data dir.
const eventsCache = arg("events-cache", path.join(tmpdir(), `hedgerow-bench-small-events-${EVENTS}`));
if (!existsSync(path.join(eventsCache, ".complete"))) {
  const started = performance.now();
  rmSync(eventsCache, { recursive: true, force: true });
  process.env.HEDGEROW_DATA_DIR = eventsCache;
  delete process.env.CLICKHOUSE_URL;
  const { getEventStore, closeEventStore } = await import("../lib/events/store/open");
  const { generateEvents } = await import("./generated-events");
  await generateEvents(await getEventStore(), EVENTS);
  await closeEventStore();
  writeFileSync(path.join(eventsCache, ".complete"), "");
  console.log(`${EVENTS.toLocaleString("en-US")} events generated for project ${TEAM} in ${seconds(started)} s (kept in ${eventsCache})`);
}
cpSync(path.join(eventsCache, "chdb"), path.join(dataDir, "chdb"), { recursive: true });

// 2. `npm start` inside the cgroup: the shell joins it, then becomes npm, so every process it starts is counted.
const cgroup = path.join(CGROUP_ROOT, `hedgerow-small-${process.pid}`);
mkdirSync(cgroup);
writeFileSync(path.join(cgroup, "memory.limit_in_bytes"), String(LIMIT_MB * 2 ** 20));
const cgroupValue = (file: string) => readFileSync(path.join(cgroup, file), "utf8");
const port = String(3800 + Math.floor(Math.random() * 150));
const baseUrl = `http://127.0.0.1:${port}`;
let output = "";
const npm = spawn("sh", ["-c", `echo $$ > ${cgroup}/cgroup.procs && exec npm start`], {
  cwd: path.resolve(import.meta.dirname, ".."),
  env: { ...PROFILE, ...process.env, HEDGEROW_DATA_DIR: dataDir, PORT: port, HOST: "127.0.0.1" },
  stdio: ["ignore", "pipe", "pipe"],
  detached: true,
});
const watch = (chunk: Buffer) => {
  output = (output + chunk).slice(-200_000);
};
npm.stdout.on("data", watch);
npm.stderr.on("data", watch);
const restarts = () => (output.match(/restarting it in/g) ?? []).length;

async function untilReady(timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!/password: *\S+/.test(output)) {
    if (npm.exitCode !== null) throw new Error(`npm start exited (${npm.exitCode}):\n${output.slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`not ready after ${timeoutMs / 1000} s:\n${output.slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function api(method: string, url: string, cookie: string, body?: unknown) {
  const response = await fetch(new URL(url, baseUrl), {
    method,
    headers: { cookie, origin: baseUrl, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

const gzipAsync = promisify(gzip);
/** Sends `RATE` events a second (batches of 100 on a fixed schedule) for `SECONDS`, marked with `run`. */
async function captureAtRate(token: string, run: string) {
  const bodies: Buffer[] = [];
  const now = Date.now();
  for (const batch of generateDemoEvents({ events: RATE * SECONDS, seed: 5, now, batchSize: BATCH })) {
    for (const event of batch) {
      event.timestamp = new Date(now).toISOString();
      event.properties = { ...event.properties, bench_run: run };
    }
    bodies.push(await gzipAsync(JSON.stringify({ api_key: token, batch, sent_at: new Date(now).toISOString() })));
  }
  const interval = (1000 * BATCH) / RATE;
  const latencies: number[] = [];
  let acknowledged = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    bodies.map(async (body, index) => {
      const due = started + index * interval;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      const sent = performance.now();
      try {
        const response = await fetch(`${baseUrl}/batch/`, {
          method: "POST",
          headers: { "content-type": "application/json", "content-encoding": "gzip" },
          body: new Uint8Array(body),
        });
        await response.arrayBuffer();
        if (response.ok) acknowledged += BATCH;
        else failed += BATCH;
      } catch {
        failed += BATCH;
      }
      latencies.push(performance.now() - sent);
    }),
  );
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]);
  return {
    sent: bodies.length * BATCH,
    acknowledged,
    failed,
    elapsed: (performance.now() - started) / 1000,
    p50: percentile(0.5),
    p99: percentile(0.99),
  };
}

/** The cgroup's resident memory now: anonymous (heaps, caches) and mapped files (code), without the page cache. */
let peakResidentMb = 0;
const sampler = setInterval(() => {
  try {
    const stat = cgroupValue("memory.stat");
    const bytes = (name: string) => Number(new RegExp(`^${name} (\\d+)`, "m").exec(stat)?.[1] ?? 0);
    peakResidentMb = Math.max(peakResidentMb, Math.round((bytes("total_rss") + bytes("total_mapped_file")) / 2 ** 20));
  } catch {}
}, 250);

try {
  const started = performance.now();
  await untilReady(20 * 60_000);
  console.log(`demo loaded and the server answers: ${seconds(started)} s after npm start (limit ${LIMIT_MB} MB)`);
  const email = /email: *(\S+)/.exec(output)?.[1] as string;
  const password = /password: *(\S+)/.exec(output)?.[1] as string;
  const login = await fetch(`${baseUrl}/api/login/`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const cookie = (login.headers.getSetCookie().find((c) => c.includes("session")) ?? login.headers.getSetCookie()[0]).split(";")[0];
  const me = await api("GET", "/api/users/@me/", cookie);
  if (me.team.id !== TEAM) throw new Error(`the demo's project is ${me.team.id}, the generated events are in ${TEAM}`);

  const funnelStarted = performance.now();
  const funnel = await api("POST", `/api/projects/${TEAM}/query/`, cookie, {
    query: {
      kind: "FunnelsQuery",
      series: ["$pageview", "signed_up", "purchase"].map((event) => ({ kind: "EventsNode", event })),
      dateRange: { date_from: START.slice(0, 10), date_to: "2024-02-20" },
      funnelsFilter: { funnelWindowInterval: 14, funnelWindowIntervalUnit: "day" },
    },
    refresh: "force_blocking",
  });
  const counts = (funnel.results as { count: number }[]).map((step) => step.count.toLocaleString("en-US")).join(" → ");
  console.log(`funnel over ${EVENTS.toLocaleString("en-US")} events: ${seconds(funnelStarted)} s (${counts})`);

  const run = randomUUID();
  const captured = await captureAtRate(me.team.api_token, run);
  const stored = await api("POST", `/api/projects/${TEAM}/query/`, cookie, {
    query: { kind: "HogQLQuery", query: `SELECT count(), uniqExact(uuid) FROM events WHERE properties.bench_run = '${run}'` },
  });
  const [rows, uuids] = stored.results[0];
  console.log(
    `capture at ${RATE.toLocaleString("en-US")} events/s for ${SECONDS} s: ${captured.acknowledged.toLocaleString("en-US")} of ` +
      `${captured.sent.toLocaleString("en-US")} acknowledged in ${captured.elapsed.toFixed(1)} s (${captured.failed} refused), ` +
      `stored ${Number(rows).toLocaleString("en-US")} rows, ${Number(uuids).toLocaleString("en-US")} uuids; ` +
      `request p50 ${captured.p50} ms, p99 ${captured.p99} ms`,
  );
} finally {
  clearInterval(sampler);
  const peakMb = Math.round(Number(cgroupValue("memory.max_usage_in_bytes")) / 2 ** 20);
  const oomKills = /oom_kill (\d+)/.exec(cgroupValue("memory.oom_control"))?.[1] ?? "unknown";
  console.log(
    `memory under the ${LIMIT_MB} MB limit: peak ${peakMb} MB charged to the cgroup (page cache included), ` +
      `peak ${peakResidentMb} MB resident (anonymous + mapped files); OOM kills ${oomKills}; server restarts ${restarts()}; load ${load()}`,
  );
  const exited = new Promise((resolve) => npm.once("exit", resolve));
  process.kill(-(npm.pid as number), "SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  for (let i = 0; i < 20 && cgroupValue("cgroup.procs").trim(); i++) await new Promise((resolve) => setTimeout(resolve, 500));
  rmdirSync(cgroup);
  rmSync(dataDir, { recursive: true, force: true });
}
