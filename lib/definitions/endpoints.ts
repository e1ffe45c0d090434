import { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";
import { listPage } from "@/lib/api/pagination";
import { ZProjectParams } from "@/lib/projects/schemas";
import {
  eventNamesParam,
  ZEventDefinition,
  ZEventDefinitionListQuery,
  ZEventDefinitionParams,
  ZEventDefinitionUpdate,
  ZEventPropertyValue,
  ZEventValuesQuery,
  ZPersonPropertyValue,
  ZPersonValuesQuery,
  ZPropertyDefinition,
  ZPropertyDefinitionListQuery,
  ZPropertyDefinitionParams,
  ZPropertyDefinitionUpdate,
} from "./schemas";
import { ZInsightUsage } from "@/lib/insights/usage";
import {
  deleteEventDefinition,
  deletePropertyDefinition,
  eventDefinitionInsights,
  getEventDefinition,
  getPropertyDefinition,
  listEventDefinitions,
  listPropertyDefinitions,
  propertyDefinitionInsights,
  updateEventDefinition,
  updatePropertyDefinition,
} from "./service";
import { eventPropertyValues, personPropertyValues } from "./values";

const tag = "definitions";

// ---- event definitions ----

export const listEventDefinitionsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/event_definitions/",
  environments: true,
  summary: "List the event names the project has received: latest seen first, then by name; `volume_30_day` from the events",
  tag,
  scope: "event_definition:read",
  params: ZProjectParams,
  query: ZEventDefinitionListQuery,
  response: ZEventDefinition,
  paginated: true,
  handler: ({ url, actor, params, query }) => listPage(url, (page) => listEventDefinitions(actor, params.projectId, query, page)),
});

export const retrieveEventDefinitionEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/event_definitions/{eventDefinitionId}/",
  environments: true,
  summary: "Retrieve an event definition",
  tag,
  scope: "event_definition:read",
  params: ZEventDefinitionParams,
  response: ZEventDefinition,
  handler: ({ actor, params }) => getEventDefinition(actor, params.projectId, params.eventDefinitionId),
});

export const updateEventDefinitionEndpoint = endpoint({
  method: "PATCH",
  path: "/api/projects/{projectId}/event_definitions/{eventDefinitionId}/",
  environments: true,
  summary: "Update an event definition's description, tags, `verified` and `hidden` (hiding unverifies, verifying unhides)",
  tag,
  scope: "event_definition:write",
  params: ZEventDefinitionParams,
  body: ZEventDefinitionUpdate,
  response: ZEventDefinition,
  handler: ({ actor, params, body }) => updateEventDefinition(actor, params.projectId, params.eventDefinitionId, body),
});

export const replaceEventDefinitionEndpoint = endpoint({
  ...updateEventDefinitionEndpoint,
  method: "PUT",
  summary: "Update an event definition (as PATCH: every field is optional)",
});

export const deleteEventDefinitionEndpoint = endpoint({
  method: "DELETE",
  path: "/api/projects/{projectId}/event_definitions/{eventDefinitionId}/",
  environments: true,
  summary: "Delete an event definition (its events stay; the next one of that name defines it again)",
  tag,
  scope: "event_definition:write",
  params: ZEventDefinitionParams,
  status: 204,
  handler: ({ actor, params }) => deleteEventDefinition(actor, params.projectId, params.eventDefinitionId),
});

export const eventDefinitionInsightsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/event_definitions/{eventDefinitionId}/insights/",
  environments: true,
  summary: "The insights whose series or steps use this event: how many, and the most recently changed (Hedgerow)",
  tag,
  scope: "insight:read",
  params: ZEventDefinitionParams,
  response: ZInsightUsage,
  handler: ({ actor, params }) => eventDefinitionInsights(actor, params.projectId, params.eventDefinitionId),
});

// ---- property definitions ----

export const listPropertyDefinitionsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/property_definitions/",
  environments: true,
  summary: "List the project's event (or person) properties by name; with `event_names`, those seen with these events first",
  tag,
  scope: "property_definition:read",
  params: ZProjectParams,
  query: ZPropertyDefinitionListQuery,
  response: ZPropertyDefinition,
  paginated: true,
  handler: ({ url, actor, params, query }) => listPage(url, (page) => listPropertyDefinitions(actor, params.projectId, query, page)),
});

export const retrievePropertyDefinitionEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/property_definitions/{propertyDefinitionId}/",
  environments: true,
  summary: "Retrieve a property definition",
  tag,
  scope: "property_definition:read",
  params: ZPropertyDefinitionParams,
  response: ZPropertyDefinition,
  handler: ({ actor, params }) => getPropertyDefinition(actor, params.projectId, params.propertyDefinitionId),
});

export const updatePropertyDefinitionEndpoint = endpoint({
  method: "PATCH",
  path: "/api/projects/{projectId}/property_definitions/{propertyDefinitionId}/",
  environments: true,
  summary: "Update a property definition's description, tags, `verified`, `hidden` or `property_type` (which sets `is_numerical`)",
  tag,
  scope: "property_definition:write",
  params: ZPropertyDefinitionParams,
  body: ZPropertyDefinitionUpdate,
  response: ZPropertyDefinition,
  handler: ({ actor, params, body }) => updatePropertyDefinition(actor, params.projectId, params.propertyDefinitionId, body),
});

export const replacePropertyDefinitionEndpoint = endpoint({
  ...updatePropertyDefinitionEndpoint,
  method: "PUT",
  summary: "Update a property definition (as PATCH: every field is optional)",
});

export const deletePropertyDefinitionEndpoint = endpoint({
  method: "DELETE",
  path: "/api/projects/{projectId}/property_definitions/{propertyDefinitionId}/",
  environments: true,
  summary: "Delete a property definition (the next event or person update with it defines it again)",
  tag,
  scope: "property_definition:write",
  params: ZPropertyDefinitionParams,
  status: 204,
  handler: ({ actor, params }) => deletePropertyDefinition(actor, params.projectId, params.propertyDefinitionId),
});

export const propertyDefinitionInsightsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/property_definitions/{propertyDefinitionId}/insights/",
  environments: true,
  summary: "The insights filtering or breaking down by this property: how many, and the most recently changed (Hedgerow)",
  tag,
  scope: "insight:read",
  params: ZPropertyDefinitionParams,
  response: ZInsightUsage,
  handler: ({ actor, params }) => propertyDefinitionInsights(actor, params.projectId, params.propertyDefinitionId),
});

// ---- property values ----

export const eventValuesEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/events/values/",
  environments: true,
  summary: `The values a property took in the last 7 days' events (of \`event_name\`), most frequent first, at most 50`,
  tag,
  scope: "query:read",
  params: ZProjectParams,
  query: ZEventValuesQuery,
  response: z.array(ZEventPropertyValue),
  handler: ({ url, actor, params, query }) => eventPropertyValues(actor, params.projectId, query, eventNamesParam(url)),
});

export const personValuesEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/persons/values/",
  environments: true,
  summary: "The values a person property has, with how many persons have each, most frequent first, at most 50",
  tag,
  scope: "person:read",
  params: ZProjectParams,
  query: ZPersonValuesQuery,
  response: z.array(ZPersonPropertyValue),
  handler: ({ actor, params, query }) => personPropertyValues(actor, params.projectId, query),
});

export const currentPersonValuesEndpoint = endpoint({
  ...personValuesEndpoint,
  path: "/api/person/values/",
  // The legacy path has no environments twin.
  environments: false,
  summary: "The values a person property has, in the caller's current project (legacy URL)",
  params: undefined,
  handler: ({ actor, query }) => personPropertyValues(actor, "@current", query),
});
