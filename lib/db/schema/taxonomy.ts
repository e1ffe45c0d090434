// Event and property definitions, and the bookkeeping of imports and the definitions backfill.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { projects, users } from "./accounts";

/**
 * PostHog's `EventDefinition`: the event names a project has received, kept by ingestion (`created_at` when the
 * first one was ingested, `last_seen_at` updated at most hourly); `description`/`tags` are the users'.
 */
export const eventDefinitions = pgTable(
  "event_definitions",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 400 }).notNull(),
    description: text("description").notNull().default(""),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
    updatedById: integer("updated_by_id").references(() => users.id, { onDelete: "set null" }),
    /** PostHog's enterprise taxonomy: a verified definition is vouched for; a hidden one leaves the pickers. Never both. */
    verified: boolean("verified").notNull().default(false),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    verifiedById: integer("verified_by_id").references(() => users.id, { onDelete: "set null" }),
    hidden: boolean("hidden").notNull().default(false),
  },
  (t) => [uniqueIndex("event_definitions_project_name").on(t.projectId, t.name)],
);

/**
 * PostHog's `PropertyDefinition` of events (`type` 1) and persons (2): `property_type` is inferred from the first
 * typed value ingested (Numeric, Boolean, DateTime, String), and then kept; `is_numerical` follows it.
 */
export const propertyDefinitions = pgTable(
  "property_definitions",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 400 }).notNull(),
    type: smallint("type").notNull(),
    /** For group properties (type 3): the group type's index; null for event and person properties. */
    groupTypeIndex: smallint("group_type_index"),
    isNumerical: boolean("is_numerical").notNull().default(false),
    propertyType: varchar("property_type", { length: 50 }),
    description: text("description").notNull().default(""),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
    updatedById: integer("updated_by_id").references(() => users.id, { onDelete: "set null" }),
    verified: boolean("verified").notNull().default(false),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    verifiedById: integer("verified_by_id").references(() => users.id, { onDelete: "set null" }),
    hidden: boolean("hidden").notNull().default(false),
  },
  (t) => [unique("property_definitions_project_type_index_name").on(t.projectId, t.type, t.groupTypeIndex, t.name).nullsNotDistinct()],
);

/** PostHog's `EventProperty`: which properties each event name has been seen with (for `event_names` filters). */
export const eventProperties = pgTable(
  "event_properties",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    event: varchar("event", { length: 400 }).notNull(),
    property: varchar("property", { length: 400 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.event, t.property] }),
    index("event_properties_project_property").on(t.projectId, t.property),
  ],
);

/**
 * The files a bulk import (`hedgerow import`) has loaded into a project, by path, size and modification time: a
 * re-run skips them, so an import stopped half-way resumes with the first file not recorded here.
 */
export const eventImportFiles = pgTable(
  "event_import_files",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    fileKey: text("file_key").notNull(),
    events: bigint("events", { mode: "number" }).notNull(),
    badLines: bigint("bad_lines", { mode: "number" }).notNull(),
    importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.fileKey] })],
);

/**
 * Projects whose definitions are still to be read from the events and persons they had before definitions were
 * kept (the projects existing when the migration ran); each row goes once its backfill is done.
 */
export const definitionsBackfill = pgTable("definitions_backfill", {
  projectId: integer("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
});

export type EventDefinition = typeof eventDefinitions.$inferSelect;
export type PropertyDefinition = typeof propertyDefinitions.$inferSelect;
