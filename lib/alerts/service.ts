import { and, count, desc, eq, inArray } from "drizzle-orm";
import { notFound, validationError } from "@/lib/api/errors";
import type { Page } from "@/lib/api/pagination";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { alertChecks, alerts, insights, memberships, type Alert, type Project } from "@/lib/db/schema";
import { analysisOf, canCompute } from "@/lib/insights/compute";
import { requireProjectAccess } from "@/lib/projects/access";
import type { TProjectId } from "@/lib/projects/schemas";
import { usersById } from "@/lib/users/lookup";
import { createdByOf, userBasic } from "@/lib/users/serialize";
import { checkAlertCount } from "./limits";
import { kickAlertChecks } from "./schedule";
import { recordSnoozeCheck, snoozePatch } from "./snooze-write";
import { CHECKS_SHOWN, type AlertState, type TAlert, type TAlertWrite } from "./schemas";

const NOT_SUPPORTED = "Alerts are only supported on trends insights that can be computed.";

/**
 * The alerts as the API shows them, with their latest checks. `readBefore`: the rows were read before this call
 * (a list, a retrieve), so they are read again after the checks. A check is committed with its alert's new state,
 * so each check listed then has its state, or a newer one, in the alert. A write's own returned row is shown as
 * written.
 */
async function serializeAlerts(rows: Alert[], { readBefore = false } = {}): Promise<TAlert[]> {
  if (!rows.length) return [];
  const db = await getDb();
  const people = await usersById(rows.flatMap((a) => [a.createdById, ...a.subscribedUserIds]));
  const insightRows = await db
    .select({ id: insights.id, shortId: insights.shortId, name: insights.name, derivedName: insights.derivedName })
    .from(insights)
    .where(inArray(insights.id, [...new Set(rows.map((a) => a.insightId))]));
  const insightById = new Map(insightRows.map((i) => [i.id, i]));
  const checksOf = await Promise.all(
    rows.map((a) =>
      db.select().from(alertChecks).where(eq(alertChecks.alertId, a.id)).orderBy(desc(alertChecks.createdAt)).limit(CHECKS_SHOWN),
    ),
  );
  const reread = readBefore
    ? await db
        .select()
        .from(alerts)
        .where(
          inArray(
            alerts.id,
            rows.map((a) => a.id),
          ),
        )
    : [];
  const fresh = new Map(reread.map((a) => [a.id, a]));
  return rows.map((given, index) => {
    const a = fresh.get(given.id) ?? given;
    const checks = checksOf[index];
    const insight = insightById.get(a.insightId)!;
    return {
      id: a.id,
      created_by: createdByOf(a.createdById, people),
      created_at: a.createdAt.toISOString(),
      insight: { id: insight.id, short_id: insight.shortId, name: insight.name, derived_name: insight.derivedName },
      name: a.name,
      enabled: a.enabled,
      threshold: a.threshold as TAlert["threshold"],
      condition: a.condition as TAlert["condition"],
      config: a.config as TAlert["config"],
      calculation_interval: a.calculationInterval as TAlert["calculation_interval"],
      subscribed_users: a.subscribedUserIds.flatMap((id) => (people.has(id) ? [userBasic(people.get(id)!)] : [])),
      webhook_url: a.webhookUrl,
      state: a.state as AlertState,
      last_checked_at: a.lastCheckedAt?.toISOString() ?? null,
      last_notified_at: a.lastNotifiedAt?.toISOString() ?? null,
      next_check_at: a.nextCheckAt?.toISOString() ?? null,
      snoozed_until: a.snoozedUntil?.toISOString() ?? null,
      skip_weekend: a.skipWeekend,
      checks: checks.map((c) => ({
        id: c.id,
        created_at: c.createdAt.toISOString(),
        calculated_value: c.calculatedValue,
        state: c.state as AlertState,
        error_message: c.errorMessage,
        targets_notified: c.targetsNotified,
      })),
    };
  });
}

export async function listAlerts(actor: Actor, projectId: TProjectId, insightId: number | undefined, page: Page) {
  const { project } = await requireProjectAccess(actor, projectId);
  const db = await getDb();
  const where = [eq(alerts.projectId, project.id)];
  if (insightId !== undefined) where.push(eq(alerts.insightId, insightId));
  const live = and(eq(insights.id, alerts.insightId), eq(insights.deleted, false));
  const [{ total }] = await db
    .select({ total: count() })
    .from(alerts)
    .innerJoin(insights, live)
    .where(and(...where));
  const rows = await db
    .select({ alert: alerts })
    .from(alerts)
    .innerJoin(insights, live)
    .where(and(...where))
    .orderBy(desc(alerts.createdAt), desc(alerts.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    count: total,
    results: await serializeAlerts(
      rows.map((r) => r.alert),
      { readBefore: true },
    ),
  };
}

async function requireAlert(actor: Actor, projectId: TProjectId, alertId: string) {
  const { project } = await requireProjectAccess(actor, projectId);
  const db = await getDb();
  const [row] = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.id, alertId), eq(alerts.projectId, project.id)));
  if (!row) throw notFound();
  return { project, alert: row };
}

export async function retrieveAlert(actor: Actor, projectId: TProjectId, alertId: string) {
  const { alert } = await requireAlert(actor, projectId, alertId);
  return (await serializeAlerts([alert], { readBefore: true }))[0];
}

/** The insight must be the project's own, not deleted, and a trends insight Hedgerow computes. */
async function checkInsight(project: Project, insightId: number) {
  const db = await getDb();
  const [insight] = await db
    .select()
    .from(insights)
    .where(and(eq(insights.id, insightId), eq(insights.projectId, project.id), eq(insights.deleted, false)));
  if (!insight) throw validationError(`Invalid pk "${insightId}" - object does not exist.`, "insight", "does_not_exist");
  const analysis = analysisOf(insight);
  if (analysis?.kind !== "TRENDS" || !canCompute(analysis)) throw validationError(NOT_SUPPORTED, "insight", "invalid_input");
}

/** Subscribers must be members of the project's organization (they receive its numbers). */
async function checkSubscribers(project: Project, userIds: number[]) {
  const unique = [...new Set(userIds)];
  if (!unique.length) return unique;
  const db = await getDb();
  const members = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organizationId, project.organizationId), inArray(memberships.userId, unique)));
  const found = new Set(members.map((m) => m.userId));
  const stranger = unique.find((id) => !found.has(id));
  if (stranger !== undefined)
    throw validationError(`Invalid pk "${stranger}" - object does not exist.`, "subscribed_users", "does_not_exist");
  return unique;
}

/** A percentage is a change's fraction of the interval before: only relative conditions have one. */
function checkRule(threshold: TAlert["threshold"], condition: TAlert["condition"]) {
  if (threshold.configuration.type === "percentage" && condition.type === "absolute_value")
    throw validationError("A percentage threshold needs a relative condition.", "threshold", "invalid_input");
}

function required<T>(value: T | undefined, attr: string): T {
  if (value === undefined) throw validationError("This field is required.", attr, "required");
  return value;
}

export async function createAlert(actor: Actor, projectId: TProjectId, input: TAlertWrite) {
  const { project } = await requireProjectAccess(actor, projectId);
  const insightId = required(input.insight, "insight");
  const threshold = required(input.threshold, "threshold");
  const condition = input.condition ?? { type: "absolute_value" as const };
  checkRule(threshold, condition);
  await checkInsight(project, insightId);
  await checkAlertCount(project.id, insightId, input.enabled ?? true);
  const subscribers = await checkSubscribers(project, input.subscribed_users ?? [actor.user.id]);
  const db = await getDb();
  const [created] = await db
    .insert(alerts)
    .values({
      projectId: project.id,
      insightId,
      name: input.name ?? "",
      enabled: input.enabled ?? true,
      threshold,
      condition,
      config: input.config ?? { type: "TrendsAlertConfig", series_index: 0 },
      calculationInterval: input.calculation_interval ?? "daily",
      subscribedUserIds: subscribers,
      webhookUrl: input.webhook_url ?? null,
      skipWeekend: input.skip_weekend ?? false,
      createdById: actor.user.id,
      ...snoozePatch(input.snoozed_until, false),
    })
    .returning();
  if (created.snoozedUntil) await recordSnoozeCheck(created.id, "Snoozed");
  else kickAlertChecks();
  return (await serializeAlerts([created]))[0];
}

/** What an alert checks changed: it is due again at once, as a new one (PostHog recalculates an edited alert). */
const CHECKED_FIELDS = ["insight", "threshold", "condition", "config", "calculation_interval", "enabled"] as const;

export async function updateAlert(actor: Actor, projectId: TProjectId, alertId: string, input: TAlertWrite) {
  const { project, alert } = await requireAlert(actor, projectId, alertId);
  checkRule(input.threshold ?? (alert.threshold as TAlert["threshold"]), input.condition ?? (alert.condition as TAlert["condition"]));
  if (input.insight !== undefined) await checkInsight(project, input.insight);
  const movedOrEnabled = (input.insight !== undefined && input.insight !== alert.insightId) || (input.enabled && !alert.enabled);
  if (movedOrEnabled) await checkAlertCount(project.id, input.insight ?? alert.insightId, input.enabled ?? alert.enabled, alert.id);
  const patch: Partial<typeof alerts.$inferInsert> = {};
  if (input.insight !== undefined) patch.insightId = input.insight;
  if (input.name !== undefined) patch.name = input.name;
  if (input.enabled !== undefined) patch.enabled = input.enabled;
  if (input.threshold !== undefined) patch.threshold = input.threshold;
  if (input.condition !== undefined) patch.condition = input.condition;
  if (input.config !== undefined) patch.config = input.config;
  if (input.calculation_interval !== undefined) patch.calculationInterval = input.calculation_interval;
  if (input.subscribed_users !== undefined) patch.subscribedUserIds = await checkSubscribers(project, input.subscribed_users);
  if (input.webhook_url !== undefined) patch.webhookUrl = input.webhook_url;
  if (input.skip_weekend !== undefined) patch.skipWeekend = input.skip_weekend;
  if (CHECKED_FIELDS.some((field) => input[field] !== undefined)) patch.nextCheckAt = null;
  const snooze = snoozePatch(input.snoozed_until, alert.snoozedUntil !== null);
  Object.assign(patch, snooze);
  // A disabled alert is neither firing nor snoozed.
  if (input.enabled === false) Object.assign(patch, { state: "Not firing", snoozedUntil: null });
  const db = await getDb();
  const [updated] = Object.keys(patch).length ? await db.update(alerts).set(patch).where(eq(alerts.id, alert.id)).returning() : [alert];
  if ("snoozedUntil" in snooze) await recordSnoozeCheck(alert.id, updated.state as AlertState);
  if (patch.nextCheckAt === null) kickAlertChecks();
  return (await serializeAlerts([updated]))[0];
}

export async function deleteAlert(actor: Actor, projectId: TProjectId, alertId: string) {
  const { alert } = await requireAlert(actor, projectId, alertId);
  const db = await getDb();
  await db.delete(alerts).where(eq(alerts.id, alert.id));
}
