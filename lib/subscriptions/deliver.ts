import { and, eq, sql } from "drizzle-orm";
import { validationError } from "@/lib/api/errors";
import { rowsOf } from "@/lib/batch-exports/queue";
import { getDb } from "@/lib/db/client";
import { subscriptions, type Subscription } from "@/lib/db/schema";
import { canSendEmail, sendEmail } from "@/lib/email/transport";
import { subscriptionEmail } from "./email";
import { nextDeliveryAfter, summaryOf } from "./recurrence";
import { reportOf } from "./report";
import { recurrenceOf } from "./serialize";

/** Subscriptions one pass claims; the rest wait for the next pass. */
export const PASS_LIMIT = 20;
/** A claimed subscription is not claimed again for this long (a process stopping mid-delivery leaves it due after it). */
const CLAIM_MINUTES = 10;
/** Deliveries of one date that reached nobody, tried at successive polls, before the date is given up for the next. */
const MAX_ATTEMPTS = 3;

/**
 * Takes up to PASS_LIMIT due subscriptions (not deleted, of an insight or dashboard not deleted, their date passed,
 * not held by another process) and holds them past the claim: processes sharing the database never send one twice.
 */
export async function claimDueSubscriptions(now = new Date()): Promise<number[]> {
  const db = await getDb();
  const claimed = await db.execute(sql`
    UPDATE subscriptions SET claimed_until = ${new Date(now.getTime() + CLAIM_MINUTES * 60_000).toISOString()}
    WHERE id IN (
      SELECT s.id FROM subscriptions s
      LEFT JOIN insights i ON i.id = s.insight_id
      LEFT JOIN dashboards d ON d.id = s.dashboard_id
      WHERE NOT s.deleted AND s.next_delivery_date <= ${now.toISOString()}
        AND (s.claimed_until IS NULL OR s.claimed_until <= ${now.toISOString()})
        AND COALESCE(NOT i.deleted, NOT d.deleted, false)
      ORDER BY s.next_delivery_date LIMIT ${PASS_LIMIT}
      FOR UPDATE OF s SKIP LOCKED)
    RETURNING id`);
  return rowsOf<{ id: number }>(claimed).map((row) => row.id);
}

/** Mails the report to each recipient: those reached, and the first failure's reason. */
async function send(subscription: Subscription) {
  if (!canSendEmail()) return { reached: 0, error: "E-mail is not configured on this instance (SMTP_URL)." };
  const report = await reportOf(subscription);
  const summary = summaryOf(recurrenceOf(subscription));
  let reached = 0;
  let error: string | null = null;
  for (const address of subscription.targetValue.split(",")) {
    try {
      await sendEmail(subscriptionEmail(address, report, summary));
      reached++;
    } catch (failure) {
      console.warn(`[subscriptions] e-mail to ${address} failed:`, failure);
      error ??= `${address}: ${failure instanceof Error ? failure.message.slice(0, 500) : "sending failed"}`;
    }
  }
  return { reached, error };
}

/**
 * Delivers one claimed subscription and moves it to its next date. A delivery that reached nobody stays due, tried
 * again at the next polls up to MAX_ATTEMPTS; one that reached some is not repeated (they would get it twice). Either
 * way the failure is kept in `last_error`.
 */
export async function deliverSubscription(id: number, now = new Date()): Promise<void> {
  const db = await getDb();
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!subscription?.nextDeliveryDate) return;
  const { reached, error } = await send(subscription).catch((failure: unknown) => ({
    reached: 0,
    error: failure instanceof Error ? failure.message.slice(0, 500) : "The delivery failed.",
  }));
  const retry = reached === 0 && subscription.failedAttempts + 1 < MAX_ATTEMPTS;
  await db
    .update(subscriptions)
    .set({
      claimedUntil: null,
      ...(reached ? { lastDeliveredAt: now } : {}),
      ...(error ? { lastError: error, lastErrorAt: now } : {}),
      failedAttempts: retry ? subscription.failedAttempts + 1 : 0,
    })
    .where(eq(subscriptions.id, id));
  if (retry) return;
  // A schedule edited meanwhile has its own next date already.
  await db
    .update(subscriptions)
    .set({ nextDeliveryDate: nextDeliveryAfter(recurrenceOf(subscription), subscription.nextDeliveryDate, now) })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.nextDeliveryDate, subscription.nextDeliveryDate)));
}

/** "Test delivery": the report sent now to every recipient, the schedule unchanged; the outcome is in the answer. */
export async function deliverNow(subscription: Subscription, now = new Date()): Promise<void> {
  if (!canSendEmail()) throw validationError("E-mail is not configured on this instance (SMTP_URL).", null, "email_not_configured");
  const { reached, error } = await send(subscription);
  const db = await getDb();
  await db
    .update(subscriptions)
    .set({ ...(reached ? { lastDeliveredAt: now } : {}), ...(error ? { lastError: error, lastErrorAt: now } : {}) })
    .where(eq(subscriptions.id, subscription.id));
}
