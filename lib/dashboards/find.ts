import { and, eq } from "drizzle-orm";
import { notFound } from "@/lib/api/errors";
import { getDb, type Tx } from "@/lib/db/client";
import { dashboards, type Dashboard } from "@/lib/db/schema";

/** A dashboard of the project (a deleted one only when asked for, to restore it), or 404. */
export async function findDashboard(projectId: number, id: number, includeDeleted = false): Promise<Dashboard> {
  const db = await getDb();
  const conditions = [eq(dashboards.projectId, projectId), eq(dashboards.id, id)];
  if (!includeDeleted) conditions.push(eq(dashboards.deleted, false));
  const [row] = await db
    .select()
    .from(dashboards)
    .where(and(...conditions));
  if (!row) throw notFound("Dashboard not found.");
  return row;
}

/** The dashboard PostHog gives every new project. */
export const DEFAULT_DASHBOARD_NAME = "My App Dashboard";

/** A new project starts with an empty, pinned "My App Dashboard" (PostHog's `create_default_dashboard`). */
export async function insertDefaultDashboard(tx: Tx, projectId: number) {
  await tx.insert(dashboards).values({ projectId, name: DEFAULT_DASHBOARD_NAME, pinned: true });
}
