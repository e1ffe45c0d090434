// Server-only helpers for pages and layouts: who is signed in, and where this instance is reached.
import { cookies, headers } from "next/headers";
import { notFound } from "next/navigation";
import { cache } from "react";
import type { Actor } from "@/lib/auth/actor";
import { authenticateSession, sessionCookieName } from "@/lib/auth/session";
import { config } from "@/lib/config";
import type { TUser } from "@/lib/users/schemas";
import { serializeMe } from "@/lib/users/service";

/**
 * For server components: the signed-in user as `GET /api/users/@me/` describes them, or null when signed out.
 * The same check as the API's: a cookie whose session was revoked (or whose user was deactivated) sees no page.
 */
export const currentUser = cache(async (): Promise<TUser | null> => {
  const actor = await currentActor();
  return actor ? serializeMe(actor) : null;
});

/** For server components that read through the services: the signed-in user as the API would see them. */
export const currentActor = cache(async (): Promise<Actor | null> => {
  const session = await authenticateSession((await cookies()).get(sessionCookieName())?.value);
  return session ? { user: session.user, apiKey: null, sessionId: session.sessionId } : null;
});

/** The address people reach this instance at, for snippets they copy into their apps. */
export async function siteOrigin(): Promise<string> {
  if (config.siteUrl) return config.siteUrl.replace(/\/+$/, "");
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host") ?? "localhost:3000";
  const proto = h.get("x-forwarded-proto") ?? (host.startsWith("localhost") || host.startsWith("127.") ? "http" : "https");
  return `${proto}://${host}`;
}

/** A project of the signed-in user's current organization by the id in a page's URL, or null (the page's 404). */
export async function currentProject(projectId: string) {
  const me = await currentUser();
  return me?.organization?.teams.find((team) => String(team.id) === projectId) ?? null;
}

/** The project of a `/project/:projectId/…` page: one of the signed-in user's current organization, else 404. */
export async function projectIdOf(params: Promise<{ projectId: string }>): Promise<number> {
  const project = await currentProject((await params).projectId);
  if (!project) notFound();
  return project.id;
}
