import type { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";
import { listPage, paginate } from "@/lib/api/pagination";
import { ZOrganizationParams } from "@/lib/organizations/schemas";
import { ZProjectParams } from "@/lib/projects/schemas";
import {
  ZBatchExport,
  ZBatchExportBackfill,
  ZBatchExportBackfillResult,
  ZBatchExportCreate,
  ZBatchExportLogEntry,
  ZBatchExportLogsQuery,
  ZBatchExportPauseResult,
  ZBatchExportReplace,
  ZBatchExportRun,
  ZBatchExportRunCancelResult,
  ZBatchExportRunsQuery,
  ZBatchExportUnpause,
  ZBatchExportUpdate,
  ZOrganizationBatchExportParams,
  ZOrganizationBatchExportRunParams,
  ZProjectBatchExportParams,
  ZProjectBatchExportRunParams,
} from "./schemas";
import { createBatchExport, deleteBatchExport, getBatchExport, listBatchExports, updateBatchExport } from "./exports";
import { backfillBatchExport, pauseBatchExport, unpauseBatchExport } from "./pausing";
import type { BatchExportsOwner } from "./reach";
import { cancelRun, getRun, listLogs, listRuns, retryRun } from "./runs";

const tag = "batch_exports";

type Params<T> = z.ZodType<T & Record<string, unknown>>;

/**
 * Every batch export operation under one prefix: PostHog serves them under an organization (its projects' exports)
 * and under a project; both declare the same operations, with the same scopes.
 */
function batchExportRoutes<Scope>(route: {
  prefix: string;
  params: Params<Scope>;
  exportParams: Params<Scope & { batchExportId: string }>;
  runParams: Params<Scope & { batchExportId: string; runId: string }>;
  owner: (params: Scope) => BatchExportsOwner;
  where: string;
  /** Also served at `/api/environments/{projectId}/…` (project routes, as PostHog). */
  environments?: boolean;
}) {
  const { prefix, params, exportParams, runParams, owner, where, environments } = route;
  const item = `${prefix}{batchExportId}/`;
  const run = `${item}runs/{runId}/`;
  return {
    list: endpoint({
      method: "GET",
      path: prefix,
      environments,
      summary: `List ${where} batch exports, newest first, each with its 10 latest runs`,
      tag,
      scope: "batch_export:read",
      params,
      response: ZBatchExport,
      paginated: true,
      handler: ({ url, actor, params }) => listPage(url, (page) => listBatchExports(actor, owner(params), page)),
    }),
    create: endpoint({
      method: "POST",
      path: prefix,
      environments,
      summary: `Create a batch export of ${where === "the project's" ? "the project" : "one of the organization's projects (`team_id`)"}; its destination config is checked for its type`,
      tag,
      scope: "batch_export:write",
      params,
      body: ZBatchExportCreate,
      response: ZBatchExport,
      status: 201,
      handler: ({ actor, params, body }) => createBatchExport(actor, owner(params), body),
    }),
    retrieve: endpoint({
      method: "GET",
      path: item,
      environments,
      summary: "Retrieve a batch export (secret config fields are never returned)",
      tag,
      scope: "batch_export:read",
      params: exportParams,
      response: ZBatchExport,
      handler: ({ actor, params }) => getBatchExport(actor, owner(params), params.batchExportId),
    }),
    update: endpoint({
      method: "PATCH",
      path: item,
      environments,
      summary: "Update a batch export; `destination.config` is merged into the stored config",
      tag,
      scope: "batch_export:write",
      params: exportParams,
      body: ZBatchExportUpdate,
      response: ZBatchExport,
      handler: ({ actor, params, body }) => updateBatchExport(actor, owner(params), params.batchExportId, body),
    }),
    replace: endpoint({
      method: "PUT",
      path: item,
      environments,
      summary:
        "Replace a batch export's settings (every writable field, as on create); `destination.config` is merged into the stored config as on PATCH",
      tag,
      scope: "batch_export:write",
      params: exportParams,
      body: ZBatchExportReplace,
      response: ZBatchExport,
      handler: ({ actor, params, body }) => updateBatchExport(actor, owner(params), params.batchExportId, body),
    }),
    remove: endpoint({
      method: "DELETE",
      path: item,
      environments,
      summary: "Delete a batch export (kept as deleted; its pending runs are cancelled)",
      tag,
      scope: "batch_export:write",
      params: exportParams,
      status: 204,
      handler: ({ actor, params }) => deleteBatchExport(actor, owner(params), params.batchExportId),
    }),
    backfill: endpoint({
      method: "POST",
      path: `${item}backfill/`,
      environments,
      summary: "Backfill `[start_at, end_at)`: one run per interval (at most 10,000)",
      tag,
      scope: "batch_export:write",
      params: exportParams,
      body: ZBatchExportBackfill,
      response: ZBatchExportBackfillResult,
      handler: ({ actor, params, body }) => backfillBatchExport(actor, owner(params), params.batchExportId, body),
    }),
    pause: endpoint({
      method: "POST",
      path: `${item}pause/`,
      environments,
      summary: "Pause a batch export: no runs are scheduled until it is unpaused",
      tag,
      scope: "batch_export:write",
      params: exportParams,
      response: ZBatchExportPauseResult,
      handler: ({ actor, params }) => pauseBatchExport(actor, owner(params), params.batchExportId),
    }),
    unpause: endpoint({
      method: "POST",
      path: `${item}unpause/`,
      environments,
      summary: "Unpause a batch export; with `backfill: true` the intervals missed while paused are backfilled",
      tag,
      scope: "batch_export:write",
      params: exportParams,
      body: ZBatchExportUnpause,
      response: ZBatchExportPauseResult,
      handler: ({ actor, params, body }) => unpauseBatchExport(actor, owner(params), params.batchExportId, body.backfill ?? false),
    }),
    logs: endpoint({
      method: "GET",
      path: `${item}logs/`,
      environments,
      summary: "A batch export's log entries, newest first, filtered by level, text, run and time",
      tag,
      // PostHog (2024) declares no scope here; reading logs is a read of the export.
      scope: "batch_export:read",
      params: exportParams,
      query: ZBatchExportLogsQuery,
      response: ZBatchExportLogEntry,
      paginated: true,
      handler: async ({ url, actor, params, query }) => {
        const { count, results } = await listLogs(actor, owner(params), params.batchExportId, query);
        return paginate(url, { limit: query.limit, offset: query.offset }, count, results);
      },
    }),
    runs: endpoint({
      method: "GET",
      path: `${item}runs/`,
      environments,
      summary: "A batch export's runs, newest first (optionally of one `status`)",
      tag,
      scope: "batch_export:read",
      params: exportParams,
      query: ZBatchExportRunsQuery,
      response: ZBatchExportRun,
      paginated: true,
      handler: ({ url, actor, params, query }) =>
        listPage(url, (page) => listRuns(actor, owner(params), params.batchExportId, query.status, page)),
    }),
    run: endpoint({
      method: "GET",
      path: run,
      environments,
      summary: "Retrieve a run of a batch export",
      tag,
      scope: "batch_export:read",
      params: runParams,
      response: ZBatchExportRun,
      handler: ({ actor, params }) => getRun(actor, owner(params), params.batchExportId, params.runId),
    }),
    retry: endpoint({
      method: "POST",
      path: `${run}retry/`,
      environments,
      summary: "Run a run's interval again (a new run, in a one-interval backfill)",
      tag,
      scope: "batch_export:write",
      params: runParams,
      response: ZBatchExportBackfillResult,
      handler: ({ actor, params }) => retryRun(actor, owner(params), params.batchExportId, params.runId),
    }),
    cancel: endpoint({
      method: "POST",
      path: `${run}cancel/`,
      environments,
      summary: "Cancel a run that has not finished",
      tag,
      scope: "batch_export:write",
      params: runParams,
      response: ZBatchExportRunCancelResult,
      handler: ({ actor, params }) => cancelRun(actor, owner(params), params.batchExportId, params.runId),
    }),
  };
}

const organizationRoutes = batchExportRoutes({
  prefix: "/api/organizations/{organizationId}/batch_exports/",
  params: ZOrganizationParams,
  exportParams: ZOrganizationBatchExportParams,
  runParams: ZOrganizationBatchExportRunParams,
  owner: (params) => ({ organizationId: params.organizationId }),
  where: "the organization's",
});

const projectRoutes = batchExportRoutes({
  prefix: "/api/projects/{projectId}/batch_exports/",
  params: ZProjectParams,
  exportParams: ZProjectBatchExportParams,
  runParams: ZProjectBatchExportRunParams,
  owner: (params) => ({ projectId: params.projectId }),
  where: "the project's",
  environments: true,
});

export const listBatchExportsEndpoint = organizationRoutes.list;
export const createBatchExportEndpoint = organizationRoutes.create;
export const retrieveBatchExportEndpoint = organizationRoutes.retrieve;
export const updateBatchExportEndpoint = organizationRoutes.update;
export const replaceBatchExportEndpoint = organizationRoutes.replace;
export const deleteBatchExportEndpoint = organizationRoutes.remove;
export const backfillBatchExportEndpoint = organizationRoutes.backfill;
export const pauseBatchExportEndpoint = organizationRoutes.pause;
export const unpauseBatchExportEndpoint = organizationRoutes.unpause;
export const listBatchExportLogsEndpoint = organizationRoutes.logs;
export const listBatchExportRunsEndpoint = organizationRoutes.runs;
export const retrieveBatchExportRunEndpoint = organizationRoutes.run;
export const retryBatchExportRunEndpoint = organizationRoutes.retry;
export const cancelBatchExportRunEndpoint = organizationRoutes.cancel;

export const listProjectBatchExportsEndpoint = projectRoutes.list;
export const createProjectBatchExportEndpoint = projectRoutes.create;
export const retrieveProjectBatchExportEndpoint = projectRoutes.retrieve;
export const updateProjectBatchExportEndpoint = projectRoutes.update;
export const replaceProjectBatchExportEndpoint = projectRoutes.replace;
export const deleteProjectBatchExportEndpoint = projectRoutes.remove;
export const backfillProjectBatchExportEndpoint = projectRoutes.backfill;
export const pauseProjectBatchExportEndpoint = projectRoutes.pause;
export const unpauseProjectBatchExportEndpoint = projectRoutes.unpause;
export const listProjectBatchExportLogsEndpoint = projectRoutes.logs;
export const listProjectBatchExportRunsEndpoint = projectRoutes.runs;
export const retrieveProjectBatchExportRunEndpoint = projectRoutes.run;
export const retryProjectBatchExportRunEndpoint = projectRoutes.retry;
export const cancelProjectBatchExportRunEndpoint = projectRoutes.cancel;
