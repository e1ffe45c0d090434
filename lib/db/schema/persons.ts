// Persons and their distinct ids, groups and group types, cohorts.
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
import { projects, users } from "./accounts";
import { createdAt } from "./columns";

/** A project's persons, maintained by ingestion ($identify, $create_alias, $set, ...); mirrored to ClickHouse. */
export const persons = pgTable(
  "persons",
  {
    id: uuid("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    properties: jsonb("properties").$type<Record<string, unknown>>().notNull().default({}),
    isIdentified: boolean("is_identified").notNull().default(false),
    /** The timestamp of the person's first event (the earlier one's after a merge). */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** Bumped on every change: the ClickHouse mirror keeps the row with the highest version. */
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [index("persons_project_created").on(t.projectId, t.createdAt)],
);

/** Which person each distinct id of a project belongs to; merges move ids to another person (version + 1). */
export const personDistinctIds = pgTable(
  "person_distinct_ids",
  {
    /** Insertion order, the order a person's `distinct_ids` are listed in. */
    id: bigserial("id", { mode: "number" }).primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    distinctId: text("distinct_id").notNull(),
    personId: uuid("person_id")
      .notNull()
      .references(() => persons.id, { onDelete: "cascade" }),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    uniqueIndex("person_distinct_ids_project_distinct_id").on(t.projectId, t.distinctId),
    index("person_distinct_ids_person").on(t.personId),
  ],
);

/** Groups (companies, ...) as `$groupidentify` describes them. */
export const groups = pgTable(
  "groups",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    groupType: varchar("group_type", { length: 400 }).notNull(),
    groupKey: varchar("group_key", { length: 400 }).notNull(),
    properties: jsonb("properties").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.groupType, t.groupKey] })],
);

/**
 * A project's group types (PostHog's `GroupTypeMapping`): each type ingestion names gets the next free index, at
 * most MAX_GROUP_TYPES of them; analyses name a type by its index. Names are the UI's singular and plural.
 */
export const groupTypeMappings = pgTable(
  "group_type_mappings",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    groupType: varchar("group_type", { length: 400 }).notNull(),
    groupTypeIndex: integer("group_type_index").notNull(),
    nameSingular: varchar("name_singular", { length: 400 }),
    namePlural: varchar("name_plural", { length: 400 }),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.groupType] }), uniqueIndex("group_type_mappings_index").on(t.projectId, t.groupTypeIndex)],
);

/**
 * PostHog's `Cohort`: a dynamic one's `filters` (AND/OR groups of person, behavioural and cohort criteria) or a
 * static one's uploaded list. Members live in the event store (`cohort_people`, clickhouse/migrations/0007), one
 * set per calculation; `version` is the set analyses read. `deleted` is a soft delete.
 */
export const cohorts = pgTable(
  "cohorts",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 400 }).notNull(),
    description: varchar("description", { length: 1000 }).notNull().default(""),
    filters: jsonb("filters").$type<Record<string, unknown>>().notNull().default({}),
    isStatic: boolean("is_static").notNull().default(false),
    isCalculating: boolean("is_calculating").notNull().default(false),
    count: integer("count"),
    deleted: boolean("deleted").notNull().default(false),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    lastCalculation: timestamp("last_calculation", { withTimezone: true }),
    errorsCalculating: integer("errors_calculating").notNull().default(0),
    /** The calculation whose members analyses read (its start, in epoch milliseconds; 0: none yet). */
    version: bigint("version", { mode: "number" }).notNull().default(0),
    /** A change (of filters, or a static list) not yet calculated: the next calculation is due at once. */
    pendingSince: timestamp("pending_since", { withTimezone: true }),
  },
  (t) => [index("cohorts_project_created").on(t.projectId, t.createdAt)],
);

export type Person = typeof persons.$inferSelect;
export type Group = typeof groups.$inferSelect;
export type GroupTypeMapping = typeof groupTypeMappings.$inferSelect;
export type Cohort = typeof cohorts.$inferSelect;
