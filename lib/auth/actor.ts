import { eq, sql } from "drizzle-orm";
import type { NextRequest } from "next/server";
import { authenticationFailed } from "@/lib/api/errors";
import { getDb, preparedStatement } from "@/lib/db/client";
import { personalApiKeys, users, type PersonalApiKey, type User } from "@/lib/db/schema";
import { authenticateSession, sessionCookieName } from "./session";
import { hashApiKey } from "./tokens";

/** Who is calling: a user, through their browser session or one of their personal API keys. */
export interface Actor {
  user: User;
  apiKey: PersonalApiKey | null;
  /** The browser session the request came with (absent for keys and server-side callers). */
  sessionId?: string;
}

const LAST_USED_GRANULARITY_MS = 60 * 60 * 1000;

/** PostHog reads a personal API key from the Authorization header, then the query string. */
function presentedApiKey(req: NextRequest): { key: string; source: string } | null {
  const header = req.headers.get("authorization");
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match) return { key: match[1], source: "Authorization header" };
  }
  const fromQuery = req.nextUrl.searchParams.get("personal_api_key");
  if (fromQuery) return { key: fromQuery, source: "query string" };
  return null;
}

export async function authenticate(req: NextRequest): Promise<Actor | null> {
  const presented = presentedApiKey(req);
  if (presented) return authenticateApiKey(presented.key, presented.source);
  const session = await authenticateSession(req.cookies.get(sessionCookieName())?.value);
  return session && { user: session.user, apiKey: null, sessionId: session.sessionId };
}

const keyWithUser = preparedStatement("api_key_with_user", (db) =>
  db
    .select({ apiKey: personalApiKeys, user: users })
    .from(personalApiKeys)
    .innerJoin(users, eq(users.id, personalApiKeys.userId))
    .where(eq(personalApiKeys.secureValue, sql.placeholder("secureValue")))
    .prepare("api_key_with_user"),
);

async function authenticateApiKey(key: string, source: string): Promise<Actor> {
  const [row] = await (await keyWithUser()).execute({ secureValue: hashApiKey(key) });
  if (!row?.user.isActive)
    throw authenticationFailed(`Personal API key found in request ${source} is invalid.`);
  const now = new Date();
  // Written at most hourly, so reads through a key don't each cost a write.
  if (!row.apiKey.lastUsedAt || now.getTime() - row.apiKey.lastUsedAt.getTime() > LAST_USED_GRANULARITY_MS) {
    const db = await getDb();
    await db.update(personalApiKeys).set({ lastUsedAt: now }).where(eq(personalApiKeys.id, row.apiKey.id));
    row.apiKey.lastUsedAt = now;
  }
  return row;
}
