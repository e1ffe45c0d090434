import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { pluginLogEntries } from "@/lib/db/schema";

type LogType = "INFO" | "WARN" | "ERROR";

export interface LogEntry {
  configId: number;
  /** "PLUGIN": the app's own work; "SYSTEM": Hedgerow's doing (disabling it, leaving lines out). */
  source: "PLUGIN" | "SYSTEM";
  type: LogType;
  message: string;
  eventUuid?: string | null;
}

/** A set-up keeps at most this many log lines, none older than LOG_RETENTION_DAYS. */
const MAX_LOGS_PER_CONFIG = 1_000;
const LOG_RETENTION_DAYS = 7;

/** Prunes the given set-ups' log lines to the newest MAX_LOGS_PER_CONFIG within LOG_RETENTION_DAYS. */
export async function pruneLogs(db: Database, configIds: number[], now: Date) {
  const t = pluginLogEntries;
  const oldest = new Date(now.getTime() - LOG_RETENTION_DAYS * 86_400_000);
  for (const configId of configIds) {
    const newest = db.select({ id: t.id }).from(t).where(eq(t.configId, configId)).orderBy(desc(t.id)).limit(1).offset(MAX_LOGS_PER_CONFIG);
    await db.delete(t).where(and(eq(t.configId, configId), or(lt(t.timestamp, oldest), sql`${t.id} <= (${newest})`)));
  }
}
