import { endpoint } from "@/lib/api/endpoint";
import { listPage } from "@/lib/api/pagination";
import { ZProjectParams } from "@/lib/projects/schemas";
import { ZPerson, ZPersonListQuery, ZPersonParams } from "./schemas";
import { getPerson, listPersons } from "./service";

const tag = "persons";

export const listPersonsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/persons/",
  environments: true,
  summary: "List a project's persons, newest first (search by distinct id, email or name)",
  tag,
  scope: "person:read",
  params: ZProjectParams,
  query: ZPersonListQuery,
  response: ZPerson,
  paginated: true,
  handler: ({ url, actor, params, query }) => listPage(url, (page) => listPersons(actor, params.projectId, query, page)),
});

export const retrievePersonEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/persons/{personId}/",
  environments: true,
  summary: "Retrieve a person by its uuid",
  tag,
  scope: "person:read",
  params: ZPersonParams,
  response: ZPerson,
  handler: ({ actor, params }) => getPerson(actor, params.projectId, params.personId),
});
