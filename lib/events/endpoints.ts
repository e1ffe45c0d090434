import { endpoint } from "@/lib/api/endpoint";
import { ZProjectParams } from "@/lib/projects/schemas";
import { ZEventList, ZEventListQuery, ZEventSummary } from "./schemas";
import { listEvents } from "./service";
import { eventSummary } from "./summary";

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

export const eventSummaryEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/events/summary/",
  environments: true,
  summary: "What a project holds: its events of the last 24 hours and 30 days, its newest event's time, its top events",
  tag: "events",
  scope: "query:read",
  params: ZProjectParams,
  response: ZEventSummary,
  handler: ({ actor, params }) => eventSummary(actor, params.projectId),
});
