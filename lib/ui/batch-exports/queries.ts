import { queryOptions } from "@tanstack/react-query";
import type { PaginatedList } from "@/lib/api/pagination";
import { api, ApiRequestError, searchParams } from "@/lib/ui/api-client";
import { batchExportKeys, type BatchExportLogParams, type BatchExportRunListParams } from "@/lib/ui/query-keys";
import type { TBatchExport, TBatchExportLogEntry, TBatchExportRun } from "@/lib/ui/types";

// Saved insights, dashboards, and whether a project has events (issue 8)
// Batch exports (issue 9)

const batchExportsPath = (organizationId: string) => `/api/organizations/${organizationId}/batch_exports/`;

/** Whether a run may still change on its own: pages showing one refresh until none is. */
export const isRunActive = (run: Pick<TBatchExportRun, "status">) => run.status === "Starting" || run.status === "Running";

const ACTIVE_REFRESH_MS = 3_000;

/** Every export of the organization (newest first), each with its latest runs; refreshed while a run is under way. */
export const batchExportsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: batchExportKeys.list(organizationId),
    queryFn: ({ signal }) => api.getAll<TBatchExport>(batchExportsPath(organizationId), { signal }),
    refetchInterval: (query) => (query.state.data?.some((item) => item.latest_runs.some(isRunActive)) ? ACTIVE_REFRESH_MS : false),
  });

export const batchExportQuery = (organizationId: string, exportId: string) =>
  queryOptions({
    queryKey: batchExportKeys.detail(organizationId, exportId),
    queryFn: ({ signal }) => api.get<TBatchExport>(`${batchExportsPath(organizationId)}${exportId}/`, { signal }),
    retry: (failures, error) => !(error instanceof ApiRequestError && error.status < 500) && failures < 3,
  });

/** One page of an export's runs, newest first; refreshed while any of them is under way. */
export const batchExportRunsQuery = (organizationId: string, exportId: string, params: BatchExportRunListParams) =>
  queryOptions({
    queryKey: batchExportKeys.runs(organizationId, exportId, params),
    queryFn: ({ signal }) =>
      api.get<PaginatedList<TBatchExportRun>>(
        `${batchExportsPath(organizationId)}${exportId}/runs/?${searchParams({ status: params.status, offset: String(params.offset), limit: String(params.limit) })}`,
        { signal },
      ),
    placeholderData: (previous) => previous,
    refetchInterval: (query) => (query.state.data?.results.some(isRunActive) ? ACTIVE_REFRESH_MS : false),
  });

/** One page of an export's log entries, newest first. */
export const batchExportLogsQuery = (organizationId: string, exportId: string, params: BatchExportLogParams) =>
  queryOptions({
    queryKey: batchExportKeys.logs(organizationId, exportId, params),
    queryFn: ({ signal }) =>
      api.get<PaginatedList<TBatchExportLogEntry>>(
        `${batchExportsPath(organizationId)}${exportId}/logs/?${searchParams({
          level: params.level,
          search: params.search,
          instance_id: params.instance_id,
          offset: String(params.offset),
          limit: String(params.limit),
        })}`,
        { signal },
      ),
    placeholderData: (previous) => previous,
  });
