import { mutationOptions } from "@tanstack/react-query";
import type { TAnnotationWrite } from "@/lib/annotations/schemas";
import { api } from "@/lib/ui/api-client";
import { annotationKeys } from "@/lib/ui/query-keys";
import { annotationsPath, type TAnnotation } from "./queries";

// Every write makes every project's annotations stale: an organization-wide one shows in all of them.
const meta = { invalidates: [annotationKeys.all] };

export const createAnnotationMutation = (projectId: number) =>
  mutationOptions({
    mutationFn: (body: TAnnotationWrite) => api.post<TAnnotation>(annotationsPath(projectId), body),
    meta,
  });

export const updateAnnotationMutation = (projectId: number, annotationId: number) =>
  mutationOptions({
    mutationFn: (body: TAnnotationWrite) => api.patch<TAnnotation>(`${annotationsPath(projectId)}${annotationId}/`, body),
    meta,
  });

/** Soft delete, the only delete the API has (`DELETE` is refused). */
export const deleteAnnotationMutation = (projectId: number) =>
  mutationOptions({
    mutationFn: (annotationId: number) => api.patch<TAnnotation>(`${annotationsPath(projectId)}${annotationId}/`, { deleted: true }),
    meta,
  });
