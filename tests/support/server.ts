import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

export interface StartedServer {
  baseUrl: string;
  dataDir: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Empties the test PostgreSQL database (the app's, drizzle's and pg-boss's schemas) so a run starts from the migrations, as a new install would. */
export async function resetPostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      "DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS pgboss CASCADE; CREATE SCHEMA public;",
    );
  } finally {
    await client.end();
  }
}

const KEEP_ALIVE_MS = 10 * 60_000;

/** Starts the built app (`next build` must have run) with its own data dir, and waits until it answers. */
export async function startServer(options: {
  backend: "pglite" | "postgres";
  env?: Record<string, string>;
  dataDir?: string;
  resetDatabase?: boolean;
  /** On PostgreSQL, a database of the test's own (createPostgresDatabase) instead of TEST_DATABASE_URL. */
  databaseUrl?: string;
}): Promise<StartedServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "hedgerow-test-"));
  const port = await freePort();
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: "production",
    HEDGEROW_DATA_DIR: dataDir,
    NEXTAUTH_SECRET: "test-secret",
    PORT: String(port),
    // Demo events arriving on their own would move what tests count; a test turns the trickle on by its env.
    HEDGEROW_DEMO_TRICKLE: "0",
    ...options.env,
  };
  // A developer's own databases never leak into a test server.
  delete env.DATABASE_URL;
  delete env.CLICKHOUSE_URL;
  if (options.backend === "postgres") {
    const url = options.databaseUrl ?? process.env.TEST_DATABASE_URL;
    if (!url) throw new Error("HEDGEROW_TEST_BACKEND=postgres needs TEST_DATABASE_URL");
    if (options.resetDatabase !== false) await resetPostgres(url);
    env.DATABASE_URL = url;
  }
  // Idle keep-alive connections stay open longer than a test pauses: with Node's 5 s, a request that reuses one as the
  // server closes it fails with ECONNRESET (Playwright's request API does not retry a POST).
  // `npm start`'s server process (scripts/serve.mjs), so the tests cover the client libraries' lean routes too.
  const serve = fileURLToPath(new URL("../../scripts/serve.mjs", import.meta.url));
  const args = [serve, "-p", String(port), "-H", "127.0.0.1", "--keepAliveTimeout", String(KEEP_ALIVE_MS)];
  const child: ChildProcess = spawn(process.execPath, args, {
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    try {
      // A refused login means the server is up and its database migrated.
      const response = await fetch(`${baseUrl}/api/login/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "nobody@example.com", password: "x" }),
      });
      if (response.status === 400) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not answer in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    dataDir,
    process: child,
    stop: async () => {
      // A child killed by a signal has a null exitCode but a signalCode: it is gone, and "exit" will not fire again.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        // A server that does not stop within its shutdown grace is killed, so no test hook waits on it forever.
        const forced = setTimeout(() => child.kill("SIGKILL"), 30_000);
        await exited;
        clearTimeout(forced);
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A database of its own next to TEST_DATABASE_URL's (named after it, `suffix` appended), and how to drop it. */
export async function createPostgresDatabase(suffix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const shared = process.env.TEST_DATABASE_URL;
  if (!shared) throw new Error("a PostgreSQL test needs TEST_DATABASE_URL");
  const url = new URL(shared);
  const database = `${url.pathname.slice(1)}_${suffix}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: shared });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await run(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await run(`CREATE DATABASE "${database}"`);
  url.pathname = `/${database}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`) };
}

export interface StartedInstance {
  baseUrl: string;
  /** The `npm start` process (the supervisor, and with several server processes their cluster primary). */
  process: ChildProcess;
  output: () => string;
  /** SIGTERM, then its exit code. */
  stop: () => Promise<number | null>;
}

/** Runs `npm start` (scripts/start.mjs, no demo) on `env` and waits until it is ready. */
export async function startInstance(env: Record<string, string>): Promise<StartedInstance> {
  const port = await freePort();
  const full: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HEDGEROW_DEMO: "false",
    NEXTAUTH_SECRET: "test-secret",
    PORT: String(port),
    HOST: "127.0.0.1",
    ...env,
  };
  for (const name of ["DATABASE_URL", "CLICKHOUSE_URL"]) if (!(name in env)) delete full[name];
  const child = spawn(process.execPath, ["scripts/start.mjs"], { env: full, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    const ready = await fetch(new URL("/_readyz", baseUrl)).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`npm start did not answer in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The pids of `parent`'s children whose command line matches `pattern`. */
export function childrenOf(parent: number, pattern: string): number[] {
  try {
    return execFileSync("pgrep", ["-P", String(parent), "-f", pattern], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when there are none
  }
}

/** Polls `probe` until it gives a value (60 s at most; then fails with `what` and the process's `output`). */
export async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, output: () => string): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen in time:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
