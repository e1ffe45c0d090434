import type { DashboardFilters } from "@/lib/dashboards/filters";
import type { TileRef } from "@/lib/dashboards/placement";
import type { Insight, Project, User } from "@/lib/db/schema";
import { createdByOf, userBasic } from "@/lib/users/serialize";
import { cacheKey, type CachedAnswer } from "@/lib/analytics/results-cache/cache";
import type { HogQLResult } from "@/lib/hogql/run";
import { analysisOf } from "./compute";
import type { InsightViewer } from "./viewer";

// PostHog's insight serializers: the basic one of lists and `my_last_viewed`, and the full one with the result.

const RESTRICTION_EVERYONE_CAN_EDIT = 21;
const PRIVILEGE_CAN_EDIT = 37;

function responseFilters(insight: Insight): Record<string, unknown> {
  const filters = { ...(insight.filters ?? {}) };
  if (!insight.query && !filters.insight) filters.insight = "TRENDS";
  return filters;
}

/** `tiles`: the insight's live tiles (`tilesOfInsights`), which its `dashboards` and `dashboard_tiles` list. */
export function serializeBasic(insight: Insight, people: Map<number, User>, tiles: TileRef[], lastRefresh: string | null = null) {
  return {
    id: insight.id,
    short_id: insight.shortId,
    name: insight.name,
    derived_name: insight.derivedName,
    filters: responseFilters(insight),
    query: insight.query ?? null,
    dashboards: tiles.map((tile) => tile.dashboard_id),
    dashboard_tiles: tiles,
    description: insight.description,
    last_refresh: lastRefresh,
    refreshing: false,
    saved: insight.saved,
    tags: insight.tags ?? [],
    updated_at: insight.updatedAt.toISOString(),
    created_by: createdByOf(insight.createdById, people),
    created_at: insight.createdAt.toISOString(),
    last_modified_at: insight.lastModifiedAt.toISOString(),
    favorited: insight.favorited,
  };
}

/** `dashboard`: the filters of the dashboard the insight is seen from, which its result was computed with. */
export function serializeInsight(
  project: Project,
  insight: Insight,
  people: Map<number, User>,
  tiles: TileRef[],
  answer: CachedAnswer | null,
  viewer: InsightViewer,
  dashboard?: DashboardFilters,
) {
  const { refreshing: _refreshing, ...basic } = serializeBasic(insight, people, tiles, answer?.last_refresh ?? null);
  const modifier = insight.lastModifiedById !== null ? people.get(insight.lastModifiedById) : undefined;
  const analysis = analysisOf(insight, dashboard);
  // A SQL insight answers PostHog's HogQL shape: its rows as `result`, beside their columns, types and HogQL.
  const table = analysis?.kind === "HogQLQuery" ? (answer?.result as Partial<HogQLResult> | null | undefined) : null;
  return {
    ...basic,
    order: insight.order,
    deleted: insight.deleted,
    cache_target_age: answer?.cache_target_age ?? null,
    next_allowed_client_refresh: null,
    result: (table ? table.results : answer?.result) ?? null,
    hasMore: table?.hasMore ?? null,
    columns: table?.columns ?? null,
    last_modified_by: modifier ? userBasic(modifier) : null,
    is_sample: false,
    effective_restriction_level: RESTRICTION_EVERYONE_CAN_EDIT,
    effective_privilege_level: PRIVILEGE_CAN_EDIT,
    timezone: project.timezone,
    is_cached: answer?.is_cached ?? false,
    query_status: answer?.query_status ?? null,
    hogql: table?.hogql ?? null,
    types: table?.types ?? null,
    filters_hash: analysis ? cacheKey(project, analysis.kind, analysis.filter) : null,
    // Hedgerow has no insight alerts.
    alerts: [],
    last_viewed_at: viewer.lastViewed.get(insight.id) ?? null,
    user_access_level: viewer.accessLevel,
  };
}
