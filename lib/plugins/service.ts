import { and, count, eq, inArray, not, sql } from "drizzle-orm";
import { activityPage } from "@/lib/activity/log";
import { permissionDenied, validationError } from "@/lib/api/errors";
import type { Page } from "@/lib/api/pagination";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { activityLogs, pluginConfigs, plugins, pluginSourceFiles, projects, type Plugin } from "@/lib/db/schema";
import { canManageGlobalPlugins, GLOBAL_PLUGIN_UNINSTALL, GLOBAL_PLUGINS_FORBIDDEN } from "./access";
import { catalogEntry, catalogPluginJson } from "./catalog";
import {
  familyCondition,
  findOwnPlugin,
  findPluginForAction,
  findVisiblePlugin,
  requirePluginAccess,
  selectPlugins,
  visibleTo,
} from "./find";
import { PLUGIN_JSON } from "./plugin-json";
import { logPluginActivity, refuseCatalogSchemaChange, savePlugin, UPDATABLE } from "./save";
import type { PipelineFamily, TPlugin, TPluginCreate, TPluginUpdate } from "./schemas";
import { rememberSecretFields } from "./secret";
import { serializePlugin } from "./serialize";

// ---- CRUD ----

export async function listPlugins(actor: Actor, organizationId: string, family: PipelineFamily, page: Page) {
  const organization = await requirePluginAccess(actor, organizationId, false);
  const where = and(visibleTo(organization.id), familyCondition(family))!;
  const db = await getDb();
  const [{ total }] = await db.select({ total: count() }).from(plugins).where(where);
  const rows = await selectPlugins(where, page);
  return { count: total, results: rows.map(serializePlugin) };
}

export async function getPlugin(actor: Actor, organizationId: string, family: PipelineFamily, pluginId: number): Promise<TPlugin> {
  const organization = await requirePluginAccess(actor, organizationId, false);
  return serializePlugin(await findVisiblePlugin(organization, family, pluginId));
}

const ALREADY_INSTALLED = (url: string) => `Plugin from URL "${url}" already installed!`;

/**
 * Installs an app: from the catalog when `url` names one of its apps (its name, form, capabilities and tag come
 * from there), else an app written here (`plugin_type` "source", from the fields given). Hedgerow downloads nothing.
 */
export async function createPlugin(actor: Actor, organizationId: string, input: TPluginCreate): Promise<TPlugin> {
  const organization = await requirePluginAccess(actor, organizationId, true);
  if (input.is_global && !canManageGlobalPlugins(organization.pluginsAccessLevel, actor.user.isStaff))
    throw permissionDenied(GLOBAL_PLUGINS_FORBIDDEN);
  const fromCatalog = input.url !== undefined ? catalogEntry(input.url) : undefined;
  if (input.url !== undefined && !fromCatalog)
    throw validationError("Must be the URL of an app in Hedgerow's catalog (see repository/); Hedgerow downloads no app.", "url");
  if (!fromCatalog && input.plugin_type !== undefined && input.plugin_type !== "source")
    throw validationError('Without a catalog "url", an app is written here: its plugin_type is "source".', "plugin_type");

  const values = fromCatalog
    ? {
        pluginType: "repository",
        name: fromCatalog.name,
        description: fromCatalog.description,
        url: fromCatalog.url,
        icon: fromCatalog.icon,
        configSchema: fromCatalog.config,
        tag: fromCatalog.tag,
        latestTag: fromCatalog.tag,
        latestTagCheckedAt: new Date(),
        capabilities: fromCatalog.capabilities,
      }
    : {
        pluginType: "source",
        name: input.name ?? null,
        description: input.description ?? null,
        icon: input.icon ?? null,
        configSchema: input.config_schema ?? {},
        tag: input.tag ?? null,
        capabilities: input.capabilities ?? {},
      };
  const pluginJson = fromCatalog
    ? catalogPluginJson(fromCatalog)
    : `${JSON.stringify({ name: values.name ?? "", config: values.configSchema }, null, 2)}\n`;
  const db = await getDb();
  try {
    const plugin = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(plugins)
        .values({
          ...values,
          organizationId: organization.id,
          secretFields: rememberSecretFields([], values.configSchema),
          isGlobal: input.is_global ?? false,
          metrics: input.metrics ?? null,
          publicJobs: input.public_jobs ?? null,
        })
        .returning();
      await tx.insert(pluginSourceFiles).values({ pluginId: created.id, filename: PLUGIN_JSON, source: pluginJson });
      return created;
    });
    await logPluginActivity(actor, plugin, "installed");
    return serializePlugin({ plugin, organizationName: organization.name });
  } catch (error) {
    if (isUniqueViolation(error) && fromCatalog) throw validationError(ALREADY_INSTALLED(fromCatalog.url));
    throw error;
  }
}

export async function updatePlugin(
  actor: Actor,
  organizationId: string,
  family: PipelineFamily,
  pluginId: number,
  input: TPluginUpdate,
): Promise<TPlugin> {
  const organization = await requirePluginAccess(actor, organizationId, true);
  const { plugin } = await findOwnPlugin(organization, family, pluginId);
  if (input.is_global !== undefined && !canManageGlobalPlugins(organization.pluginsAccessLevel, actor.user.isStaff))
    throw permissionDenied(GLOBAL_PLUGINS_FORBIDDEN);
  if (input.config_schema !== undefined) refuseCatalogSchemaChange(plugin, input.config_schema, "config_schema");
  const values: Partial<Plugin> = {};
  for (const [field, column] of Object.entries(UPDATABLE) as [keyof TPluginUpdate, keyof Plugin][])
    if (input[field] !== undefined) (values as Record<string, unknown>)[column] = input[field];
  const updated = await savePlugin(actor, plugin, values);
  return serializePlugin({ plugin: updated, organizationName: organization.name });
}

export async function deletePlugin(actor: Actor, organizationId: string, family: PipelineFamily, pluginId: number): Promise<void> {
  const organization = await requirePluginAccess(actor, organizationId, true);
  const { plugin } = await findOwnPlugin(organization, family, pluginId);
  if (plugin.isGlobal) throw validationError(GLOBAL_PLUGIN_UNINSTALL);
  const db = await getDb();
  await db.delete(plugins).where(eq(plugins.id, plugin.id));
  await logPluginActivity(actor, plugin, "uninstalled");
}

// ---- actions ----

export async function checkForUpdates(actor: Actor, organizationId: string, family: PipelineFamily, pluginId: number) {
  const { organization, row } = await findPluginForAction(actor, organizationId, family, pluginId, false, "installation");
  const db = await getDb();
  const [plugin] = await db
    .update(plugins)
    .set({ latestTag: catalogEntry(row.plugin.url)?.tag ?? null, latestTagCheckedAt: new Date() })
    .where(eq(plugins.id, row.plugin.id))
    .returning();
  return { plugin: serializePlugin({ plugin, organizationName: organization.name }) };
}

/** Brings an app installed from the catalog to the catalog's version (`tag` becomes `latest_tag`); others are unchanged. */
export async function upgradePlugin(actor: Actor, organizationId: string, family: PipelineFamily, pluginId: number): Promise<TPlugin> {
  const { organization, row } = await findPluginForAction(actor, organizationId, family, pluginId, true, "upgrading");
  if (row.plugin.pluginType === "source" || row.plugin.pluginType === "local") return serializePlugin(row);
  const entry = catalogEntry(row.plugin.url);
  if (!entry) throw validationError("This app is no longer in Hedgerow's catalog, so it can't be upgraded.");
  const db = await getDb();
  const plugin = await db.transaction(async (tx) => {
    const upgraded = await savePlugin(
      actor,
      row.plugin,
      {
        name: entry.name,
        description: entry.description,
        icon: entry.icon,
        configSchema: entry.config,
        capabilities: entry.capabilities,
        tag: entry.tag,
      },
      tx,
    );
    await tx.update(plugins).set({ latestTag: entry.tag, latestTagCheckedAt: new Date() }).where(eq(plugins.id, upgraded.id));
    await tx
      .insert(pluginSourceFiles)
      .values({ pluginId: upgraded.id, filename: PLUGIN_JSON, source: catalogPluginJson(entry) })
      .onConflictDoUpdate({
        target: [pluginSourceFiles.pluginId, pluginSourceFiles.filename],
        set: { source: catalogPluginJson(entry), updatedAt: new Date() },
      });
    return { ...upgraded, latestTag: entry.tag };
  });
  return serializePlugin({ plugin, organizationName: organization.name });
}

/** Ids of the family's apps (that the organization sees) set up and enabled in none of its projects. */
export async function unusedPlugins(actor: Actor, organizationId: string, family: PipelineFamily): Promise<number[]> {
  const organization = await requirePluginAccess(actor, organizationId, false);
  const enabledHere = sql`${plugins.id} IN (SELECT ${pluginConfigs.pluginId} FROM ${pluginConfigs} JOIN ${projects} ON ${projects.id} = ${pluginConfigs.projectId} WHERE ${projects.organizationId} = ${organization.id} AND ${pluginConfigs.enabled} AND NOT ${pluginConfigs.deleted})`;
  const rows = await selectPlugins(and(visibleTo(organization.id), familyCondition(family), not(enabledHere))!);
  return rows.map((row) => row.plugin.id);
}

/** PostHog's `all_activity`: installs, changes and removals of apps and of their set-ups, for the organization. */
export async function pluginActivity(actor: Actor, organizationId: string, url: URL, query: { limit?: string; page?: string }) {
  const organization = await requirePluginAccess(actor, organizationId, false);
  return activityPage(
    url,
    query,
    eq(activityLogs.organizationId, organization.id),
    inArray(activityLogs.scope, ["Plugin", "PluginConfig"]),
  );
}
