import { endpoint } from "@/lib/api/endpoint";
import { ZProjectParams } from "@/lib/projects/schemas";
import { groupPropertyValues } from "@/lib/definitions/values";
import { ZPersonPropertyValue } from "@/lib/definitions/schemas";
import { ZGroup, ZGroupFindQuery, ZGroupType, ZGroupTypesMetadata, ZGroupsPage, ZGroupsQuery, ZGroupValuesQuery } from "./schemas";
import { findGroup, listGroupTypes, listGroups, updateGroupTypesMetadata } from "./service";
import { relatedActors } from "./related";
import { ZRelatedActors, ZRelatedQuery } from "./related-schemas";
import { z } from "zod";

const tag = "groups";

export const listGroupTypesEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/groups_types/",
  environments: true,
  summary: "The project's group types by index, as ingestion first saw them (at most 5)",
  tag,
  scope: "group:read",
  params: ZProjectParams,
  response: z.array(ZGroupType),
  handler: ({ actor, params }) => listGroupTypes(actor, params.projectId),
});

export const updateGroupTypesMetadataEndpoint = endpoint({
  method: "PATCH",
  path: "/api/projects/{projectId}/groups_types/update_metadata/",
  environments: true,
  summary: "Name group types (singular and plural, by index)",
  tag,
  scope: "group:write",
  params: ZProjectParams,
  body: ZGroupTypesMetadata,
  response: z.array(ZGroupType),
  handler: ({ actor, params, body }) => updateGroupTypesMetadata(actor, params.projectId, body),
});

export const replaceGroupTypesMetadataEndpoint = endpoint({ ...updateGroupTypesMetadataEndpoint, method: "PUT" });

export const listGroupsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/groups/",
  environments: true,
  summary: "A group type's groups, newest first (cursor pages of 100; search by key or property value)",
  tag,
  scope: "group:read",
  params: ZProjectParams,
  query: ZGroupsQuery,
  response: ZGroupsPage,
  handler: ({ actor, params, query, url }) => listGroups(actor, params.projectId, query, url),
});

export const findGroupEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/groups/find/",
  environments: true,
  summary: "One group by type index and key",
  tag,
  scope: "group:read",
  params: ZProjectParams,
  query: ZGroupFindQuery,
  response: ZGroup,
  handler: ({ actor, params, query }) => findGroup(actor, params.projectId, query),
});

export const relatedActorsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/groups/related/",
  environments: true,
  summary: "The persons and groups that shared events with a group (or the groups a person's events carry) in the last 90 days",
  tag,
  scope: "group:read",
  params: ZProjectParams,
  query: ZRelatedQuery,
  response: ZRelatedActors,
  handler: ({ actor, params, query }) => relatedActors(actor, params.projectId, query),
});

export const groupPropertyValuesEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/groups/property_values/",
  environments: true,
  summary: "The values a group property has among a type's groups, with how many groups have each, most frequent first, at most 50",
  tag,
  scope: "group:read",
  params: ZProjectParams,
  query: ZGroupValuesQuery,
  response: z.array(ZPersonPropertyValue),
  handler: ({ actor, params, query }) => groupPropertyValues(actor, params.projectId, query),
});
