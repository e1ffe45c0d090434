import { endpoint } from "@/lib/api/endpoint";
import { listPage } from "@/lib/api/pagination";
import { ZProjectParams } from "@/lib/projects/schemas";
import { ZAlert, ZAlertListQuery, ZAlertParams, ZAlertWrite } from "./schemas";
import { createAlert, deleteAlert, listAlerts, retrieveAlert, updateAlert } from "./service";

const tag = "alerts";

export const listAlertsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/alerts/",
  environments: true,
  summary: "List the project's alerts on insights (newest first), each with its latest checks",
  tag,
  scope: "alert:read",
  params: ZProjectParams,
  query: ZAlertListQuery,
  response: ZAlert,
  paginated: true,
  handler: ({ url, actor, params, query }) => listPage(url, (page) => listAlerts(actor, params.projectId, query.insight, page)),
});

export const createAlertEndpoint = endpoint({
  method: "POST",
  path: "/api/projects/{projectId}/alerts/",
  environments: true,
  summary:
    "Create an alert on a trends insight: a threshold on one series, checked at once and then every `calculation_interval`; subscribers are e-mailed and `webhook_url` POSTed when it fires or resolves",
  tag,
  scope: "alert:write",
  params: ZProjectParams,
  body: ZAlertWrite,
  response: ZAlert,
  status: 201,
  handler: ({ actor, params, body }) => createAlert(actor, params.projectId, body),
});

export const retrieveAlertEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/alerts/{alertId}/",
  environments: true,
  summary: "Retrieve an alert with its latest checks",
  tag,
  scope: "alert:read",
  params: ZAlertParams,
  response: ZAlert,
  handler: ({ actor, params }) => retrieveAlert(actor, params.projectId, params.alertId),
});

export const updateAlertEndpoint = endpoint({
  method: "PATCH",
  path: "/api/projects/{projectId}/alerts/{alertId}/",
  environments: true,
  summary: "Update an alert; a change of what it checks makes it due at once",
  tag,
  scope: "alert:write",
  params: ZAlertParams,
  body: ZAlertWrite,
  response: ZAlert,
  handler: ({ actor, params, body }) => updateAlert(actor, params.projectId, params.alertId, body),
});

export const replaceAlertEndpoint = endpoint({
  ...updateAlertEndpoint,
  method: "PUT",
  summary: "Update an alert (as PATCH: every field is optional)",
});

export const deleteAlertEndpoint = endpoint({
  method: "DELETE",
  path: "/api/projects/{projectId}/alerts/{alertId}/",
  environments: true,
  summary: "Delete an alert and its checks",
  tag,
  scope: "alert:write",
  params: ZAlertParams,
  status: 204,
  handler: ({ actor, params }) => deleteAlert(actor, params.projectId, params.alertId),
});
