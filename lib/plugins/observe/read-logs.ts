import { and, desc, eq, ilike, inArray, lt } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { containsPattern } from "@/lib/db/like";
import { pluginLogEntries } from "@/lib/db/schema";
import type { TProjectId } from "@/lib/projects/schemas";
import { projectConfig } from "../configs";
import type { TPluginLogQuery, TPluginLogs } from "./schemas";

// Apart from logs.ts, which capture and delivery write through: reading needs the set-up's access check (configs.ts),
// which itself reaches the delivery queue.
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
