import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test, vi } from "vitest";
import type { User } from "@/lib/db/schema";

// A private PGlite database for this file: sessions are rows of the metadata database.
vi.stubEnv("HEDGEROW_DATA_DIR", mkdtempSync(path.join(tmpdir(), "hedgerow-sessions-test-")));
vi.stubEnv("DATABASE_URL", "");

type Store = typeof import("./session-store");
let store: Store;
let db: Awaited<ReturnType<typeof import("@/lib/db/client").getDb>>;
let schema: typeof import("@/lib/db/schema");

beforeAll(async () => {
  store = await import("./session-store");
  schema = await import("@/lib/db/schema");
  db = await (await import("@/lib/db/client")).getDb();
}, 60_000);

let users = 0;
async function newUser(): Promise<User> {
  const n = ++users;
  const [user] = await db
    .insert(schema.users)
    .values({ email: `u${n}@example.com`, passwordHash: "x", distinctId: `d${n}` })
    .returning();
  return user;
}

const signedIn = async (user: User, sessionId: string) => (await store.sessionUser({ userId: user.id, sessionId }))?.id === user.id;

describe("session store", () => {
  test("an opened session signs its user in, and only its user", async () => {
    const [ann, bob] = [await newUser(), await newUser()];
    const sid = await store.openSession(ann.id);
    expect(await signedIn(ann, sid)).toBe(true);
    expect(await store.sessionUser({ userId: bob.id, sessionId: sid })).toBeNull();
    expect(await store.sessionUser(null)).toBeNull();
    expect(await store.sessionUser({ userId: ann.id, sessionId: crypto.randomUUID() })).toBeNull();
  });

  test("revoked, it signs nobody in", async () => {
    const ann = await newUser();
    const [kept, revoked] = [await store.openSession(ann.id), await store.openSession(ann.id)];
    await store.revokeSession(revoked);
    expect(await signedIn(ann, revoked)).toBe(false);
    expect(await signedIn(ann, kept)).toBe(true);
  });

  test("a deactivated user has no working session; reactivated, the sessions not revoked work again", async () => {
    const ann = await newUser();
    const sid = await store.openSession(ann.id);
    await db.update(schema.users).set({ isActive: false }).where(eq(schema.users.id, ann.id));
    expect(await signedIn(ann, sid)).toBe(false);
    await db.update(schema.users).set({ isActive: true }).where(eq(schema.users.id, ann.id));
    expect(await signedIn(ann, sid)).toBe(true);
  });

  test("expired, it signs nobody in, and the user's next sign-in drops it", async () => {
    const ann = await newUser();
    const sid = await store.openSession(ann.id);
    await db
      .update(schema.userSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.userSessions.id, sid));
    expect(await signedIn(ann, sid)).toBe(false);
    const next = await store.openSession(ann.id);
    const rows = await db.select().from(schema.userSessions).where(eq(schema.userSessions.userId, ann.id));
    expect(rows.map((r) => r.id)).toEqual([next]);
    expect(rows[0].expiresAt.getTime() - rows[0].createdAt.getTime()).toBeCloseTo(store.SESSION_MAX_AGE_SECONDS * 1000, -4);
  });

  test("revoking the others keeps one session, or none; other users' sessions are untouched", async () => {
    const [ann, bob] = [await newUser(), await newUser()];
    const [a1, a2, a3, b1] = [
      await store.openSession(ann.id),
      await store.openSession(ann.id),
      await store.openSession(ann.id),
      await store.openSession(bob.id),
    ];
    await store.revokeOtherSessions(db, ann.id, a2);
    expect([await signedIn(ann, a1), await signedIn(ann, a2), await signedIn(ann, a3), await signedIn(bob, b1)]).toEqual([
      false,
      true,
      false,
      true,
    ]);
    await store.revokeOtherSessions(db, ann.id, null);
    expect([await signedIn(ann, a2), await signedIn(bob, b1)]).toEqual([false, true]);
  });

  test("a user left in no organization is signed out; a member of one is not", async () => {
    const [ann, bob] = [await newUser(), await newUser()];
    const [org] = await db
      .insert(schema.organizations)
      .values({ name: "o", slug: `o-${Date.now()}` })
      .returning();
    await db.insert(schema.memberships).values({ organizationId: org.id, userId: bob.id, level: 1 });
    const [annSession, bobSession] = [await store.openSession(ann.id), await store.openSession(bob.id)];
    await store.revokeSessionsIfNoOrganization(db, bob.id);
    expect(await signedIn(bob, bobSession)).toBe(true);
    await store.revokeSessionsIfNoOrganization(db, ann.id);
    expect(await signedIn(ann, annSession)).toBe(false);
  });
});
