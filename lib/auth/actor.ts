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

const QUERY_STRING = "query string";

/** PostHog reads a personal API key from the Authorization header, then the query string. */
function presentedApiKey(req: NextRequest): { key: string; source: string } | null {
  const header = req.headers.get("authorization");
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match) return { key: match[1], source: "Authorization header" };
  }
  const fromQuery = req.nextUrl.searchParams.get("personal_api_key");
  if (fromQuery) return { key: fromQuery, source: QUERY_STRING };
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

/** Keys already warned about in this process (each once; the set is emptied before it grows large). */
const warnedQueryKeys = new Set<string>();
const WARNED_KEYS_KEPT = 10_000;

/**
 * A key in the query string is accepted, as PostHog accepts it, but it ends up in proxies' and browsers' logs and
 * histories: its owner is told once per key (per process) to send it in the `Authorization` header instead.
 */
function warnOfKeyInQuery(apiKey: PersonalApiKey) {
  if (warnedQueryKeys.has(apiKey.id)) return;
  if (warnedQueryKeys.size >= WARNED_KEYS_KEPT) warnedQueryKeys.clear();
  warnedQueryKeys.add(apiKey.id);
  console.warn(
    `[auth] personal API key ${apiKey.maskValue} ("${apiKey.label}", user ${apiKey.userId}) was sent in the query string (?personal_api_key=), where URLs are logged; send it as "Authorization: Bearer <key>".`,
  );
}

async function authenticateApiKey(key: string, source: string): Promise<Actor> {
  const [row] = await (await keyWithUser()).execute({ secureValue: hashApiKey(key) });
  if (!row?.user.isActive) throw authenticationFailed(`Personal API key found in request ${source} is invalid.`);
  if (source === QUERY_STRING) warnOfKeyInQuery(row.apiKey);
  const now = new Date();
  // Written at most hourly, so reads through a key don't each cost a write.
  if (!row.apiKey.lastUsedAt || now.getTime() - row.apiKey.lastUsedAt.getTime() > LAST_USED_GRANULARITY_MS) {
    const db = await getDb();
    await db.update(personalApiKeys).set({ lastUsedAt: now }).where(eq(personalApiKeys.id, row.apiKey.id));
    row.apiKey.lastUsedAt = now;
  }
  return row;
}
