import { infiniteQueryOptions, mutationOptions, queryOptions } from "@tanstack/react-query";
import type { PaginatedList } from "@/lib/api/pagination";
import { api, apiPath } from "@/lib/ui/api-client";
import { type CohortCriteria, distinctIdsCsv, fromCriteria, type TCohort } from "@/lib/ui/cohorts/criteria";
import { cohortKeys } from "@/lib/ui/query-keys";
import type { TPerson } from "@/lib/ui/types";

// The queries and writes of a project's cohorts. A cohort being calculated is asked again until it is done.

const POLL_MS = 1_500;

const base = (projectId: number) => `/api/projects/${projectId}/cohorts/`;

export const cohortsQuery = (projectId: number) =>
  queryOptions({
    queryKey: cohortKeys.list(projectId),
    queryFn: ({ signal }) => api.getAll<TCohort>(base(projectId), { signal }),
    refetchInterval: (query) => (query.state.data?.some((cohort) => cohort.is_calculating) ? POLL_MS : false),
  });

export const cohortQuery = (projectId: number, cohortId: number) =>
  queryOptions({
    queryKey: cohortKeys.detail(projectId, cohortId),
    queryFn: ({ signal }) => api.get<TCohort>(`${base(projectId)}${cohortId}/`, { signal }),
    refetchInterval: (query) => (query.state.data?.is_calculating ? POLL_MS : false),
    retry: false,
  });

type PersonsPage = Pick<PaginatedList<TPerson>, "next" | "results">;

/** A cohort's members, 100 a page, following the API's `next`; `calculatedAt` starts again after each calculation. */
export const cohortPersonsQuery = (projectId: number, cohortId: number, calculatedAt: string | null | undefined) =>
  infiniteQueryOptions({
    queryKey: [...cohortKeys.persons(projectId, cohortId), calculatedAt ?? null],
    initialPageParam: `${base(projectId)}${cohortId}/persons/`,
    queryFn: ({ pageParam, signal }) => api.get<PersonsPage>(pageParam, { signal }),
    getNextPageParam: (page) => (page.next ? apiPath(page.next) : null),
  });

export interface DynamicCohortBody {
  name: string;
  description: string;
  criteria: CohortCriteria;
}

/** A dynamic cohort's body: its name, description and criteria (groups without criteria left out). */
const dynamicBody = ({ name, description, criteria }: DynamicCohortBody) => ({
  name: name.trim(),
  description,
  filters: { properties: fromCriteria(criteria) },
});

export const createCohortMutation = (projectId: number) =>
  mutationOptions({
    mutationFn: (body: DynamicCohortBody) => api.post<TCohort>(base(projectId), { ...dynamicBody(body), is_static: false }),
    meta: { invalidates: [cohortKeys.list(projectId)] },
  });

/** A dynamic cohort's new definition (recalculated by the API), or a static one's new name. */
export const updateCohortMutation = (projectId: number, cohortId: number) =>
  mutationOptions({
    mutationFn: (body: DynamicCohortBody | { name: string }) =>
      api.patch<TCohort>(`${base(projectId)}${cohortId}/`, "criteria" in body ? dynamicBody(body) : { name: body.name.trim() }),
    meta: {
      returns: cohortKeys.detail(projectId, cohortId),
      invalidates: [cohortKeys.list(projectId), cohortKeys.persons(projectId, cohortId)],
    },
  });

/** Soft delete, the only delete the API has (`DELETE` is refused). */
export const deleteCohortMutation = (projectId: number, cohortId: number) =>
  mutationOptions({
    mutationFn: () => api.patch<TCohort>(`${base(projectId)}${cohortId}/`, { deleted: true }),
    meta: { invalidates: [cohortKeys.list(projectId)] },
  });

/** A static cohort from a file of ids (`csv`: one column of distinct ids, or a `distinct_id`/`person_id`/`email` header). */
function uploadStaticCohort(projectId: number, name: string, csv: Blob) {
  const form = new FormData();
  form.set("name", name.trim());
  form.set("is_static", "true");
  form.set("csv", csv, "cohort.csv");
  return api.post<TCohort>(base(projectId), form);
}

export const staticCohortMutation = (projectId: number) =>
  mutationOptions({
    mutationFn: ({ name, csv }: { name: string; csv: Blob }) => uploadStaticCohort(projectId, name, csv),
    meta: { invalidates: [cohortKeys.list(projectId)] },
  });

/** At most this many persons go into a static cohort made from a list shown in the app. */
export const MAX_SAVED_PERSONS = 10_000;

/**
 * A static cohort of the persons a paged list holds: `pages` yields each page's persons' distinct ids (the list
 * is walked to its end, up to `MAX_SAVED_PERSONS`), uploaded as a CSV of one distinct id per person.
 */
export const savePersonsAsCohortMutation = (projectId: number, pages: () => AsyncIterable<string[]>) =>
  mutationOptions({
    mutationFn: async (name: string) => {
      const ids: string[] = [];
      for await (const page of pages()) {
        ids.push(...page);
        if (ids.length >= MAX_SAVED_PERSONS) break;
      }
      return uploadStaticCohort(projectId, name, new Blob([distinctIdsCsv(ids.slice(0, MAX_SAVED_PERSONS))], { type: "text/csv" }));
    },
    meta: { invalidates: [cohortKeys.list(projectId)] },
  });

/** The insight whose persons a persons URL lists, by its path (`/persons/funnel/`, legacy `/person/funnel/`). */
const INSIGHT_OF_PATH: Record<string, string> = {
  trends: "TRENDS",
  stickiness: "STICKINESS",
  funnel: "FUNNELS",
  lifecycle: "LIFECYCLE",
  retention: "RETENTION",
};

/**
 * A static cohort of the persons an insight's persons URL lists, as PostHog's "Save as cohort": the URL's
 * parameters and its `insight` go in the query string, and the API finds every person (in the background).
 */
export const saveInsightPersonsMutation = (projectId: number, personsUrl: string) =>
  mutationOptions({
    mutationFn: (name: string) => {
      const url = new URL(apiPath(personsUrl), "http://x");
      const params = new URLSearchParams(url.search);
      const insight = INSIGHT_OF_PATH[/\/persons?\/(\w+)\/?$/.exec(url.pathname)?.[1] ?? ""];
      if (insight && !params.has("insight")) params.set("insight", insight);
      for (const paging of ["limit", "offset"]) params.delete(paging);
      params.set("is_static", "true");
      return api.post<TCohort>(`${base(projectId)}?${params}`, { name: name.trim(), is_static: true });
    },
    meta: { invalidates: [cohortKeys.list(projectId)] },
  });

/** The first distinct id of each member of a cohort, page after page (to copy it as a static cohort). */
export async function* cohortMemberIds(projectId: number, cohortId: number): AsyncIterable<string[]> {
  let next: string | null = `${base(projectId)}${cohortId}/persons/`;
  while (next) {
    const page: PersonsPage = await api.get<PersonsPage>(next);
    yield page.results.flatMap((person) => person.distinct_ids.slice(0, 1));
    next = page.next ? apiPath(page.next) : null;
  }
}
