import { endpoint } from "@/lib/api/endpoint";
import { ZProjectParams } from "@/lib/projects/schemas";
import { ZEventList, ZEventListQuery } from "./schemas";
import { listEvents } from "./service";

export const listEventsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/events/",
  environments: true,
  summary: "List a project's latest events, newest first (filter by event name, time, distinct id or person)",
  tag: "events",
  scope: "query:read",
  params: ZProjectParams,
  query: ZEventListQuery,
  response: ZEventList,
  handler: ({ url, actor, params, query }) => listEvents(actor, params.projectId, query, url),
});
