// The resident memory of an idle instance as a user starts it: `npm start` on a new data dir (so with the 100k-event
// demo), waited for until it prints the demo's login, then left idle; the VmRSS of every process in its tree
// summed. Run after `npx next build` (else `npm start` builds first):
//   npx tsx bench/idle-rss.ts [--idle-seconds 20] [--events 100000]
// Extra environment (e.g. the small-server settings of docs/operations.md) passes through to `npm start`.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { arg, load } from "./events";

interface ProcessMemory {
  pid: number;
  rssKb: number;
  command: string;
}

/** `pid` and its descendants, parents first (children from every thread's /proc/<pid>/task/<tid>/children). */
function processTree(pid: number): number[] {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
    readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").split(" ").filter(Boolean).map(Number),
  );
  return [pid, ...children.flatMap(processTree)];
}

function memoryOf(pid: number): ProcessMemory {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const rssKb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
  const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
  const command = argv.map((part) => (part.includes("/") ? path.basename(part) : part)).join(" ");
  return { pid, rssKb, command: command.length > 90 ? `${command.slice(0, 87)}...` : command };
}

/** Resolves once `npm start`'s output shows the demo's login box (printed last, once the server answers). */
function untilReady(child: ReturnType<typeof spawn>, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`not ready after ${timeoutMs / 1000} s:\n${output.slice(-2000)}`)), timeoutMs);
    const watch = (chunk: Buffer) => {
      output = (output + chunk).slice(-8_000);
      if (output.includes("Hedgerow is ready")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", watch);
    child.stderr?.on("data", watch);
    child.once("exit", (code) => reject(new Error(`npm start exited (${code}):\n${output.slice(-2000)}`)));
  });
}

const idleSeconds = Number(arg("idle-seconds", "20"));
const events = arg("events", "100000");
const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-bench-idle-"));
const port = String(3400 + Math.floor(Math.random() * 400));
const started = performance.now();
// Its own process group, so stopping it reaches every process it started.
const npm = spawn("npm", ["start"], {
  cwd: path.resolve(import.meta.dirname, ".."),
  env: { ...process.env, HEDGEROW_DATA_DIR: dataDir, HEDGEROW_DEMO_EVENTS: events, PORT: port, HOST: "127.0.0.1" },
  stdio: ["ignore", "pipe", "pipe"],
  detached: true,
});
try {
  await untilReady(npm, 15 * 60_000);
  const readySeconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
  const tree = processTree(npm.pid as number).map(memoryOf);
  for (const { pid, rssKb, command } of tree) console.log(`${String(Math.round(rssKb / 1024)).padStart(5)} MB  ${pid}  ${command}`);
  const totalMb = Math.round(tree.reduce((sum, process) => sum + process.rssKb, 0) / 1024);
  console.log(`ready in ${readySeconds.toFixed(1)} s, then ${idleSeconds} s idle; load ${load()}`);
  console.log(`idle RSS: ${totalMb} MB (process tree, ${Number(events) / 1000}k demo)`);
} finally {
  const exited = new Promise((resolve) => npm.once("exit", resolve));
  process.kill(-(npm.pid as number), "SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
  rmSync(dataDir, { recursive: true, force: true });
}
