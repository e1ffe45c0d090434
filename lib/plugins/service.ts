import { isDeepStrictEqual } from "node:util";
import { and, asc, count, eq, inArray, isNull, not, or, sql, type SQL } from "drizzle-orm";
import { activityPage, recordActivity } from "@/lib/activity/log";
import { notFound, permissionDenied, validationError } from "@/lib/api/errors";
import type { Page } from "@/lib/api/pagination";
import type { Actor } from "@/lib/auth/actor";
import { getDb, type Tx } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import {
  activityLogs,
  organizations,
  pluginConfigs,
  plugins,
  pluginSourceFiles,
  projects,
  type Organization,
  type Plugin,
} from "@/lib/db/schema";
import { requireOrganizationMember } from "@/lib/organizations/access";
import {
  CATALOG_SCHEMA_READ_ONLY,
  canInstallPlugins,
  canManageGlobalPlugins,
  GLOBAL_PLUGIN_UNINSTALL,
  GLOBAL_PLUGINS_FORBIDDEN,
  pluginAccessProhibition,
  pluginActionUnavailable,
  pluginOwnershipProhibition,
} from "./access";
import { catalogEntry, catalogPluginJson } from "./catalog";
import { parsePluginJson, PLUGIN_JSON } from "./plugin-json";
import { rememberSecretFields } from "./secret";
import { MAX_SOURCE_FILES, type PipelineFamily, type TPlugin, type TPluginCreate, type TPluginUpdate } from "./schemas";

type PluginRow = { plugin: Plugin; organizationName: string };

export function serializePlugin({ plugin, organizationName }: PluginRow): TPlugin {
  return {
    id: plugin.id,
    plugin_type: plugin.pluginType as TPlugin["plugin_type"],
    name: plugin.name,
    description: plugin.description,
    url: plugin.url?.split("?")[0] ?? null,
    icon: plugin.icon,
    config_schema: plugin.configSchema as TPlugin["config_schema"],
    tag: plugin.tag,
    latest_tag: plugin.latestTag,
    is_global: plugin.isGlobal,
    organization_id: plugin.organizationId,
    organization_name: organizationName,
    capabilities: plugin.capabilities,
    metrics: plugin.metrics,
    public_jobs: plugin.publicJobs,
    hog_function_migration_available: false,
  };
}

// ---- which apps a family holds, and which an organization sees ----

const methods = sql`${plugins.capabilities}->'methods'`;
const hasMethod = (name: string) => sql`coalesce(${methods} @> ${JSON.stringify([name])}::jsonb, false)`;

/** PostHog §9: the family an app is listed in follows from its capabilities (an app may be in two). */
export function familyCondition(family: PipelineFamily): SQL {
  switch (family) {
    case "pipeline_transformations":
      return hasMethod("processEvent");
    case "pipeline_destinations":
      return or(hasMethod("onEvent"), hasMethod("composeWebhook"))!;
    case "pipeline_frontend_apps":
      return and(isNull(methods), sql`${plugins.capabilities}->'scheduled_tasks' IS NULL`)!;
    case "pipeline_import_apps":
      return or(
        sql`jsonb_array_length(coalesce(${plugins.capabilities}->'scheduled_tasks', '[]'::jsonb)) > 0`,
        and(not(isNull(methods)), not(or(hasMethod("onEvent"), hasMethod("composeWebhook"), hasMethod("processEvent"))!)),
      )!;
  }
}

/** Apps an organization sees: its own, global ones, and those set up in one of its projects. */
function visibleTo(organizationId: string): SQL {
  const configured = sql`${plugins.id} IN (SELECT ${pluginConfigs.pluginId} FROM ${pluginConfigs} JOIN ${projects} ON ${projects.id} = ${pluginConfigs.projectId} WHERE ${projects.organizationId} = ${organizationId} AND NOT ${pluginConfigs.deleted})`;
  return or(eq(plugins.organizationId, organizationId), eq(plugins.isGlobal, true), configured)!;
}

async function selectPlugins(where: SQL, page?: Page): Promise<PluginRow[]> {
  const db = await getDb();
  const query = db
    .select({ plugin: plugins, organizationName: organizations.name })
    .from(plugins)
    .innerJoin(organizations, eq(organizations.id, plugins.organizationId))
    .where(where)
    .orderBy(asc(plugins.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

/** The caller's organization, once the plugins access level allows the operation (any member level may). */
export async function requirePluginAccess(actor: Actor, organizationId: string, write: boolean): Promise<Organization> {
  const { organization } = await requireOrganizationMember(actor, organizationId);
  const prohibition = pluginAccessProhibition(organization.pluginsAccessLevel, write);
  if (prohibition) throw permissionDenied(prohibition);
  return organization;
}

async function findVisiblePlugin(organization: Organization, family: PipelineFamily, pluginId: number): Promise<PluginRow> {
  const [row] = await selectPlugins(and(eq(plugins.id, pluginId), visibleTo(organization.id), familyCondition(family))!);
  if (!row) throw notFound();
  return row;
}

/** An app the organization may change: its own (a global one of another organization is 403). */
async function findOwnPlugin(organization: Organization, family: PipelineFamily, pluginId: number): Promise<PluginRow> {
  const row = await findVisiblePlugin(organization, family, pluginId);
  const prohibition = pluginOwnershipProhibition(organization.id, row.plugin);
  if (prohibition) throw permissionDenied(prohibition);
  return row;
}

/**
 * An app for the actions that need install rights (`source`, `upgrade`…): PostHog's `get_plugin_with_permissions`,
 * another organization's app is not found, and the access level is checked after the lookup.
 */
async function findPluginForAction(
  actor: Actor,
  organizationId: string,
  family: PipelineFamily,
  pluginId: number,
  write: boolean,
  reason: Parameters<typeof pluginActionUnavailable>[0],
): Promise<{ organization: Organization; row: PluginRow }> {
  const organization = await requirePluginAccess(actor, organizationId, write);
  const row = await findVisiblePlugin(organization, family, pluginId);
  if (row.plugin.organizationId !== organization.id) throw notFound();
  if (!canInstallPlugins(organization.pluginsAccessLevel)) throw permissionDenied(pluginActionUnavailable(reason));
  return { organization, row };
}

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
  if (input.is_global && !canManageGlobalPlugins(organization.pluginsAccessLevel, actor.user.isStaff)) throw permissionDenied(GLOBAL_PLUGINS_FORBIDDEN);
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

const UPDATABLE: Record<keyof TPluginUpdate, keyof Plugin> = {
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

export async function updatePlugin(actor: Actor, organizationId: string, family: PipelineFamily, pluginId: number, input: TPluginUpdate): Promise<TPlugin> {
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

/** An app from the catalog takes its settings form from there (and `upgrade`): a different one is a 400 on `attr`. */
function refuseCatalogSchemaChange(plugin: Plugin, schema: unknown, attr: string) {
  if (catalogEntry(plugin.url) && !isDeepStrictEqual(schema, plugin.configSchema)) throw validationError(CATALOG_SCHEMA_READ_ONLY, attr);
}

/** Writes changed fields and logs them as an "updated" entry with PostHog's `changes`; nothing changed, nothing written. */
async function savePlugin(actor: Actor, plugin: Plugin, values: Partial<Plugin>, tx?: Tx): Promise<Plugin> {
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

export async function deletePlugin(actor: Actor, organizationId: string, family: PipelineFamily, pluginId: number): Promise<void> {
  const organization = await requirePluginAccess(actor, organizationId, true);
  const { plugin } = await findOwnPlugin(organization, family, pluginId);
  if (plugin.isGlobal) throw validationError(GLOBAL_PLUGIN_UNINSTALL);
  const db = await getDb();
  await db.delete(plugins).where(eq(plugins.id, plugin.id));
  await logPluginActivity(actor, plugin, "uninstalled");
}

function logPluginActivity(actor: Actor, plugin: Plugin, activity: string, changes: Record<string, unknown>[] | null = null, tx?: Tx) {
  return recordActivity({
    organizationId: plugin.organizationId,
    projectId: null,
    userId: actor.user.id,
    scope: "Plugin",
    itemId: String(plugin.id),
    activity,
    detail: { id: plugin.id, name: plugin.name, changes, merge: null, trigger: null, short_id: null, type: null },
  }, tx);
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
      { name: entry.name, description: entry.description, icon: entry.icon, configSchema: entry.config, capabilities: entry.capabilities, tag: entry.tag },
      tx,
    );
    await tx.update(plugins).set({ latestTag: entry.tag, latestTagCheckedAt: new Date() }).where(eq(plugins.id, upgraded.id));
    await tx
      .insert(pluginSourceFiles)
      .values({ pluginId: upgraded.id, filename: PLUGIN_JSON, source: catalogPluginJson(entry) })
      .onConflictDoUpdate({ target: [pluginSourceFiles.pluginId, pluginSourceFiles.filename], set: { source: catalogPluginJson(entry), updatedAt: new Date() } });
    return { ...upgraded, latestTag: entry.tag };
  });
  return serializePlugin({ plugin, organizationName: organization.name });
}

async function sourceMap(pluginId: number): Promise<Record<string, string>> {
  const db = await getDb();
  const files = await db.select().from(pluginSourceFiles).where(eq(pluginSourceFiles.pluginId, pluginId)).orderBy(asc(pluginSourceFiles.filename));
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
        await tx.delete(pluginSourceFiles).where(and(eq(pluginSourceFiles.pluginId, row.plugin.id), eq(pluginSourceFiles.filename, filename)));
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
  return activityPage(url, query, eq(activityLogs.organizationId, organization.id), inArray(activityLogs.scope, ["Plugin", "PluginConfig"]));
}

