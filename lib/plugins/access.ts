/**
 * PostHog's `Organization.PluginsAccessLevel`: what an organization may do with apps. New organizations get
 * HEDGEROW_PLUGINS_ACCESS_LEVEL (PostHog cloud's CONFIG by default), those the instance's operator creates ROOT.
 */
export const PluginsAccessLevel = { NONE: 0, CONFIG: 3, INSTALL: 6, ROOT: 9 } as const;
export const PLUGINS_ACCESS_LEVELS = Object.values(PluginsAccessLevel);

export const PLUGIN_ACCESS_INSUFFICIENT = "Your organization's plugin access level is insufficient.";
export const CATALOG_SCHEMA_READ_ONLY = "The settings form of an app from the catalog is the catalog's: it can't be changed.";
export const PLUGIN_OF_ANOTHER_ORGANIZATION = "This plugin installation is managed by another organization";
export const GLOBAL_PLUGINS_FORBIDDEN = "This organization can't manage global plugins!";
export const GLOBAL_PLUGIN_UNINSTALL = "This plugin is marked as global! Make it local before uninstallation";

/** Listing and reading apps, and setting them up in a project (CONFIG). */
export const canViewPlugins = (accessLevel: number) => accessLevel >= PluginsAccessLevel.CONFIG;
/** Installing, changing, upgrading, editing the source of and uninstalling apps (INSTALL). */
export const canInstallPlugins = (accessLevel: number) => accessLevel >= PluginsAccessLevel.INSTALL;
/**
 * Marking apps global, so every organization sees them: the instance's operator only (a staff user), in an
 * organization at ROOT. Organizations sign themselves up; a level alone would let any of them publish to all.
 */
export const canManageGlobalPlugins = (accessLevel: number, isStaff: boolean) => isStaff && accessLevel >= PluginsAccessLevel.ROOT;

/**
 * Why an organization at `accessLevel` may not call an app operation (`write`: anything but a read), or null.
 * PostHog's PluginsAccessLevelPermission, checked before the app is looked up; any member may, whatever their level.
 */
export function pluginAccessProhibition(accessLevel: number, write: boolean): string | null {
  return (write ? canInstallPlugins(accessLevel) : canViewPlugins(accessLevel)) ? null : PLUGIN_ACCESS_INSUFFICIENT;
}

/** Why `organizationId` may not change an app (a global one of another organization is visible, not theirs), or null. */
export function pluginOwnershipProhibition(organizationId: string, plugin: { organizationId: string }): string | null {
  return plugin.organizationId === organizationId ? null : PLUGIN_OF_ANOTHER_ORGANIZATION;
}

/** PostHog's reason when an action needing install rights is refused (`Plugin source editing is not available…`). */
export const pluginActionUnavailable = (reason: "installation" | "source editing" | "upgrading") =>
  `Plugin ${reason} is not available for the current organization!`;
