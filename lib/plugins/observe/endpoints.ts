import { endpoint } from "@/lib/api/endpoint";
import { ZPluginConfigParams } from "../schemas";
import { listPluginLogs } from "./read-logs";
import { pluginConfigMetricsOf } from "./metrics";
import { ZPluginLogQuery, ZPluginLogs, ZPluginMetrics, ZPluginMetricsQuery } from "./schemas";

const tag = "plugin_configs";

export const pluginConfigMetricsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/plugin_configs/{configId}/metrics/",
  environments: true,
  summary:
    "An app set-up's events per hour (PostHog's app metrics): succeeded, failed, and filtered (dropped by a transformation or not matching a destination's filters)",
  tag,
  scope: "plugin:read",
  params: ZPluginConfigParams,
  query: ZPluginMetricsQuery,
  response: ZPluginMetrics,
  handler: ({ actor, params, query }) => pluginConfigMetricsOf(actor, params.projectId, params.configId, query),
});

export const pluginConfigLogsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/plugin_configs/{configId}/logs/",
  environments: true,
  summary: "An app set-up's log lines, newest first: failures, retries, disabling and test runs (kept 7 days, at most 1,000)",
  tag,
  scope: "plugin:read",
  params: ZPluginConfigParams,
  query: ZPluginLogQuery,
  response: ZPluginLogs,
  handler: ({ actor, params, query }) => listPluginLogs(actor, params.projectId, params.configId, query),
});
