import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { PaginatedList } from "@/lib/api/pagination";
import { api, ApiRequestError } from "@/lib/ui/api-client";
import { actorKeys, analysisKeys, apiKeyKeys, batchExportKeys, type BatchExportLogParams, type BatchExportRunListParams, dashboardKeys, domainKeys, type EventListParams, eventKeys, insightKeys, type InsightListParams, inviteKeys, memberKeys, personKeys, pluginKeys, projectKeys, sharingKeys, taxonomyKeys, userKeys } from "@/lib/ui/query-keys";
import type { AnalysisResponse, TAction, TActivityPage, TActorsPage, TApiKey, TBatchExport, TBatchExportLogEntry, TBatchExportRun, TCatalogEntry, TDashboard, TDashboardBasic, TDomain, TEventDefinition, TInsight, TInsightBasic, TInvite, TInvitePreview, TMember, TPlugin, TPluginConfig, TProject, TPropertyDefinition, TPropertyValue, TRetentionActorsPage, TSharingConfiguration, TUser } from "@/lib/ui/types";
import type { TEventList, TEventSummary } from "@/lib/events/schemas";
import type { TPerson } from "@/lib/persons/schemas";

export const meQuery = () =>
  queryOptions({
    queryKey: userKeys.me(),
    queryFn: ({ signal }) => api.get<TUser>("/api/users/@me/", { signal }),
  });

export const membersQuery = (organizationId: string) =>
  queryOptions({
    queryKey: memberKeys.list(organizationId),
    queryFn: ({ signal }) => api.getAll<TMember>(`/api/organizations/${organizationId}/members/`, { signal }),
  });

export const invitesQuery = (organizationId: string) =>
  queryOptions({
    queryKey: inviteKeys.list(organizationId),
    queryFn: ({ signal }) => api.getAll<TInvite>(`/api/organizations/${organizationId}/invites/`, { signal }),
  });

export const invitePreviewQuery = (inviteId: string) =>
  queryOptions({
    queryKey: inviteKeys.preview(inviteId),
    queryFn: ({ signal }) => api.get<TInvitePreview>(`/api/signup/${inviteId}/`, { signal }),
    retry: false,
  });

export const apiKeysQuery = () =>
  queryOptions({
    queryKey: apiKeyKeys.list(),
    queryFn: ({ signal }) => api.get<TApiKey[]>("/api/personal_api_keys/", { signal }),
  });

const searchParams = (params: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => !!entry[1])).toString();

export const eventDefinitionsQuery = (projectId: number, search: string) =>
  queryOptions({
    queryKey: taxonomyKeys.events(projectId, search),
    queryFn: ({ signal }) =>
      api.get<PaginatedList<TEventDefinition>>(`/api/projects/${projectId}/event_definitions/?${searchParams({ search, limit: "50" })}`, { signal }),
    staleTime: 60_000,
  });

export const actionsQuery = (projectId: number, search: string) =>
  queryOptions({
    queryKey: taxonomyKeys.actions(projectId, search),
    queryFn: ({ signal }) => api.get<PaginatedList<TAction>>(`/api/projects/${projectId}/actions/?${searchParams({ search, limit: "50" })}`, { signal }),
    staleTime: 60_000,
  });

/** `params`: PostHog's `type` (event|person), `search`, `is_numerical`, `event_names` (JSON list). */
export const propertyDefinitionsQuery = (projectId: number, params: Record<string, string>) =>
  queryOptions({
    queryKey: taxonomyKeys.properties(projectId, params),
    queryFn: ({ signal }) =>
      api.get<PaginatedList<TPropertyDefinition>>(`/api/projects/${projectId}/property_definitions/?${searchParams({ ...params, limit: "100" })}`, { signal }),
    staleTime: 60_000,
  });

export const propertyValuesQuery = (projectId: number, type: "event" | "person", key: string, search: string) =>
  queryOptions({
    queryKey: taxonomyKeys.values(projectId, type, key, search),
    queryFn: ({ signal }) =>
      api.get<TPropertyValue[]>(`/api/projects/${projectId}/${type === "person" ? "persons" : "events"}/values/?${searchParams({ key, value: search })}`, { signal }),
    staleTime: 60_000,
  });

/** An analysis of a legacy filter; `refresh` forces a fresh computation past the results cache. */
export const analysisQuery = (projectId: number, endpoint: string, filters: Record<string, unknown>) =>
  queryOptions({
    queryKey: analysisKeys.result(projectId, endpoint, filters),
    queryFn: ({ signal }) => fetchAnalysis(projectId, endpoint, filters, { signal }),
    staleTime: 30_000,
    retry: false,
  });

export function fetchAnalysis(projectId: number, endpoint: string, filters: Record<string, unknown>, options: { signal?: AbortSignal; refresh?: boolean }) {
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
export const personsPageQuery = (url: string, shape: "actors" | "retention" = "actors") =>
  queryOptions({
    queryKey: actorKeys.page(url),
    queryFn: async ({ signal }): Promise<PersonsPage> => {
      if (shape === "retention") {
        const page = await api.get<TRetentionActorsPage>(url, { signal });
        return { people: page.result.map((row) => row.person), appearances: page.result.map((row) => row.appearances), next: page.next };
      }
      const page = await api.get<TActorsPage>(url, { signal });
      return { people: page.results[0]?.people ?? [], appearances: null, next: page.next };
    },
  });

/** A saved insight by its short id (PostHog's list filtered by `short_id`). */
export const insightByShortIdQuery = (projectId: number, shortId: string) =>
  queryOptions({
    queryKey: insightKeys.detail(projectId, shortId),
    queryFn: async ({ signal }) => {
      const page = await api.get<PaginatedList<TInsight>>(`/api/projects/${projectId}/insights/?${searchParams({ short_id: shortId })}`, { signal });
      const insight = page.results[0];
      if (!insight) throw new ApiRequestError(404, { type: "invalid_request", code: "not_found", detail: "This insight does not exist or was deleted." });
      return insight;
    },
    retry: false,
  });

export const sharingQuery = (sharingPath: string) =>
  queryOptions({
    queryKey: sharingKeys.config(sharingPath),
    queryFn: ({ signal }) => api.get<TSharingConfiguration>(sharingPath, { signal }),
  });

/** The latest changes to an insight, newest first (one page is plenty for the history dialog). */
export const insightActivityQuery = (projectId: number, insightId: number) =>
  queryOptions({
    queryKey: insightKeys.activity(projectId, insightId),
    queryFn: ({ signal }) => api.get<TActivityPage>(`/api/projects/${projectId}/insights/${insightId}/activity/?limit=50`, { signal }),
  });

export const projectsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: projectKeys.list(organizationId),
    queryFn: ({ signal }) => api.getAll<TProject>(`/api/organizations/${organizationId}/projects/`, { signal }),
  });

export const domainsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: domainKeys.list(organizationId),
    queryFn: ({ signal }) => api.getAll<TDomain>(`/api/organizations/${organizationId}/domains/`, { signal }),
  });

// Pipeline apps

export const pluginsQuery = (organizationId: string, family: string) =>
  queryOptions({
    queryKey: pluginKeys.family(organizationId, family),
    queryFn: ({ signal }) => api.getAll<TPlugin>(`/api/organizations/${organizationId}/${family}/`, { signal }),
  });

/** The catalog shipped with Hedgerow (the same whichever family's path reads it). */
export const pluginRepositoryQuery = (organizationId: string) =>
  queryOptions({
    queryKey: pluginKeys.repository(organizationId),
    queryFn: ({ signal }) => api.get<TCatalogEntry[]>(`/api/organizations/${organizationId}/pipeline_destinations/repository/`, { signal }),
    staleTime: Infinity,
  });

export const pluginSourceQuery = (organizationId: string, family: string, pluginId: number) =>
  queryOptions({
    queryKey: pluginKeys.source(organizationId, family, pluginId),
    queryFn: ({ signal }) => api.get<Record<string, string>>(`/api/organizations/${organizationId}/${family}/${pluginId}/source/`, { signal }),
  });

export const pluginActivityQuery = (organizationId: string, page: number) =>
  queryOptions({
    queryKey: pluginKeys.activity(organizationId, page),
    queryFn: ({ signal }) => api.get<TActivityPage>(`/api/organizations/${organizationId}/pipeline_destinations/activity/?page=${page}&limit=20`, { signal }),
  });

/** The current project's set-ups of apps. */
export const pluginConfigsQuery = (organizationId: string, projectId: number) =>
  queryOptions({
    queryKey: pluginKeys.configs(organizationId, projectId),
    queryFn: ({ signal }) => api.getAll<TPluginConfig>(`/api/projects/${projectId}/plugin_configs/`, { signal }),
  });

// Saved insights, dashboards, and whether a project has events (issue 8)

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
    queryFn: ({ signal }) => api.get<PaginatedList<TInsightBasic>>(`/api/projects/${projectId}/insights/?${insightListSearch(params)}`, { signal }),
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

export const dashboardsQuery = (projectId: number) =>
  queryOptions({
    queryKey: dashboardKeys.list(projectId),
    queryFn: ({ signal }) => api.getAll<TDashboardBasic>(`/api/projects/${projectId}/dashboards/`, { signal }),
  });

/** A dashboard with its tiles; results missing or stale are computed (`blocking`), fresh ones come from the cache. */
export const dashboardQuery = (projectId: number, dashboardId: number) =>
  queryOptions({
    queryKey: dashboardKeys.detail(projectId, dashboardId),
    queryFn: ({ signal }) => api.get<TDashboard>(`/api/projects/${projectId}/dashboards/${dashboardId}/?refresh=blocking`, { signal }),
  });

/** What the project holds: events of the last 24 hours and 30 days, the newest event's time, the top events. */
export const eventSummaryQuery = (projectId: number) =>
  queryOptions({
    queryKey: eventKeys.summary(projectId),
    queryFn: ({ signal }) => api.get<TEventSummary>(`/api/projects/${projectId}/events/summary/`, { signal }),
  });

export const EVENTS_PAGE_SIZE = 50;

/** The project's events, newest first, page after page through the API's `next` links. */
export const eventsQuery = (projectId: number, params: EventListParams) =>
  infiniteQueryOptions({
    queryKey: eventKeys.list(projectId, params),
    initialPageParam: `/api/projects/${projectId}/events/?${searchParams({ ...params, limit: String(EVENTS_PAGE_SIZE) })}`,
    queryFn: ({ pageParam, signal }) => api.get<TEventList>(pageParam, { signal }),
    // `next` is absolute, built from the request's origin: keep only its path, as `api.getAll` does.
    getNextPageParam: (page) => (page.next ? new URL(page.next).pathname + new URL(page.next).search : null),
  });

/** One page of the project's persons, newest first, searched by the API. */
export const personsQuery = (projectId: number, params: { search?: string; offset: number; limit: number }) =>
  queryOptions({
    queryKey: personKeys.list(projectId, params),
    queryFn: ({ signal }) =>
      api.get<PaginatedList<TPerson>>(
        `/api/projects/${projectId}/persons/?${searchParams({ search: params.search, offset: String(params.offset), limit: String(params.limit) })}`,
        { signal },
      ),
    placeholderData: (previous) => previous,
  });

export const personQuery = (projectId: number, personId: string) =>
  queryOptions({
    queryKey: personKeys.detail(projectId, personId),
    queryFn: ({ signal }) => api.get<TPerson>(`/api/projects/${projectId}/persons/${personId}/`, { signal }),
  });

/** The last insights the signed-in user opened, most recent first. */
export const lastViewedInsightsQuery = (projectId: number) =>
  queryOptions({
    queryKey: insightKeys.lastViewed(projectId),
    queryFn: ({ signal }) => api.get<TInsightBasic[]>(`/api/projects/${projectId}/insights/my_last_viewed/`, { signal }),
  });

// Batch exports (issue 9)

const batchExportsPath = (organizationId: string) => `/api/organizations/${organizationId}/batch_exports/`;

/** Whether a run may still change on its own: pages showing one refresh until none is. */
export const isRunActive = (run: Pick<TBatchExportRun, "status">) => run.status === "Starting" || run.status === "Running";
const ACTIVE_REFRESH_MS = 3_000;

/** Every export of the organization (newest first), each with its latest runs; refreshed while a run is under way. */
export const batchExportsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: batchExportKeys.list(organizationId),
    queryFn: ({ signal }) => api.getAll<TBatchExport>(batchExportsPath(organizationId), { signal }),
    refetchInterval: (query) => (query.state.data?.some((item) => item.latest_runs.some(isRunActive)) ? ACTIVE_REFRESH_MS : false),
  });

export const batchExportQuery = (organizationId: string, exportId: string) =>
  queryOptions({
    queryKey: batchExportKeys.detail(organizationId, exportId),
    queryFn: ({ signal }) => api.get<TBatchExport>(`${batchExportsPath(organizationId)}${exportId}/`, { signal }),
    retry: (failures, error) => !(error instanceof ApiRequestError && error.status < 500) && failures < 3,
  });

/** One page of an export's runs, newest first; refreshed while any of them is under way. */
export const batchExportRunsQuery = (organizationId: string, exportId: string, params: BatchExportRunListParams) =>
  queryOptions({
    queryKey: batchExportKeys.runs(organizationId, exportId, params),
    queryFn: ({ signal }) =>
      api.get<PaginatedList<TBatchExportRun>>(
        `${batchExportsPath(organizationId)}${exportId}/runs/?${searchParams({ status: params.status, offset: String(params.offset), limit: String(params.limit) })}`,
        { signal },
      ),
    placeholderData: (previous) => previous,
    refetchInterval: (query) => (query.state.data?.results.some(isRunActive) ? ACTIVE_REFRESH_MS : false),
  });

/** One page of an export's log entries, newest first. */
export const batchExportLogsQuery = (organizationId: string, exportId: string, params: BatchExportLogParams) =>
  queryOptions({
    queryKey: batchExportKeys.logs(organizationId, exportId, params),
    queryFn: ({ signal }) =>
      api.get<PaginatedList<TBatchExportLogEntry>>(
        `${batchExportsPath(organizationId)}${exportId}/logs/?${searchParams({
          level: params.level,
          search: params.search,
          instance_id: params.instance_id,
          offset: String(params.offset),
          limit: String(params.limit),
        })}`,
        { signal },
      ),
    placeholderData: (previous) => previous,
  });
