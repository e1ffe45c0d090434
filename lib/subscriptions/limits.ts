import { and, count, eq } from "drizzle-orm";
import { validationError } from "@/lib/api/errors";
import { countedAttempt } from "@/lib/auth/throttle";
import { getDb } from "@/lib/db/client";
import { subscriptions } from "@/lib/db/schema";

/** Subscriptions (not deleted) a project may hold: each mails up to MAX_RECIPIENTS addresses on its schedule. */
const MAX_SUBSCRIPTIONS_PER_PROJECT = 200;
/** "Send now"s of one subscription in the throttle's window (lib/auth/throttle.ts), whoever asks. */
const SENDS_PER_SUBSCRIPTION = 3;
/** "Send now"s by one user in the window, whatever the subscriptions. */
const SENDS_PER_USER = 10;

/** 400 when the project already holds its most subscriptions. */
export async function checkSubscriptionCount(projectId: number) {
  const db = await getDb();
  const [{ total }] = await db
    .select({ total: count() })
    .from(subscriptions)
    .where(and(eq(subscriptions.projectId, projectId), eq(subscriptions.deleted, false)));
  if (total >= MAX_SUBSCRIPTIONS_PER_PROJECT)
    throw validationError(
      `A project has at most ${MAX_SUBSCRIPTIONS_PER_PROJECT} subscriptions; delete one first.`,
      null,
      "max_subscriptions",
    );
}

/**
 * Counts a "Send now" against the subscription (its recipients are not mailed more than a few times, whoever asks)
 * and against the user (one user cannot go through many subscriptions): 429 `throttled` with `Retry-After` past either.
 */
export const throttleSendNow = (userId: number, subscriptionId: number) =>
  countedAttempt([
    { key: `subscription_send:subscription:${subscriptionId}`, limit: SENDS_PER_SUBSCRIPTION, resetBySuccess: false },
    { key: `subscription_send:user:${userId}`, limit: SENDS_PER_USER, resetBySuccess: false },
  ]);
