import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { permissionDenied, validationError } from "@/lib/api/errors";
import type { Page } from "@/lib/api/pagination";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { containsPattern } from "@/lib/db/like";
import { dashboards } from "@/lib/db/schema";
import type { RefreshMode } from "@/lib/analytics/results-cache/refresh";
import { normalizeTags } from "@/lib/tags";
import { usersById } from "@/lib/users/lookup";
import { requireProjectAccess } from "@/lib/projects/access";
import type { TProjectId } from "@/lib/projects/schemas";
import { canEditDashboard, canRestrictDashboard, CANNOT_EDIT_DASHBOARD, CANNOT_RESTRICT_DASHBOARD } from "./permissions";
import { findDashboard } from "./find";
import type { TDashboardCreate, TDashboardUpdate } from "./schemas";
import { memberRef, serializeDashboard, serializeDashboardBasic, sharedDashboardIds } from "./serialize";
import { copyTiles, deleteTiles, restoreTiles, updateTiles } from "./tiles";

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
  const [{ total }] = await db
    .select({ total: count() })
    .from(dashboards)
    .where(and(...where));
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
  if (input.use_template && input.use_dashboard) throw validationError("`use_dashboard` and `use_template` cannot be used together", null);
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
