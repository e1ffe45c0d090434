// Server-only helpers for pages and layouts: who is signed in, and where this instance is reached.
import { cookies, headers } from "next/headers";
import { notFound } from "next/navigation";
import { cache } from "react";
import { authenticateSession, sessionCookieName } from "@/lib/auth/session";
import { config } from "@/lib/config";
import type { TUser } from "@/lib/users/schemas";
import { serializeMe } from "@/lib/users/service";

/**
 * For server components: the signed-in user as `GET /api/users/@me/` describes them, or null when signed out.
 * The same check as the API's: a cookie whose session was revoked (or whose user was deactivated) sees no page.
 */
export const currentUser = cache(async (): Promise<TUser | null> => {
  const session = await authenticateSession((await cookies()).get(sessionCookieName())?.value);
  return session ? serializeMe({ user: session.user, apiKey: null, sessionId: session.sessionId }) : null;
});

/** The address people reach this instance at, for snippets they copy into their apps. */
export async function siteOrigin(): Promise<string> {
  if (config.siteUrl) return config.siteUrl.replace(/\/+$/, "");
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host") ?? "localhost:3000";
  const proto = h.get("x-forwarded-proto") ?? (host.startsWith("localhost") || host.startsWith("127.") ? "http" : "https");
  return `${proto}://${host}`;
}

/** The project of a `/project/:projectId/…` page: one of the signed-in user's current organization, else 404. */
export async function projectIdOf(params: Promise<{ projectId: string }>): Promise<number> {
  const { projectId } = await params;
  const me = await currentUser();
  const project = me?.organization?.teams.find((team) => String(team.id) === projectId);
  if (!project) notFound();
  return project.id;
}
