import { and, asc, eq, inArray } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { dashboardTiles, insights, sharingConfigurations, type Dashboard, type Membership, type Project, type User } from "@/lib/db/schema";
import type { RefreshMode } from "@/lib/analytics/results-cache/refresh";
import { insightAnswer } from "@/lib/insights/result";
import { serializeInsight } from "@/lib/insights/serialize";
import { usersById } from "@/lib/users/lookup";
import { createdByOf } from "@/lib/users/serialize";
import type { DashboardFilters } from "./filters";
import { effectivePrivilegeLevel, PrivilegeLevel, type MemberRef } from "./permissions";
import { insightViewer } from "@/lib/insights/viewer";
import { tilesOfInsights } from "./placement";

export const memberRef = (actor: Actor, membership: Membership): MemberRef => ({ userId: actor.user.id, level: membership.level });

/** Who looks at a dashboard: a member, or a visitor of its public link (who may only view, and sees no people). */
export type Viewer = MemberRef | "public";

export function serializeDashboardBasic(dashboard: Dashboard, people: Map<number, User>, viewer: Viewer, isShared: boolean) {
  return {
    id: dashboard.id,
    name: dashboard.name,
    description: dashboard.description,
    pinned: dashboard.pinned,
    created_at: dashboard.createdAt.toISOString(),
    created_by: createdByOf(dashboard.createdById, people),
    last_accessed_at: dashboard.lastAccessedAt?.toISOString() ?? null,
    is_shared: isShared,
    deleted: dashboard.deleted,
    creation_mode: dashboard.creationMode as "default" | "template" | "duplicate",
    tags: dashboard.tags,
    restriction_level: dashboard.restrictionLevel,
    effective_restriction_level: dashboard.restrictionLevel,
    effective_privilege_level: viewer === "public" ? PrivilegeLevel.CAN_VIEW : effectivePrivilegeLevel(dashboard, viewer),
    team_id: dashboard.projectId,
  };
}

/** Where a tile sits in the small layout (PostHog orders tiles top to bottom, then left to right); unplaced last. */
function layoutPosition(layouts: Record<string, unknown>): [number, number] {
  const small = (layouts.sm ?? {}) as { x?: unknown; y?: unknown };
  const coordinate = (value: unknown) => (typeof value === "number" ? value : Number.MAX_SAFE_INTEGER);
  return [coordinate(small.y), coordinate(small.x)];
}

/**
 * The dashboard with its tiles, each insight computed as `refresh` says with the dashboard's filters over its own.
 * A public visitor gets what can be shown rather than an error, as on a shared insight.
 */
export async function serializeDashboard(
  project: Project,
  dashboard: Dashboard,
  viewer: Viewer,
  refresh: RefreshMode,
  actor: Actor | null,
) {
  const db = await getDb();
  const rows = await db
    .select({ tile: dashboardTiles, insight: insights })
    .from(dashboardTiles)
    .innerJoin(insights, eq(insights.id, dashboardTiles.insightId))
    .where(and(eq(dashboardTiles.dashboardId, dashboard.id), eq(dashboardTiles.deleted, false), eq(insights.deleted, false)))
    .orderBy(asc(dashboardTiles.id));
  rows.sort((a, b) => {
    const [ay, ax] = layoutPosition(a.tile.layouts);
    const [by, bx] = layoutPosition(b.tile.layouts);
    return ay - by || ax - bx;
  });
  const people =
    viewer === "public"
      ? new Map<number, User>()
      : await usersById([dashboard.createdById, ...rows.flatMap((r) => [r.insight.createdById, r.insight.lastModifiedById])]);
  const placements = await tilesOfInsights(rows.map((r) => r.insight.id));
  const insightReader = await insightViewer(
    actor,
    rows.map((r) => r.insight.id),
  );
  const filters = dashboard.filters as DashboardFilters;
  // The tiles' insights are computed together; the analysis queue decides how many run at once.
  const tiles = await Promise.all(
    rows.map(async ({ tile, insight }, order) => {
      const answer = await (viewer === "public"
        ? insightAnswer(project, insight, refresh, filters).catch(() => insightAnswer(project, insight, "force_cache", filters))
        : insightAnswer(project, insight, refresh, filters));
      const serialized = serializeInsight(project, insight, people, placements.get(insight.id) ?? [], answer, insightReader, filters);
      return {
        id: tile.id,
        layouts: tile.layouts,
        color: tile.color,
        insight: serialized,
        order,
        last_refresh: serialized.last_refresh,
        is_cached: serialized.is_cached,
      };
    }),
  );
  const shared = (await sharedDashboardIds([dashboard.id])).has(dashboard.id);
  return { ...serializeDashboardBasic(dashboard, people, viewer, shared), filters: dashboard.filters, tiles };
}

// ---- sharing (the insights' sharing configurations, for a dashboard) ----

/** Which of these dashboards have public sharing enabled (PostHog's `is_shared`). */
export async function sharedDashboardIds(ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const db = await getDb();
  const rows = await db
    .select({ id: sharingConfigurations.dashboardId })
    .from(sharingConfigurations)
    .where(and(inArray(sharingConfigurations.dashboardId, ids), eq(sharingConfigurations.enabled, true)));
  return new Set(rows.map((row) => row.id!));
}
