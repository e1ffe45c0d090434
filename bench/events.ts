// What the event benchmarks share: a started Hedgerow with a project, its process tree's peak memory, and
// the stored events counted in chDB once the server has stopped.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { signUp } from "../tests/support/api";
import { resetPostgres, startInstance, startServer, type StartedServer } from "../tests/support/server";

export const arg = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};

export const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/**
 * scripts/serve.mjs with the default (chDB) event store in a temp data dir (kept after `stop()` so the events can be
 * counted; `countStored` removes it), and a signed-up project. Metadata (persons included) on PGlite, or with
 * `--postgres URL` on that PostgreSQL database (emptied first); `--workers N` (with `--postgres`) runs `npm start`'s
 * N server processes instead, chDB then owned by the event-store process.
 */
export async function startWithProject(): Promise<{
  server: StartedServer;
  apiToken: string;
  projectId: number;
  session: Awaited<ReturnType<typeof signUp>>["session"];
}> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-bench-"));
  const postgres = arg("postgres", "");
  const workers = arg("workers", "");
  if (workers && !postgres) throw new Error("--workers needs --postgres (several server processes need PostgreSQL)");
  if (postgres) process.env.TEST_DATABASE_URL = postgres;
  let server: StartedServer;
  if (workers) {
    await resetPostgres(postgres);
    const instance = await startInstance({
      DATABASE_URL: postgres,
      HEDGEROW_DATA_DIR: dataDir,
      HEDGEROW_WORKERS: workers,
      ALLOW_SIGNUP: "true",
    });
    server = { baseUrl: instance.baseUrl, dataDir, process: instance.process, stop: async () => void (await instance.stop()) };
  } else server = await startServer({ backend: postgres ? "postgres" : "pglite", dataDir, env: { ALLOW_SIGNUP: "true" } });
  const owner = await signUp(server.baseUrl);
  return { server, apiToken: owner.user.team.api_token, projectId: owner.projectId, session: owner.session };
}

/** The pids of `pid` and all its descendants. */
function processTree(pid: number): number[] {
  const children = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1].split(" ")[1] === String(pid);
      } catch {
        return false;
      }
    })
    .map(Number);
  return [pid, ...children.flatMap(processTree)];
}

const statusKb = (pid: number, field: string) => {
  const match = readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
  return match ? Number(match[1]) : 0;
};

const treeMb = (pid: number, field: string) => Math.round(processTree(pid).reduce((sum, p) => sum + statusKb(p, field), 0) / 1024);

/** Peak resident memory (VmHWM) of the server process and its children, in MB. */
export const peakRssMb = (pid: number) => treeMb(pid, "VmHWM");

/**
 * Resident memory now, split: anonymous (heaps, caches) and file-backed (mostly chDB's 570 MB library, mapped
 * from disk and shared with any other process using it).
 */
export const rssSplit = (pid: number) => `${treeMb(pid, "RssAnon")} MB anonymous + ${treeMb(pid, "RssFile")} MB file-backed`;

/** Clock ticks a second in /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system) the server process and its children have used so far: with the client and other
 * programs on the same cores, the server's CPU per event varies much less than its throughput does.
 */
export const cpuSeconds = (pid: number) =>
  processTree(pid).reduce((sum, p) => {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ");
      return sum + (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    } catch {
      // A child that ended since it was listed (its time is its parent's now).
      return sum;
    }
  }, 0);

/**
 * CPU seconds (user + system) the PostgreSQL server on this machine has used so far, its exited backends included
 * (counted in their parent's children times): the metadata database's share of a run, read as a difference.
 */
export const postgresCpuSeconds = () =>
  readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .reduce((sum, pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        if (!stat.includes(" (postgres) ")) return sum;
        const fields = stat.split(") ")[1].split(" ");
        return sum + (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
      } catch {
        return sum;
      }
    }, 0);

/** Stops the server, counts what its chDB data dir holds for one team (rows, distinct uuids), removes the dir. */
export async function countStored(server: StartedServer, projectId: number): Promise<{ rows: number; uuids: number }> {
  await server.stop();
  const { Session } = await import("chdb");
  const session = new Session(path.join(server.dataDir, "chdb"));
  try {
    const result = await session.queryAsync(
      `SELECT count() AS rows, uniqExact(uuid) AS uuids FROM events WHERE team_id = ${Number(projectId)}`,
      { format: "JSONEachRow" },
    );
    const row = JSON.parse(result.text()) as { rows: string | number; uuids: string | number };
    return { rows: Number(row.rows), uuids: Number(row.uuids) };
  } finally {
    session.close();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}
