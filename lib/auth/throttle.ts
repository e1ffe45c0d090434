import { createHash } from "node:crypto";
import { and, inArray, not, sql } from "drizzle-orm";
import { ApiError, throttled } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";
import { authAttempts } from "@/lib/db/schema";

/** What is being tried: signing in (the API's and next-auth's routes alike), signing up, accepting an invite. */
export type ThrottledAction = "login" | "signup" | "invite";

/**
 * A window starts at an attempt and lasts this long; past its limit, attempts are refused until it ends. Short,
 * so a real user locked out by someone else's guesses waits minutes, not hours.
 */
export const WINDOW_SECONDS = 5 * 60;
/** Failed attempts a window allows on one account (or invite): a success starts it over. */
export const SUBJECT_LIMIT = 10;
/**
 * Failed attempts a window allows from one client address, whatever the accounts (guessing one password across
 * many accounts). Higher, as an office or a NAT shares one address; a success does not start it over, so an
 * attacker's own account cannot clear it.
 */
export const ADDRESS_LIMIT = 30;
/**
 * Wrong current passwords a window allows on one user (`PATCH /api/users/@me/` changing the password or email),
 * whatever the session, personal API key or address: a stolen credential cannot be used to guess the password.
 */
export const CURRENT_PASSWORD_LIMIT = 10;

export interface Counter {
  key: string;
  limit: number;
  /** A success deletes the counter (the account's); otherwise it only takes its own attempt back (the address's). */
  resetBySuccess: boolean;
}

const digest = (value: string) => createHash("sha256").update(value).digest("hex");

/** The counters an attempt at `action` on `subject` (an email, an invite id) from `address` goes to. */
export function attemptCounters(action: ThrottledAction, subject: string, address: string): Counter[] {
  return [
    { key: `${action}:subject:${digest(subject.trim().toLowerCase())}`, limit: SUBJECT_LIMIT, resetBySuccess: true },
    { key: `${action}:address:${address}`, limit: ADDRESS_LIMIT, resetBySuccess: false },
  ];
}

/** The counter a signed-in user's current-password check goes to: one per user, so another user is not concerned. */
export const currentPasswordCounters = (userId: number): Counter[] => [
  { key: `current_password:user:${userId}`, limit: CURRENT_PASSWORD_LIMIT, resetBySuccess: true },
];

const secondsLeft =
  sql<number>`extract(epoch from ${authAttempts.windowStartedAt} + make_interval(secs => ${WINDOW_SECONDS}) - now())`.mapWith(Number);
const windowEnded = sql`${authAttempts.windowStartedAt} <= now() - make_interval(secs => ${WINDOW_SECONDS})`;

/**
 * Counts an attempt on each counter first (so attempts racing each other are all counted), and answers the
 * seconds until the earliest moment all are under their limits again, or null when this attempt may go ahead.
 */
async function countAttempt(counters: Counter[]): Promise<number | null> {
  const db = await getDb();
  // Ended windows are dropped by the way, skipping rows other attempts hold, so the cleanup never waits on them.
  const ended = db.select({ key: authAttempts.key }).from(authAttempts).where(windowEnded).for("update", { skipLocked: true });
  await db.delete(authAttempts).where(inArray(authAttempts.key, ended));
  // In key order, so two attempts on the same counters lock their rows in the same order.
  const keys = [...new Set(counters.map((c) => c.key))].sort();
  const rows = await db
    .insert(authAttempts)
    .values(keys.map((key) => ({ key, attempts: 1, windowStartedAt: sql`now()` })))
    .onConflictDoUpdate({
      target: authAttempts.key,
      set: {
        attempts: sql`CASE WHEN ${windowEnded} THEN 1 ELSE ${authAttempts.attempts} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${windowEnded} THEN now() ELSE ${authAttempts.windowStartedAt} END`,
      },
    })
    .returning({
      key: authAttempts.key,
      attempts: authAttempts.attempts,
      secondsLeft,
    });
  return longestWait(counters, rows);
}

/**
 * An attempt past a counter's limit waits for that counter's window to end (the latest, when several are past);
 * `upcoming` attempts are added to those counted.
 */
function longestWait(counters: Counter[], rows: { key: string; attempts: number; secondsLeft: number }[], upcoming = 0): number | null {
  const over = rows.filter((row) => row.attempts + upcoming > counters.find((c) => c.key === row.key)!.limit);
  return over.length ? Math.max(...over.map((row) => row.secondsLeft)) : null;
}

/** Takes this attempt back from the counters (a success's, at the address; or the server's own failure). */
async function takeBack(keys: string[]) {
  if (keys.length === 0) return;
  const db = await getDb();
  await db
    .update(authAttempts)
    .set({ attempts: sql`greatest(${authAttempts.attempts} - 1, 0)` })
    .where(inArray(authAttempts.key, keys));
}

async function startOver(keys: string[]) {
  if (keys.length === 0) return;
  const db = await getDb();
  await db.delete(authAttempts).where(inArray(authAttempts.key, keys));
}

/**
 * Runs `attempt` unless its account or address has used up its failed attempts (429 with `Retry-After`). A refusal
 * the caller could have avoided (an ApiError: wrong password, taken email, unknown invite) counts as a failure;
 * the server's own failure does not; a success starts the account's counter over.
 */
export async function throttledAttempt<T>(counters: Counter[], attempt: () => Promise<T>): Promise<T> {
  const wait = await countAttempt(counters);
  if (wait !== null) throw throttled(wait);
  const keys = (resetBySuccess: boolean) => counters.filter((c) => c.resetBySuccess === resetBySuccess).map((c) => c.key);
  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    if (!(error instanceof ApiError && error.status < 500)) await takeBack(counters.map((c) => c.key));
    throw error;
  }
  await Promise.all([startOver(keys(true)), takeBack(keys(false))]);
  return result;
}

/**
 * Counts this attempt whatever comes of it, and answers 429 with `Retry-After` once a counter is past its limit in
 * the window: for actions whose success is the harm when repeated (mail sent to others), where a success must not
 * start the count over.
 */
export async function countedAttempt(counters: Counter[]): Promise<void> {
  const wait = await countAttempt(counters);
  if (wait !== null) throw throttled(wait);
}

/** Seconds until the counters are all under their limits again, or null when they are now; counts nothing. */
export async function throttledFor(counters: Counter[]): Promise<number | null> {
  const db = await getDb();
  const rows = await db
    .select({
      key: authAttempts.key,
      attempts: authAttempts.attempts,
      secondsLeft,
    })
    .from(authAttempts)
    .where(
      and(
        inArray(
          authAttempts.key,
          counters.map((c) => c.key),
        ),
        not(windowEnded),
      ),
    );
  return longestWait(counters, rows, 1);
}
