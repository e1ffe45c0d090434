import { and, asc, eq } from "drizzle-orm";
import { validationError } from "@/lib/api/errors";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { pluginSourceFiles, type Plugin } from "@/lib/db/schema";
import { findPluginForAction } from "./find";
import { parsePluginJson, PLUGIN_JSON } from "./plugin-json";
import { refuseCatalogSchemaChange, savePlugin } from "./save";
import { MAX_SOURCE_FILES, type PipelineFamily } from "./schemas";

async function sourceMap(pluginId: number): Promise<Record<string, string>> {
  const db = await getDb();
  const files = await db
    .select()
    .from(pluginSourceFiles)
    .where(eq(pluginSourceFiles.pluginId, pluginId))
    .orderBy(asc(pluginSourceFiles.filename));
  return Object.fromEntries(files.map((file) => [file.filename, file.source]));
}

export async function getPluginSource(actor: Actor, organizationId: string, family: PipelineFamily, pluginId: number) {
  const { row } = await findPluginForAction(actor, organizationId, family, pluginId, false, "source editing");
  return sourceMap(row.plugin.id);
}

/**
 * Writes source files (null deletes one) and answers the whole map. A `plugin.json` written must be valid; its
 * name and settings form become the app's, as PostHog does. Hedgerow stores the code; it never runs it.
 */
export async function updatePluginSource(
  actor: Actor,
  organizationId: string,
  family: PipelineFamily,
  pluginId: number,
  files: Record<string, string | null>,
) {
  const { row } = await findPluginForAction(actor, organizationId, family, pluginId, true, "source editing");
  const current = await sourceMap(row.plugin.id);
  const next = { ...current };
  for (const [filename, source] of Object.entries(files)) {
    if (source === null) delete next[filename];
    else next[filename] = source;
  }
  if (Object.keys(next).length > MAX_SOURCE_FILES)
    throw validationError(`An app has at most ${MAX_SOURCE_FILES} source files.`, null, "max_length");
  const pluginJson = typeof files[PLUGIN_JSON] === "string" ? parsePluginJson(files[PLUGIN_JSON]) : undefined;

  const db = await getDb();
  await db.transaction(async (tx) => {
    for (const [filename, source] of Object.entries(files)) {
      if (source === null) {
        await tx
          .delete(pluginSourceFiles)
          .where(and(eq(pluginSourceFiles.pluginId, row.plugin.id), eq(pluginSourceFiles.filename, filename)));
      } else if (current[filename] !== source) {
        await tx
          .insert(pluginSourceFiles)
          .values({ pluginId: row.plugin.id, filename, source })
          .onConflictDoUpdate({ target: [pluginSourceFiles.pluginId, pluginSourceFiles.filename], set: { source, updatedAt: new Date() } });
      }
    }
    if (pluginJson) {
      const values: Partial<Plugin> = { name: pluginJson.name };
      if (pluginJson.config !== undefined) {
        refuseCatalogSchemaChange(row.plugin, pluginJson.config, PLUGIN_JSON);
        values.configSchema = pluginJson.config;
      }
      await savePlugin(actor, row.plugin, values, tx);
    }
  });
  return next;
}
