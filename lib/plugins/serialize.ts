import type { Plugin } from "@/lib/db/schema";
import type { TPlugin } from "./schemas";

export type PluginRow = { plugin: Plugin; organizationName: string };

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
