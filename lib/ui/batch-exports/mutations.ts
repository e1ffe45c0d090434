import { mutationOptions } from "@tanstack/react-query";
import { api } from "@/lib/ui/api-client";
import { batchExportKeys } from "@/lib/ui/query-keys";
import type {
  TBatchExport,
  TBatchExportBackfill,
  TBatchExportRun,
  TBatchExportUpdateBody,
  TBatchExportWrite,
  TConnectionTest,
  TConnectionTestBody,
} from "@/lib/ui/types";

// Batch exports (issue 9)

const batchExportPath = (organizationId: string, exportId?: string) =>
  `/api/organizations/${organizationId}/batch_exports/${exportId ? `${exportId}/` : ""}`;

export const createBatchExportMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: (body: TBatchExportWrite) => api.post<TBatchExport>(batchExportPath(organizationId), body),
    meta: { invalidates: [batchExportKeys.list(organizationId)] },
  });

/** The list shows each export's settings too; its runs and logs are unchanged but refreshed with it. */
export const updateBatchExportMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: ({ id, ...body }: { id: string } & TBatchExportUpdateBody) =>
      api.patch<TBatchExport>(batchExportPath(organizationId, id), body),
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
    mutationFn: (run: Pick<TBatchExportRun, "id" | "batch_export">) =>
      api.post<unknown>(`${batchExportPath(organizationId, run.batch_export)}runs/${run.id}/retry/`),
    meta: { invalidates: [batchExportKeys.organization(organizationId)] },
  });

export const cancelBatchExportRunMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: (run: Pick<TBatchExportRun, "id" | "batch_export">) =>
      api.post<unknown>(`${batchExportPath(organizationId, run.batch_export)}runs/${run.id}/cancel/`),
    meta: { invalidates: [batchExportKeys.organization(organizationId)] },
  });

/** Tries a destination's settings (nothing is saved, so nothing cached changes); the answer says whether it worked. */
export const testBatchExportDestinationMutation = (organizationId: string) =>
  mutationOptions({
    mutationFn: (body: TConnectionTestBody) => api.post<TConnectionTest>(`${batchExportPath(organizationId)}test/`, body),
  });
