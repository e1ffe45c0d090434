// Pipeline apps, their source files and per-project configurations.
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { organizations, projects } from "./accounts";
import { createdAt, updatedAt } from "./columns";

/**
 * PostHog's `Plugin` (an app of the pipeline): installed by an organization from the catalog, or written in the
 * browser (`plugin_type` "source"). Hedgerow keeps apps and their settings; it runs none of their code.
 */
export const plugins = pgTable(
  "plugins",
  {
    id: serial("id").primaryKey(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    pluginType: varchar("plugin_type", { length: 200 }),
    isGlobal: boolean("is_global").notNull().default(false),
    name: varchar("name", { length: 200 }),
    description: text("description"),
    url: varchar("url", { length: 800 }),
    icon: varchar("icon", { length: 800 }),
    configSchema: jsonb("config_schema").$type<unknown>().notNull().default({}),
    /** Keys its settings form has ever marked secret: they stay write-only whatever the form becomes. */
    secretFields: jsonb("secret_fields").$type<string[]>().notNull().default([]),
    tag: varchar("tag", { length: 200 }),
    latestTag: varchar("latest_tag", { length: 800 }),
    latestTagCheckedAt: timestamp("latest_tag_checked_at", { withTimezone: true }),
    capabilities: jsonb("capabilities").$type<Record<string, unknown>>().notNull().default({}),
    metrics: jsonb("metrics").$type<Record<string, unknown>>(),
    publicJobs: jsonb("public_jobs").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("plugins_organization").on(t.organizationId), uniqueIndex("plugins_organization_url").on(t.organizationId, t.url)],
);

/** PostHog's `PluginSourceFile`: one file of an app's source (`plugin.json`, `index.ts`, `site.ts`…). */
export const pluginSourceFiles = pgTable(
  "plugin_source_files",
  {
    pluginId: integer("plugin_id")
      .notNull()
      .references(() => plugins.id, { onDelete: "cascade" }),
    filename: varchar("filename", { length: 200 }).notNull(),
    source: text("source").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.pluginId, t.filename] })],
);

/** PostHog's `PluginConfig`: an app set up in one project, with its settings (secrets are never answered). */
export const pluginConfigs = pgTable(
  "plugin_configs",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    pluginId: integer("plugin_id")
      .notNull()
      .references(() => plugins.id, { onDelete: "cascade" }),
    enabled: boolean("enabled").notNull().default(false),
    order: integer("order").notNull().default(0),
    config: jsonb("config").$type<Record<string, unknown>>().notNull().default({}),
    deleted: boolean("deleted").notNull().default(false),
    /** Why Hedgerow disabled the app (PostHog's `error`: `{message, time}`), cleared when it is enabled again. */
    error: jsonb("error").$type<{ message: string; time: string }>(),
    /** A destination's batches given up on in a row since one was delivered: past a bound, the app is disabled. */
    deliveryFailures: integer("delivery_failures").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("plugin_configs_project").on(t.projectId), index("plugin_configs_plugin").on(t.pluginId)],
);

export type Plugin = typeof plugins.$inferSelect;
export type PluginConfig = typeof pluginConfigs.$inferSelect;

/**
 * An app set-up's events per hour: succeeded, failed, and filtered (dropped by a transformation or not matching a
 * destination's filters). Written as one upsert per ingested batch or delivery job, never per event.
 */
export const pluginConfigMetrics = pgTable(
  "plugin_config_metrics",
  {
    configId: integer("config_id")
      .notNull()
      .references(() => pluginConfigs.id, { onDelete: "cascade" }),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    succeeded: bigint("succeeded", { mode: "number" }).notNull().default(0),
    failed: bigint("failed", { mode: "number" }).notNull().default(0),
    filtered: bigint("filtered", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.configId, t.hour] })],
);

/** PostHog's `PluginLogEntry`: what an app set-up did wrong (or was tested on), pruned to a bounded number and age. */
export const pluginLogEntries = pgTable(
  "plugin_log_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    configId: integer("config_id")
      .notNull()
      .references(() => pluginConfigs.id, { onDelete: "cascade" }),
    timestamp: timestamp("timestamp", { withTimezone: true }).notNull().defaultNow(),
    /** PostHog's `source`: "PLUGIN" (the app's work) or "SYSTEM" (Hedgerow's doing, e.g. disabling it). */
    source: varchar("source", { length: 20 }).$type<"PLUGIN" | "SYSTEM">().notNull(),
    /** PostHog's `type`: "INFO", "WARN" or "ERROR". */
    type: varchar("type", { length: 20 }).$type<"INFO" | "WARN" | "ERROR">().notNull(),
    message: text("message").notNull(),
    eventUuid: varchar("event_uuid", { length: 200 }),
    instanceId: varchar("instance_id", { length: 200 }).notNull(),
  },
  (t) => [index("plugin_log_entries_config").on(t.configId, t.id)],
);
