import { describe, expect, test } from "vitest";
import {
  canManageGlobalPlugins,
  pluginAccessProhibition,
  pluginOwnershipProhibition,
  PLUGIN_ACCESS_INSUFFICIENT,
  PLUGIN_OF_ANOTHER_ORGANIZATION,
  PluginsAccessLevel,
} from "./access";

describe("plugins access level", () => {
  test("reads need CONFIG, writes INSTALL", () => {
    expect(pluginAccessProhibition(PluginsAccessLevel.NONE, false)).toBe(PLUGIN_ACCESS_INSUFFICIENT);
    expect(pluginAccessProhibition(PluginsAccessLevel.CONFIG, false)).toBeNull();
    expect(pluginAccessProhibition(PluginsAccessLevel.CONFIG, true)).toBe(PLUGIN_ACCESS_INSUFFICIENT);
    expect(pluginAccessProhibition(5, true)).toBe(PLUGIN_ACCESS_INSUFFICIENT);
    expect(pluginAccessProhibition(PluginsAccessLevel.INSTALL, true)).toBeNull();
    expect(pluginAccessProhibition(PluginsAccessLevel.ROOT, true)).toBeNull();
  });

  test("only the instance's operator (staff), in an organization at ROOT, manages global apps", () => {
    expect(canManageGlobalPlugins(PluginsAccessLevel.INSTALL, true)).toBe(false);
    expect(canManageGlobalPlugins(8, true)).toBe(false);
    expect(canManageGlobalPlugins(PluginsAccessLevel.ROOT, false)).toBe(false);
    expect(canManageGlobalPlugins(PluginsAccessLevel.ROOT, true)).toBe(true);
  });

  test("an organization changes only its own apps", () => {
    expect(pluginOwnershipProhibition("a", { organizationId: "a" })).toBeNull();
    expect(pluginOwnershipProhibition("a", { organizationId: "b" })).toBe(PLUGIN_OF_ANOTHER_ORGANIZATION);
  });
});
