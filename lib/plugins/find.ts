import { and, asc, eq, isNull, not, or, sql, type SQL } from "drizzle-orm";
import { notFound, permissionDenied } from "@/lib/api/errors";
import type { Page } from "@/lib/api/pagination";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { organizations, pluginConfigs, plugins, projects, type Organization } from "@/lib/db/schema";
import { requireOrganizationMember } from "@/lib/organizations/access";
import { canInstallPlugins, pluginAccessProhibition, pluginActionUnavailable, pluginOwnershipProhibition } from "./access";
import type { PipelineFamily } from "./schemas";
import type { PluginRow } from "./serialize";

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
export function visibleTo(organizationId: string): SQL {
  const configured = sql`${plugins.id} IN (SELECT ${pluginConfigs.pluginId} FROM ${pluginConfigs} JOIN ${projects} ON ${projects.id} = ${pluginConfigs.projectId} WHERE ${projects.organizationId} = ${organizationId} AND NOT ${pluginConfigs.deleted})`;
  return or(eq(plugins.organizationId, organizationId), eq(plugins.isGlobal, true), configured)!;
}

export async function selectPlugins(where: SQL, page?: Page): Promise<PluginRow[]> {
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

export async function findVisiblePlugin(organization: Organization, family: PipelineFamily, pluginId: number): Promise<PluginRow> {
  const [row] = await selectPlugins(and(eq(plugins.id, pluginId), visibleTo(organization.id), familyCondition(family))!);
  if (!row) throw notFound();
  return row;
}

/** An app the organization may change: its own (a global one of another organization is 403). */
export async function findOwnPlugin(organization: Organization, family: PipelineFamily, pluginId: number): Promise<PluginRow> {
  const row = await findVisiblePlugin(organization, family, pluginId);
  const prohibition = pluginOwnershipProhibition(organization.id, row.plugin);
  if (prohibition) throw permissionDenied(prohibition);
  return row;
}

/**
 * An app for the actions that need install rights (`source`, `upgrade`…): PostHog's `get_plugin_with_permissions`,
 * another organization's app is not found, and the access level is checked after the lookup.
 */
export async function findPluginForAction(
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
