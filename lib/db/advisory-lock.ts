import { sql } from "drizzle-orm";
import { config } from "@/lib/config";
import { getDb } from "./client";

/**
 * Runs `work` unless another process sharing the PostgreSQL holds the lock `key` (then null): a transaction's
 * advisory lock, released with its connection if the process dies. Embedded PGlite means one process, whose loops
 * never overlap themselves; a transaction there would hold its only connection for the whole work.
 */
export async function exclusively<T>(key: number, work: () => Promise<T>): Promise<T | null> {
  if (!config.databaseUrl) return work();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${key}) AS locked`);
    return (result as unknown as { rows: { locked: boolean }[] }).rows[0].locked ? work() : null;
  });
}
