import { z } from "zod";
import { loadPersons } from "@/lib/analytics/actors/persons";
import { endpoint } from "@/lib/api/endpoint";
import { listPage, paginate, readPage } from "@/lib/api/pagination";
import type { Cohort } from "@/lib/db/schema";
import { requireProjectAccess } from "@/lib/projects/access";
import { ZProjectParams } from "@/lib/projects/schemas";
import { memberIds } from "./members";
import { ZAddPersons, ZCohort, ZCohortCreate, ZCohortListQuery, ZCohortParams, ZCohortPersonsPage, ZCohortUpdate } from "./schemas";
import { createDynamicCohort, listCohorts, requireCohort, serializeCohorts, updateCohort } from "./service";
import { csvForStaticCohort, addPersonsToStaticCohort, createStaticCohort, duplicateAsStatic } from "./static";

const tag = "cohorts";
const one = async (cohort: Cohort) => (await serializeCohorts([cohort]))[0];

export const listCohortsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/cohorts/",
  environments: true,
  summary: "List the project's cohorts (not deleted), newest first",
  tag,
  scope: "cohort:read",
  params: ZProjectParams,
  query: ZCohortListQuery,
  response: ZCohort,
  paginated: true,
  handler: ({ url, actor, params, query }) => listPage(url, (page) => listCohorts(actor, params.projectId, query, page)),
});

export const createCohortEndpoint = endpoint({
  method: "POST",
  path: "/api/projects/{projectId}/cohorts/",
  environments: true,
  summary:
    "Create a cohort: dynamic (JSON `filters`), or static (`is_static`: a multipart form's `csv` file of distinct ids, or the persons of the persons URL whose parameters the query string carries)",
  tag,
  scope: "cohort:write",
  params: ZProjectParams,
  body: ZCohortCreate,
  response: ZCohort,
  status: 201,
  handler: async ({ actor, params, body, url }) =>
    one(
      body.is_static
        ? await createStaticCohort(actor, params.projectId, body, url)
        : await createDynamicCohort(actor, params.projectId, body),
    ),
});

export const retrieveCohortEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/cohorts/{cohortId}/",
  environments: true,
  summary: "Retrieve a cohort (deleted ones too)",
  tag,
  scope: "cohort:read",
  params: ZCohortParams,
  response: ZCohort,
  handler: async ({ actor, params }) => one(await requireCohort(actor, params.projectId, params.cohortId)),
});

export const updateCohortEndpoint = endpoint({
  method: "PATCH",
  path: "/api/projects/{projectId}/cohorts/{cohortId}/",
  environments: true,
  summary:
    "Update a cohort: name, description, `deleted` (the only delete), `filters` (recalculated); a static one's `csv` adds its persons",
  tag,
  scope: "cohort:write",
  params: ZCohortParams,
  body: ZCohortUpdate,
  response: ZCohort,
  handler: async ({ actor, params, body }) => {
    // A wrong CSV is refused before the other fields change.
    const csv =
      body.csv === undefined ? null : await csvForStaticCohort(await requireCohort(actor, params.projectId, params.cohortId), body.csv);
    await updateCohort(actor, params.projectId, params.cohortId, body);
    await csv?.add();
    return one(await requireCohort(actor, params.projectId, params.cohortId));
  },
});

/** PostHog's ForbidDestroyModel: cohorts are deleted with `PATCH {"deleted": true}`. */
export const deleteCohortEndpoint = endpoint({
  method: "DELETE",
  path: "/api/projects/{projectId}/cohorts/{cohortId}/",
  environments: true,
  summary: "Always 405 with an empty body: cohorts are not hard-deleted; PATCH `deleted: true` instead",
  tag,
  scope: "cohort:write",
  params: ZCohortParams,
  status: 405,
  handler: async ({ actor, params }) => {
    await requireProjectAccess(actor, params.projectId);
  },
});

export const cohortPersonsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/cohorts/{cohortId}/persons/",
  environments: true,
  summary: "The cohort's current members (100 a page)",
  tag,
  scope: "cohort:read",
  params: ZCohortParams,
  response: ZCohortPersonsPage,
  handler: async ({ actor, params, url }) => {
    const cohort = await requireCohort(actor, params.projectId, params.cohortId);
    const page = readPage(url.searchParams);
    const { ids, total } = await memberIds(cohort.projectId, cohort.id, page);
    const { results, next, previous } = paginate(url, page, total, await loadPersons(cohort.projectId, ids));
    return { results, next, previous };
  },
});

export const addPersonsToStaticCohortEndpoint = endpoint({
  method: "PATCH",
  path: "/api/projects/{projectId}/cohorts/{cohortId}/add_persons_to_static_cohort/",
  environments: true,
  summary: "Add persons (by id) to a static cohort",
  tag,
  scope: "cohort:write",
  params: ZCohortParams,
  body: ZAddPersons,
  response: z.object({ success: z.boolean() }),
  handler: ({ actor, params, body }) => addPersonsToStaticCohort(actor, params.projectId, params.cohortId, body.person_ids),
});

export const duplicateAsStaticCohortEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/cohorts/{cohortId}/duplicate_as_static_cohort/",
  environments: true,
  summary: "A new static cohort of this cohort's current members",
  tag,
  scope: "cohort:write",
  params: ZCohortParams,
  response: ZCohort,
  handler: async ({ actor, params }) => one(await duplicateAsStatic(actor, params.projectId, params.cohortId)),
});
