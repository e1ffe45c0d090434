import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/ui/api-client";
import { pluginKeys } from "@/lib/ui/query-keys";
import type { TPluginLogs, TPluginMetrics } from "@/lib/plugins/observe/schemas";
import type { TActivityPage, TCatalogEntry, TPlugin, TPluginConfig } from "@/lib/ui/types";

// The queries of the pipeline apps and batch exports pages.

export const pluginsQuery = (organizationId: string, family: string) =>
  queryOptions({
    queryKey: pluginKeys.family(organizationId, family),
    queryFn: ({ signal }) => api.getAll<TPlugin>(`/api/organizations/${organizationId}/${family}/`, { signal }),
  });

/** The catalog shipped with Hedgerow (the same whichever family's path reads it). */
export const pluginRepositoryQuery = (organizationId: string) =>
  queryOptions({
    queryKey: pluginKeys.repository(organizationId),
    queryFn: ({ signal }) => api.get<TCatalogEntry[]>(`/api/organizations/${organizationId}/pipeline_destinations/repository/`, { signal }),
    staleTime: Infinity,
  });

export const pluginSourceQuery = (organizationId: string, family: string, pluginId: number) =>
  queryOptions({
    queryKey: pluginKeys.source(organizationId, family, pluginId),
    queryFn: ({ signal }) =>
      api.get<Record<string, string>>(`/api/organizations/${organizationId}/${family}/${pluginId}/source/`, { signal }),
  });

export const pluginActivityQuery = (organizationId: string, page: number) =>
  queryOptions({
    queryKey: pluginKeys.activity(organizationId, page),
    queryFn: ({ signal }) =>
      api.get<TActivityPage>(`/api/organizations/${organizationId}/pipeline_destinations/activity/?page=${page}&limit=20`, { signal }),
  });

/** The current project's set-ups of apps. */
export const pluginConfigsQuery = (organizationId: string, projectId: number) =>
  queryOptions({
    queryKey: pluginKeys.configs(organizationId, projectId),
    queryFn: ({ signal }) => api.getAll<TPluginConfig>(`/api/projects/${projectId}/plugin_configs/`, { signal }),
  });

/** A set-up's events per hour over the last day. */
export const pluginConfigMetricsQuery = (projectId: number, configId: number) =>
  queryOptions({
    queryKey: pluginKeys.metrics(projectId, configId),
    queryFn: ({ signal }) =>
      api.get<TPluginMetrics>(`/api/projects/${projectId}/plugin_configs/${configId}/metrics/?after=-24h`, { signal }),
  });

/** A set-up's newest log lines, of one level or all ("" ). */
export const pluginConfigLogsQuery = (projectId: number, configId: number, type: string) =>
  queryOptions({
    queryKey: pluginKeys.logs(projectId, configId, type),
    queryFn: ({ signal }) =>
      api.get<TPluginLogs>(`/api/projects/${projectId}/plugin_configs/${configId}/logs/?limit=50${type ? `&type_filter=${type}` : ""}`, {
        signal,
      }),
  });
