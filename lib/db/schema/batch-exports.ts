// Batch exports, their runs, backfills and logs.
import { sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { sealedJsonb } from "@/lib/secrets/sealed-column";
import { projects, users } from "./accounts";
import { createdAt } from "./columns";

/** Every destination type's secret config fields (lib/batch-exports/schemas.ts's SECRET_CONFIG_FIELDS): sealed at rest. */
export const DESTINATION_SECRET_FIELDS = ["aws_access_key_id", "aws_secret_access_key", "password", "token"] as const;

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
    uniqueIndex("batch_export_runs_scheduled_interval").on(t.batchExportId, t.dataIntervalEnd).where(sql`${t.backfillId} IS NULL`),
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

export type BatchExport = typeof batchExports.$inferSelect;
export type BatchExportRun = typeof batchExportRuns.$inferSelect;
export type BatchExportBackfill = typeof batchExportBackfills.$inferSelect;
export type BatchExportLogEntry = typeof batchExportLogEntries.$inferSelect;
