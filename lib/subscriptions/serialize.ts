import { inArray } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { dashboards, insights, type Subscription } from "@/lib/db/schema";
import { usersById } from "@/lib/users/lookup";
import { createdByOf } from "@/lib/users/serialize";
import { summaryOf, type Recurrence } from "./recurrence";
import type { Frequency, TSubscription, Weekday } from "./schemas";

/** The schedule of a stored subscription. */
export const recurrenceOf = (s: Subscription): Recurrence => ({
  frequency: s.frequency as Frequency,
  interval: s.interval,
  byweekday: (s.byweekday as Weekday[] | null) ?? null,
  bysetpos: s.bysetpos,
  count: s.count,
  startDate: s.startDate,
  untilDate: s.untilDate,
});

const iso = (date: Date | null) => date?.toISOString() ?? null;

export async function serializeSubscriptions(rows: Subscription[]): Promise<TSubscription[]> {
  if (!rows.length) return [];
  const db = await getDb();
  const people = await usersById(rows.map((s) => s.createdById));
  const insightIds = rows.flatMap((s) => (s.insightId === null ? [] : [s.insightId]));
  const dashboardIds = rows.flatMap((s) => (s.dashboardId === null ? [] : [s.dashboardId]));
  const insightRows = insightIds.length
    ? await db
        .select({ id: insights.id, shortId: insights.shortId, name: insights.name, derivedName: insights.derivedName })
        .from(insights)
        .where(inArray(insights.id, insightIds))
    : [];
  const dashboardRows = dashboardIds.length
    ? await db.select({ id: dashboards.id, name: dashboards.name }).from(dashboards).where(inArray(dashboards.id, dashboardIds))
    : [];
  const insightById = new Map(insightRows.map((i) => [i.id, i]));
  const dashboardById = new Map(dashboardRows.map((d) => [d.id, d]));
  return rows.map((s) => {
    const insight = s.insightId === null ? undefined : insightById.get(s.insightId);
    const dashboard = s.dashboardId === null ? undefined : dashboardById.get(s.dashboardId);
    return {
      id: s.id,
      dashboard: s.dashboardId,
      insight: s.insightId,
      insight_short_id: insight?.shortId ?? null,
      resource_name: insight ? insight.name || insight.derivedName || "Untitled insight" : dashboard?.name || "Untitled dashboard",
      target_type: s.targetType as TSubscription["target_type"],
      target_value: s.targetValue,
      frequency: s.frequency as Frequency,
      interval: s.interval,
      byweekday: (s.byweekday as Weekday[] | null) ?? null,
      bysetpos: s.bysetpos,
      count: s.count,
      start_date: s.startDate.toISOString(),
      until_date: iso(s.untilDate),
      created_at: s.createdAt.toISOString(),
      created_by: createdByOf(s.createdById, people),
      deleted: s.deleted,
      title: s.title,
      summary: summaryOf(recurrenceOf(s)),
      next_delivery_date: iso(s.nextDeliveryDate),
      last_delivered_at: iso(s.lastDeliveredAt),
      last_error: s.lastError,
      last_error_at: iso(s.lastErrorAt),
    };
  });
}
