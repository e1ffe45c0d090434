// Bulk import speed: N demo events (default 1,000,000) written as JSON Lines files of 1M events (generated once,
// before the clock starts, and kept in the temp dir for the next run), then `npm run hedgerow -- import` into a
// new project on a fresh embedded data dir (PGlite + chDB); afterwards every event is counted in the store.
// `--postgres URL`: the metadata (persons among it) on that PostgreSQL database instead, emptied first.
//   npx tsx bench/import.ts [--events 1000000] [--gzip] [--postgres postgres://postgres@127.0.0.1:5432/bench_import]
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createGzip } from "node:zlib";
import { generateDemoEvents } from "../scripts/demo/generate";
import { resetPostgres } from "../tests/support/server";
import { arg, cpuSeconds, load, peakRssMb, postgresCpuSeconds } from "./events";

const EVENTS = Number(arg("events", "1000000"));
const GZIP = process.argv.includes("--gzip");
const POSTGRES = arg("postgres", "");
const PER_FILE = 1_000_000;
const NOW = Date.UTC(2026, 10, 24);

/** The demo's events as JSON Lines files, written once per size and compression. */
async function demoFiles(): Promise<string> {
  const dir = path.join(tmpdir(), `hedgerow-import-bench-${EVENTS}${GZIP ? "-gz" : ""}`);
  if (existsSync(path.join(dir, ".complete"))) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  const started = Date.now();
  let file = 0;
  let inFile = 0;
  let out: NodeJS.WritableStream | null = null;
  let done: Promise<void> = Promise.resolve();
  const open = () => {
    const name = path.join(dir, `events-${String(file++).padStart(4, "0")}.jsonl${GZIP ? ".gz" : ""}`);
    const stream = createWriteStream(name);
    done = new Promise((resolve) => stream.on("close", () => resolve()));
    if (!GZIP) return stream;
    const gzip = createGzip({ level: 1 });
    gzip.pipe(stream);
    return gzip;
  };
  for (const batch of generateDemoEvents({ events: EVENTS, now: NOW, batchSize: 5_000 })) {
    out ??= open();
    let text = "";
    for (const event of batch) text += `${JSON.stringify(event)}\n`;
    if (!out.write(text)) await new Promise((resolve) => out!.once("drain", resolve));
    inFile += batch.length;
    if (inFile >= PER_FILE) {
      out.end();
      await done;
      out = null;
      inFile = 0;
    }
  }
  if (out) {
    out.end();
    await done;
  }
  writeMarker(dir);
  console.log(
    `Generated ${EVENTS.toLocaleString("en-US")} demo events into ${file} files in ${((Date.now() - started) / 1000).toFixed(0)} s (not timed below).`,
  );
  return dir;
}

function writeMarker(dir: string) {
  writeFileSync(path.join(dir, ".complete"), "");
}

/**
 * `npm run hedgerow -- args` on `dataDir`, its output passed through; resolves with stdout, the peak RSS and the
 * CPU seconds it used (last sampled within half a second of its exit): on a shared machine, CPU per event varies
 * much less than throughput does.
 */
function hedgerow(args: string[], dataDir: string): Promise<{ stdout: string; peakMb: number; cpu: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/cli.ts", ...args], {
      env: { ...process.env, HEDGEROW_DATA_DIR: dataDir, DATABASE_URL: POSTGRES, CLICKHOUSE_URL: "" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let stdout = "";
    let peakMb = 0;
    let cpu = 0;
    const sampler = setInterval(() => {
      // A process of the tree may exit while it is read: that sample is skipped.
      try {
        peakMb = Math.max(peakMb, peakRssMb(child.pid!));
      } catch {}
      try {
        cpu = Math.max(cpu, cpuSeconds(child.pid!));
      } catch {}
    }, 500);
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk;
      process.stdout.write(chunk);
    });
    child.on("exit", (code) => {
      clearInterval(sampler);
      if (code === 0) resolve({ stdout, peakMb, cpu });
      else reject(new Error(`hedgerow ${args[0]} exited with ${code}`));
    });
  });
}

const files = await demoFiles();
const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-import-bench-data-"));
try {
  if (POSTGRES) await resetPostgres(POSTGRES);
  await hedgerow(["create-user", "--email", "bench@example.com", "--password", "bench-password-1"], dataDir);
  const organization = await hedgerow(["create-organization", "--name", "Bench", "--owner", "bench@example.com"], dataDir);
  const token = /API token (phc_\w+)/.exec(organization.stdout)![1];
  const loadBefore = load();
  const postgresBefore = postgresCpuSeconds();
  const started = Date.now();
  const run = await hedgerow(["import", "--project", token, files], dataDir);
  const seconds = (Date.now() - started) / 1000;
  const postgresCpu = postgresCpuSeconds() - postgresBefore;
  const loadAfter = load();

  const { Session } = await import("chdb");
  const session = new Session(path.join(dataDir, "chdb"));
  const [rows, uuids] = String(session.query("SELECT count(), uniqExact(uuid) FROM events", "TSV")).trim().split("\t").map(Number);
  session.close();
  console.log(
    `\n${EVENTS.toLocaleString("en-US")} demo events (${GZIP ? "gzipped " : ""}JSON Lines) imported in ${seconds.toFixed(1)} s of wall clock ` +
      `(CLI start to exit): ${Math.round(EVENTS / seconds).toLocaleString("en-US")} events/s. Stored: ${rows.toLocaleString("en-US")} rows, ` +
      `${uuids.toLocaleString("en-US")} uuids${rows === EVENTS && uuids === EVENTS ? " — every event, once" : " — MISMATCH"}.`,
  );
  console.log(
    `CLI CPU ${run.cpu.toFixed(0)} s (user + system, all threads): ${Math.round(EVENTS / run.cpu).toLocaleString("en-US")} events per CPU second. ` +
      `Peak RSS ${run.peakMb} MB. Load average before ${loadBefore}, after ${loadAfter} (2 cores).`,
  );
  if (POSTGRES) console.log(`Metadata on PostgreSQL: its server processes used ${postgresCpu.toFixed(1)} CPU s besides the CLI's.`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
