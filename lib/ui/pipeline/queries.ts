import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/ui/api-client";
import { pluginKeys } from "@/lib/ui/query-keys";
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
