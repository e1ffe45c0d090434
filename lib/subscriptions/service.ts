import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import { notFound, validationError } from "@/lib/api/errors";
import type { Page } from "@/lib/api/pagination";
import type { Actor } from "@/lib/auth/actor";
import { dateOfInput } from "@/lib/batch-exports/schemas";
import { getDb } from "@/lib/db/client";
import { dashboards, insights, subscriptions, type Project, type Subscription } from "@/lib/db/schema";
import { requireProjectAccess } from "@/lib/projects/access";
import type { TProjectId } from "@/lib/projects/schemas";
import { nextDeliveryAfter, type Recurrence } from "./recurrence";
import { kickSubscriptionDeliveries } from "./schedule";
import { checkSubscriptionCount } from "./limits";
import { MAX_RECIPIENTS, type TSubscriptionWrite } from "./schemas";
import { recurrenceOf, serializeSubscriptions } from "./serialize";

/** A schedule starting earlier would make every next date walk decades of occurrences. */
const EARLIEST_START = Date.parse("2000-01-01T00:00:00Z");

export async function listSubscriptions(
  actor: Actor,
  projectId: TProjectId,
  filter: { insight?: number; dashboard?: number; deleted?: "true" | "false" },
  page: Page,
) {
  const { project } = await requireProjectAccess(actor, projectId);
  const db = await getDb();
  const where: SQL[] = [eq(subscriptions.projectId, project.id), eq(subscriptions.deleted, filter.deleted === "true")];
  if (filter.insight !== undefined) where.push(eq(subscriptions.insightId, filter.insight));
  if (filter.dashboard !== undefined) where.push(eq(subscriptions.dashboardId, filter.dashboard));
  const [{ total }] = await db
    .select({ total: count() })
    .from(subscriptions)
    .where(and(...where));
  const rows = await db
    .select()
    .from(subscriptions)
    .where(and(...where))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total, results: await serializeSubscriptions(rows) };
}

export async function requireSubscription(actor: Actor, projectId: TProjectId, id: number) {
  const { project } = await requireProjectAccess(actor, projectId);
  const db = await getDb();
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.projectId, project.id)));
  if (!row) throw notFound();
  return { project, subscription: row };
}

export async function retrieveSubscription(actor: Actor, projectId: TProjectId, id: number) {
  const { subscription } = await requireSubscription(actor, projectId, id);
  return (await serializeSubscriptions([subscription]))[0];
}

/** The addresses, trimmed and without repeats: each a valid e-mail, at least one, at most MAX_RECIPIENTS. */
function recipientsOf(targetValue: string): string {
  const addresses = [
    ...new Set(
      targetValue
        .split(",")
        .map((a) => a.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  if (!addresses.length) throw validationError("Enter at least one e-mail address.", "target_value");
  if (addresses.length > MAX_RECIPIENTS)
    throw validationError(`A subscription is sent to at most ${MAX_RECIPIENTS} addresses.`, "target_value", "max_length");
  const invalid = addresses.find((a) => !z.email().safeParse(a).success);
  if (invalid !== undefined) throw validationError(`"${invalid.slice(0, 100)}" is not a valid e-mail address.`, "target_value");
  return addresses.join(",");
}

/** What is sent must be the project's own and not deleted: an insight or a dashboard, not both. */
async function checkResource(project: Project, insightId: number | null, dashboardId: number | null) {
  if (insightId === null && dashboardId === null) throw validationError("Either dashboard or insight is required for an export.");
  if (insightId !== null && dashboardId !== null) throw validationError("A subscription sends either an insight or a dashboard, not both.");
  const db = await getDb();
  if (insightId !== null) {
    const [found] = await db
      .select({ id: insights.id })
      .from(insights)
      .where(and(eq(insights.id, insightId), eq(insights.projectId, project.id), eq(insights.deleted, false)));
    if (!found) throw validationError("This insight does not belong to your team.", "insight");
  } else {
    const [found] = await db
      .select({ id: dashboards.id })
      .from(dashboards)
      .where(and(eq(dashboards.id, dashboardId!), eq(dashboards.projectId, project.id), eq(dashboards.deleted, false)));
    if (!found) throw validationError("This dashboard does not belong to your team.", "dashboard");
  }
}

function checkTarget(targetType: string | undefined) {
  if (targetType !== undefined && targetType !== "email")
    throw validationError(
      `Hedgerow delivers subscriptions by e-mail only: "${targetType}" is not available. Use "email".`,
      "target_type",
      "unsupported",
    );
}

function checkDates(r: Recurrence) {
  if (r.startDate.getTime() < EARLIEST_START) throw validationError("The start date must be in 2000 or later.", "start_date");
  if (r.untilDate && r.untilDate < r.startDate) throw validationError("The end date must not be before the start date.", "until_date");
}

function required<T>(value: T | undefined, attr: string): T {
  if (value === undefined) throw validationError("This field is required.", attr, "required");
  return value;
}

export async function createSubscription(actor: Actor, projectId: TProjectId, input: TSubscriptionWrite) {
  const { project } = await requireProjectAccess(actor, projectId);
  checkTarget(required(input.target_type, "target_type"));
  const targetValue = recipientsOf(required(input.target_value, "target_value"));
  const recurrence: Recurrence = {
    frequency: required(input.frequency, "frequency"),
    interval: input.interval ?? 1,
    byweekday: input.byweekday?.length ? input.byweekday : null,
    bysetpos: input.bysetpos ?? null,
    count: input.count ?? null,
    startDate: dateOfInput(required(input.start_date, "start_date")),
    untilDate: input.until_date ? dateOfInput(input.until_date) : null,
  };
  checkDates(recurrence);
  await checkResource(project, input.insight ?? null, input.dashboard ?? null);
  if (!input.deleted) await checkSubscriptionCount(project.id);
  const db = await getDb();
  const [created] = await db
    .insert(subscriptions)
    .values({
      projectId: project.id,
      insightId: input.insight ?? null,
      dashboardId: input.dashboard ?? null,
      title: input.title || null,
      targetType: "email",
      targetValue,
      ...recurrence,
      nextDeliveryDate: nextDeliveryAfter(recurrence, new Date()),
      deleted: input.deleted ?? false,
      createdById: actor.user.id,
    })
    .returning();
  kickSubscriptionDeliveries();
  return (await serializeSubscriptions([created]))[0];
}

const SCHEDULE_FIELDS = ["frequency", "interval", "byweekday", "bysetpos", "count", "start_date", "until_date"] as const;

export async function updateSubscription(actor: Actor, projectId: TProjectId, id: number, input: TSubscriptionWrite) {
  const { project, subscription } = await requireSubscription(actor, projectId, id);
  checkTarget(input.target_type);
  const patch: Partial<typeof subscriptions.$inferInsert> = {};
  if (input.insight !== undefined || input.dashboard !== undefined) {
    // Naming one resource replaces the other, as choosing what to send would.
    const insightId = input.insight !== undefined ? input.insight : input.dashboard != null ? null : subscription.insightId;
    const dashboardId = input.dashboard !== undefined ? input.dashboard : input.insight != null ? null : subscription.dashboardId;
    await checkResource(project, insightId, dashboardId);
    Object.assign(patch, { insightId, dashboardId });
  }
  if (input.target_value !== undefined) patch.targetValue = recipientsOf(input.target_value);
  if (input.title !== undefined) patch.title = input.title || null;
  if (input.deleted !== undefined) patch.deleted = input.deleted;
  // Restoring a deleted subscription counts against the project's bound, as creating one does.
  if (input.deleted === false && subscription.deleted) await checkSubscriptionCount(project.id);
  if (SCHEDULE_FIELDS.some((field) => input[field] !== undefined)) {
    const current = recurrenceOf(subscription);
    const recurrence: Recurrence = {
      frequency: input.frequency ?? current.frequency,
      interval: input.interval ?? current.interval,
      byweekday: input.byweekday !== undefined ? (input.byweekday?.length ? input.byweekday : null) : current.byweekday,
      bysetpos: input.bysetpos !== undefined ? input.bysetpos : current.bysetpos,
      count: input.count !== undefined ? input.count : current.count,
      startDate: input.start_date !== undefined ? dateOfInput(input.start_date) : current.startDate,
      untilDate: input.until_date !== undefined ? (input.until_date ? dateOfInput(input.until_date) : null) : current.untilDate,
    };
    checkDates(recurrence);
    // A new schedule starts afresh: its next date, and no failed attempts of the old one.
    Object.assign(patch, recurrence, { nextDeliveryDate: nextDeliveryAfter(recurrence, new Date()), failedAttempts: 0 });
  }
  const db = await getDb();
  const [updated] = Object.keys(patch).length
    ? await db.update(subscriptions).set(patch).where(eq(subscriptions.id, subscription.id)).returning()
    : [subscription];
  if (patch.nextDeliveryDate !== undefined) kickSubscriptionDeliveries();
  return (await serializeSubscriptions([updated as Subscription]))[0];
}
