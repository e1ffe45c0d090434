import { and, eq, inArray, ne, notInArray } from "drizzle-orm";
import { validationError } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { dashboardTiles, insights } from "@/lib/db/schema";
import type { TDashboardUpdate } from "./schemas";

/** Duplication: the same insights on the new dashboard, laid out and colored as on the source. */
export async function copyTiles(tx: Tx, fromDashboardId: number, toDashboardId: number) {
  const tiles = await tx
    .select()
    .from(dashboardTiles)
    .where(and(eq(dashboardTiles.dashboardId, fromDashboardId), eq(dashboardTiles.deleted, false)));
  if (!tiles.length) return;
  await tx
    .insert(dashboardTiles)
    .values(tiles.map((tile) => ({ dashboardId: toDashboardId, insightId: tile.insightId, layouts: tile.layouts, color: tile.color })));
}

/** Layouts, colors and removal of the dashboard's own tiles; a tile of another dashboard is a 400. */
export async function updateTiles(tx: Tx, dashboardId: number, tiles: NonNullable<TDashboardUpdate["tiles"]>) {
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
export async function deleteTiles(tx: Tx, dashboardId: number, deleteInsights: boolean) {
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
export async function restoreTiles(tx: Tx, dashboardId: number) {
  await tx.update(dashboardTiles).set({ deleted: false }).where(eq(dashboardTiles.dashboardId, dashboardId));
  const onDashboard = tx
    .select({ insightId: dashboardTiles.insightId })
    .from(dashboardTiles)
    .where(eq(dashboardTiles.dashboardId, dashboardId));
  await tx
    .update(insights)
    .set({ deleted: false })
    .where(and(inArray(insights.id, onDashboard), eq(insights.deleted, true)));
}
