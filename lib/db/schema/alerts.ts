// Alerts on insights and the history of their checks.
import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { projects, users } from "./accounts";
import { createdAt } from "./columns";
import { insights } from "./insights";

/**
 * PostHog's `AlertConfiguration` with its `Threshold` inline: a bound on one series of a trends insight, checked
 * every `calculation_interval`. `next_check_at` null means due now (a new or changed alert).
 */
export const alerts = pgTable(
  "alerts",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    insightId: integer("insight_id")
      .notNull()
      .references(() => insights.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 255 }).notNull().default(""),
    enabled: boolean("enabled").notNull().default(true),
    /** `{type: absolute|percentage, bounds: {lower?, upper?}}` */
    threshold: jsonb("threshold").$type<Record<string, unknown>>().notNull(),
    /** `{type: absolute_value|relative_increase|relative_decrease}` */
    condition: jsonb("condition").$type<Record<string, unknown>>().notNull(),
    /** `{type: TrendsAlertConfig, series_index, check_ongoing_interval}` */
    config: jsonb("config").$type<Record<string, unknown>>().notNull(),
    calculationInterval: varchar("calculation_interval", { length: 16 }).notNull().default("daily"),
    subscribedUserIds: jsonb("subscribed_user_ids").$type<number[]>().notNull().default([]),
    /** Hedgerow's addition: a URL POSTed a JSON body when the alert fires or resolves. */
    webhookUrl: text("webhook_url"),
    state: varchar("state", { length: 16 }).notNull().default("Not firing"),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    lastNotifiedAt: timestamp("last_notified_at", { withTimezone: true }),
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    /** PostHog's: not checked nor notified before this instant; state `Snoozed` meanwhile. */
    snoozedUntil: timestamp("snoozed_until", { withTimezone: true }),
    /** PostHog's: no checks on Saturday and Sunday in the project's timezone. */
    skipWeekend: boolean("skip_weekend").notNull().default(false),
    createdAt: createdAt(),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("alerts_project_insight").on(t.projectId, t.insightId), index("alerts_next_check").on(t.nextCheckAt)],
);

export type Alert = typeof alerts.$inferSelect;

/** PostHog's `AlertCheck`: one evaluation, its value, the state it left and whether anyone was told. */
export const alertChecks = pgTable(
  "alert_checks",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    alertId: uuid("alert_id")
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    calculatedValue: doublePrecision("calculated_value"),
    state: varchar("state", { length: 16 }).notNull(),
    errorMessage: text("error_message"),
    /** What was notified: `{email: [addresses], webhook: status}`; empty when nothing was. */
    targetsNotified: jsonb("targets_notified").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("alert_checks_alert_created").on(t.alertId, t.createdAt)],
);

export type AlertCheck = typeof alertChecks.$inferSelect;
