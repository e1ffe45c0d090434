import { notFound } from "@/lib/api/errors";
import type { Actor } from "@/lib/auth/actor";
import type { Insight, Project } from "@/lib/db/schema";
import type { TProjectId } from "@/lib/projects/schemas";
import { enabledSharing, renewSharingToken, saveSharing, serializeSharing, sharingConfigOf } from "@/lib/sharing/configurations";
import { findInsight, requireInsight } from "./access";
import { recordInsightActivity } from "./activity";

// An insight's public link: its sharing configuration (`sharing/`), and the insight a link opens.

const insightToShare = (actor: Actor, projectId: TProjectId, insightId: number) =>
  requireInsight(actor, projectId, insightId, { notFoundDetail: "Insight not found." });

/** Sharing entries are logged whether or not the insight has a name. */
async function recordSharingEnabled(project: Project, organizationId: string, userId: number, insight: Insight, enabled: boolean) {
  await recordInsightActivity(project, organizationId, userId, insight, enabled ? "sharing enabled" : "sharing disabled", [
    { type: "Insight", action: "changed", field: "sharing", before: !enabled, after: enabled },
  ]);
}

export async function getSharing(actor: Actor, projectId: TProjectId, insightId: number) {
  const { insight } = await insightToShare(actor, projectId, insightId);
  return serializeSharing(await sharingConfigOf({ insightId: insight.id }));
}

export async function updateSharing(actor: Actor, projectId: TProjectId, insightId: number, input: { enabled?: boolean }) {
  const { project, membership, insight } = await insightToShare(actor, projectId, insightId);
  const { before, saved } = await saveSharing(project.id, { insightId: insight.id }, input.enabled);
  if (input.enabled !== undefined && input.enabled !== before)
    await recordSharingEnabled(project, membership.organizationId, actor.user.id, insight, input.enabled);
  return serializeSharing(saved);
}

export async function refreshSharingToken(actor: Actor, projectId: TProjectId, insightId: number) {
  const { project, membership, insight } = await insightToShare(actor, projectId, insightId);
  const saved = await renewSharingToken(project.id, { insightId: insight.id });
  await recordInsightActivity(project, membership.organizationId, actor.user.id, insight, "access token refreshed", null);
  return serializeSharing(saved);
}

/** The insight behind an enabled sharing token, or 404 (unknown, disabled, a dashboard's, or its insight deleted). */
export async function sharedInsight(accessToken: string) {
  const shared = await enabledSharing(accessToken);
  if (!shared?.config.insightId) throw notFound();
  const insight = await findInsight(shared.project.id, shared.config.insightId);
  return { project: shared.project, insight };
}
