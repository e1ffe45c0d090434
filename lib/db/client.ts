import path from "node:path";
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { config } from "@/lib/config";
import { serverSealing } from "@/lib/secrets/at-rest";
import { setSealing } from "@/lib/secrets/sealed-column";
import { protectDataDir } from "@/lib/server/private-files";
import * as schema from "./schema";

// Secret columns (destination configs) are sealed with the server's keys, which the browser's copy of the schema lacks.
setSealing(serverSealing);

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database handle or an open transaction: services take either. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0] | Database;

interface Opened {
  db: Database;
  close: () => Promise<void>;
}

/** Key of the advisory lock held while migrating PostgreSQL. */
const MIGRATION_LOCK = 0x6d69_6772; // "migr"
/**
 * PGlite's buffer pool, inside its WebAssembly memory, which never shrinks: PostgreSQL's default (128MB) stays
 * resident once touched, while the metadata database is small and its files are in the OS page cache anyway.
 */
const PGLITE_SHARED_BUFFERS = "16MB";
const MIGRATIONS = path.resolve(/*turbopackIgnore: true*/ process.cwd(), "drizzle");

// One instance per process (PGlite corrupts a data dir shared by two instances), kept on globalThis so
// Next's dev-mode module reloads reuse it, and opened on first use so `next build` never touches it.
const holder = globalThis as unknown as { __hedgerowDb?: Promise<Opened> };

async function open(): Promise<Opened> {
  if (config.databaseUrl) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new Pool({ connectionString: config.databaseUrl, max: config.databasePoolSize });
    const db = drizzle(pool, { schema });
    // Server processes starting together (npm start's workers, several hosts) migrate one after the other: the
    // later ones find every migration applied.
    const lock = await pool.connect();
    try {
      await lock.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migrate(db, { migrationsFolder: MIGRATIONS });
    } finally {
      await lock.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).finally(() => lock.release());
    }
    return { db: db as unknown as Database, close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const dir = path.join(config.dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  const releaseLock = lockDataDir(dir);
  try {
    const client = await PGlite.create(dir, {
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    });
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS });
    // PGlite unpacks a new database with its files chmodded 0666, past the umask: take those bits back.
    protectDataDir(dir);
    return { db: db as unknown as Database, close: () => client.close().finally(releaseLock) };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * Claims a PGlite data dir for this process (a second PGlite on the same files corrupts them), through a
 * lock file holding the pid; a lock left by a process that is gone is taken over. Returns the release.
 */
function lockDataDir(dir: string): () => void {
  const lockFile = path.join(dir, "hedgerow.lock");
  for (;;) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let holder = NaN;
    try {
      holder = Number(readFileSync(lockFile, "utf8").trim());
    } catch {
      continue; // released meanwhile: try again
    }
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder))
      throw new Error(
        `The database in ${dir} is in use by process ${holder} (a running Hedgerow server?). Stop it first, or use DATABASE_URL.`,
      );
    try {
      unlinkSync(lockFile);
    } catch {
      // another process took it over first; the next attempt sees theirs
    }
  }
  const release = () => {
    process.off("exit", release);
    try {
      if (readFileSync(lockFile, "utf8").trim() === String(process.pid)) unlinkSync(lockFile);
    } catch {
      // already gone
    }
  };
  process.on("exit", release);
  return release;
}

export async function getDb(): Promise<Database> {
  holder.__hedgerowDb ??= open().catch((error) => {
    holder.__hedgerowDb = undefined;
    throw error;
  });
  return (await holder.__hedgerowDb).db;
}

/** Closes the process's database (CLI commands, before exit). */
export async function closeDb(): Promise<void> {
  const opened = holder.__hedgerowDb;
  holder.__hedgerowDb = undefined;
  if (opened) await (await opened).close();
}

const preparedByDb = new WeakMap<Database, Map<string, unknown>>();

/**
 * A statement built and prepared once per database, for queries every request runs (key lookup, membership):
 * measured here, a prepared drizzle select costs ~0.1 ms of CPU against ~0.4 ms when rebuilt each time.
 * Values are bound with `sql.placeholder(name)`.
 */
export function preparedStatement<T>(name: string, build: (db: Database) => T): () => Promise<T> {
  return async () => {
    const db = await getDb();
    let statements = preparedByDb.get(db);
    if (!statements) preparedByDb.set(db, (statements = new Map()));
    if (!statements.has(name)) statements.set(name, build(db));
    return statements.get(name) as T;
  };
}
