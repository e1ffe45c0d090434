import { and, asc, count, desc, eq, ilike, inArray, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import { notFound, permissionDenied, validationError } from "@/lib/api/errors";
import type { Page } from "@/lib/api/pagination";
import type { Actor } from "@/lib/auth/actor";
import { getDb, type Tx } from "@/lib/db/client";
import { containsPattern } from "@/lib/db/like";
import { dashboards, dashboardTiles, insights, sharingConfigurations, type Dashboard, type Membership, type Project, type User } from "@/lib/db/schema";
import type { RefreshMode } from "@/lib/analytics/results-cache/refresh";
import { insightAnswer } from "@/lib/insights/result";
import { serializeInsight } from "@/lib/insights/serialize";
import { normalizeTags } from "@/lib/tags";
import { usersById } from "@/lib/users/lookup";
import { enabledSharing, renewSharingToken, saveSharing, serializeSharing, sharingConfigOf } from "@/lib/sharing/configurations";
import { requireProjectAccess } from "@/lib/projects/access";
import type { TProjectId } from "@/lib/projects/schemas";
import { createdByOf } from "@/lib/users/serialize";
import type { DashboardFilters } from "./filters";
import {
  canEditDashboard,
  canRestrictDashboard,
  CANNOT_EDIT_DASHBOARD,
  CANNOT_RESTRICT_DASHBOARD,
  effectivePrivilegeLevel,
  PrivilegeLevel,
  type MemberRef,
} from "./permissions";
import { insightViewer } from "@/lib/insights/viewer";
import { tilesOfInsights } from "./placement";
import { findDashboard } from "./find";
import type { TDashboardCreate, TDashboardUpdate } from "./schemas";

const memberRef = (actor: Actor, membership: Membership): MemberRef => ({ userId: actor.user.id, level: membership.level });

/** Who looks at a dashboard: a member, or a visitor of its public link (who may only view, and sees no people). */
type Viewer = MemberRef | "public";

function serializeDashboardBasic(dashboard: Dashboard, people: Map<number, User>, viewer: Viewer, isShared: boolean) {
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
async function serializeDashboard(project: Project, dashboard: Dashboard, viewer: Viewer, refresh: RefreshMode, actor: Actor | null) {
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
  const insightReader = await insightViewer(actor, rows.map((r) => r.insight.id));
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

// ---- list ----

export interface DashboardListFilters {
  search?: string;
  pinned?: boolean;
}

export async function listDashboards(actor: Actor, projectId: TProjectId, filters: DashboardListFilters, page: Page) {
  const { project, membership } = await requireProjectAccess(actor, projectId);
  const db = await getDb();
  const where: SQL[] = [eq(dashboards.projectId, project.id), eq(dashboards.deleted, false)];
  if (filters.pinned !== undefined) where.push(eq(dashboards.pinned, filters.pinned));
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    where.push(or(ilike(dashboards.name, pattern), ilike(dashboards.description, pattern))!);
  }
  const [{ total }] = await db.select({ total: count() }).from(dashboards).where(and(...where));
  // PostHog orders pinned first, then by name.
  const rows = await db
    .select()
    .from(dashboards)
    .where(and(...where))
    .orderBy(desc(dashboards.pinned), sql`${dashboards.name} asc nulls last`, asc(dashboards.id))
    .limit(page.limit)
    .offset(page.offset);
  const people = await usersById(rows.map((r) => r.createdById));
  const shared = await sharedDashboardIds(rows.map((r) => r.id));
  const member = memberRef(actor, membership);
  return { count: total, results: rows.map((row) => serializeDashboardBasic(row, people, member, shared.has(row.id))) };
}

// ---- retrieve ----

export async function retrieveDashboard(actor: Actor, projectId: TProjectId, id: number, refresh: RefreshMode) {
  const { project, membership } = await requireProjectAccess(actor, projectId);
  await findDashboard(project.id, id);
  const db = await getDb();
  const [dashboard] = await db.update(dashboards).set({ lastAccessedAt: new Date() }).where(eq(dashboards.id, id)).returning();
  return serializeDashboard(project, dashboard, memberRef(actor, membership), refresh, actor);
}

// ---- create ----

/** Dashboard filters as PostHog saves them: only a non-empty object replaces what is there. */
const sentFilters = (filters: Record<string, unknown> | undefined) => (filters && Object.keys(filters).length ? filters : undefined);

export async function createDashboard(actor: Actor, projectId: TProjectId, input: TDashboardCreate) {
  const { project, membership } = await requireProjectAccess(actor, projectId);
  if (input.use_template && input.use_dashboard)
    throw validationError("`use_dashboard` and `use_template` cannot be used together", null);
  // No templates exist here, so any template key names none.
  if (input.use_template) throw validationError(`Invalid template provided: ${input.use_template}`, "use_template");
  const source = input.use_dashboard
    ? await findDashboard(project.id, input.use_dashboard).catch(() => {
        throw validationError("Invalid value provided", "use_dashboard");
      })
    : null;
  const db = await getDb();
  const created = await db.transaction(async (tx) => {
    const [dashboard] = await tx
      .insert(dashboards)
      .values({
        projectId: project.id,
        name: input.name ?? null,
        description: input.description ?? "",
        pinned: input.pinned ?? false,
        deleted: input.deleted ?? false,
        filters: sentFilters(input.filters) ?? source?.filters ?? {},
        tags: normalizeTags(input.tags ?? []),
        restrictionLevel: input.restriction_level,
        creationMode: source ? "duplicate" : "default",
        createdById: actor.user.id,
      })
      .returning();
    if (source) await copyTiles(tx, source.id, dashboard.id);
    return dashboard;
  });
  return serializeDashboard(project, created, memberRef(actor, membership), "force_cache", actor);
}

/** Duplication: the same insights on the new dashboard, laid out and colored as on the source. */
async function copyTiles(tx: Tx, fromDashboardId: number, toDashboardId: number) {
  const tiles = await tx
    .select()
    .from(dashboardTiles)
    .where(and(eq(dashboardTiles.dashboardId, fromDashboardId), eq(dashboardTiles.deleted, false)));
  if (!tiles.length) return;
  await tx
    .insert(dashboardTiles)
    .values(tiles.map((tile) => ({ dashboardId: toDashboardId, insightId: tile.insightId, layouts: tile.layouts, color: tile.color })));
}

// ---- update, delete, restore ----

/** A dashboard the caller may change: 404 outside the project, 403 when it is restricted and not theirs to edit. */
export async function requireEditableDashboard(actor: Actor, projectId: TProjectId, id: number, includeDeleted = false) {
  const { project, membership } = await requireProjectAccess(actor, projectId);
  const dashboard = await findDashboard(project.id, id, includeDeleted);
  const member = memberRef(actor, membership);
  if (!canEditDashboard(dashboard, member)) throw permissionDenied(CANNOT_EDIT_DASHBOARD);
  return { project, dashboard, member };
}

export async function updateDashboard(actor: Actor, projectId: TProjectId, id: number, input: TDashboardUpdate) {
  // Only a restore may address a deleted dashboard.
  const { project, dashboard: before, member } = await requireEditableDashboard(actor, projectId, id, input.deleted === false);
  if (input.restriction_level !== undefined && input.restriction_level !== before.restrictionLevel && !canRestrictDashboard(before, member))
    throw permissionDenied(CANNOT_RESTRICT_DASHBOARD);
  const patch: Partial<typeof dashboards.$inferInsert> = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.description !== undefined) patch.description = input.description;
  if (input.pinned !== undefined) patch.pinned = input.pinned;
  if (input.deleted !== undefined) patch.deleted = input.deleted;
  if (input.tags !== undefined) patch.tags = normalizeTags(input.tags);
  if (input.restriction_level !== undefined) patch.restrictionLevel = input.restriction_level;
  const filters = sentFilters(input.filters);
  if (filters) patch.filters = filters;

  const db = await getDb();
  const after = await db.transaction(async (tx) => {
    if (input.tiles?.length) await updateTiles(tx, before.id, input.tiles);
    if (input.deleted === true && !before.deleted) await deleteTiles(tx, before.id, input.delete_insights ?? false);
    if (input.deleted === false && before.deleted) await restoreTiles(tx, before.id);
    if (!Object.keys(patch).length) return before;
    const [updated] = await tx.update(dashboards).set(patch).where(eq(dashboards.id, before.id)).returning();
    return updated;
  });
  return serializeDashboard(project, after, member, "force_cache", actor);
}

/** Layouts, colors and removal of the dashboard's own tiles; a tile of another dashboard is a 400. */
async function updateTiles(tx: Tx, dashboardId: number, tiles: NonNullable<TDashboardUpdate["tiles"]>) {
  const ids = [...new Set(tiles.map((tile) => tile.id))];
  const own = await tx
    .select({ id: dashboardTiles.id })
    .from(dashboardTiles)
    .where(and(eq(dashboardTiles.dashboardId, dashboardId), inArray(dashboardTiles.id, ids)));
  if (own.length !== ids.length) throw validationError("Tile not found.", "tiles");
  for (const tile of tiles) {
    const change: Partial<typeof dashboardTiles.$inferInsert> = {};
    if (tile.layouts !== undefined) change.layouts = tile.layouts;
    if (tile.color !== undefined) change.color = tile.color;
    if (tile.deleted !== undefined) change.deleted = tile.deleted;
    if (Object.keys(change).length) await tx.update(dashboardTiles).set(change).where(eq(dashboardTiles.id, tile.id));
  }
}

/**
 * Deleting a dashboard soft-deletes its tiles; with `delete_insights`, also its insights that are on no other
 * dashboard (PostHog counts their live tiles: this one alone).
 */
async function deleteTiles(tx: Tx, dashboardId: number, deleteInsights: boolean) {
  if (deleteInsights) {
    const ownLiveTiles = tx
      .select({ insightId: dashboardTiles.insightId })
      .from(dashboardTiles)
      .where(and(eq(dashboardTiles.dashboardId, dashboardId), eq(dashboardTiles.deleted, false)));
    const onOtherDashboards = tx
      .select({ insightId: dashboardTiles.insightId })
      .from(dashboardTiles)
      .where(and(ne(dashboardTiles.dashboardId, dashboardId), eq(dashboardTiles.deleted, false)));
    await tx
      .update(insights)
      .set({ deleted: true })
      .where(and(inArray(insights.id, ownLiveTiles), notInArray(insights.id, onOtherDashboards)));
  }
  await tx.update(dashboardTiles).set({ deleted: true }).where(eq(dashboardTiles.dashboardId, dashboardId));
}

/** A restored dashboard gets every tile back, and the insights on them are restored too, as PostHog does. */
async function restoreTiles(tx: Tx, dashboardId: number) {
  await tx.update(dashboardTiles).set({ deleted: false }).where(eq(dashboardTiles.dashboardId, dashboardId));
  const onDashboard = tx.select({ insightId: dashboardTiles.insightId }).from(dashboardTiles).where(eq(dashboardTiles.dashboardId, dashboardId));
  await tx.update(insights).set({ deleted: false }).where(and(inArray(insights.id, onDashboard), eq(insights.deleted, true)));
}

// ---- sharing (the insights' sharing configurations, for a dashboard) ----

/** Which of these dashboards have public sharing enabled (PostHog's `is_shared`). */
async function sharedDashboardIds(ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const db = await getDb();
  const rows = await db
    .select({ id: sharingConfigurations.dashboardId })
    .from(sharingConfigurations)
    .where(and(inArray(sharingConfigurations.dashboardId, ids), eq(sharingConfigurations.enabled, true)));
  return new Set(rows.map((row) => row.id!));
}

export async function getDashboardSharing(actor: Actor, projectId: TProjectId, id: number) {
  const { project } = await requireProjectAccess(actor, projectId);
  const dashboard = await findDashboard(project.id, id);
  return serializeSharing(await sharingConfigOf({ dashboardId: dashboard.id }));
}

/** Sharing a dashboard publicly is an edit of it: a restricted one only by those who may edit it. */
export async function updateDashboardSharing(actor: Actor, projectId: TProjectId, id: number, input: { enabled?: boolean }) {
  const { project, dashboard } = await requireEditableDashboard(actor, projectId, id);
  return serializeSharing((await saveSharing(project.id, { dashboardId: dashboard.id }, input.enabled)).saved);
}

export async function refreshDashboardSharingToken(actor: Actor, projectId: TProjectId, id: number) {
  const { project, dashboard } = await requireEditableDashboard(actor, projectId, id);
  return serializeSharing(await renewSharingToken(project.id, { dashboardId: dashboard.id }));
}

/**
 * The dashboard behind an enabled sharing token, read-only, its tiles computed for a visitor (stale results are
 * computed now), or 404 (unknown, disabled, an insight's token, or the dashboard deleted).
 */
export async function sharedDashboard(accessToken: string) {
  const shared = await enabledSharing(accessToken);
  if (!shared?.config.dashboardId) throw notFound();
  const dashboard = await findDashboard(shared.project.id, shared.config.dashboardId);
  return { project: shared.project, dashboard: await serializeDashboard(shared.project, dashboard, "public", "blocking", null) };
}
