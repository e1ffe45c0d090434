"use client";

import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { dashboardTitle } from "@/lib/ui/dashboards/labels";
import { insightTitle } from "@/lib/ui/insights/labels";
import { actionsQuery } from "@/lib/ui/project/queries";
import { cohortSearchQuery, dashboardSearchQuery, insightSearchQuery, personSearchQuery, RESULTS_PER_KIND } from "@/lib/ui/search/queries";

/** One thing the palette found: what it shows, and the page Enter opens. */
interface SearchResult {
  value: string;
  label: string;
  detail?: string;
  href: string;
}

export interface SearchGroup {
  heading: string;
  results: SearchResult[];
  loading: boolean;
  failed: boolean;
}

/** A kind's answer as palette results; an answer kept from an earlier search while the new one loads shows nothing. */
function groupOf<T>(heading: string, query: UseQueryResult<T>, toResults: (data: T) => SearchResult[]): SearchGroup {
  const current = query.data !== undefined && !query.isPlaceholderData;
  return {
    heading,
    results: current ? toResults(query.data as T).slice(0, RESULTS_PER_KIND) : [],
    loading: query.isFetching,
    failed: query.isError,
  };
}

/** The project's insights, dashboards, cohorts, actions and persons matching `search` (nothing while it is empty). */
export function useSearchResults(projectId: number | undefined, search: string): SearchGroup[] {
  const enabled = projectId !== undefined && search.length > 0;
  const insights = useQuery({ ...insightSearchQuery(projectId ?? 0, search), enabled });
  const dashboards = useQuery({ ...dashboardSearchQuery(projectId ?? 0, search), enabled });
  const cohorts = useQuery({ ...cohortSearchQuery(projectId ?? 0, search), enabled });
  const actions = useQuery({ ...actionsQuery(projectId ?? 0, search), enabled });
  const persons = useQuery({ ...personSearchQuery(projectId ?? 0, search), enabled });
  const base = `/project/${projectId}`;
  return [
    groupOf("Insights", insights, (page) =>
      page.results.map((insight) => ({
        value: `insight:${insight.short_id}`,
        label: insightTitle(insight),
        href: `${base}/insights/${insight.short_id}`,
      })),
    ),
    groupOf("Dashboards", dashboards, (page) =>
      page.results.map((dashboard) => ({
        value: `dashboard:${dashboard.id}`,
        label: dashboardTitle(dashboard),
        href: `${base}/dashboard/${dashboard.id}`,
      })),
    ),
    groupOf("Cohorts", cohorts, (page) =>
      page.results.map((cohort) => ({ value: `cohort:${cohort.id}`, label: cohort.name, href: `${base}/cohorts/${cohort.id}` })),
    ),
    groupOf("Actions", actions, (page) =>
      page.results.map((action) => ({
        value: `action:${action.id}`,
        label: action.name ?? `Action ${action.id}`,
        href: `${base}/data-management/actions/${action.id}`,
      })),
    ),
    groupOf("Persons", persons, (page) =>
      page.results.map((person) => ({
        value: `person:${person.id}`,
        label: person.name,
        detail: person.distinct_ids[0] !== person.name ? person.distinct_ids[0] : undefined,
        href: `${base}/persons/${person.id}`,
      })),
    ),
  ];
}
