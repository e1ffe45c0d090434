import { z } from "zod";
import { ZProperties } from "@/lib/analytics/filters/properties";
import { ZEventPerson } from "@/lib/persons/schemas";

const DEFAULT_EVENTS_LIMIT = 100;
const MAX_EVENTS_LIMIT = 1000;

const ISO_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** An ISO 8601 date or date-time (UTC unless it names an offset) as a Date; null if it is not one. */
export function parseIsoTimestamp(text: string): Date | null {
  const match = ISO_TIMESTAMP.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, hour = "00", minute = "00", second = "00", fraction = "", offset = "Z"] = match;
  const [monthN, dayN, hourN, minuteN, secondN] = [month, day, hour, minute, second].map(Number);
  if (monthN < 1 || monthN > 12 || dayN < 1 || dayN > 31 || hourN > 23 || minuteN > 59 || secondN > 59) return null;
  const zone = offset.toUpperCase() === "Z" ? "Z" : offset.replace(/^([+-]\d{2}):?(\d{2})$/, "$1:$2");
  const millis = fraction.padEnd(3, "0").slice(0, 3);
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}.${millis}${zone}`);
  // Date accepts 2024-02-31 as March 2nd: a day past the month's end is no date.
  if (Number.isNaN(date.getTime()) || (zone === "Z" && date.getUTCDate() !== dayN)) return null;
  return date;
}

const ZTimestampParam = z.string().transform((text, ctx) => {
  const date = parseIsoTimestamp(text);
  if (!date) {
    ctx.addIssue({ code: "custom", message: "Datetime has wrong format. Use an ISO 8601 date or date-time." });
    return z.NEVER;
  }
  return date;
});

/** Bad or missing values fall back to the default and large ones to the maximum, never a 400 (as `limit` elsewhere). */
export function eventsLimit(raw: string | undefined): number {
  if (raw === undefined || !/^\s*\d+\s*$/.test(raw) || Number(raw) === 0) return DEFAULT_EVENTS_LIMIT;
  return Math.min(Number(raw), MAX_EVENTS_LIMIT);
}

export const ZEventListQuery = z.object({
  event: z.string().max(400).optional().describe("Only events of this name."),
  after: ZTimestampParam.optional().describe("Only events after this time (ISO 8601)."),
  before: ZTimestampParam.optional().describe("Only events before this time (ISO 8601)."),
  // Any 8-4-4-4-12 hex id: capture stores the ids clients send, RFC 9562 variant or not.
  before_id: z
    .guid()
    .optional()
    .describe("With `before`: also the events at exactly that time ordered before this id (`next` links set it)."),
  distinct_id: z.string().max(400).optional().describe("Only events of this distinct id."),
  person_id: z.uuid().optional().describe("Only events of this person (any of its distinct ids)."),
  properties: ZProperties.describe(
    "Property filters as JSON (the analyses' shape: a list, all of which must match, or an AND/OR group of event and person properties).",
  ),
  limit: z
    .string()
    .optional()
    .transform(eventsLimit)
    .describe(`Number of events (default ${DEFAULT_EVENTS_LIMIT}, at most ${MAX_EVENTS_LIMIT}).`),
});

const ZEvent = z
  .object({
    id: z.uuid(),
    distinct_id: z.string(),
    properties: z.record(z.string(), z.unknown()),
    event: z.string(),
    timestamp: z.iso.datetime(),
    person: ZEventPerson.nullable(),
    /** `elements_chain` parsed (PostHog's element serializer), clicked element first. */
    elements: z.array(
      z
        .object({
          text: z.string().nullable(),
          tag_name: z.string().nullable(),
          attr_class: z.array(z.string()).nullable(),
          href: z.string().nullable(),
          attr_id: z.string().nullable(),
          nth_child: z.number().int().nullable(),
          nth_of_type: z.number().int().nullable(),
          attributes: z.record(z.string(), z.string()),
          order: z.number().int(),
        })
        .meta({ id: "Element" }),
    ),
    elements_chain: z.string(),
  })
  .meta({ id: "ClickhouseEvent" });

export const ZEventList = z
  .object({
    next: z.url().nullable().describe("The next (older) page: the same query with `before`/`before_id` the last event's time and id."),
    results: z.array(ZEvent),
  })
  .meta({ id: "ClickhouseEventList" });

export type TEvent = z.infer<typeof ZEvent>;
export type TEventList = z.infer<typeof ZEventList>;
export type TEventListQuery = z.output<typeof ZEventListQuery>;

export const TOP_EVENTS_LIMIT = 10;

export const ZEventSummary = z
  .object({
    events_last_24_hours: z.number().int().describe("Events of the last 24 hours."),
    events_last_30_days: z.number().int().describe("Events of the last 30 days."),
    last_event_at: z.iso.datetime().nullable().describe("The newest event's time; null when the project has none."),
    top_events: z
      .array(z.object({ event: z.string(), count: z.number().int() }))
      .describe(`The ${TOP_EVENTS_LIMIT} most frequent event names of the last 30 days, most frequent first.`),
  })
  .meta({ id: "EventSummary" });

export type TEventSummary = z.infer<typeof ZEventSummary>;
