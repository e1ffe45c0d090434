// Users, organizations and their members, projects, invites, verified domains, API keys and sign-in sessions.
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import type { PropertyFilter } from "@/lib/analytics/filters/properties";
import { createdAt, updatedAt } from "./columns";

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
  (t) => [uniqueIndex("memberships_org_user").on(t.organizationId, t.userId), index("memberships_user").on(t.userId)],
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
    /** PostHog's team `test_account_filters`: property filters `filter_test_accounts: true` ANDs into an analysis. */
    testAccountFilters: jsonb("test_account_filters").$type<PropertyFilter[]>().notNull().default([]),
    /** Whether new insights start with "Filter out internal and test users" on (a builder default only). */
    testAccountFiltersDefaultChecked: boolean("test_account_filters_default_checked").notNull().default(false),
    /** PostHog's team `anonymize_ips`: capture neither records the sender's address as `$ip` nor keeps one an event carries. */
    anonymizeIps: boolean("anonymize_ips").notNull().default(false),
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

export type User = typeof users.$inferSelect;
export type Organization = typeof organizations.$inferSelect;
export type Membership = typeof memberships.$inferSelect;
export type Project = typeof projects.$inferSelect;
export type Invite = typeof invites.$inferSelect;
export type Domain = typeof domains.$inferSelect;
export type PersonalApiKey = typeof personalApiKeys.$inferSelect;
export type UserSession = typeof userSessions.$inferSelect;
