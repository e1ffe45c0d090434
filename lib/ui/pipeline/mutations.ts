import { mutationOptions } from "@tanstack/react-query";
import { api } from "@/lib/ui/api-client";
import { pluginKeys } from "@/lib/ui/query-keys";
import type { TPlugin, TPluginConfig } from "@/lib/ui/types";
import type { TPluginConfigUpdate } from "@/lib/plugins/schemas";
import type { TPluginConfigTest, TPluginConfigTestResult } from "@/lib/plugins/test-schemas";

// The writes of the pipeline apps and batch exports, with their cache effects (see `WriteEffects`).

// Pipeline apps: every write changes what the organization's app pages show (lists, unused, activity, set-ups).

const appPath = (organizationId: string, family: string, pluginId?: number) =>
  `/api/organizations/${organizationId}/${family}/${pluginId === undefined ? "" : `${pluginId}/`}`;

export const installPluginMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: ({ family, url }: { family: string; url: string }) => api.post<TPlugin>(appPath(organizationId, family), { url }),
    meta: { invalidates: [pluginKeys.organization(organizationId)] },
  });

export const uninstallPluginMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: ({ family, plugin }: { family: string; plugin: TPlugin }) => api.delete(appPath(organizationId, family, plugin.id)),
    meta: { invalidates: [pluginKeys.organization(organizationId)] },
  });

/** `check_for_updates/` is a GET that records the catalog's tag: a write as far as the cache is concerned. */
export const checkPluginUpdatesMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: ({ family, plugin }: { family: string; plugin: TPlugin }) =>
      api.get<{ plugin: TPlugin }>(`${appPath(organizationId, family, plugin.id)}check_for_updates/`),
    meta: { invalidates: [pluginKeys.organization(organizationId)] },
  });

export const upgradePluginMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: ({ family, plugin }: { family: string; plugin: TPlugin }) =>
      api.post<TPlugin>(`${appPath(organizationId, family, plugin.id)}upgrade/`),
    meta: { invalidates: [pluginKeys.organization(organizationId)] },
  });

export const updatePluginSourceMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: ({ family, pluginId, files }: { family: string; pluginId: number; files: Record<string, string | null> }) =>
      api.patch<Record<string, string>>(`${appPath(organizationId, family, pluginId)}update_source/`, files),
    meta: { invalidates: [pluginKeys.organization(organizationId)] },
  });

/** Sets an app up in a project, or changes its set-up there. */
export const savePluginConfigMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: ({
      projectId,
      configId,
      pluginId,
      ...body
    }: { projectId: number; configId: number | null; pluginId: number } & TPluginConfigUpdate) =>
      configId === null
        ? api.post<TPluginConfig>(`/api/projects/${projectId}/plugin_configs/`, { plugin: pluginId, ...body })
        : api.patch<TPluginConfig>(`/api/projects/${projectId}/plugin_configs/${configId}/`, body),
    meta: { invalidates: [pluginKeys.organization(organizationId)] },
  });

/** Runs a set-up's app, with its saved settings, on an event (nothing is saved, so nothing cached changes). */
export const testPluginConfigMutation = () =>
  mutationOptions({
    mutationFn: ({ projectId, configId, event }: { projectId: number; configId: number } & TPluginConfigTest) =>
      api.post<TPluginConfigTestResult>(`/api/projects/${projectId}/plugin_configs/${configId}/test/`, event ? { event } : {}),
  });
