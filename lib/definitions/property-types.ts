import { parseIsoTimestamp } from "@/lib/events/schemas";

export const PROPERTY_TYPES = ["String", "Numeric", "Boolean", "DateTime"] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** Name fragments that make a recent Unix time (a number) a DateTime (PostHog's DATETIME_PROPERTY_NAME_KEYWORDS). */
const DATETIME_NAME_KEYWORDS = ["time", "timestamp", "date", "_at", "-at", "createdat", "updatedat"];
const SIX_MONTHS_SECONDS = 183 * 86_400;

/** `MM/DD/YYYY`, `DD/MM/YYYY`, `YYYY/MM/DD` (optionally with a time), as ClickHouse's best-effort parse reads them. */
const SLASHED_DATE = /^(\d{4}\/\d{1,2}\/\d{1,2}|\d{1,2}\/\d{1,2}\/\d{4})([ T]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?)?$/;
/** RFC 2822: `Thu, 24 Apr 2025 23:21:04 +0000`. */
const RFC_2822 = /^(?:[A-Za-z]{3}, )?\d{1,2} [A-Za-z]{3} \d{4} \d{2}:\d{2}(?::\d{2})? (?:[+-]\d{4}|GMT|UTC|Z)$/;

/** Trims spaces only, as ClickHouse's `trimBoth` (so `"true\n"` stays a String, as PostHog's). */
const trimSpaces = (text: string) => text.replace(/^ +| +$/g, "");

function isDateText(text: string): boolean {
  if (text.length < 10 || Number.isFinite(Number(text))) return false;
  return parseIsoTimestamp(text) !== null || SLASHED_DATE.test(text) || (RFC_2822.test(text) && !Number.isNaN(Date.parse(text)));
}

/**
 * The type PostHog's ingestion gives a property from one of its values (`property-defs-rs` `detect_property_type`):
 * campaign, flag and survey-response keys are Strings whatever their value; a number under a time-like name that
 * reads as a Unix time of the last six months is a DateTime; "true"/"false" texts are Booleans and date texts
 * DateTimes; otherwise the JSON type. Null, arrays and objects give no type (null).
 */
export function detectPropertyType(name: string, value: unknown, now: Date = new Date()): PropertyType | null {
  const lower = name.toLowerCase();
  if (
    lower.startsWith("utm_") ||
    lower.startsWith("$feature/") ||
    lower === "$feature_flag_response" ||
    lower.startsWith("$survey_response")
  )
    return "String";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    const recentUnixTime = value >= now.getTime() / 1000 - SIX_MONTHS_SECONDS;
    if (recentUnixTime && DATETIME_NAME_KEYWORDS.some((keyword) => lower.includes(keyword))) return "DateTime";
    return "Numeric";
  }
  if (typeof value === "boolean") return "Boolean";
  if (typeof value === "string") {
    const trimmed = trimSpaces(value);
    if (trimmed === "true" || trimmed === "TRUE" || trimmed === "false" || trimmed === "FALSE") return "Boolean";
    if (isDateText(trimmed)) return "DateTime";
    return "String";
  }
  return null;
}
