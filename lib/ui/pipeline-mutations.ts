import { mutationOptions } from "@tanstack/react-query";
import { api } from "@/lib/ui/api-client";
import { batchExportKeys, pluginKeys } from "@/lib/ui/query-keys";
import type { TBatchExport, TBatchExportBackfill, TBatchExportRun, TBatchExportUpdateBody, TBatchExportWrite, TConnectionTest, TConnectionTestBody, TPlugin, TPluginConfig } from "@/lib/ui/types";
import type { TPluginConfigUpdate } from "@/lib/plugins/schemas";

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
    mutationFn: ({ family, plugin }: { family: string; plugin: TPlugin }) => api.post<TPlugin>(`${appPath(organizationId, family, plugin.id)}upgrade/`),
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
    mutationFn: ({ projectId, configId, pluginId, ...body }: { projectId: number; configId: number | null; pluginId: number } & TPluginConfigUpdate) =>
      configId === null
        ? api.post<TPluginConfig>(`/api/projects/${projectId}/plugin_configs/`, { plugin: pluginId, ...body })
        : api.patch<TPluginConfig>(`/api/projects/${projectId}/plugin_configs/${configId}/`, body),
    meta: { invalidates: [pluginKeys.organization(organizationId)] },
  });

// Batch exports (issue 9)

const batchExportPath = (organizationId: string, exportId?: string) => `/api/organizations/${organizationId}/batch_exports/${exportId ? `${exportId}/` : ""}`;

export const createBatchExportMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: (body: TBatchExportWrite) => api.post<TBatchExport>(batchExportPath(organizationId), body),
    meta: { invalidates: [batchExportKeys.list(organizationId)] },
  });

/** The list shows each export's settings too; its runs and logs are unchanged but refreshed with it. */
export const updateBatchExportMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: ({ id, ...body }: { id: string } & TBatchExportUpdateBody) => api.patch<TBatchExport>(batchExportPath(organizationId, id), body),
    meta: { invalidates: [batchExportKeys.organization(organizationId)] },
  });

export const deleteBatchExportMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: (batchExport: Pick<TBatchExport, "id">) => api.delete(batchExportPath(organizationId, batchExport.id)),
    meta: { invalidates: [batchExportKeys.list(organizationId)] },
  });

export const pauseBatchExportMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: (batchExport: Pick<TBatchExport, "id">) => api.post<unknown>(`${batchExportPath(organizationId, batchExport.id)}pause/`),
    meta: { invalidates: [batchExportKeys.organization(organizationId)] },
  });

/** `backfill`: also export the intervals that passed while it was paused (new runs). */
export const unpauseBatchExportMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: ({ batchExport, backfill }: { batchExport: Pick<TBatchExport, "id">; backfill: boolean }) =>
      api.post<unknown>(`${batchExportPath(organizationId, batchExport.id)}unpause/`, { backfill }),
    meta: { invalidates: [batchExportKeys.organization(organizationId)] },
  });

/** One new run per interval of the range: the runs, the logs and the list's latest runs change. */
export const backfillBatchExportMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: ({ batchExport, ...body }: { batchExport: Pick<TBatchExport, "id"> } & TBatchExportBackfill) =>
      api.post<{ backfill_id: string }>(`${batchExportPath(organizationId, batchExport.id)}backfill/`, body),
    meta: { invalidates: [batchExportKeys.organization(organizationId)] },
  });

export const retryBatchExportRunMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: (run: Pick<TBatchExportRun, "id" | "batch_export">) => api.post<unknown>(`${batchExportPath(organizationId, run.batch_export)}runs/${run.id}/retry/`),
    meta: { invalidates: [batchExportKeys.organization(organizationId)] },
  });

export const cancelBatchExportRunMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: (run: Pick<TBatchExportRun, "id" | "batch_export">) => api.post<unknown>(`${batchExportPath(organizationId, run.batch_export)}runs/${run.id}/cancel/`),
    meta: { invalidates: [batchExportKeys.organization(organizationId)] },
  });

/** Tries a destination's settings (nothing is saved, so nothing cached changes); the answer says whether it worked. */
export const testBatchExportDestinationMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: (body: TConnectionTestBody) => api.post<TConnectionTest>(`${batchExportPath(organizationId)}test/`, body),
  });
