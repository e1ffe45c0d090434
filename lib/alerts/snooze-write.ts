import { getDb } from "@/lib/db/client";
import { alertChecks, type alerts } from "@/lib/db/schema";
import type { AlertState } from "./schemas";
import { parseSnoozedUntil } from "./snooze";

/**
 * The columns a `snoozed_until` sets (nothing when absent). Snoozed: state `Snoozed`, next due when the snooze
 * ends. Un-snoozed (null, on a snoozed alert): `Not firing` and due at once, as PostHog resets the state.
 */
export function snoozePatch(value: string | null | undefined, snoozed: boolean, now = new Date()): Partial<typeof alerts.$inferInsert> {
  if (value === undefined) return {};
  // A null on an alert not snoozed (a client sending the whole alert back) changes nothing.
  if (value === null) return snoozed ? { snoozedUntil: null, state: "Not firing", nextCheckAt: null } : {};
  const until = parseSnoozedUntil(value, now);
  return { snoozedUntil: until, state: "Snoozed", nextCheckAt: until };
}

/** A snooze or un-snooze is kept in the alert's checks (as PostHog's `AlertCheck`), without a value. */
export async function recordSnoozeCheck(alertId: string, state: AlertState) {
  const db = await getDb();
  await db.insert(alertChecks).values({ alertId, calculatedValue: null, state, errorMessage: null, targetsNotified: {} });
}
