import type { z } from "zod";
import { validationError, type ApiError } from "@/lib/api/errors";
import {
  BATCH_EXPORT_LOG_LEVELS,
  DESTINATION_CONFIG_SCHEMAS,
  DESTINATION_TYPES,
  SECRET_CONFIG_FIELDS,
  TARGET_CONFIG_FIELDS,
  UNAVAILABLE_DESTINATION_TYPES,
  type BatchExportInterval,
  type BatchExportLogLevel,
  type BatchExportModel,
  type BatchExportRunStatus,
  type DestinationType,
  type TDestination,
} from "./schemas";

// ---- intervals ----

const MINUTE = 60_000;
const INTERVAL_MS: Record<BatchExportInterval, number> = {
  "every 5 minutes": 5 * MINUTE,
  hour: 60 * MINUTE,
  day: 24 * 60 * MINUTE,
  week: 7 * 24 * 60 * MINUTE,
};

export const intervalMs = (interval: BatchExportInterval) => INTERVAL_MS[interval];

/**
 * The start of the interval holding `at`. Intervals are fixed lengths counted from the Unix epoch (as Temporal's
 * interval schedules PostHog uses are): hours and days start at :00 UTC, weeks on Thursdays 00:00 UTC.
 */
export function intervalStartOf(at: Date, interval: BatchExportInterval): Date {
  const length = intervalMs(interval);
  return new Date(Math.floor(at.getTime() / length) * length);
}

/** The first interval boundary at or after `at`. */
function intervalEndOf(at: Date, interval: BatchExportInterval): Date {
  const length = intervalMs(interval);
  return new Date(Math.ceil(at.getTime() / length) * length);
}

/** One backfill makes at most this many runs (one per interval), so a request sizes a bounded amount of work. */
export const MAX_BACKFILL_RUNS = 10_000;

export interface DataInterval {
  start: Date;
  end: Date;
}

/**
 * The intervals a backfill of `[start, end)` runs: from the interval holding `start` to the one holding the instant
 * before `end`. More than MAX_BACKFILL_RUNS is a 400 naming the bound.
 */
export function backfillIntervals(start: Date, end: Date, interval: BatchExportInterval): DataInterval[] {
  const length = intervalMs(interval);
  const first = intervalStartOf(start, interval).getTime();
  const last = intervalEndOf(end, interval).getTime();
  const count = Math.max(0, (last - first) / length);
  if (count > MAX_BACKFILL_RUNS)
    throw validationError(
      `A backfill can run at most ${MAX_BACKFILL_RUNS.toLocaleString("en-US")} intervals; this one covers ${count.toLocaleString("en-US")} intervals of ${interval}. Backfill a shorter range.`,
      null,
      "too_many_intervals",
    );
  return Array.from({ length: count }, (_, i) => ({
    start: new Date(first + i * length),
    end: new Date(first + (i + 1) * length),
  }));
}

// ---- backfill input (PostHog's `validate_date_input` and backfill checks, word for word) ----

const ISO_DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A backfill bound: an ISO 8601 datetime with a time zone, as Python's `datetime.fromisoformat` reads it. */
export function parseBackfillDatetime(input: string): Date {
  const match = ISO_DATETIME.exec(input.trim());
  const parsed = match ? new Date(`${isoWithoutZone(match)}${zoneOf(match[8])}`) : null;
  if (!match || !parsed || Number.isNaN(parsed.getTime()) || !matchesCalendar(match))
    throw validationError(`Input ${input} is not a valid ISO formatted datetime.`);
  if (!match[8]) throw validationError(`Input ${input} is naive.`);
  return parsed;
}

function isoWithoutZone(match: RegExpExecArray): string {
  const [, year, month, day, hour = "00", minute = "00", second = "00", fraction = "0"] = match;
  return `${year}-${month}-${day}T${hour}:${minute}:${second}.${fraction.padEnd(3, "0").slice(0, 3)}`;
}

const zoneOf = (zone: string | undefined) =>
  !zone || zone === "Z" ? "Z" : zone.includes(":") ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;

/** `Date` rolls 2024-02-30 over to March; Python refuses it. */
function matchesCalendar(match: RegExpExecArray): boolean {
  const [, year, month, day, hour = "0", minute = "0", second = "0"] = match.map((part) => part ?? undefined);
  const utc = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return (
    utc.getUTCFullYear() === Number(year) &&
    utc.getUTCMonth() === Number(month) - 1 &&
    utc.getUTCDate() === Number(day) &&
    Number(hour) < 24 &&
    Number(minute) < 60 &&
    Number(second) < 60
  );
}

/** Python's `str(datetime)` in UTC, as PostHog's messages print datetimes: `2024-01-01 00:00:00+00:00`. */
const pythonDatetime = (at: Date) => `${pythonIso(at).replace("T", " ")}`;

/** Python's `datetime.isoformat()` in UTC: `2024-01-01T00:00:00+00:00`. */
function pythonIso(at: Date): string {
  const text = at.toISOString().replace("Z", "");
  const [whole, millis] = text.split(".");
  return `${whole}${millis && millis !== "000" ? `.${millis}000` : ""}+00:00`;
}

/** Destinations that may be backfilled without an end (they keep up with the schedule): PostHog's rule. */
export const OPEN_ENDED_BACKFILL_TYPES: readonly string[] = ["HTTP", "NoOp"];

/** Why a backfill range may be refused: its start not before its end, an end too far ahead, or no end at all. */
export type BackfillRangeReason = "start_not_before_end" | "end_too_far" | "end_required";

/** Why a backfill of `[start, end)` is refused (PostHog's order), or null; `end` null is open-ended. */
export function backfillRangeReason(
  start: Date,
  end: Date | null,
  destinationType: string,
  interval: BatchExportInterval,
  now: Date,
): BackfillRangeReason | null {
  if (end && start >= end) return "start_not_before_end";
  if (end && end.getTime() > now.getTime() + intervalMs(interval)) return "end_too_far";
  if (!end && !OPEN_ENDED_BACKFILL_TYPES.includes(destinationType)) return "end_required";
  return null;
}

/** The API's refusal of a backfill range, in PostHog's messages (which name its fields), or null. */
export function backfillRangeProblem(
  start: Date,
  end: Date | null,
  destinationType: string,
  interval: BatchExportInterval,
  now: Date,
): ApiError | null {
  const reason = backfillRangeReason(start, end, destinationType, interval, now);
  if (reason === "start_not_before_end") return validationError("The initial backfill datetime 'start_at' happens after 'end_at'");
  if (reason === "end_too_far")
    return validationError(
      `The provided 'end_at' (${pythonDatetime(end!)}) is too far into the future. Cannot backfill beyond 1 batch period into the future.`,
    );
  if (reason === "end_required") return validationError("Backfilling a BatchExport with no end date is not allowed");
  return null;
}

/** PostHog's backfill id (its Temporal workflow id): `<export id>-Backfill-<start>-<end>`. */
export const backfillWorkflowId = (batchExportId: string, start: Date, end: Date | null) =>
  `${batchExportId}-Backfill-${pythonIso(start)}-${end ? pythonIso(end) : "None"}`;

// ---- destinations ----

const availableList = DESTINATION_TYPES.join(", ");

/**
 * The destination a create or update stores: its config checked against its type's schema (defaults applied,
 * unknown keys dropped). PostHog's codes: a missing field is `required_field`, a wrong one `unsupported_value`,
 * an unknown type `unsupported_destination` (with a word for the PostHog types Hedgerow does not export to).
 */
export function validateDestination(type: string, config: Record<string, unknown>): TDestination {
  if ((UNAVAILABLE_DESTINATION_TYPES as readonly string[]).includes(type))
    throw validationError(
      `The ${type} destination is not available in Hedgerow. Available destinations: ${availableList}.`,
      "destination__type",
      "unsupported_destination",
    );
  if (!isDestinationType(type))
    throw validationError(
      `Unsupported destination type '${type}'. Available destinations: ${availableList}.`,
      "destination__type",
      "unsupported_destination",
    );
  const parsed = DESTINATION_CONFIG_SCHEMAS[type].safeParse(config, { reportInput: true });
  if (!parsed.success) throw configError(parsed.error.issues[0]);
  if (type === "S3") {
    // Without keys the AWS SDK would sign with the server's own credentials (environment, instance metadata).
    const missing = SECRET_CONFIG_FIELDS.S3.find((field) => !(parsed.data as Record<string, unknown>)[field]);
    if (missing)
      throw validationError(
        `The required configuration field '${missing}' was not found: S3 exports sign with the keys they are given, never with the server's own credentials.`,
        `destination__config__${missing}`,
        "required_field",
      );
  }
  return { type, config: parsed.data } as TDestination;
}

/**
 * The destination an update stores. The sent config is merged into the stored one (PostHog's rule, so a form may
 * leave the secrets out to keep them), unless the update changes the target (the type, or a field of
 * TARGET_CONFIG_FIELDS): then the stored secrets are dropped, and the new target needs its secrets in the same
 * request. Whoever may edit an export (any member, as in PostHog) can thus point it elsewhere, but never with
 * secrets someone else stored.
 */
export function updatedDestination(
  current: { type: string; config: Record<string, unknown> },
  sent: { type?: string; config: Record<string, unknown> },
): TDestination {
  const type = sent.type ?? current.type;
  const merged = validateDestination(type, { ...current.config, ...sent.config });
  if (!retargets(current, merged)) return merged;
  const storedSecrets = isDestinationType(current.type) ? SECRET_CONFIG_FIELDS[current.type] : [];
  const missing = SECRET_CONFIG_FIELDS[merged.type].find((field) => !(field in sent.config));
  if (missing)
    throw validationError(
      `The required configuration field '${missing}' was not found: a new destination (${[...TARGET_CONFIG_FIELDS[merged.type], "type"].join(", ")}) needs its secrets sent again.`,
      `destination__config__${missing}`,
      "required_field",
    );
  const kept = Object.entries(current.config).filter(([field]) => !storedSecrets.includes(field));
  return validateDestination(type, { ...Object.fromEntries(kept), ...sent.config });
}

/** Whether `next` writes somewhere else than `current`: another type, or a target field changed (defaults applied). */
function retargets(current: { type: string; config: Record<string, unknown> }, next: TDestination): boolean {
  if (current.type !== next.type) return true;
  const schema = DESTINATION_CONFIG_SCHEMAS[next.type];
  const before = (schema.safeParse(current.config).data ?? current.config) as Record<string, unknown>;
  const after = next.config as Record<string, unknown>;
  // Target fields are strings and numbers.
  return TARGET_CONFIG_FIELDS[next.type].some((field) => (before[field] ?? null) !== (after[field] ?? null));
}

/** PostHog's word: its HTTP export is for migrations into another PostHog, so it sends events only. */
export const HTTP_MODEL_MESSAGE = "HTTP batch exports only support the events model";

/**
 * Why an export may not send `model` to `destinationType` with `hogqlQuery` (a 400 on `model`), or null: HTTP takes
 * events only (PostHog's rule), and a `hogql_query` selects from events.
 */
export function modelProblem(model: BatchExportModel, destinationType: string, hogqlQuery: string | null): ApiError | null {
  if (model === "events") return null;
  if (destinationType === "HTTP") return validationError(HTTP_MODEL_MESSAGE, "model", "invalid_input");
  if (hogqlQuery)
    return validationError(`A ${model} export has no 'hogql_query': it selects from events. Leave it empty.`, "model", "invalid_input");
  return null;
}

const isDestinationType = (type: string): type is DestinationType => (DESTINATION_TYPES as string[]).includes(type);

function configError(issue: z.core.$ZodIssue): ApiError {
  const field = String(issue.path[0] ?? "");
  const attr = `destination__config__${field}`;
  if (issue.code === "invalid_type" && issue.input === undefined)
    return validationError(`The required configuration field '${field}' was not found`, attr, "required_field");
  return validationError(`Unsupported value for configuration field '${field}': ${describeIssue(issue)}`, attr, "unsupported_value");
}

function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === null ? "it may not be null." : `expected ${issue.expected}.`;
    case "invalid_value":
      return `expected one of ${issue.values.map((value) => JSON.stringify(value)).join(", ")}.`;
    case "too_big":
      return issue.origin === "string" ? `at most ${issue.maximum} characters.` : `at most ${issue.maximum}.`;
    case "too_small":
      return issue.origin === "string" ? "it may not be blank." : `at least ${issue.minimum}.`;
    default:
      return issue.message;
  }
}

/** The config as answered: without the type's secret fields. */
export function publicConfig(type: string, config: Record<string, unknown>): Record<string, unknown> {
  const secrets = isDestinationType(type) ? SECRET_CONFIG_FIELDS[type] : [];
  return Object.fromEntries(Object.entries(config).filter(([key]) => !secrets.includes(key)));
}

// ---- runs and logs ----

/** Run states a run leaves only by being run (or cancelled): a finished run cannot be cancelled. */
const UNFINISHED_RUN_STATUSES: readonly BatchExportRunStatus[] = ["Starting", "Running", "FailedRetryable"];

export const canCancelRun = (status: string) => (UNFINISHED_RUN_STATUSES as readonly string[]).includes(status);

/** `?level=warning,error` → the levels asked for (upper-cased, as PostHog does; unknown ones match nothing). */
export function parseLogLevels(raw: string | undefined): BatchExportLogLevel[] | null {
  if (raw === undefined || !raw.trim()) return null;
  const asked = raw.split(",").map((level) => level.trim().toUpperCase());
  return BATCH_EXPORT_LOG_LEVELS.filter((level) => asked.includes(level));
}
