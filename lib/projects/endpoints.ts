import { endpoint } from "@/lib/api/endpoint";
import { listPage } from "@/lib/api/pagination";
import { ZOrganizationParams } from "@/lib/organizations/schemas";
import { ZProject, ZProjectCreate, ZProjectParams, ZProjectUpdate } from "./schemas";
import { createProject, deleteProject, getProject, listOrganizationProjects, listProjects, updateProject } from "./service";

const tag = "projects";

export const listProjectsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/",
  summary: "List the projects of your current organization",
  tag,
  scope: "project:read",
  response: ZProject,
  paginated: true,
  handler: ({ url, actor }) => listPage(url, (page) => listProjects(actor, page)),
});

export const createProjectEndpoint = endpoint({
  method: "POST",
  path: "/api/projects/",
  summary: "Create a project in your current organization (admins); you then work in it",
  tag,
  scope: "project:write",
  body: ZProjectCreate,
  response: ZProject,
  status: 201,
  handler: ({ actor, body }) => createProject(actor, "@current", body),
});

export const retrieveProjectEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/",
  environments: true,
  summary: "Retrieve a project (`@current` for yours)",
  tag,
  scope: "project:read",
  params: ZProjectParams,
  response: ZProject,
  handler: ({ actor, params }) => getProject(actor, params.projectId),
});

export const updateProjectEndpoint = endpoint({
  method: "PATCH",
  path: "/api/projects/{projectId}/",
  environments: true,
  summary: "Change a project's name, time zone or settings (admins)",
  tag,
  scope: "project:write",
  params: ZProjectParams,
  body: ZProjectUpdate,
  response: ZProject,
  handler: ({ actor, params, body }) => updateProject(actor, params.projectId, body),
});

export const deleteProjectEndpoint = endpoint({
  method: "DELETE",
  path: "/api/projects/{projectId}/",
  environments: true,
  summary: "Delete a project (admins)",
  tag,
  scope: "project:write",
  params: ZProjectParams,
  status: 204,
  handler: ({ actor, params }) => deleteProject(actor, params.projectId),
});

export const listOrganizationProjectsEndpoint = endpoint({
  method: "GET",
  path: "/api/organizations/{organizationId}/projects/",
  summary: "List an organization's projects",
  tag,
  scope: "project:read",
  params: ZOrganizationParams,
  response: ZProject,
  paginated: true,
  handler: ({ url, actor, params }) => listPage(url, (page) => listOrganizationProjects(actor, params.organizationId, page)),
});

/** PostHog creates projects under the organization's path too: the same operation, for the organization named. */
export const createOrganizationProjectEndpoint = endpoint({
  ...createProjectEndpoint,
  path: "/api/organizations/{organizationId}/projects/",
  summary: "Create a project in an organization (admins); you then work in it",
  params: ZOrganizationParams,
  handler: ({ actor, params, body }) => createProject(actor, params.organizationId, body),
});
