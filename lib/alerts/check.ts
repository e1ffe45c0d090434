import { and, eq, inArray, sql } from "drizzle-orm";
import { rowsOf } from "@/lib/batch-exports/queue";
import { getDb } from "@/lib/db/client";
import { alertChecks, alerts, insights, projects, users, type Alert } from "@/lib/db/schema";
import { analysisOf, runAnalysis } from "@/lib/insights/compute";
import { alertValue, breaches, type AlertRule } from "./evaluate";
import { emailAlert, postAlertWebhook, type AlertNotice } from "./notify";
import type { AlertState, CalculationInterval } from "./schemas";
import { mayNotify } from "./limits";
import { isWeekendIn, mondayAfter } from "./snooze";

/** Alerts one pass claims; the rest wait for the next pass. */
export const PASS_LIMIT = 20;
/** A claimed alert is not claimed again for this long (a process stopping mid-check leaves it due after it). */
const CLAIM_MINUTES = 10;

/** When the alert is next due after a check: one calculation interval later. */
function nextCheckAfter(checkedAt: Date, interval: CalculationInterval): Date {
  const next = new Date(checkedAt);
  if (interval === "hourly") next.setUTCHours(next.getUTCHours() + 1);
  else if (interval === "daily") next.setUTCDate(next.getUTCDate() + 1);
  else if (interval === "weekly") next.setUTCDate(next.getUTCDate() + 7);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/**
 * Takes up to PASS_LIMIT due alerts (enabled, not snoozed, on an insight not deleted, never checked or past
 * `next_check_at`) and
 * pushes their `next_check_at` past the claim, so processes sharing the database never check one alert twice at once.
 */
export async function claimDueAlerts(now = new Date()): Promise<string[]> {
  const db = await getDb();
  const claimed = await db.execute(sql`
    UPDATE alerts SET next_check_at = ${new Date(now.getTime() + CLAIM_MINUTES * 60_000).toISOString()}
    WHERE id IN (
      SELECT a.id FROM alerts a JOIN insights i ON i.id = a.insight_id AND NOT i.deleted
      WHERE a.enabled AND (a.next_check_at IS NULL OR a.next_check_at <= ${now.toISOString()})
        AND (a.snoozed_until IS NULL OR a.snoozed_until <= ${now.toISOString()})
      ORDER BY a.next_check_at NULLS FIRST LIMIT ${PASS_LIMIT}
      FOR UPDATE OF a SKIP LOCKED)
    RETURNING id`);
  return rowsOf<{ id: string }>(claimed).map((row) => row.id);
}

/** When a claimed alert must wait instead: snoozed meanwhile, or a weekend it skips. Null when it is checked now. */
function postponed(alert: Alert, timezone: string, now: Date): Date | null {
  if (alert.snoozedUntil && alert.snoozedUntil > now) return alert.snoozedUntil;
  if (alert.skipWeekend && isWeekendIn(now, timezone)) return mondayAfter(now, timezone);
  return null;
}

/** The value of the alert's series now, from the same computation the insight shows. */
async function computeValue(alert: Alert): Promise<number | null> {
  const db = await getDb();
  const [row] = await db
    .select({ insight: insights, project: projects })
    .from(insights)
    .innerJoin(projects, eq(projects.id, insights.projectId))
    .where(eq(insights.id, alert.insightId));
  const items = (await runAnalysis(row.project, analysisOf(row.insight))) as { data?: unknown }[];
  const rule = alert as unknown as AlertRule;
  const series = items[rule.config.series_index];
  if (!series || !Array.isArray(series.data)) throw new Error(`The insight has no series ${rule.config.series_index + 1}.`);
  return alertValue(series.data as number[], rule);
}

async function notify(alert: Alert, state: "Firing" | "Not firing", value: number | null, checkedAt: Date) {
  if (!(await mayNotify(alert.id, alert.projectId))) return { throttled: true };
  const db = await getDb();
  const [insight] = await db.select().from(insights).where(eq(insights.id, alert.insightId));
  const notice: AlertNotice = {
    alert: { id: alert.id, name: alert.name },
    insight: { id: insight.id, short_id: insight.shortId, name: insight.name ?? insight.derivedName },
    projectId: alert.projectId,
    state,
    value,
    checkedAt,
  };
  const subscribers = alert.subscribedUserIds.length
    ? await db.select({ email: users.email }).from(users).where(inArray(users.id, alert.subscribedUserIds))
    : [];
  const emailed = await emailAlert(
    subscribers.map((s) => s.email),
    notice,
  );
  return { ...emailed, ...(alert.webhookUrl ? await postAlertWebhook(alert.webhookUrl, notice) : {}) };
}

/**
 * Checks one claimed alert: computes its value, records the check and the state it leaves, notifies its subscribers
 * and webhook when it starts firing or stops, and makes it due one interval later. A computation that fails leaves
 * the alert `Errored` with the reason in its check.
 */
export async function checkAlert(alertId: string, now = new Date()): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ alert: alerts, timezone: projects.timezone })
    .from(alerts)
    .innerJoin(projects, eq(projects.id, alerts.projectId))
    .where(eq(alerts.id, alertId));
  if (!row) return;
  const { alert } = row;
  const later = postponed(alert, row.timezone, now);
  if (later) {
    // Not checked now: due again when the snooze ends or the weekend is over, without a check recorded.
    await db.update(alerts).set({ nextCheckAt: later }).where(eq(alerts.id, alertId));
    return;
  }
  let state: AlertState;
  let value: number | null = null;
  let errorMessage: string | null = null;
  try {
    value = await computeValue(alert);
    state = breaches(value, alert as unknown as AlertRule) ? "Firing" : "Not firing";
  } catch (error) {
    state = "Errored";
    errorMessage = error instanceof Error ? error.message.slice(0, 1_000) : "The insight could not be computed.";
  }
  const changed = state !== "Errored" && (state === "Firing") !== (alert.state === "Firing");
  const targetsNotified = changed ? await notify(alert, state as "Firing" | "Not firing", value, now) : {};
  const interval = alert.calculationInterval as CalculationInterval;
  // One transaction: a reader never sees the check without the alert's new state.
  await db.transaction(async (tx) => {
    await tx.insert(alertChecks).values({ alertId, calculatedValue: value, state, errorMessage, targetsNotified, createdAt: now });
    // An alert edited meanwhile (next_check_at reset) stays due at once.
    await tx
      .update(alerts)
      .set({
        state: sql`CASE WHEN ${alerts.snoozedUntil} > ${now.toISOString()}::timestamptz THEN 'Snoozed' ELSE ${state} END`,
        lastCheckedAt: now,
        nextCheckAt: sql`CASE WHEN ${alerts.nextCheckAt} IS NULL THEN NULL ELSE ${nextCheckAfter(now, interval).toISOString()}::timestamptz END`,
        ...(changed ? { lastNotifiedAt: now } : {}),
        // A snooze that has ended is cleared; one set while this check ran is kept.
        snoozedUntil: sql`CASE WHEN ${alerts.snoozedUntil} <= ${now.toISOString()}::timestamptz THEN NULL ELSE ${alerts.snoozedUntil} END`,
      })
      .where(and(eq(alerts.id, alertId)));
  });
}
