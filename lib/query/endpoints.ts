import { endpoint } from "@/lib/api/endpoint";
import { ZProjectParams } from "@/lib/projects/schemas";
import { ZQueryIdParams, ZQueryRequest, ZQueryResponse, ZQueryStatusResponse } from "./schemas";
import { cancelQuery, getQueryStatus, runQuery } from "./service";

const tag = "query";

export const runQueryEndpoint = endpoint({
  method: "POST",
  path: "/api/projects/{projectId}/query/",
  environments: true,
  summary:
    "Run a query: HogQLQuery (SQL over events and persons), EventsQuery, or an analysis (TrendsQuery, FunnelsQuery, RetentionQuery, PathsQuery, StickinessQuery, bare or in an InsightVizNode); 202 while an async one runs",
  tag,
  scope: "query:read",
  params: ZProjectParams,
  body: ZQueryRequest,
  response: ZQueryResponse,
  alsoAccepted: true,
  handler: ({ actor, params, body }) => runQuery(actor, params.projectId, body),
});

export const queryStatusEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/query/{queryId}/",
  environments: true,
  summary: "The status of a query run in the background (`query_status.results` once complete)",
  tag,
  scope: "query:read",
  params: ZQueryIdParams,
  response: ZQueryStatusResponse,
  handler: ({ actor, params }) => getQueryStatus(actor, params.projectId, params.queryId),
});

export const cancelQueryEndpoint = endpoint({
  method: "DELETE",
  path: "/api/projects/{projectId}/query/{queryId}/",
  environments: true,
  summary: "Cancel a query running in the background",
  tag,
  scope: "query:read",
  params: ZQueryIdParams,
  status: 204,
  handler: ({ actor, params }) => cancelQuery(actor, params.projectId, params.queryId),
});
