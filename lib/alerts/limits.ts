import { and, count, eq, ne } from "drizzle-orm";
import { ApiError, validationError } from "@/lib/api/errors";
import { countedAttempt } from "@/lib/auth/throttle";
import { getDb } from "@/lib/db/client";
import { alerts } from "@/lib/db/schema";

/** Enabled alerts a project may hold (PostHog bounds enabled alerts per team): each is computed on a schedule. */
const MAX_ENABLED_ALERTS_PER_PROJECT = 100;
/** Alerts on one insight, enabled or not. */
const MAX_ALERTS_PER_INSIGHT = 20;
/** Notifications (a fire or a resolve) of one alert in the throttle's window: edits flipping it cannot flood. */
const NOTICES_PER_ALERT = 6;
/** Notifications of all a project's alerts in the window: many alerts cannot flood one webhook or mailbox either. */
const NOTICES_PER_PROJECT = 30;

/** 400 when the insight holds its most alerts, or (for an enabled alert) the project its most enabled ones. */
export async function checkAlertCount(projectId: number, insightId: number, enabled: boolean, except?: string) {
  const db = await getDb();
  const others = except ? [ne(alerts.id, except)] : [];
  const [{ onInsight }] = await db
    .select({ onInsight: count() })
    .from(alerts)
    .where(and(eq(alerts.insightId, insightId), ...others));
  if (onInsight >= MAX_ALERTS_PER_INSIGHT)
    throw validationError(`An insight has at most ${MAX_ALERTS_PER_INSIGHT} alerts.`, "insight", "max_alerts");
  if (!enabled) return;
  const [{ live }] = await db
    .select({ live: count() })
    .from(alerts)
    .where(and(eq(alerts.projectId, projectId), eq(alerts.enabled, true), ...others));
  if (live >= MAX_ENABLED_ALERTS_PER_PROJECT)
    throw validationError(`Your project has reached the limit of ${MAX_ENABLED_ALERTS_PER_PROJECT} enabled alerts.`, "alert", "max_alerts");
}

/** Whether a notification of this alert may go out now; counts it. Past the limits it is not sent (the check says so). */
export async function mayNotify(alertId: string, projectId: number): Promise<boolean> {
  try {
    await countedAttempt([
      { key: `alert_notify:alert:${alertId}`, limit: NOTICES_PER_ALERT, resetBySuccess: false },
      { key: `alert_notify:project:${projectId}`, limit: NOTICES_PER_PROJECT, resetBySuccess: false },
    ]);
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) return false;
    throw error;
  }
}
