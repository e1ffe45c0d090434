import { inArray } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { users, type User } from "@/lib/db/schema";

/** The users behind some ids (creators, editors…), read at once; nulls and repeats are skipped. */
export async function usersById(ids: (number | null)[]): Promise<Map<number, User>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const db = await getDb();
  const rows = await db.select().from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((u) => [u.id, u]));
}
