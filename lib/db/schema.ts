import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
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
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { sealedJsonb } from "@/lib/secrets/sealed-column";

/** Every destination type's secret config fields (lib/batch-exports/schemas.ts's SECRET_CONFIG_FIELDS): sealed at rest. */
export const DESTINATION_SECRET_FIELDS = ["aws_access_key_id", "aws_secret_access_key", "password", "token"] as const;

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().unique().default(sql`gen_random_uuid()`),
    email: varchar("email", { length: 254 }).notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: varchar("first_name", { length: 150 }).notNull().default(""),
    lastName: varchar("last_name", { length: 150 }).notNull().default(""),
    /** The user's id in product analytics (PostHog's `distinct_id`): random, stable. */
    distinctId: varchar("distinct_id", { length: 200 }).notNull().unique(),
    isEmailVerified: boolean("is_email_verified").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    /** The instance's operator (the first user to sign up, or one the CLI names): may make pipeline apps global. */
    isStaff: boolean("is_staff").notNull().default(false),
    hedgehogConfig: jsonb("hedgehog_config"),
    currentOrganizationId: uuid("current_organization_id"),
    currentProjectId: integer("current_project_id"),
    lastLogin: timestamp("last_login", { withTimezone: true }),
    dateJoined: timestamp("date_joined", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_lower").on(sql`lower(${t.email})`)],
);

export const organizations = pgTable("organizations", {
  id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
  name: varchar("name", { length: 64 }).notNull(),
  slug: varchar("slug", { length: 48 }).notNull().unique(),
  logoMediaId: uuid("logo_media_id"),
  pluginsAccessLevel: smallint("plugins_access_level").notNull().default(3),
  isMemberJoinEmailEnabled: boolean("is_member_join_email_enabled").notNull().default(true),
  enforce2fa: boolean("enforce_2fa"),
  customerId: varchar("customer_id", { length: 200 }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const memberships = pgTable(
  "organization_memberships",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    level: smallint("level").notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("memberships_org_user").on(t.organizationId, t.userId),
    index("memberships_user").on(t.userId),
  ],
);

export const projects = pgTable(
  "projects",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().unique().default(sql`gen_random_uuid()`),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 200 }).notNull(),
    /** Public token (`phc_…`) that event capture authenticates with. */
    apiToken: varchar("api_token", { length: 200 }).notNull().unique(),
    timezone: varchar("timezone", { length: 240 }).notNull().default("UTC"),
    /** PostHog's team `path_cleaning_filters`: regex → alias rules paths apply with `path_replacements: true`. */
    pathCleaningFilters: jsonb("path_cleaning_filters").$type<{ regex: string; alias: string }[]>().notNull().default([]),
    // What posthog-js does in the browser, served as its remote config (`/array/<token>/config`); PostHog's
    // defaults: autocapture on, console logs and network timing opted in, the rest off.
    autocaptureOptOut: boolean("autocapture_opt_out").notNull().default(false),
    autocaptureExceptionsOptIn: boolean("autocapture_exceptions_opt_in").notNull().default(false),
    autocaptureWebVitalsOptIn: boolean("autocapture_web_vitals_opt_in").notNull().default(false),
    capturePerformanceOptIn: boolean("capture_performance_opt_in").notNull().default(true),
    captureConsoleLogOptIn: boolean("capture_console_log_opt_in").notNull().default(true),
    captureDeadClicks: boolean("capture_dead_clicks").notNull().default(false),
    heatmapsOptIn: boolean("heatmaps_opt_in").notNull().default(false),
    /** PostHog's onboarding markers, kept for the clients that set them. */
    completedSnippetOnboarding: boolean("completed_snippet_onboarding").notNull().default(false),
    hasCompletedOnboardingFor: jsonb("has_completed_onboarding_for").$type<Record<string, boolean>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("projects_org").on(t.organizationId)],
);

export const invites = pgTable(
  "organization_invites",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    targetEmail: varchar("target_email", { length: 254 }).notNull(),
    firstName: varchar("first_name", { length: 30 }).notNull().default(""),
    level: smallint("level").notNull().default(1),
    message: text("message"),
    privateProjectAccess: jsonb("private_project_access").$type<{ id: number; level: number }[]>(),
    emailingAttemptMade: boolean("emailing_attempt_made").notNull().default(false),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("invites_org").on(t.organizationId)],
);

export const domains = pgTable(
  "organization_domains",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    domain: varchar("domain", { length: 128 }).notNull().unique(),
    verificationChallenge: varchar("verification_challenge", { length: 128 }).notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    lastVerificationRetry: timestamp("last_verification_retry", { withTimezone: true }),
    jitProvisioningEnabled: boolean("jit_provisioning_enabled").notNull().default(false),
    ssoEnforcement: varchar("sso_enforcement", { length: 28 }).notNull().default(""),
    samlEntityId: varchar("saml_entity_id", { length: 512 }),
    samlAcsUrl: varchar("saml_acs_url", { length: 512 }),
    samlX509Cert: text("saml_x509_cert"),
  },
  (t) => [index("domains_org").on(t.organizationId)],
);

export const personalApiKeys = pgTable(
  "personal_api_keys",
  {
    id: varchar("id", { length: 50 }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    label: varchar("label", { length: 40 }).notNull(),
    /** `sha256$<hex>` of the key; the key itself is never stored. */
    secureValue: varchar("secure_value", { length: 300 }).notNull().unique(),
    maskValue: varchar("mask_value", { length: 11 }).notNull(),
    scopes: jsonb("scopes").$type<string[]>(),
    scopedTeams: jsonb("scoped_teams").$type<number[]>(),
    scopedOrganizations: jsonb("scoped_organizations").$type<string[]>(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("personal_api_keys_user").on(t.userId)],
);

/**
 * Browser sessions, one per sign-in: the session cookie carries the id, and a request is signed in only while
 * its row exists (and has not expired). Deleting a row signs out every copy of that cookie.
 */
export const userSessions = pgTable(
  "user_sessions",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** The sign-in's absolute end: refreshing the cookie (next-auth's session route) does not extend it. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("user_sessions_user").on(t.userId)],
);

/**
 * Attempts at sign-in, sign-up and invite acceptance per account (or invite) and per client address, in a window
 * that starts at the first one (lib/auth/throttle.ts): kept here so every server process counts the same attempts.
 */
export const authAttempts = pgTable(
  "auth_attempts",
  {
    /** `<action>:<account|address|invite>:<value>`; accounts by the sha256 of their email, never the email itself. */
    key: text("key").primaryKey(),
    attempts: integer("attempts").notNull(),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("auth_attempts_window").on(t.windowStartedAt)],
);

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

/** Public sharing of one insight or one dashboard through an access token (PostHog's `SharingConfiguration`). */
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
    enabled: boolean("enabled").notNull().default(false),
    accessToken: varchar("access_token", { length: 400 }).notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [check("sharing_configurations_one_target", sql`num_nonnulls(${t.insightId}, ${t.dashboardId}) = 1`)],
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
  (t) => [uniqueIndex("dashboard_tiles_dashboard_insight").on(t.dashboardId, t.insightId), index("dashboard_tiles_insight").on(t.insightId)],
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

/**
 * PostHog's `BatchExport`: a project's events (or persons) sent to a destination once per `interval`. The destination
 * is kept inline (`destination_type` + `destination_config`, secrets included: they are never returned); a deleted
 * export stays as a row with `deleted` (PostHog's soft delete).
 */
export const batchExports = pgTable(
  "batch_exports",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    model: varchar("model", { length: 64 }).notNull().default("events"),
    destinationType: varchar("destination_type", { length: 64 }).notNull(),
    destinationConfig: sealedJsonb(DESTINATION_SECRET_FIELDS)("destination_config").notNull().default({}),
    interval: varchar("interval", { length: 64 }).notNull(),
    paused: boolean("paused").notNull().default(false),
    lastPausedAt: timestamp("last_paused_at", { withTimezone: true }),
    startAt: timestamp("start_at", { withTimezone: true }),
    endAt: timestamp("end_at", { withTimezone: true }),
    hogqlQuery: text("hogql_query"),
    schema: jsonb("schema").$type<Record<string, unknown>>(),
    deleted: boolean("deleted").notNull().default(false),
    createdAt: createdAt(),
    lastUpdatedAt: timestamp("last_updated_at", { withTimezone: true }).notNull().defaultNow(),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("batch_exports_project_created").on(t.projectId, t.createdAt)],
);

/** A backfill of an export over `[start_at, end_at)` (`end_at` null: open-ended, HTTP and NoOp only). */
export const batchExportBackfills = pgTable(
  "batch_export_backfills",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    batchExportId: uuid("batch_export_id")
      .notNull()
      .references(() => batchExports.id, { onDelete: "cascade" }),
    startAt: timestamp("start_at", { withTimezone: true }),
    endAt: timestamp("end_at", { withTimezone: true }),
    status: varchar("status", { length: 64 }).notNull().default("Starting"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    lastUpdatedAt: timestamp("last_updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("batch_export_backfills_export").on(t.batchExportId, t.createdAt)],
);

/**
 * One run of an export over one data interval (PostHog's `BatchExportRun`). Its execution is a pg-boss job (`job_id`:
 * the one carrying it now; `lib/batch-exports/queue.ts`), this row what the API shows. Scheduled runs (no backfill) are
 * unique per interval end, so schedulers in several processes insert "the run that just ended" once.
 */
export const batchExportRuns = pgTable(
  "batch_export_runs",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    batchExportId: uuid("batch_export_id")
      .notNull()
      .references(() => batchExports.id, { onDelete: "cascade" }),
    status: varchar("status", { length: 64 }).notNull().default("Starting"),
    recordsCompleted: integer("records_completed"),
    recordsTotalCount: integer("records_total_count"),
    latestError: text("latest_error"),
    dataIntervalStart: timestamp("data_interval_start", { withTimezone: true }),
    dataIntervalEnd: timestamp("data_interval_end", { withTimezone: true }).notNull(),
    cursor: text("cursor"),
    backfillId: uuid("backfill_id").references(() => batchExportBackfills.id, { onDelete: "cascade" }),
    attempts: integer("attempts").notNull().default(0),
    jobId: uuid("job_id"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    lastUpdatedAt: timestamp("last_updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("batch_export_runs_scheduled_interval")
      .on(t.batchExportId, t.dataIntervalEnd)
      .where(sql`${t.backfillId} IS NULL`),
    index("batch_export_runs_export_created").on(t.batchExportId, t.createdAt),
    index("batch_export_runs_status").on(t.status),
  ],
);

/** What a run wrote to its export's log (PostHog's log entries; `instance_id` in the API is the run's id). */
export const batchExportLogEntries = pgTable(
  "batch_export_log_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    batchExportId: uuid("batch_export_id")
      .notNull()
      .references(() => batchExports.id, { onDelete: "cascade" }),
    runId: uuid("run_id").references(() => batchExportRuns.id, { onDelete: "cascade" }),
    // Milliseconds, as the API answers them, so that `before=<a timestamp read>` pages without repeats.
    timestamp: timestamp("timestamp", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    level: varchar("level", { length: 16 }).notNull(),
    message: text("message").notNull(),
  },
  (t) => [index("batch_export_log_entries_export_time").on(t.batchExportId, t.timestamp.desc())],
);

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("plugin_configs_project").on(t.projectId), index("plugin_configs_plugin").on(t.pluginId)],
);

export type User = typeof users.$inferSelect;
export type Organization = typeof organizations.$inferSelect;
export type Membership = typeof memberships.$inferSelect;
export type Project = typeof projects.$inferSelect;
export type Invite = typeof invites.$inferSelect;
export type Domain = typeof domains.$inferSelect;
export type PersonalApiKey = typeof personalApiKeys.$inferSelect;
export type UserSession = typeof userSessions.$inferSelect;
export type Person = typeof persons.$inferSelect;
export type Group = typeof groups.$inferSelect;
export type GroupTypeMapping = typeof groupTypeMappings.$inferSelect;
export type Insight = typeof insights.$inferSelect;
export type ActivityLog = typeof activityLogs.$inferSelect;
export type SharingConfiguration = typeof sharingConfigurations.$inferSelect;
export type Action = typeof actions.$inferSelect;
export type Cohort = typeof cohorts.$inferSelect;
export type Dashboard = typeof dashboards.$inferSelect;
export type DashboardTile = typeof dashboardTiles.$inferSelect;
export type EventDefinition = typeof eventDefinitions.$inferSelect;
export type PropertyDefinition = typeof propertyDefinitions.$inferSelect;
export type BatchExport = typeof batchExports.$inferSelect;
export type BatchExportRun = typeof batchExportRuns.$inferSelect;
export type BatchExportBackfill = typeof batchExportBackfills.$inferSelect;
export type BatchExportLogEntry = typeof batchExportLogEntries.$inferSelect;
export type Plugin = typeof plugins.$inferSelect;
export type PluginConfig = typeof pluginConfigs.$inferSelect;
