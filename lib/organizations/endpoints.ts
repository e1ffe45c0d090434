import { endpoint } from "@/lib/api/endpoint";
import { listPage } from "@/lib/api/pagination";
import { ZOrganization, ZOrganizationCreate, ZOrganizationParams, ZOrganizationUpdate } from "./schemas";
import { createOrganization, deleteOrganization, getOrganization, listOrganizations, updateOrganization } from "./service";

const tag = "organizations";

export const listOrganizationsEndpoint = endpoint({
  method: "GET",
  path: "/api/organizations/",
  summary: "List the organizations you belong to",
  tag,
  scope: "organization:read",
  response: ZOrganization,
  paginated: true,
  handler: ({ url, actor }) => listPage(url, (page) => listOrganizations(actor, page)),
});

export const createOrganizationEndpoint = endpoint({
  method: "POST",
  path: "/api/organizations/",
  summary: "Create an organization (you become its owner; it gets a default project)",
  tag,
  scope: "organization:write",
  body: ZOrganizationCreate,
  response: ZOrganization,
  status: 201,
  handler: ({ actor, body }) => createOrganization(actor, body),
});

export const retrieveOrganizationEndpoint = endpoint({
  method: "GET",
  path: "/api/organizations/{organizationId}/",
  summary: "Retrieve an organization (`@current` for yours)",
  tag,
  scope: "organization:read",
  params: ZOrganizationParams,
  response: ZOrganization,
  handler: ({ actor, params }) => getOrganization(actor, params.organizationId),
});

export const updateOrganizationEndpoint = endpoint({
  method: "PATCH",
  path: "/api/organizations/{organizationId}/",
  summary: "Update an organization (admins and owners)",
  tag,
  scope: "organization:write",
  params: ZOrganizationParams,
  body: ZOrganizationUpdate,
  response: ZOrganization,
  handler: ({ actor, params, body }) => updateOrganization(actor, params.organizationId, body),
});

export const deleteOrganizationEndpoint = endpoint({
  method: "DELETE",
  path: "/api/organizations/{organizationId}/",
  summary: "Delete an organization with its projects (owners only)",
  tag,
  scope: "organization:write",
  params: ZOrganizationParams,
  status: 204,
  handler: ({ actor, params }) => deleteOrganization(actor, params.organizationId),
});
