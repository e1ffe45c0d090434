// Scheduled e-mails of an insight or a dashboard.
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { projects, users } from "./accounts";
import { createdAt } from "./columns";
import { dashboards, insights } from "./insights";

/**
 * PostHog's `Subscription`: an insight or a dashboard e-mailed on an iCalendar recurrence (frequency, interval,
 * byweekday, bysetpos, count, start and until dates). `next_delivery_date` null means no delivery is left.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    insightId: integer("insight_id").references(() => insights.id, { onDelete: "cascade" }),
    dashboardId: integer("dashboard_id").references(() => dashboards.id, { onDelete: "cascade" }),
    title: varchar("title", { length: 100 }),
    targetType: varchar("target_type", { length: 10 }).notNull(),
    /** Comma-separated e-mail addresses. */
    targetValue: text("target_value").notNull(),
    frequency: varchar("frequency", { length: 10 }).notNull(),
    interval: integer("interval").notNull().default(1),
    count: integer("count"),
    byweekday: jsonb("byweekday").$type<string[] | null>(),
    bysetpos: integer("bysetpos"),
    startDate: timestamp("start_date", { withTimezone: true }).notNull(),
    untilDate: timestamp("until_date", { withTimezone: true }),
    nextDeliveryDate: timestamp("next_delivery_date", { withTimezone: true }),
    /** A process delivering it holds it until then (a process stopping mid-delivery leaves it due after it). */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    /** Deliveries of the current date that failed; past the bound the date is skipped. */
    failedAttempts: integer("failed_attempts").notNull().default(0),
    lastDeliveredAt: timestamp("last_delivered_at", { withTimezone: true }),
    lastError: text("last_error"),
    lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
    deleted: boolean("deleted").notNull().default(false),
    createdAt: createdAt(),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("subscriptions_project_insight").on(t.projectId, t.insightId),
    index("subscriptions_project_dashboard").on(t.projectId, t.dashboardId),
    index("subscriptions_next_delivery").on(t.nextDeliveryDate),
    check("subscriptions_one_resource", sql`(${t.insightId} IS NULL) <> (${t.dashboardId} IS NULL)`),
  ],
);

export type Subscription = typeof subscriptions.$inferSelect;
