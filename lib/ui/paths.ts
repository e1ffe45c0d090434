import type { TInvite } from "@/lib/ui/types";
import type { TUser } from "@/lib/users/schemas";

/** Where a signed-in user starts: their current project, or onboarding when they belong to no organization. */
export function homePath(me: Pick<TUser, "team">): string {
  return me.team ? `/project/${me.team.id}` : "/onboarding";
}

// Stands for this site when no public URL is known: `next` must resolve to it to be followed.
const OWN_ORIGIN = "http://hedgerow.invalid";

/**
 * A `?next=` target only when it stays on this site, so a crafted link cannot send people elsewhere. It is resolved
 * as a browser would (tabs and newlines dropped, `\` read as `/`, `..` collapsed) against this site's origin (or
 * `origin`, the public URL) and kept only when it lands there; the answer is the resolved path, never the raw text.
 */
export function safeNextPath(next: string | null | undefined, origin = OWN_ORIGIN): string | null {
  if (!next) return null;
  const base = new URL(origin);
  let resolved: URL;
  try {
    resolved = new URL(next, base);
  } catch {
    return null;
  }
  if (resolved.origin !== base.origin || !isSameOriginIfAbsolute(next, base)) return null;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  // A path that itself reads as another origin (`//evil`, reached through `/..//evil`) is refused too.
  return new URL(path, base).origin === base.origin && !path.startsWith("//") ? path : null;
}

/** `http:evil.example` resolves as a path against an `http:` base, but a browser on `https:` reads it as another origin. */
function isSameOriginIfAbsolute(next: string, base: URL): boolean {
  try {
    return new URL(next).origin === base.origin;
  } catch {
    return true; // not absolute
  }
}

/** A saved insight's page (PostHog's URL), or its editor. */
export const insightPath = (projectId: number, shortId: string, edit = false) =>
  `/project/${projectId}/insights/${shortId}${edit ? "/edit" : ""}`;

/** The link an invitee signs up with (shown once an invite is created, and copied from the pending list). */
export const inviteLink = (invite: Pick<TInvite, "id">) => `${window.location.origin}/signup/${invite.id}`;
