import { and, desc, eq, ilike, inArray, lt, or, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { Database } from "@/lib/db/client";
import { getDb } from "@/lib/db/client";
import { containsPattern } from "@/lib/db/like";
import { pluginLogEntries } from "@/lib/db/schema";
import type { TProjectId } from "@/lib/projects/schemas";
import { projectConfig } from "../configs";
import type { TPluginLogQuery, TPluginLogs } from "./schemas";

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

/** PostHog's plugin log entries of one set-up, newest first, as its `logs/` endpoint answers them. */
export async function listPluginLogs(actor: Actor, projectId: TProjectId, configId: number, query: TPluginLogQuery): Promise<TPluginLogs> {
  const { config } = await projectConfig(actor, projectId, configId);
  const t = pluginLogEntries;
  const where = [eq(t.configId, config.id)];
  if (query.type_filter?.length) where.push(inArray(t.type, query.type_filter));
  if (query.search) where.push(ilike(t.message, containsPattern(query.search)));
  if (query.before) where.push(lt(t.timestamp, new Date(query.before)));
  const db = await getDb();
  const rows = await db
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(desc(t.timestamp), desc(t.id))
    .limit(query.limit);
  return {
    results: rows.map((row) => ({
      id: String(row.id),
      team_id: config.projectId,
      plugin_id: config.pluginId,
      plugin_config_id: config.id,
      timestamp: row.timestamp.toISOString(),
      source: row.source,
      type: row.type,
      message: row.message,
      instance_id: row.instanceId,
      event_uuid: row.eventUuid,
    })),
  };
}
