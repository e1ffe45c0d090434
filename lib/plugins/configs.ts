import { and, asc, count, eq, not, or, sql, type SQL } from "drizzle-orm";
import { recordActivity } from "@/lib/activity/log";
import { notFound, validationError } from "@/lib/api/errors";
import type { Page } from "@/lib/api/pagination";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import {
  organizations,
  pluginConfigs,
  plugins,
  projects,
  type Organization,
  type Plugin,
  type PluginConfig,
  type Project,
} from "@/lib/db/schema";
import { requireProjectAccess } from "@/lib/projects/access";
import { openStoredFields } from "@/lib/secrets/at-rest";
import { isSealed } from "@/lib/secrets/envelope";
import { sealFields } from "@/lib/secrets/fields";
import { currentKeyring } from "@/lib/secrets/keyring";
import type { TProjectId } from "@/lib/projects/schemas";
import { canViewPlugins } from "./access";
import type { TConfigField, TPluginConfig, TPluginConfigCreate, TPluginConfigUpdate } from "./schemas";
import { builtInDestination } from "./destinations/apps";
import { forgetDestinations } from "./destinations/queue";
import { SECRET_FIELD_VALUE, secretKeysOf } from "./secret";
import { requirePluginAccess } from "./find";
import { runsInHedgerow, whyNotRun } from "./runs";
import { serializePlugin } from "./serialize";
import { ConfigProblem } from "./transformations/kinds";
import { builtInTransformation, forgetTransformations } from "./transformations/run";

/** A project's apps changed: this process runs the new set at once (others within their cache's time). */
function forgetApps(projectId: number) {
  forgetTransformations(projectId);
  forgetDestinations(projectId);
}

const CONFIGURATION_UNAVAILABLE = "Plugin configuration is not available for the current organization!";

type ConfigRow = { config: PluginConfig; plugin: Plugin; organizationName: string };

const fieldsOf = (plugin: Plugin): TConfigField[] => (Array.isArray(plugin.configSchema) ? (plugin.configSchema as TConfigField[]) : []);
/** A setting as answered: a secret one (or any value stored sealed) masked once set. */
const answeredValue = (secret: boolean, value: unknown) =>
  (secret || isSealed(value)) && value !== null && value !== "" ? SECRET_FIELD_VALUE : value;
/** Settings as stored: the app's secrets sealed (lib/secrets), so the database never holds them in clear. */
const sealedValues = (plugin: Plugin, values: Record<string, unknown>) => sealFields(values, secretKeysOf(plugin), currentKeyring());

function serializeConfig({ config, plugin, organizationName }: ConfigRow, withPlugin: boolean): TPluginConfig {
  const secrets = secretKeysOf(plugin);
  const values = Object.fromEntries(
    Object.entries(config.config).map(([key, value]) => [key, answeredValue(secrets.has(key), value)]),
  ) as TPluginConfig["config"];
  return {
    id: config.id,
    plugin: config.pluginId,
    // An app set up before Hedgerow refused to switch on what it does not run is answered as it is: off.
    enabled: config.enabled && runsInHedgerow(plugin.url),
    order: config.order,
    config: values,
    error: config.error ?? null,
    team_id: config.projectId,
    plugin_info: withPlugin ? serializePlugin({ plugin, organizationName }) : null,
    delivery_rate_24h: null,
    created_at: config.createdAt.toISOString(),
    updated_at: config.updatedAt.toISOString(),
    name: plugin.name,
    description: plugin.description,
    deleted: config.deleted,
  };
}

async function selectConfigs(where: SQL, page?: Page): Promise<ConfigRow[]> {
  const db = await getDb();
  const query = db
    .select({ config: pluginConfigs, plugin: plugins, organizationName: organizations.name })
    .from(pluginConfigs)
    .innerJoin(plugins, eq(plugins.id, pluginConfigs.pluginId))
    .innerJoin(organizations, eq(organizations.id, plugins.organizationId))
    .where(where)
    .orderBy(asc(pluginConfigs.order), asc(pluginConfigs.pluginId), asc(pluginConfigs.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

async function requireConfigAccess(actor: Actor, projectId: TProjectId) {
  const access = await requireProjectAccess(actor, projectId);
  const db = await getDb();
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, access.project.organizationId));
  return { project: access.project, organization };
}

/** PostHog's PluginConfigViewSet: an organization below CONFIG sees no set-ups (an empty list, 404s). */
export async function listPluginConfigs(actor: Actor, projectId: TProjectId, page: Page) {
  const { project, organization } = await requireConfigAccess(actor, projectId);
  if (!canViewPlugins(organization.pluginsAccessLevel)) return { count: 0, results: [] };
  const where = and(eq(pluginConfigs.projectId, project.id), eq(pluginConfigs.deleted, false))!;
  const db = await getDb();
  const [{ total }] = await db.select({ total: count() }).from(pluginConfigs).where(where);
  const rows = await selectConfigs(where, page);
  return { count: total, results: rows.map((row) => serializeConfig(row, false)) };
}

async function findConfig(project: Project, organization: Organization, configId: number): Promise<ConfigRow> {
  if (!canViewPlugins(organization.pluginsAccessLevel)) throw notFound();
  const [row] = await selectConfigs(and(eq(pluginConfigs.id, configId), eq(pluginConfigs.projectId, project.id))!);
  if (!row) throw notFound();
  return row;
}

/** A set-up of the project the actor may see, with its app (404 otherwise). */
export async function projectConfig(actor: Actor, projectId: TProjectId, configId: number): Promise<ConfigRow> {
  const { project, organization } = await requireConfigAccess(actor, projectId);
  return findConfig(project, organization, configId);
}

export async function getPluginConfig(actor: Actor, projectId: TProjectId, configId: number) {
  return serializeConfig(await projectConfig(actor, projectId, configId), true);
}

/** Values to store: given ones over stored ones, where a secret left out (or sent back masked) keeps its value. */
function mergeValues(plugin: Plugin, stored: Record<string, unknown>, given: Record<string, unknown>): Record<string, unknown> {
  const secrets = secretKeysOf(plugin);
  const merged = { ...given };
  for (const key of secrets)
    if (merged[key] === undefined || merged[key] === null || merged[key] === SECRET_FIELD_VALUE) merged[key] = stored[key] ?? null;
  return merged;
}

/** Switching on an app Hedgerow does not run is refused with the reason (PostHog would run its code; Hedgerow cannot). */
function checkRunnable(plugin: Plugin) {
  const reason = whyNotRun(plugin.url);
  if (reason) throw validationError(reason, "enabled", "not_run");
}

/**
 * An enabled app needs its required settings, and an app Hedgerow runs needs settings it can run with:
 * the first missing or wrong one is a 400 on `config__<key>`.
 */
function checkRequired(plugin: Plugin, values: Record<string, unknown>) {
  for (const field of fieldsOf(plugin)) {
    if (!field.required || !field.key || field.type === "markdown") continue;
    const value = values[field.key];
    if (value === undefined || value === null || value === "")
      throw validationError("This field is required.", `config__${field.key}`, "required");
  }
  try {
    builtInTransformation(plugin.url)?.prepare(values);
    builtInDestination(plugin.url)?.prepare(openStoredFields(values));
  } catch (error) {
    if (error instanceof ConfigProblem) throw validationError(error.message, `config__${error.key}`, "invalid");
    throw error;
  }
}

export async function createPluginConfig(actor: Actor, projectId: TProjectId, input: TPluginConfigCreate) {
  const { project, organization } = await requireConfigAccess(actor, projectId);
  if (!canViewPlugins(organization.pluginsAccessLevel)) throw validationError(CONFIGURATION_UNAVAILABLE);
  const db = await getDb();
  const visible = or(eq(plugins.organizationId, organization.id), eq(plugins.isGlobal, true))!;
  const [plugin] = await db
    .select()
    .from(plugins)
    .where(and(eq(plugins.id, input.plugin), visible));
  if (!plugin) throw validationError(`Invalid pk "${input.plugin}" - object does not exist.`, "plugin", "does_not_exist");
  const values = mergeValues(plugin, {}, input.config ?? {});
  const enabled = input.enabled ?? false;
  if (enabled) checkRunnable(plugin);
  if (enabled) checkRequired(plugin, values);
  const [config] = await db
    .insert(pluginConfigs)
    .values({ projectId: project.id, pluginId: plugin.id, enabled, order: input.order ?? 0, config: sealedValues(plugin, values) })
    .returning();
  if (enabled) await logConfigActivity(actor, organization, config, plugin, "enabled", []);
  forgetApps(project.id);
  return serializeConfig({ config, plugin, organizationName: await organizationName(plugin) }, true);
}

async function organizationName(plugin: Plugin): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, plugin.organizationId));
  return row.name;
}

export async function updatePluginConfig(actor: Actor, projectId: TProjectId, configId: number, input: TPluginConfigUpdate) {
  const { project, organization } = await requireConfigAccess(actor, projectId);
  const row = await findConfig(project, organization, configId);
  const { config, plugin } = row;
  const values = input.config !== undefined ? sealedValues(plugin, mergeValues(plugin, config.config, input.config)) : config.config;
  // Deleting a set-up always disables it, as PostHog does; saving one of an app Hedgerow does not run leaves it off.
  if (input.enabled) checkRunnable(plugin);
  const enabled = input.deleted ? false : (input.enabled ?? (config.enabled && runsInHedgerow(plugin.url)));
  if (enabled) checkRequired(plugin, values);
  // Enabled again: the reason Hedgerow disabled it, and the failures that led there, are cleared.
  const reenabled = enabled && !config.enabled ? { error: null, deliveryFailures: 0 } : {};
  const db = await getDb();
  const [updated] = await db
    .update(pluginConfigs)
    .set({
      config: values,
      enabled,
      order: input.order ?? config.order,
      deleted: input.deleted ?? config.deleted,
      updatedAt: new Date(),
      ...reenabled,
    })
    .where(eq(pluginConfigs.id, config.id))
    .returning();
  forgetApps(project.id);
  const secrets = secretKeysOf(plugin);
  const changes = [...new Set([...Object.keys(config.config), ...Object.keys(values)])]
    .filter((key) => JSON.stringify(config.config[key] ?? null) !== JSON.stringify(values[key] ?? null))
    .map((key) =>
      secrets.has(key)
        ? { type: "PluginConfig", action: "changed", field: key, before: SECRET_FIELD_VALUE, after: SECRET_FIELD_VALUE }
        : { type: "PluginConfig", action: "changed", field: key, before: config.config[key] ?? null, after: values[key] ?? null },
    );
  if (changes.length) await logConfigActivity(actor, organization, updated, plugin, "config_updated", changes);
  if (config.enabled !== updated.enabled)
    await logConfigActivity(actor, organization, updated, plugin, updated.enabled ? "enabled" : "disabled", []);
  return serializeConfig({ ...row, config: updated }, true);
}

/** PostHog's destroy disables the set-up (and Hedgerow marks it deleted, so lists leave it out). */
export async function deletePluginConfig(actor: Actor, projectId: TProjectId, configId: number) {
  await updatePluginConfig(actor, projectId, configId, { deleted: true });
}

function logConfigActivity(
  actor: Actor,
  organization: Organization,
  config: PluginConfig,
  plugin: Plugin,
  activity: string,
  changes: Record<string, unknown>[],
) {
  return recordActivity({
    organizationId: organization.id,
    projectId: config.projectId,
    userId: actor.user.id,
    scope: "PluginConfig",
    itemId: String(config.id),
    activity,
    detail: { id: config.id, name: plugin.name, changes, merge: null, trigger: null, short_id: null, type: null },
  });
}

/**
 * PostHog's `exports_unsubscribe_configs`: the organization's enabled set-ups, but for global transformations
 * and site apps (which export nothing).
 */
export async function exportsUnsubscribeConfigs(actor: Actor, organizationId: string) {
  const organization = await requirePluginAccess(actor, organizationId, false);
  const noCapabilities = sql`${plugins.capabilities} = '{}'::jsonb`;
  const processes = sql`coalesce(${plugins.capabilities}->'methods' @> '["processEvent"]'::jsonb, false)`;
  const exempt = or(and(eq(plugins.isGlobal, true), or(processes, noCapabilities)), and(eq(plugins.isGlobal, false), noCapabilities))!;
  const inOrganization = sql`${pluginConfigs.projectId} IN (SELECT ${projects.id} FROM ${projects} WHERE ${projects.organizationId} = ${organization.id})`;
  const rows = await selectConfigs(and(inOrganization, eq(pluginConfigs.enabled, true), eq(pluginConfigs.deleted, false), not(exempt))!);
  return rows.filter((row) => runsInHedgerow(row.plugin.url)).map((row) => serializeConfig(row, true));
}
