// Server-only helpers for pages and layouts: who is signed in, and where this instance is reached.
import { and, eq } from "drizzle-orm";
import { getServerSession } from "next-auth";
import { headers } from "next/headers";
import { cache } from "react";
import { authOptions } from "@/lib/auth/session";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import type { TUser } from "@/lib/users/schemas";
import { serializeMe } from "@/lib/users/service";

/**
 * For server components: the signed-in user as `GET /api/users/@me/` describes them, or null when signed out
 * (or the account was deactivated since the cookie was issued).
 */
export const currentUser = cache(async (): Promise<TUser | null> => {
  const options = authOptions();
  // next-auth leaves the user id out of the session by default; the token's `sub` is that id.
  const session = await getServerSession({
    ...options,
    callbacks: { session: ({ session, token }) => ({ ...session, userId: token.sub }) },
  });
  const id = Number((session as { userId?: string } | null)?.userId);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const db = await getDb();
  const [user] = await db.select().from(users).where(and(eq(users.id, id), eq(users.isActive, true)));
  return user ? serializeMe({ user, apiKey: null }) : null;
});

/** The address people reach this instance at, for snippets they copy into their apps. */
export async function siteOrigin(): Promise<string> {
  if (config.siteUrl) return config.siteUrl.replace(/\/+$/, "");
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host") ?? "localhost:3000";
  const proto = h.get("x-forwarded-proto") ?? (host.startsWith("localhost") || host.startsWith("127.") ? "http" : "https");
  return `${proto}://${host}`;
}
