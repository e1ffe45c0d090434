import { notFound } from "@/lib/api/errors";
import type { Actor } from "@/lib/auth/actor";
import { requireProjectAccess } from "@/lib/projects/access";
import type { TProjectId } from "@/lib/projects/schemas";
import { enabledSharing, renewSharingToken, saveSharing, serializeSharing, sharingConfigOf } from "@/lib/sharing/configurations";

// A project's web analytics page as a public link: its sharing configuration, and the project a link opens.
// Any member may share it, as any member may share a dashboard nobody restricted: the page has no restriction.

export async function getWebSharing(actor: Actor, projectId: TProjectId) {
  const { project } = await requireProjectAccess(actor, projectId);
  return serializeSharing(await sharingConfigOf({ webAnalyticsProjectId: project.id }));
}

export async function updateWebSharing(actor: Actor, projectId: TProjectId, input: { enabled?: boolean }) {
  const { project } = await requireProjectAccess(actor, projectId);
  return serializeSharing((await saveSharing(project.id, { webAnalyticsProjectId: project.id }, input.enabled)).saved);
}

export async function refreshWebSharingToken(actor: Actor, projectId: TProjectId) {
  const { project } = await requireProjectAccess(actor, projectId);
  return serializeSharing(await renewSharingToken(project.id, { webAnalyticsProjectId: project.id }));
}

/** The project whose web analytics page an enabled token shares, or 404 (unknown, disabled, another item's). */
export async function sharedWebProject(accessToken: string) {
  const shared = await enabledSharing(accessToken);
  if (!shared?.config.webAnalyticsProjectId) throw notFound();
  return shared.project;
}
