import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { ZAnnotation } from "@/lib/annotations/schemas";
import { api, searchParams } from "@/lib/ui/api-client";
import { annotationKeys } from "@/lib/ui/query-keys";

export type TAnnotation = z.output<typeof ZAnnotation>;

export const annotationsPath = (projectId: number) => `/api/projects/${projectId}/annotations/`;

/** Every annotation the project sees, latest first (the list page searches and sorts them in the browser). */
export const annotationsQuery = (projectId: number) =>
  queryOptions({
    queryKey: annotationKeys.list(projectId),
    queryFn: ({ signal }) => api.getAll<TAnnotation>(annotationsPath(projectId), { signal }),
  });

/** The annotations dated within `[from, to]` (ISO instants): one page of the API's largest, as a chart shows them. */
export const annotationsInRangeQuery = (projectId: number, from: string, to: string) =>
  queryOptions({
    queryKey: annotationKeys.range(projectId, from, to),
    queryFn: ({ signal }) =>
      api
        .get<{ results: TAnnotation[] }>(`${annotationsPath(projectId)}?${searchParams({ date_from: from, date_to: to, limit: "1000" })}`, {
          signal,
        })
        .then((page) => page.results),
  });
