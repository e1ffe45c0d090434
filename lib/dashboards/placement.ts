import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { permissionDenied, validationError } from "@/lib/api/errors";
import { getDb, type Tx } from "@/lib/db/client";
import { dashboards, dashboardTiles } from "@/lib/db/schema";
import { canEditDashboard, cannotAddInsightTo, type MemberRef } from "./permissions";

/** How an insight names a tile it is on (its `dashboard_tiles`). */
export interface TileRef {
  id: number;
  dashboard_id: number;
  deleted: boolean | null;
}

/** The live tiles (on dashboards not deleted) of each insight, by insight id, in the order they were added. */
export async function tilesOfInsights(insightIds: number[]): Promise<Map<number, TileRef[]>> {
  const byInsight = new Map<number, TileRef[]>();
  if (!insightIds.length) return byInsight;
  const db = await getDb();
  const rows = await db
    .select({ id: dashboardTiles.id, insightId: dashboardTiles.insightId, dashboardId: dashboardTiles.dashboardId })
    .from(dashboardTiles)
    .innerJoin(dashboards, eq(dashboards.id, dashboardTiles.dashboardId))
    .where(
      and(inArray(dashboardTiles.insightId, [...new Set(insightIds)]), eq(dashboardTiles.deleted, false), eq(dashboards.deleted, false)),
    )
    .orderBy(dashboardTiles.id);
  for (const row of rows) {
    const refs = byInsight.get(row.insightId) ?? [];
    refs.push({ id: row.id, dashboard_id: row.dashboardId, deleted: false });
    byInsight.set(row.insightId, refs);
  }
  return byInsight;
}

/**
 * Checks the dashboards an insight is written onto (its `dashboards` field), as PostHog's insight serializer:
 * each must be a live dashboard of the project (else 400 "Dashboard not found"), and one the member may edit.
 */
export async function checkInsightDashboards(projectId: number, member: MemberRef, dashboardIds: number[]) {
  if (!dashboardIds.length) return;
  const db = await getDb();
  const wanted = [...new Set(dashboardIds)];
  const found = await db
    .select()
    .from(dashboards)
    .where(and(eq(dashboards.projectId, projectId), eq(dashboards.deleted, false), inArray(dashboards.id, wanted)));
  if (found.length !== wanted.length) throw validationError("Dashboard not found", "dashboards", "invalid_input");
  const locked = found.find((dashboard) => !canEditDashboard(dashboard, member));
  if (locked) throw permissionDenied(cannotAddInsightTo(locked.id));
}

/**
 * Puts the insight on exactly these dashboards: a tile on each (a removed one comes back), and its tiles on
 * the others soft-deleted. Tiles of deleted dashboards are left as they are, for a restore to bring back.
 */
export async function placeInsightOnDashboards(tx: Tx, insightId: number, dashboardIds: number[]) {
  const wanted = [...new Set(dashboardIds)];
  const liveDashboards = tx.select({ id: dashboards.id }).from(dashboards).where(eq(dashboards.deleted, false));
  await tx
    .update(dashboardTiles)
    .set({ deleted: true })
    .where(
      and(
        eq(dashboardTiles.insightId, insightId),
        inArray(dashboardTiles.dashboardId, liveDashboards),
        wanted.length ? notInArray(dashboardTiles.dashboardId, wanted) : sql`true`,
      ),
    );
  if (!wanted.length) return;
  await tx
    .insert(dashboardTiles)
    .values(wanted.map((dashboardId) => ({ dashboardId, insightId })))
    .onConflictDoUpdate({ target: [dashboardTiles.dashboardId, dashboardTiles.insightId], set: { deleted: false } });
}

/** The insights with a live tile (on a dashboard not deleted), on dashboard `dashboardId` when given: a subquery. */
export function insightsOnDashboards(db: Tx, dashboardId?: number) {
  const conditions = [eq(dashboardTiles.deleted, false), eq(dashboards.deleted, false)];
  if (dashboardId !== undefined) conditions.push(eq(dashboardTiles.dashboardId, dashboardId));
  return db
    .select({ insightId: dashboardTiles.insightId })
    .from(dashboardTiles)
    .innerJoin(dashboards, eq(dashboards.id, dashboardTiles.dashboardId))
    .where(and(...conditions));
}

/** A deleted insight leaves every dashboard it was on (PostHog soft-deletes its tiles). */
export async function removeInsightFromDashboards(tx: Tx, insightId: number) {
  await tx.update(dashboardTiles).set({ deleted: true }).where(eq(dashboardTiles.insightId, insightId));
}
