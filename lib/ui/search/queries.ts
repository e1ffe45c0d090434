import { queryOptions } from "@tanstack/react-query";
import type { PaginatedList } from "@/lib/api/pagination";
import { api, searchParams } from "@/lib/ui/api-client";
import type { TCohort } from "@/lib/ui/cohorts/criteria";
import { insightsQuery } from "@/lib/ui/insights/queries";
import { personsQuery } from "@/lib/ui/project/queries";
import { cohortKeys, dashboardKeys } from "@/lib/ui/query-keys";
import type { TDashboardBasic } from "@/lib/ui/types";

// The command palette's searches: each kind through its own list API and that API's `search`, a few results each.

/** How many results of each kind the palette shows. */
export const RESULTS_PER_KIND = 5;
/** The longest search sent (the APIs bound theirs; this keeps requests short). */
export const MAX_SEARCH_LENGTH = 200;

const firstPage = { search: "", offset: 0, limit: RESULTS_PER_KIND };
const paletteSearch = (search: string) => searchParams({ search, limit: String(RESULTS_PER_KIND) });

export const insightSearchQuery = (projectId: number, search: string) => insightsQuery(projectId, { ...firstPage, search });

export const personSearchQuery = (projectId: number, search: string) => personsQuery(projectId, { ...firstPage, search });

export const dashboardSearchQuery = (projectId: number, search: string) =>
  queryOptions({
    queryKey: dashboardKeys.search(projectId, search),
    queryFn: ({ signal }) =>
      api.get<PaginatedList<TDashboardBasic>>(`/api/projects/${projectId}/dashboards/?${paletteSearch(search)}`, { signal }),
  });

export const cohortSearchQuery = (projectId: number, search: string) =>
  queryOptions({
    queryKey: cohortKeys.search(projectId, search),
    queryFn: ({ signal }) => api.get<PaginatedList<TCohort>>(`/api/projects/${projectId}/cohorts/?${paletteSearch(search)}`, { signal }),
  });
