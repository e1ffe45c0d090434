import { enabledSharing } from "@/lib/sharing/configurations";
import { serializeDashboard } from "./serialize";
import { notFound } from "@/lib/api/errors";
import type { Actor } from "@/lib/auth/actor";
import { renewSharingToken, saveSharing, serializeSharing, sharingConfigOf } from "@/lib/sharing/configurations";
import { requireProjectAccess } from "@/lib/projects/access";
import type { TProjectId } from "@/lib/projects/schemas";
import { findDashboard } from "./find";
import { requireEditableDashboard } from "./service";

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
