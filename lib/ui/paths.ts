import type { TInvite } from "@/lib/ui/types";
import type { TUser } from "@/lib/users/schemas";

/** Where a signed-in user starts: their current project, or onboarding when they belong to no organization. */
export function homePath(me: Pick<TUser, "team">): string {
  return me.team ? `/project/${me.team.id}` : "/onboarding";
}

/** A `?next=` target only when it stays on this site, so a crafted link cannot send people elsewhere. */
export function safeNextPath(next: string | null | undefined): string | null {
  return next?.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\") ? next : null;
}

/** A saved insight's page (PostHog's URL), or its editor. */
export const insightPath = (projectId: number, shortId: string, edit = false) => `/project/${projectId}/insights/${shortId}${edit ? "/edit" : ""}`;

/** The link an invitee signs up with (shown once an invite is created, and copied from the pending list). */
export const inviteLink = (invite: Pick<TInvite, "id">) => `${window.location.origin}/signup/${invite.id}`;
