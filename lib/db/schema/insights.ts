// Insights, dashboards and their tiles, sharing, activity, the results cache, actions.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { projects, users } from "./accounts";
import { createdAt, updatedAt } from "./columns";

/** Saved insights (PostHog's `Insight`): a query with display metadata; deleted is a soft delete. */
export const insights = pgTable(
  "insights",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    shortId: varchar("short_id", { length: 12 }).notNull(),
    name: varchar("name", { length: 400 }),
    derivedName: varchar("derived_name", { length: 400 }),
    description: varchar("description", { length: 400 }),
    filters: jsonb("filters").$type<Record<string, unknown>>().notNull().default({}),
    query: jsonb("query").$type<Record<string, unknown>>(),
    order: integer("order"),
    deleted: boolean("deleted").notNull().default(false),
    saved: boolean("saved").notNull().default(false),
    favorited: boolean("favorited").notNull().default(false),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    lastModifiedById: integer("last_modified_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastModifiedAt: timestamp("last_modified_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("insights_project_short_id").on(t.projectId, t.shortId), index("insights_project").on(t.projectId)],
);

/** PostHog's `ActivityLog`: what a user did to an item of a scope (`Insight`), with field changes in `detail`. */
export const activityLogs = pgTable(
  "activity_logs",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    /** Null for organization-wide scopes (`Plugin`): PostHog files them under the user's team, Hedgerow under the organization. */
    projectId: integer("project_id").references(() => projects.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    scope: varchar("scope", { length: 79 }).notNull(),
    itemId: varchar("item_id", { length: 72 }),
    activity: varchar("activity", { length: 79 }).notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("activity_logs_project_scope").on(t.projectId, t.scope, t.createdAt),
    index("activity_logs_organization_scope").on(t.organizationId, t.scope, t.createdAt),
  ],
);

/** When each user last viewed each insight (`my_last_viewed`). */
export const insightViews = pgTable(
  "insight_views",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    insightId: integer("insight_id")
      .notNull()
      .references(() => insights.id, { onDelete: "cascade" }),
    lastViewedAt: timestamp("last_viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId, t.insightId] }), index("insight_views_user").on(t.userId, t.lastViewedAt)],
);

/**
 * Public sharing of one insight, one dashboard or a project's web analytics page through an access token
 * (PostHog's `SharingConfiguration`).
 */
export const sharingConfigurations = pgTable(
  "sharing_configurations",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    insightId: integer("insight_id")
      .unique()
      .references(() => insights.id, { onDelete: "cascade" }),
    dashboardId: integer("dashboard_id")
      .unique()
      .references(() => dashboards.id, { onDelete: "cascade" }),
    /** The project whose web analytics page is shared (one configuration per project). */
    webAnalyticsProjectId: integer("web_analytics_project_id")
      .unique()
      .references(() => projects.id, { onDelete: "cascade" }),
    enabled: boolean("enabled").notNull().default(false),
    accessToken: varchar("access_token", { length: 400 }).notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [check("sharing_configurations_one_target", sql`num_nonnulls(${t.insightId}, ${t.dashboardId}, ${t.webAnalyticsProjectId}) = 1`)],
);

/**
 * Dashboards (PostHog's `Dashboard`): named collections of insight tiles, with filters (date range, properties)
 * that override their insights'; `deleted` is a soft delete; `restrictionLevel` is PostHog's 21 (everyone in the
 * project can edit) or 37 (only its creator and project admins can).
 */
export const dashboards = pgTable(
  "dashboards",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 400 }),
    description: text("description").notNull().default(""),
    pinned: boolean("pinned").notNull().default(false),
    deleted: boolean("deleted").notNull().default(false),
    filters: jsonb("filters").$type<Record<string, unknown>>().notNull().default({}),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    creationMode: varchar("creation_mode", { length: 16 }).notNull().default("default"),
    restrictionLevel: smallint("restriction_level").notNull().default(21),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    lastAccessedAt: timestamp("last_accessed_at", { withTimezone: true }),
  },
  (t) => [index("dashboards_project").on(t.projectId)],
);

/** An insight placed on a dashboard, with its layout and color; removing it from the dashboard soft-deletes it. */
export const dashboardTiles = pgTable(
  "dashboard_tiles",
  {
    id: serial("id").primaryKey(),
    dashboardId: integer("dashboard_id")
      .notNull()
      .references(() => dashboards.id, { onDelete: "cascade" }),
    insightId: integer("insight_id")
      .notNull()
      .references(() => insights.id, { onDelete: "cascade" }),
    layouts: jsonb("layouts").$type<Record<string, unknown>>().notNull().default({}),
    color: varchar("color", { length: 400 }),
    deleted: boolean("deleted").notNull().default(false),
  },
  (t) => [
    uniqueIndex("dashboard_tiles_dashboard_insight").on(t.dashboardId, t.insightId),
    index("dashboard_tiles_insight").on(t.insightId),
  ],
);

/** Computed analysis results, keyed by a hash of the normalized filter within a project. */
export const insightResultsCache = pgTable(
  "insight_results_cache",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    cacheKey: varchar("cache_key", { length: 200 }).notNull(),
    result: jsonb("result").$type<unknown>(),
    lastRefresh: timestamp("last_refresh", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.cacheKey] })],
);

/** One step of an action, as stored and answered (PostHog's `ActionStepJSON`). */
export interface ActionStepJson {
  event: string | null;
  properties: Record<string, unknown>[] | null;
  selector: string | null;
  tag_name: string | null;
  text: string | null;
  text_matching: "contains" | "regex" | "exact" | null;
  href: string | null;
  href_matching: "contains" | "regex" | "exact" | null;
  url: string | null;
  url_matching: "contains" | "regex" | "exact" | null;
}

/** PostHog's `Action`: named steps (any of which an event may match); deleted is a soft delete. */
export const actions = pgTable(
  "actions",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 400 }),
    description: text("description").notNull().default(""),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    postToSlack: boolean("post_to_slack").notNull().default(false),
    slackMessageFormat: varchar("slack_message_format", { length: 1200 }).notNull().default(""),
    steps: jsonb("steps").$type<ActionStepJson[]>().notNull().default([]),
    deleted: boolean("deleted").notNull().default(false),
    pinnedAt: timestamp("pinned_at", { withTimezone: true }),
    lastCalculatedAt: timestamp("last_calculated_at", { withTimezone: true }).notNull().defaultNow(),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("actions_project").on(t.projectId),
    // Names are unique among a project's actions that are not deleted.
    uniqueIndex("actions_project_name_live").on(t.projectId, t.name).where(sql`${t.deleted} = false`),
  ],
);

export type Insight = typeof insights.$inferSelect;
export type ActivityLog = typeof activityLogs.$inferSelect;
export type SharingConfiguration = typeof sharingConfigurations.$inferSelect;
export type Action = typeof actions.$inferSelect;
export type Dashboard = typeof dashboards.$inferSelect;
export type DashboardTile = typeof dashboardTiles.$inferSelect;

/**
 * PostHog's `Annotation`: a dated note on charts. `scope` decides where it shows: `organization` in every project
 * of the organization, `project` in its project, `dashboard` on one dashboard, `dashboard_item` on one insight;
 * `deleted` is a soft delete (PATCH `deleted: false` restores).
 */
export const annotations = pgTable(
  "annotations",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id").notNull(),
    content: varchar("content", { length: 400 }),
    dateMarker: timestamp("date_marker", { withTimezone: true }),
    creationType: varchar("creation_type", { length: 3 }).notNull().default("USR"),
    scope: varchar("scope", { length: 24 }).notNull().default("dashboard_item"),
    insightId: integer("insight_id").references(() => insights.id, { onDelete: "set null" }),
    dashboardId: integer("dashboard_id").references(() => dashboards.id, { onDelete: "set null" }),
    deleted: boolean("deleted").notNull().default(false),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("annotations_project_date").on(t.projectId, t.dateMarker),
    index("annotations_organization_scope").on(t.organizationId, t.scope),
  ],
);

export type Annotation = typeof annotations.$inferSelect;
