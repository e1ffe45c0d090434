import { and, eq, getTableColumns, gt, lte, ne, notExists, sql } from "drizzle-orm";
import { getDb, preparedStatement, type Tx } from "@/lib/db/client";
import { memberships, userSessions, users, type User } from "@/lib/db/schema";

/** What a session cookie names: its user and its sign-in (the `user_sessions` row). */
export interface SessionClaims {
  userId: number;
  sessionId: string;
}

/** How long a sign-in lasts, cookie and row alike. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** Records a sign-in of `userId` and answers its id, for the cookie; the user's expired sign-ins are dropped meanwhile. */
export async function openSession(userId: number): Promise<string> {
  const db = await getDb();
  const now = new Date();
  const [[session]] = await Promise.all([
    db
      .insert(userSessions)
      .values({ userId, expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000) })
      .returning({ id: userSessions.id }),
    db.delete(userSessions).where(and(eq(userSessions.userId, userId), lte(userSessions.expiresAt, now))),
  ]);
  return session.id;
}

// Every request signed in by cookie runs this: the session and its (active) user in one prepared query.
const userOfSession = preparedStatement("user_of_session", (db) =>
  db
    .select(getTableColumns(users))
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(
      and(
        eq(userSessions.id, sql.placeholder("sessionId")),
        eq(userSessions.userId, sql.placeholder("userId")),
        gt(userSessions.expiresAt, sql`now()`),
        eq(users.isActive, true),
      ),
    )
    .prepare("user_of_session"),
);

/** The user a session cookie signs in, while its sign-in stands: not signed out, not expired, the user active. */
export async function sessionUser(claims: SessionClaims | null): Promise<User | null> {
  if (!claims) return null;
  const [user] = await (await userOfSession()).execute({ sessionId: claims.sessionId, userId: claims.userId });
  return user ?? null;
}

/** Signs out one session (logout): every copy of its cookie stops working. */
export async function revokeSession(sessionId: string): Promise<void> {
  const db = await getDb();
  await db.delete(userSessions).where(eq(userSessions.id, sessionId));
}

/**
 * Signs a user out everywhere but `keep` (Django's update_session_auth_hash after a password change: the session
 * that changed it stays signed in); with `keep` null, everywhere.
 */
export async function revokeOtherSessions(tx: Tx, userId: number, keep: string | null): Promise<void> {
  await tx.delete(userSessions).where(and(eq(userSessions.userId, userId), keep ? ne(userSessions.id, keep) : undefined));
}

/** A user left in no organization (removed from their last one, or having left it) is signed out everywhere. */
export async function revokeSessionsIfNoOrganization(tx: Tx, userId: number): Promise<void> {
  const anyMembership = tx.select({ one: sql`1` }).from(memberships).where(eq(memberships.userId, userId));
  await tx.delete(userSessions).where(and(eq(userSessions.userId, userId), notExists(anyMembership)));
}
