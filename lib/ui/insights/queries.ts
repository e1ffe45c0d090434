import { queryOptions } from "@tanstack/react-query";
import type { PaginatedList } from "@/lib/api/pagination";
import { api, ApiRequestError, searchParams } from "@/lib/ui/api-client";
import { actorKeys, analysisKeys, insightKeys, type InsightListParams } from "@/lib/ui/query-keys";
import type { AnalysisResponse, TActivityPage, TActorsPage, TInsight, TInsightBasic, TRetentionActorsPage } from "@/lib/ui/types";

/** An analysis of a legacy filter; `refresh` forces a fresh computation past the results cache. */
export const analysisQuery = (projectId: number, endpoint: string, filters: Record<string, unknown>) =>
  queryOptions({
    queryKey: analysisKeys.result(projectId, endpoint, filters),
    queryFn: ({ signal }) => fetchAnalysis(projectId, endpoint, filters, { signal }),
    staleTime: 30_000,
    retry: false,
  });

export function fetchAnalysis(
  projectId: number,
  endpoint: string,
  filters: Record<string, unknown>,
  options: { signal?: AbortSignal; refresh?: boolean },
) {
  const refresh = options.refresh ? "?refresh=force_blocking" : "";
  return api.post<AnalysisResponse>(`/api/projects/${projectId}/insights/${endpoint}/${refresh}`, filters, { signal: options.signal });
}

/** A page of persons as the persons dialog lists them; `appearances` per person for a retention row. */
export interface PersonsPage {
  people: TActorsPage["results"][number]["people"];
  appearances: number[][] | null;
  next: string | null;
}

/**
 * A page of the persons behind a data point: `url` is an API path answering PostHog's actors shape
 * (`{results: [{people}], next}`), or with `retention` its retention actors shape (`{result: [{person,
 * appearances}], next}`).
 */
export async function fetchPersonsPage(url: string, shape: "actors" | "retention", signal?: AbortSignal): Promise<PersonsPage> {
  if (shape === "retention") {
    const page = await api.get<TRetentionActorsPage>(url, { signal });
    return { people: page.result.map((row) => row.person), appearances: page.result.map((row) => row.appearances), next: page.next };
  }
  const page = await api.get<TActorsPage>(url, { signal });
  return { people: page.results[0]?.people ?? [], appearances: null, next: page.next };
}

export const personsPageQuery = (url: string, shape: "actors" | "retention" = "actors") =>
  queryOptions({
    queryKey: actorKeys.page(url),
    queryFn: ({ signal }) => fetchPersonsPage(url, shape, signal),
  });

/** A saved insight by its short id (PostHog's list filtered by `short_id`). */
export const insightByShortIdQuery = (projectId: number, shortId: string) =>
  queryOptions({
    queryKey: insightKeys.detail(projectId, shortId),
    queryFn: async ({ signal }) => {
      const page = await api.get<PaginatedList<TInsight>>(`/api/projects/${projectId}/insights/?${searchParams({ short_id: shortId })}`, {
        signal,
      });
      const insight = page.results[0];
      if (!insight)
        throw new ApiRequestError(404, {
          type: "invalid_request",
          code: "not_found",
          detail: "This insight does not exist or was deleted.",
        });
      return insight;
    },
    retry: false,
  });

/** The latest changes to an insight, newest first (one page is plenty for the history dialog). */
export const insightActivityQuery = (projectId: number, insightId: number) =>
  queryOptions({
    queryKey: insightKeys.activity(projectId, insightId),
    queryFn: ({ signal }) => api.get<TActivityPage>(`/api/projects/${projectId}/insights/${insightId}/activity/?limit=50`, { signal }),
  });

/** The query string of an insights list: saved ones only (PostHog's saved-insights page), without results. */
function insightListSearch({ search, insight, favorited, user, created_by, offset, limit }: Partial<InsightListParams>) {
  const query = new URLSearchParams({ saved: "true", basic: "true" });
  if (search) query.set("search", search);
  if (insight) query.set("insight", insight);
  if (favorited) query.set("favorited", "true");
  if (user) query.set("user", "true");
  if (created_by !== undefined) query.set("created_by", String(created_by));
  if (offset) query.set("offset", String(offset));
  if (limit) query.set("limit", String(limit));
  return query.toString();
}

/** One page of the saved insights, filtered and paged by the API. */
export const insightsQuery = (projectId: number, params: InsightListParams) =>
  queryOptions({
    queryKey: insightKeys.list(projectId, params),
    queryFn: ({ signal }) =>
      api.get<PaginatedList<TInsightBasic>>(`/api/projects/${projectId}/insights/?${insightListSearch(params)}`, { signal }),
    placeholderData: (previous) => previous,
  });

/** The first saved insights matching a search, to add one to a dashboard. */
export const insightPickerQuery = (projectId: number, search: string) =>
  queryOptions({
    queryKey: insightKeys.picker(projectId, search),
    queryFn: ({ signal }) =>
      api.get<PaginatedList<TInsightBasic>>(`/api/projects/${projectId}/insights/?${insightListSearch({ search, limit: 20 })}`, { signal }),
    placeholderData: (previous) => previous,
  });

/** The last insights the signed-in user opened, most recent first. */
export const lastViewedInsightsQuery = (projectId: number) =>
  queryOptions({
    queryKey: insightKeys.lastViewed(projectId),
    queryFn: ({ signal }) => api.get<TInsightBasic[]>(`/api/projects/${projectId}/insights/my_last_viewed/`, { signal }),
  });
