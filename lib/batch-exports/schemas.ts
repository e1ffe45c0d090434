import { z } from "zod";
import { ZSearch } from "@/lib/api/search";
import { ZInteger } from "@/lib/db/integers";
import { ZOrganizationParams } from "@/lib/organizations/schemas";
import { ZProjectParams } from "@/lib/projects/schemas";

/** PostHog's `BatchExport.Interval` (2024): how often an export runs, each run covering one interval. */
export const BATCH_EXPORT_INTERVALS = ["hour", "day", "week", "every 5 minutes"] as const;
export type BatchExportInterval = (typeof BATCH_EXPORT_INTERVALS)[number];

/** What an export sends: the project's events, or its persons. */
export const BATCH_EXPORT_MODELS = ["events", "persons"] as const;
export type BatchExportModel = (typeof BATCH_EXPORT_MODELS)[number];

/** PostHog's `BatchExportRun.Status`. */
const BATCH_EXPORT_RUN_STATUSES = [
  "Cancelled",
  "Completed",
  "ContinuedAsNew",
  "Failed",
  "FailedRetryable",
  "Terminated",
  "TimedOut",
  "Running",
  "Starting",
] as const;
export type BatchExportRunStatus = (typeof BATCH_EXPORT_RUN_STATUSES)[number];

/** Log levels of PostHog's log entries. */
export const BATCH_EXPORT_LOG_LEVELS = ["DEBUG", "LOG", "INFO", "WARNING", "ERROR"] as const;
export type BatchExportLogLevel = (typeof BATCH_EXPORT_LOG_LEVELS)[number];

// ---- destinations ----

const ZConfigText = z.string().max(1_000);
/** A host name or an IP address: never a unix socket's path (which PostgreSQL clients take as a host) or a list. */
const ZHost = ZConfigText.min(1).regex(/^(?:[a-z0-9._:-]+|\[[0-9a-f:.]+\])$/i, "it must be a host name or an IP address.");
/** Destinations are reached over HTTP(S) only. */
const ZHttpUrl = z
  .string()
  .max(2_048)
  .refine((text) => URL.canParse(text) && ["http:", "https:"].includes(new URL(text).protocol), "it must be an http:// or https:// URL.");
const ZEventNames = z.array(z.string().max(400)).max(1_000).nullable();
const eventFilters = { exclude_events: ZEventNames.default(null), include_events: ZEventNames.default(null) };

/** S3 (or an S3-compatible store at `endpoint_url`): JSON Lines files under `prefix`. */
const ZS3Config = z.object({
  bucket_name: ZConfigText.min(1),
  region: ZConfigText,
  prefix: ZConfigText,
  aws_access_key_id: ZConfigText.nullable().default(null),
  aws_secret_access_key: ZConfigText.nullable().default(null),
  compression: z.enum(["gzip", "brotli"]).nullable().default(null),
  encryption: z.enum(["AES256", "aws:kms"]).nullable().default(null),
  kms_key_id: ZConfigText.nullable().default(null),
  endpoint_url: ZHttpUrl.nullable().default(null),
  file_format: z.enum(["JSONLines"]).default("JSONLines"),
  ...eventFilters,
});

/** PostgreSQL: rows inserted into `schema`.`table_name`, created when missing. */
const ZPostgresConfig = z.object({
  user: ZConfigText.min(1),
  password: ZConfigText,
  host: ZHost,
  database: ZConfigText.min(1),
  port: z.number().int().min(1).max(65_535).default(5432),
  schema: ZConfigText.min(1).default("public"),
  table_name: ZConfigText.min(1).default("events"),
  has_self_signed_cert: z.boolean().default(false),
  ...eventFilters,
});

/** Redshift speaks PostgreSQL's protocol; `properties_data_type` is the JSON columns' type there. */
const ZRedshiftConfig = ZPostgresConfig.extend({
  port: z.number().int().min(1).max(65_535).default(5439),
  properties_data_type: z.enum(["varchar", "super"]).default("varchar"),
});

/** HTTP: batches of events POSTed to `url` with `token` (PostHog's HTTP export, to another PostHog's batch endpoint). */
const ZHttpConfig = z.object({
  url: ZHttpUrl,
  token: ZConfigText,
  ...eventFilters,
});

/** NoOp: reads the interval and writes nowhere (PostHog's test destination). */
const ZNoOpConfig = z.object({ arg: ZConfigText.nullable().default(null) });

/** The destination types Hedgerow exports to, with the schema of each one's `config`. */
export const DESTINATION_CONFIG_SCHEMAS = {
  S3: ZS3Config,
  Postgres: ZPostgresConfig,
  Redshift: ZRedshiftConfig,
  HTTP: ZHttpConfig,
  NoOp: ZNoOpConfig,
} as const;
export type DestinationType = keyof typeof DESTINATION_CONFIG_SCHEMAS;
export const DESTINATION_TYPES = Object.keys(DESTINATION_CONFIG_SCHEMAS) as DestinationType[];

/** PostHog destination types Hedgerow knows of but cannot export to: refused with a 400 that says so. */
export const UNAVAILABLE_DESTINATION_TYPES = ["Snowflake", "BigQuery", "Databricks", "AzureBlob"] as const;

/**
 * Config fields naming where an export writes: changing one (or the type) is a new target, and the stored secrets do
 * not follow it (they must be sent again in the same request).
 */
export const TARGET_CONFIG_FIELDS: Record<DestinationType, readonly string[]> = {
  S3: ["bucket_name", "region", "endpoint_url"],
  Postgres: ["host", "port", "database", "user"],
  Redshift: ["host", "port", "database", "user"],
  HTTP: ["url"],
  NoOp: [],
};

/** Config fields that are stored but never returned (PostHog strips the same). */
export const SECRET_CONFIG_FIELDS: Record<DestinationType, readonly string[]> = {
  S3: ["aws_access_key_id", "aws_secret_access_key"],
  Postgres: ["password"],
  Redshift: ["password"],
  HTTP: ["token"],
  NoOp: [],
};

type TS3Config = z.output<typeof ZS3Config>;
type TPostgresConfig = z.output<typeof ZPostgresConfig>;
type TRedshiftConfig = z.output<typeof ZRedshiftConfig>;
type THttpConfig = z.output<typeof ZHttpConfig>;
type TNoOpConfig = z.output<typeof ZNoOpConfig>;

/** A stored destination, its config complete (defaults applied, secrets included): what a run reads. */
export type TDestination =
  | { type: "S3"; config: TS3Config }
  | { type: "Postgres"; config: TPostgresConfig }
  | { type: "Redshift"; config: TRedshiftConfig }
  | { type: "HTTP"; config: THttpConfig }
  | { type: "NoOp"; config: TNoOpConfig };

// ---- objects ----

const ZDateTime = z.iso.datetime({ offset: true });

export const ZBatchExportRun = z
  .object({
    id: z.uuid(),
    status: z.enum(BATCH_EXPORT_RUN_STATUSES),
    records_completed: z.number().int().nullable(),
    records_total_count: z.number().int().nullable(),
    latest_error: z.string().nullable(),
    data_interval_start: ZDateTime.nullable(),
    data_interval_end: ZDateTime,
    cursor: z.string().nullable(),
    created_at: ZDateTime,
    finished_at: ZDateTime.nullable(),
    last_updated_at: ZDateTime,
    batch_export: z.uuid(),
    /** The backfill that created the run; null for scheduled runs. */
    backfill: z.uuid().nullable(),
  })
  .meta({ id: "BatchExportRun" });

const ZBatchExportDestination = z
  .object({
    type: z.enum(DESTINATION_TYPES as [DestinationType, ...DestinationType[]]),
    /** The config without its secret fields. */
    config: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "BatchExportDestination" });

export const ZBatchExport = z
  .object({
    id: z.uuid(),
    team_id: z.number().int(),
    name: z.string(),
    model: z.enum(BATCH_EXPORT_MODELS),
    destination: ZBatchExportDestination,
    interval: z.enum(BATCH_EXPORT_INTERVALS),
    paused: z.boolean(),
    created_at: ZDateTime,
    last_updated_at: ZDateTime,
    last_paused_at: ZDateTime.nullable(),
    start_at: ZDateTime.nullable(),
    end_at: ZDateTime.nullable(),
    /** The 10 newest runs, newest first. */
    latest_runs: z.array(ZBatchExportRun),
    hogql_query: z.string().nullable(),
    schema: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: "BatchExport" });

// ---- bodies ----

const EARLIEST = Date.parse("0001-01-02T00:00:00Z");
const LATEST = Date.parse("9999-12-30T00:00:00Z");
const withZone = (text: string) => (/(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`);

/** DRF's DateTimeField: ISO 8601, with or without an offset (without one it is UTC), within years 1–9999 as Python's. */
export const ZDateTimeInput = z.iso.datetime({ offset: true, local: true }).refine((text) => {
  const at = Date.parse(withZone(text));
  return at >= EARLIEST && at <= LATEST;
}, "Datetime is out of range.");

/** A ZDateTimeInput as a Date. */
export const dateOfInput = (text: string) => new Date(withZone(text));

/** The destination as sent: its `config` is checked against its type's schema by the service (after PATCH merges). */
export const ZBatchExportDestinationInput = z
  .object({
    type: z.string().max(64),
    config: z.record(z.string(), z.unknown()).default({}),
  })
  .meta({ id: "BatchExportDestinationInput" });

const writable = {
  name: z.string().trim().min(1).max(1_000),
  /** Null or blank: `events`, as PostHog defaults it. */
  model: z
    .enum([...BATCH_EXPORT_MODELS, ""])
    .nullable()
    .transform((model): BatchExportModel => model || "events"),
  destination: ZBatchExportDestinationInput,
  interval: z.enum(BATCH_EXPORT_INTERVALS),
  paused: z.boolean(),
  last_paused_at: ZDateTimeInput.nullable(),
  start_at: ZDateTimeInput.nullable(),
  end_at: ZDateTimeInput.nullable(),
  /** `SELECT … FROM events`: the exported columns, compiled into the export's `schema` (null or "": every column). */
  hogql_query: z.string().max(20_000).nullable(),
};

export const ZBatchExportCreate = z
  .object({
    ...writable,
    model: writable.model.optional(),
    paused: writable.paused.optional(),
    last_paused_at: writable.last_paused_at.optional(),
    start_at: writable.start_at.optional(),
    end_at: writable.end_at.optional(),
    hogql_query: writable.hogql_query.optional(),
    /** On the organization route: the project to export (default: the caller's current project there, else its first). */
    team_id: ZInteger.positive().optional(),
  })
  .meta({ id: "BatchExportCreate" });

/** Partial; `destination.config` is merged into the stored config (send only what changes, secrets included). */
export const ZBatchExportUpdate = z
  .object({
    ...writable,
    destination: ZBatchExportDestinationInput.extend({ type: z.string().max(64).optional() }),
  })
  .partial()
  .meta({ id: "PatchedBatchExport" });

/** PUT: the whole export, as on create; `destination.config` is still merged into the stored one, as on PATCH. */
export const ZBatchExportReplace = ZBatchExportCreate.omit({ team_id: true }).meta({ id: "BatchExportReplace" });

/** Checked by the service, with PostHog's messages (ISO format, time zone, order, future). */
export const ZBatchExportBackfill = z
  .object({
    start_at: z.string().max(64).nullable().optional(),
    end_at: z.string().max(64).nullable().optional(),
  })
  .meta({ id: "BatchExportBackfill" });

export const ZBatchExportBackfillResult = z.object({ backfill_id: z.string() }).meta({ id: "BatchExportBackfillResult" });

export const ZBatchExportUnpause = z.object({ backfill: z.boolean().optional() }).meta({ id: "BatchExportUnpause" });

export const ZBatchExportPauseResult = z.object({ paused: z.boolean() }).meta({ id: "BatchExportPauseResult" });

export const ZBatchExportRunCancelResult = z.object({ cancelled: z.boolean() }).meta({ id: "BatchExportRunCancelResult" });

// ---- logs ----

const MAX_LOG_LIMIT = 500;

export const ZBatchExportLogEntry = z
  .object({
    log_source_id: z.uuid(),
    instance_id: z.uuid().nullable(),
    timestamp: ZDateTime,
    level: z.enum(BATCH_EXPORT_LOG_LEVELS),
    message: z.string(),
  })
  .meta({ id: "BatchExportLogEntry" });

export const ZBatchExportLogsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_LOG_LIMIT).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  after: ZDateTimeInput.optional(),
  before: ZDateTimeInput.optional(),
  /** Comma-separated levels, any case. */
  level: z.string().max(200).optional(),
  search: ZSearch.optional(),
  instance_id: z.uuid().optional(),
});

export const ZBatchExportRunsQuery = z.object({
  status: z.enum(BATCH_EXPORT_RUN_STATUSES).optional(),
});

// ---- params ----

export const ZOrganizationBatchExportParams = ZOrganizationParams.extend({ batchExportId: z.uuid() });
export const ZProjectBatchExportParams = ZProjectParams.extend({ batchExportId: z.uuid() });
export const ZOrganizationBatchExportRunParams = ZOrganizationBatchExportParams.extend({ runId: z.uuid() });
export const ZProjectBatchExportRunParams = ZProjectBatchExportParams.extend({ runId: z.uuid() });

export type TBatchExport = z.infer<typeof ZBatchExport>;
export type TBatchExportRun = z.infer<typeof ZBatchExportRun>;
export type TBatchExportCreate = z.output<typeof ZBatchExportCreate>;
export type TBatchExportUpdate = z.output<typeof ZBatchExportUpdate>;
export type TBatchExportBackfill = z.output<typeof ZBatchExportBackfill>;
export type TBatchExportLogEntry = z.infer<typeof ZBatchExportLogEntry>;
export type TBatchExportLogsQuery = z.output<typeof ZBatchExportLogsQuery>;
