import { z } from "zod";
import { type AnyEndpoint, endpoint } from "@/lib/api/endpoint";
import { listPage } from "@/lib/api/pagination";
import { ZActivityPage, ZActivityQuery } from "@/lib/insights/schemas";
import { ZOrganizationParams } from "@/lib/organizations/schemas";
import { ZProjectParams } from "@/lib/projects/schemas";
import { CATALOG } from "./catalog";
import {
  createPluginConfig,
  deletePluginConfig,
  exportsUnsubscribeConfigs,
  getPluginConfig,
  listPluginConfigs,
  updatePluginConfig,
} from "./configs";
import {
  ZCatalogEntry,
  ZPlugin,
  ZPluginConfig,
  ZPluginConfigCreate,
  ZPluginConfigParams,
  ZPluginConfigUpdate,
  ZPluginCreate,
  ZPluginParams,
  ZPluginUpdate,
  ZSourceFiles,
  ZSourceMap,
  type PipelineFamily,
} from "./schemas";
import {
  checkForUpdates,
  createPlugin,
  deletePlugin,
  getPlugin,
  listPlugins,
  pluginActivity,
  unusedPlugins,
  updatePlugin,
  upgradePlugin,
} from "./service";
import { requirePluginAccess } from "./find";
import { getPluginSource, updatePluginSource } from "./source";
import { testPluginConfig } from "./test-run";
import { ZPluginConfigTest, ZPluginConfigTestResult } from "./test-schemas";

const FAMILY_NAMES: Record<PipelineFamily, { camel: string; label: string }> = {
  pipeline_destinations: { camel: "pipelineDestinations", label: "destinations (apps with `onEvent` or `composeWebhook`)" },
  pipeline_frontend_apps: { camel: "pipelineFrontendApps", label: "frontend apps (site apps: no methods, no scheduled tasks)" },
  pipeline_import_apps: { camel: "pipelineImportApps", label: "import apps (scheduled tasks, or methods but no event ones)" },
  pipeline_transformations: { camel: "pipelineTransformations", label: "transformations (apps with `processEvent`)" },
};

/**
 * One family's operations (PostHog's PluginViewSet, filtered by capabilities). PostHog declares no scope for the
 * custom actions, so personal API keys may not call them (`scope: null`); the browser may.
 */
function familyEndpoints(family: PipelineFamily, full: boolean): Record<string, AnyEndpoint> {
  const { camel, label } = FAMILY_NAMES[family];
  const prefix = `/api/organizations/{organizationId}/${family}/`;
  const item = `${prefix}{pluginId}/`;
  const tag = family;
  const readAndCreate = {
    list: endpoint({
      method: "GET",
      path: prefix,
      summary: `List the ${label} the organization sees: its own, global ones, and those set up in its projects`,
      tag,
      scope: "plugin:read",
      params: ZOrganizationParams,
      response: ZPlugin,
      paginated: true,
      handler: ({ url, actor, params }) => listPage(url, (page) => listPlugins(actor, params.organizationId, family, page)),
    }),
    create: endpoint({
      method: "POST",
      path: prefix,
      summary: 'Install an app: from the catalog (`url` of a `repository/` entry), or one written here (`plugin_type` "source")',
      tag,
      scope: "plugin:write",
      params: ZOrganizationParams,
      body: ZPluginCreate,
      response: ZPlugin,
      status: 201,
      handler: ({ actor, params, body }) => createPlugin(actor, params.organizationId, body),
    }),
    retrieve: endpoint({
      method: "GET",
      path: item,
      summary: "Retrieve an app",
      tag,
      scope: "plugin:read",
      params: ZPluginParams,
      response: ZPlugin,
      handler: ({ actor, params }) => getPlugin(actor, params.organizationId, family, params.pluginId),
    }),
  };
  const ops: Record<string, AnyEndpoint> = { ...readAndCreate };
  if (!full) return named(camel, ops);
  Object.assign(ops, {
    partialUpdate: endpoint({
      method: "PATCH",
      path: item,
      summary: "Change an app of the organization (`is_global` needs the ROOT plugins access level)",
      tag,
      scope: "plugin:write",
      params: ZPluginParams,
      body: ZPluginUpdate,
      response: ZPlugin,
      handler: ({ actor, params, body }) => updatePlugin(actor, params.organizationId, family, params.pluginId, body),
    }),
    destroy: endpoint({
      method: "DELETE",
      path: item,
      summary: "Uninstall an app of the organization, with its set-ups (a global app must be made local first)",
      tag,
      scope: "plugin:write",
      params: ZPluginParams,
      status: 204,
      handler: ({ actor, params }) => deletePlugin(actor, params.organizationId, family, params.pluginId),
    }),
    checkForUpdates: endpoint({
      method: "GET",
      path: `${item}check_for_updates/`,
      summary: "Read the app's latest tag from the catalog into `latest_tag`",
      tag,
      scope: null,
      params: ZPluginParams,
      response: z.object({ plugin: ZPlugin }),
      handler: ({ actor, params }) => checkForUpdates(actor, params.organizationId, family, params.pluginId),
    }),
    source: endpoint({
      method: "GET",
      path: `${item}source/`,
      summary: "The app's source files, file name → source (stored, never run)",
      tag,
      scope: null,
      params: ZPluginParams,
      response: ZSourceMap,
      handler: ({ actor, params }) => getPluginSource(actor, params.organizationId, family, params.pluginId),
    }),
    updateSource: endpoint({
      method: "PATCH",
      path: `${item}update_source/`,
      summary: "Write source files (null deletes one); a `plugin.json` must be a JSON object with a name and a valid `config`",
      tag,
      scope: null,
      params: ZPluginParams,
      body: ZSourceFiles,
      response: ZSourceMap,
      handler: ({ actor, params, body }) => updatePluginSource(actor, params.organizationId, family, params.pluginId, body),
    }),
    upgrade: endpoint({
      method: "POST",
      path: `${item}upgrade/`,
      summary: "Bring a catalog app to the catalog's version (`tag` becomes `latest_tag`)",
      tag,
      scope: null,
      params: ZPluginParams,
      response: ZPlugin,
      handler: ({ actor, params }) => upgradePlugin(actor, params.organizationId, family, params.pluginId),
    }),
    activity: endpoint({
      method: "GET",
      path: `${prefix}activity/`,
      summary: "Apps installed, changed and uninstalled, and set-ups changed, newest first (`page`, `limit` default 10)",
      tag,
      scope: null,
      params: ZOrganizationParams,
      query: ZActivityQuery,
      response: ZActivityPage,
      handler: ({ url, actor, params, query }) => pluginActivity(actor, params.organizationId, url, query),
    }),
    exportsUnsubscribeConfigs: endpoint({
      method: "GET",
      path: `${prefix}exports_unsubscribe_configs/`,
      summary:
        "The organization's switched-on set-ups that would export data (not global transformations nor site apps); Hedgerow runs none of them",
      tag,
      scope: null,
      params: ZOrganizationParams,
      response: z.array(ZPluginConfig),
      handler: ({ actor, params }) => exportsUnsubscribeConfigs(actor, params.organizationId),
    }),
    repository: endpoint({
      method: "GET",
      path: `${prefix}repository/`,
      summary: "The catalog of apps shipped with Hedgerow (PostHog's plugins.json shape)",
      tag,
      scope: null,
      params: ZOrganizationParams,
      response: z.array(ZCatalogEntry),
      handler: async ({ actor, params }) => {
        await requirePluginAccess(actor, params.organizationId, false);
        return CATALOG;
      },
    }),
    unused: endpoint({
      method: "GET",
      path: `${prefix}unused/`,
      summary: "Ids of the family's apps enabled in none of the organization's projects",
      tag,
      scope: null,
      params: ZOrganizationParams,
      response: z.array(z.number().int()),
      handler: ({ actor, params }) => unusedPlugins(actor, params.organizationId, family),
    }),
  });
  return named(camel, ops);
}

/** `list` of pipeline_destinations → `pipelineDestinationsListEndpoint`: the OpenAPI operation ids. */
function named(camel: string, ops: Record<string, AnyEndpoint>): Record<string, AnyEndpoint> {
  return Object.fromEntries(Object.entries(ops).map(([op, e]) => [`${camel}${op[0].toUpperCase()}${op.slice(1)}Endpoint`, e]));
}

/** PostHog gives transformations list, create and retrieve only. */
export const pipelineEndpoints: Record<PipelineFamily, Record<string, AnyEndpoint>> = {
  pipeline_destinations: familyEndpoints("pipeline_destinations", true),
  pipeline_frontend_apps: familyEndpoints("pipeline_frontend_apps", true),
  pipeline_import_apps: familyEndpoints("pipeline_import_apps", true),
  pipeline_transformations: familyEndpoints("pipeline_transformations", false),
};

// ---- set-ups of apps in a project (PostHog's plugin_configs) ----

const configsTag = "plugin_configs";

export const listPluginConfigsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/plugin_configs/",
  environments: true,
  summary: "The project's app set-ups, by order (settings marked secret answered masked)",
  tag: configsTag,
  scope: "plugin:read",
  params: ZProjectParams,
  response: ZPluginConfig,
  paginated: true,
  handler: ({ url, actor, params }) => listPage(url, (page) => listPluginConfigs(actor, params.projectId, page)),
});

export const createPluginConfigEndpoint = endpoint({
  method: "POST",
  path: "/api/projects/{projectId}/plugin_configs/",
  environments: true,
  summary:
    "Set an app up in the project (a switched-on one needs its required settings); saved only, Hedgerow does not run pipeline apps yet",
  tag: configsTag,
  scope: "plugin:write",
  params: ZProjectParams,
  body: ZPluginConfigCreate,
  response: ZPluginConfig,
  status: 201,
  handler: ({ actor, params, body }) => createPluginConfig(actor, params.projectId, body),
});

export const retrievePluginConfigEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/plugin_configs/{configId}/",
  environments: true,
  summary: "Retrieve an app set-up, with its app",
  tag: configsTag,
  scope: "plugin:read",
  params: ZPluginConfigParams,
  response: ZPluginConfig,
  handler: ({ actor, params }) => getPluginConfig(actor, params.projectId, params.configId),
});

export const updatePluginConfigEndpoint = endpoint({
  method: "PATCH",
  path: "/api/projects/{projectId}/plugin_configs/{configId}/",
  environments: true,
  summary: "Change an app set-up; a secret setting left out (or null) keeps its value",
  tag: configsTag,
  scope: "plugin:write",
  params: ZPluginConfigParams,
  body: ZPluginConfigUpdate,
  response: ZPluginConfig,
  handler: ({ actor, params, body }) => updatePluginConfig(actor, params.projectId, params.configId, body),
});

export const deletePluginConfigEndpoint = endpoint({
  method: "DELETE",
  path: "/api/projects/{projectId}/plugin_configs/{configId}/",
  environments: true,
  summary: "Remove an app set-up (disabled and left out of lists)",
  tag: configsTag,
  scope: "plugin:write",
  params: ZPluginConfigParams,
  status: 204,
  handler: ({ actor, params }) => deletePluginConfig(actor, params.projectId, params.configId),
});

export const testPluginConfigEndpoint = endpoint({
  method: "POST",
  path: "/api/projects/{projectId}/plugin_configs/{configId}/test/",
  environments: true,
  summary:
    "Run an app Hedgerow runs, with its current settings, on an event (or a sample one): a transformation's output event (null when dropped), or a destination's requests with secrets masked. Nothing is stored or sent",
  tag: configsTag,
  scope: "plugin:read",
  params: ZPluginConfigParams,
  body: ZPluginConfigTest,
  response: ZPluginConfigTestResult,
  handler: ({ actor, params, body }) => testPluginConfig(actor, params.projectId, params.configId, body),
});
