import { isDeepStrictEqual } from "node:util";
import { eq } from "drizzle-orm";
import { recordActivity } from "@/lib/activity/log";
import { validationError } from "@/lib/api/errors";
import type { Actor } from "@/lib/auth/actor";
import { getDb, type Tx } from "@/lib/db/client";
import { plugins, type Plugin } from "@/lib/db/schema";
import { CATALOG_SCHEMA_READ_ONLY } from "./access";
import { catalogEntry } from "./catalog";
import type { TPluginUpdate } from "./schemas";
import { rememberSecretFields } from "./secret";

/** The fields an update may change, by their API name. */
export const UPDATABLE: Record<keyof TPluginUpdate, keyof Plugin> = {
  plugin_type: "pluginType",
  name: "name",
  description: "description",
  icon: "icon",
  config_schema: "configSchema",
  tag: "tag",
  is_global: "isGlobal",
  capabilities: "capabilities",
  metrics: "metrics",
  public_jobs: "publicJobs",
};

/** An app from the catalog takes its settings form from there (and `upgrade`): a different one is a 400 on `attr`. */
export function refuseCatalogSchemaChange(plugin: Plugin, schema: unknown, attr: string) {
  if (catalogEntry(plugin.url) && !isDeepStrictEqual(schema, plugin.configSchema)) throw validationError(CATALOG_SCHEMA_READ_ONLY, attr);
}

/** Writes changed fields and logs them as an "updated" entry with PostHog's `changes`; nothing changed, nothing written. */
export async function savePlugin(actor: Actor, plugin: Plugin, values: Partial<Plugin>, tx?: Tx): Promise<Plugin> {
  const changes = (Object.entries(values) as [keyof Plugin, unknown][])
    .filter(([column, value]) => JSON.stringify(plugin[column]) !== JSON.stringify(value))
    .map(([column, value]) => ({ type: "Plugin", action: "changed", field: apiName(column), before: plugin[column], after: value }));
  if (!changes.length) return plugin;
  const db = tx ?? (await getDb());
  const [updated] = await db
    .update(plugins)
    .set({
      ...values,
      ...(values.configSchema !== undefined ? { secretFields: rememberSecretFields(plugin.secretFields, values.configSchema) } : {}),
      updatedAt: new Date(),
    })
    .where(eq(plugins.id, plugin.id))
    .returning();
  await logPluginActivity(actor, updated, "updated", changes, tx);
  return updated;
}

const apiName = (column: keyof Plugin) =>
  (Object.entries(UPDATABLE).find(([, c]) => c === column)?.[0] ?? column.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)) as string;

export function logPluginActivity(
  actor: Actor,
  plugin: Plugin,
  activity: string,
  changes: Record<string, unknown>[] | null = null,
  tx?: Tx,
) {
  return recordActivity(
    {
      organizationId: plugin.organizationId,
      projectId: null,
      userId: actor.user.id,
      scope: "Plugin",
      itemId: String(plugin.id),
      activity,
      detail: { id: plugin.id, name: plugin.name, changes, merge: null, trigger: null, short_id: null, type: null },
    },
    tx,
  );
}
