import { endpoint } from "@/lib/api/endpoint";
import { listPage } from "@/lib/api/pagination";
import { refreshMode, type RefreshMode } from "@/lib/analytics/results-cache/refresh";
import { ZSharingConfiguration, ZSharingUpdate } from "@/lib/insights/schemas";
import { ZProjectParams } from "@/lib/projects/schemas";
import {
  ZDashboard,
  ZDashboardBasic,
  ZDashboardCreate,
  ZDashboardListQuery,
  ZDashboardParams,
  ZDashboardRetrieveQuery,
  ZDashboardUpdate,
} from "./schemas";
import { createDashboard, listDashboards, requireEditableDashboard, retrieveDashboard, updateDashboard } from "./service";
import { getDashboardSharing, refreshDashboardSharingToken, updateDashboardSharing } from "./sharing";

const tag = "dashboards";

export const listDashboardsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/dashboards/",
  environments: true,
  summary: "List the project's dashboards (not deleted), pinned first, then by name; `search` in name and description",
  tag,
  scope: "dashboard:read",
  params: ZProjectParams,
  query: ZDashboardListQuery,
  response: ZDashboardBasic,
  paginated: true,
  handler: ({ url, actor, params, query }) => listPage(url, (page) => listDashboards(actor, params.projectId, query, page)),
});

export const createDashboardEndpoint = endpoint({
  method: "POST",
  path: "/api/projects/{projectId}/dashboards/",
  environments: true,
  summary: "Create a dashboard; `use_dashboard` duplicates one (its tiles, on the same insights, and its filters)",
  tag,
  scope: "dashboard:write",
  params: ZProjectParams,
  body: ZDashboardCreate,
  response: ZDashboard,
  status: 201,
  handler: ({ actor, params, body }) => createDashboard(actor, params.projectId, body),
});

export const retrieveDashboardEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/dashboards/{dashboardId}/",
  environments: true,
  summary: "Retrieve a dashboard with its tiles; each insight is computed as `refresh` says, with the dashboard's filters",
  tag,
  scope: "dashboard:read",
  params: ZDashboardParams,
  query: ZDashboardRetrieveQuery,
  response: ZDashboard,
  handler: ({ actor, params, query }) =>
    retrieveDashboard(actor, params.projectId, params.dashboardId, refreshMode(query.refresh) as RefreshMode),
});

export const updateDashboardEndpoint = endpoint({
  method: "PATCH",
  path: "/api/projects/{projectId}/dashboards/{dashboardId}/",
  environments: true,
  summary:
    "Update a dashboard and its tiles' layouts and colors; `deleted: true` deletes it (softly, its tiles too, and with `delete_insights` the insights on no other dashboard), `deleted: false` restores it",
  tag,
  scope: "dashboard:write",
  params: ZDashboardParams,
  body: ZDashboardUpdate,
  response: ZDashboard,
  handler: ({ actor, params, body }) => updateDashboard(actor, params.projectId, params.dashboardId, body),
});

/** PostHog's ForbidDestroyModel, as for insights: after authorization and lookup, 405 with an empty body. */
export const deleteDashboardEndpoint = endpoint({
  method: "DELETE",
  path: "/api/projects/{projectId}/dashboards/{dashboardId}/",
  environments: true,
  summary: "Always 405 with an empty body: dashboards are not hard-deleted; PATCH `deleted: true` instead",
  tag,
  scope: "dashboard:write",
  params: ZDashboardParams,
  status: 405,
  handler: async ({ actor, params }) => {
    await requireEditableDashboard(actor, params.projectId, params.dashboardId);
  },
});

// Sharing: the insights' sharing configuration, for a dashboard (PostHog's `dashboards/:id/sharing/`).

export const dashboardSharingEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/dashboards/{dashboardId}/sharing/",
  environments: true,
  summary: "The dashboard's sharing configuration (disabled until enabled)",
  tag,
  scope: "sharing_configuration:read",
  params: ZDashboardParams,
  response: ZSharingConfiguration,
  handler: ({ actor, params }) => getDashboardSharing(actor, params.projectId, params.dashboardId),
});

export const updateDashboardSharingEndpoint = endpoint({
  method: "PATCH",
  path: "/api/projects/{projectId}/dashboards/{dashboardId}/sharing/",
  environments: true,
  summary: "Enable or disable public sharing of the dashboard (a read-only page at `/shared/<access_token>`)",
  tag,
  scope: "sharing_configuration:write",
  params: ZDashboardParams,
  body: ZSharingUpdate,
  response: ZSharingConfiguration,
  handler: ({ actor, params, body }) => updateDashboardSharing(actor, params.projectId, params.dashboardId, body),
});

export const refreshDashboardSharingEndpoint = endpoint({
  method: "POST",
  path: "/api/projects/{projectId}/dashboards/{dashboardId}/sharing/refresh/",
  environments: true,
  summary: "Replace the dashboard's sharing access token with a new one; the old one stops working at once",
  tag,
  scope: "sharing_configuration:write",
  params: ZDashboardParams,
  response: ZSharingConfiguration,
  handler: ({ actor, params }) => refreshDashboardSharingToken(actor, params.projectId, params.dashboardId),
});
