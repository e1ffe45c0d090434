import { endpoint } from "@/lib/api/endpoint";
import { listPage } from "@/lib/api/pagination";
import { ZProjectParams } from "@/lib/projects/schemas";
import { ZPerson, ZPersonListFilters, ZPersonParams } from "./schemas";
import { getPerson, listPersons } from "./service";

const tag = "persons";

/** Declared here, not with the schemas the browser imports: the filters' parser is server code. */

export const listPersonsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/persons/",
  environments: true,
  summary: "List a project's persons, newest first (search by distinct id, email or name; filter by properties)",
  tag,
  scope: "person:read",
  params: ZProjectParams,
  query: ZPersonListFilters,
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
