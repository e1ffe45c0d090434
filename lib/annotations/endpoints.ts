import { endpoint } from "@/lib/api/endpoint";
import { MAX_PAGE_SIZE, paginate, readPage } from "@/lib/api/pagination";
import { requireProjectAccess } from "@/lib/projects/access";
import { ZProjectParams } from "@/lib/projects/schemas";
import { ZAnnotation, ZAnnotationListQuery, ZAnnotationParams, ZAnnotationWrite } from "./schemas";
import { createAnnotation, listAnnotations, retrieveAnnotation, updateAnnotation } from "./service";

const tag = "annotations";

export const listAnnotationsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/annotations/",
  environments: true,
  summary:
    "List the annotations the project sees (its own and its organization's organization-wide ones, not deleted), latest date first; 1,000 a page by default, as PostHog",
  tag,
  scope: "annotation:read",
  params: ZProjectParams,
  query: ZAnnotationListQuery,
  response: ZAnnotation,
  paginated: true,
  handler: async ({ url, actor, params, query }) => {
    const page = readPage(url.searchParams, MAX_PAGE_SIZE);
    const { count, results } = await listAnnotations(actor, params.projectId, query, page);
    return paginate(url, page, count, results);
  },
});

export const createAnnotationEndpoint = endpoint({
  method: "POST",
  path: "/api/projects/{projectId}/annotations/",
  environments: true,
  summary: "Create an annotation: dated content shown on charts, in the scope of an insight, a dashboard, the project or the organization",
  tag,
  scope: "annotation:write",
  params: ZProjectParams,
  body: ZAnnotationWrite,
  response: ZAnnotation,
  status: 201,
  handler: ({ actor, params, body }) => createAnnotation(actor, params.projectId, body),
});

export const retrieveAnnotationEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/annotations/{annotationId}/",
  environments: true,
  summary: "Retrieve an annotation (not deleted)",
  tag,
  scope: "annotation:read",
  params: ZAnnotationParams,
  response: ZAnnotation,
  handler: ({ actor, params }) => retrieveAnnotation(actor, params.projectId, params.annotationId),
});

export const updateAnnotationEndpoint = endpoint({
  method: "PATCH",
  path: "/api/projects/{projectId}/annotations/{annotationId}/",
  environments: true,
  summary: "Update an annotation; `deleted: true` deletes it (softly), `deleted: false` restores it",
  tag,
  scope: "annotation:write",
  params: ZAnnotationParams,
  body: ZAnnotationWrite,
  response: ZAnnotation,
  handler: ({ actor, params, body }) => updateAnnotation(actor, params.projectId, params.annotationId, body, true),
});

export const replaceAnnotationEndpoint = endpoint({
  ...updateAnnotationEndpoint,
  method: "PUT",
  summary: "Update an annotation that is not deleted (as PATCH: every field is optional)",
  handler: ({ actor, params, body }) => updateAnnotation(actor, params.projectId, params.annotationId, body, false),
});

/** PostHog's ForbidDestroyModel: 405 with an empty body once the project is reachable; PATCH `deleted: true` instead. */
export const deleteAnnotationEndpoint = endpoint({
  method: "DELETE",
  path: "/api/projects/{projectId}/annotations/{annotationId}/",
  environments: true,
  summary: "Always 405 with an empty body: annotations are not hard-deleted; PATCH `deleted: true` instead",
  tag,
  scope: "annotation:write",
  params: ZAnnotationParams,
  status: 405,
  handler: async ({ actor, params }) => {
    await requireProjectAccess(actor, params.projectId);
  },
});
