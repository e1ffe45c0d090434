import { randomBytes } from "node:crypto";
import type { CapturedEvent } from "@/lib/ingestion/types";
import { captureError } from "./errors";
import { MAX_EVENT_DEPTH, TOO_DEEP, wellFormedJson } from "./well-formed";

/** An event of a request that could not be accepted: its position in the batch and why. */
export interface InvalidEvent {
  index: number;
  reason: string;
}

export interface ParsedCapture {
  events: CapturedEvent[];
  /** The index in the batch of each of `events`. */
  positions: number[];
  invalid: InvalidEvent[];
}

export interface CaptureContext {
  /** When the request arrived (server clock). */
  now: Date;
  query: URLSearchParams;
  form: URLSearchParams | null;
}

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/** Where each SDK puts the project token (`posthog/api/utils.py` get_token), before any event is looked at. */
export function resolveToken(payload: unknown, query: URLSearchParams, form: URLSearchParams | null): unknown {
  const fromRequest = query.get("token") || query.get("api_key") || form?.get("api_key") || form?.get("token");
  if (fromRequest) return fromRequest.trim();
  // Mixpanel-style clients send a bare array: the first event carries the token.
  const first = Array.isArray(payload) ? payload[0] : payload;
  if (!isObject(first)) return null;
  const properties = isObject(first.properties) ? first.properties : {};
  const token = first.$token || first.token || first.api_key || properties.token || null;
  return typeof token === "string" ? token.trim() : token;
}

/** Why a token cannot be a project API key (`_check_token_shape`), or null if it may be one. */
export function tokenShapeProblem(token: unknown): string | null {
  if (!token) return "empty";
  if (typeof token !== "string") return "not_string";
  if (token.length > 64) return "too_long";
  if (!/^\p{ASCII}*$/u.test(token)) return "not_ascii";
  if (token.startsWith("phx_")) return "personal_api_key";
  if (token.includes("\u0000")) return "null_byte";
  return null;
}

/**
 * When the client sent the request by its own clock, for clock-skew correction: `?_=` (posthog-js, ms or s),
 * the body's `sent_at` (ISO; posthog-node and the mobile SDKs), or a form's `sent_at`. Null if none.
 */
export function resolveSentAt(payload: unknown, ctx: CaptureContext): Date | null {
  const raw = ctx.query.get("_") || (isObject(payload) && payload.sent_at) || ctx.form?.get("sent_at") || null;
  if (raw === null) return null;
  if (typeof raw === "object") throw captureError.invalidSentAt(`expected a string, received ${jsonTypeName(raw)}`);
  const text = String(raw);
  let parsed: Date;
  if (/^\d+(\.\d+)?$/.test(text)) {
    // More than 11 digits is milliseconds (PostHog's `_datetime_from_seconds_or_millis`).
    parsed = new Date(text.length > 11 ? Number(text) : Number(text) * 1000);
  } else {
    parsed = typeof raw === "string" ? new Date(text) : new Date(NaN);
  }
  if (Number.isNaN(parsed.getTime())) throw captureError.invalidSentAt(`Invalid isoformat string: '${text.slice(0, 100)}'`);
  return parsed;
}

/**
 * The events of a capture payload, validated and normalized. Shapes: one event, an array of events, or
 * `{api_key, batch, sent_at?, historical_migration?}` (also `{data: [...]}`). Events that cannot be stored are
 * reported by index; the rest are kept.
 */
export function parseCapture(payload: unknown, ctx: CaptureContext): ParsedCapture {
  const { items, historical } = eventItems(payload);
  // A historical migration replays old events as they were: their timestamps are not the clock's now.
  const sentAt = historical ? null : resolveSentAt(payload, ctx);
  const parsed: ParsedCapture = { events: [], positions: [], invalid: [] };
  items.forEach((item, index) => {
    const result = normalizeEvent(item, ctx.now, sentAt);
    if (typeof result === "string") parsed.invalid.push({ index, reason: result });
    else {
      parsed.events.push(result);
      parsed.positions.push(index);
    }
  });
  return parsed;
}

function eventItems(payload: unknown): { items: unknown[]; historical: boolean } {
  if (Array.isArray(payload)) return { items: payload, historical: false };
  if (!isObject(payload)) throw captureError.invalidPayload("expected an event, a list of events or a batch");
  if ("batch" in payload) {
    if (!Array.isArray(payload.batch)) throw captureError.invalidPayload('"batch" must be a list of events');
    return { items: payload.batch, historical: Boolean(payload.historical_migration) };
  }
  if (Array.isArray(payload.data)) return { items: payload.data, historical: false };
  return { items: [payload], historical: false };
}

/**
 * One event as PostHog's capture and plugin-server normalize it, or the reason it is refused. Its strings are
 * made well-formed first, so no database is handed one it cannot hold.
 */
export function normalizeEvent(sent: unknown, now: Date, sentAt: Date | null): CapturedEvent | string {
  if (!isObject(sent)) return "Event must be a JSON object.";
  const raw = wellFormedJson(sent, MAX_EVENT_DEPTH);
  if (raw === TOO_DEEP) return `Event is nested deeper than ${MAX_EVENT_DEPTH} levels!`;
  if (raw.properties !== undefined && raw.properties !== null && !isObject(raw.properties))
    return `Properties must be a JSON object, received ${jsonTypeName(raw.properties)}!`;
  const properties: JsonObject = { ...(raw.properties as JsonObject | null | undefined) };

  const distinctId = distinctIdOf(raw, properties);
  if (distinctId === undefined) return 'All events must have the event field "distinct_id"!';
  if (distinctId === "") return 'Event field "distinct_id" should not be blank!';

  if (typeof raw.event !== "string" || raw.event === "")
    return raw.event === undefined || raw.event === null || raw.event === ""
      ? 'All events must have the event name field "event"!'
      : 'Event field "event" must be a string!';

  let uuid: string;
  if (raw.uuid === undefined || raw.uuid === null || raw.uuid === "") uuid = uuidv7(now);
  else {
    const canonical = typeof raw.uuid === "string" ? canonicalUuid(raw.uuid) : null;
    if (!canonical) return 'Event field "uuid" is not a valid UUID!';
    uuid = canonical;
  }

  // Top-level $set/$set_once (posthog-js identify) win over the same keys inside properties (plugin-server).
  for (const key of ["$set", "$set_once"] as const)
    if (isObject(raw[key])) properties[key] = { ...(isObject(properties[key]) ? properties[key] : {}), ...raw[key] };

  const ignoreSentAt = Boolean(properties.$ignore_sent_at);
  return {
    uuid,
    event: raw.event,
    distinctId,
    properties,
    timestamp: eventTimestamp(raw, properties, now, ignoreSentAt ? null : sentAt),
  };
}

/** `distinct_id` (or `$distinct_id`) at the top level, else in properties: stringified, at most 200 characters. */
function distinctIdOf(raw: JsonObject, properties: JsonObject): string | undefined {
  const value = [raw.distinct_id, raw.$distinct_id, properties.distinct_id].find((v) => v !== undefined && v !== null);
  if (value === undefined) return undefined;
  const text = typeof value === "string" ? value : JSON.stringify(value);
  // 200 UTF-16 units are at most 200 characters: only a longer text is split into characters.
  return text.length <= 200 ? text : Array.from(text).slice(0, 200).join("");
}

const MAX_FUTURE_MS = 23 * 3600 * 1000;

/**
 * plugin-server's `parseEventTimestamp`: `offset` ms before now; else, with `sent_at`, the client's clock
 * skew removed (now + (timestamp − sent_at)); else the timestamp (`properties.$time`, seconds, for old
 * clients); else now. More than 23 hours ahead, or unreadable, means now.
 */
export function eventTimestamp(raw: JsonObject, properties: JsonObject, now: Date, sentAt: Date | null): Date {
  const timestamp = readTimestamp(raw.timestamp) ?? readEpochSeconds(properties.$time);
  let result: Date;
  if (typeof raw.offset === "number" && Number.isFinite(raw.offset) && raw.offset !== 0) result = new Date(now.getTime() - raw.offset);
  else if (timestamp && sentAt) result = new Date(now.getTime() + (timestamp.getTime() - sentAt.getTime()));
  else result = timestamp ?? now;
  const year = result.getUTCFullYear();
  if (Number.isNaN(result.getTime()) || year < 0 || year > 9999) return now;
  if (result.getTime() - now.getTime() > MAX_FUTURE_MS) return now;
  return result;
}

function readTimestamp(value: unknown): Date | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function readEpochSeconds(value: unknown): Date | null {
  return typeof value === "number" && Number.isFinite(value) ? new Date(value * 1000) : null;
}

const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A UUID as Python's `uuid.UUID` accepts it (hyphens optional, braces, `urn:uuid:`), in canonical form. */
export function canonicalUuid(value: string): string | null {
  // What SDKs send: already canonical.
  if (CANONICAL_UUID.test(value)) return value;
  const hex = value
    .trim()
    .toLowerCase()
    .replace(/^urn:uuid:/, "")
    .replace(/^\{(.*)\}$/, "$1")
    .replace(/-/g, "");
  if (!/^[0-9a-f]{32}$/.test(hex)) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A time-ordered UUID (version 7), as PostHog's SDKs and UUIDT generate, for events sent without one. */
export function uuidv7(at: Date): string {
  const bytes = randomBytes(16);
  const ms = BigInt(at.getTime());
  for (let i = 0; i < 6; i++) bytes[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const jsonTypeName = (value: unknown) => (Array.isArray(value) ? "list" : typeof value === "string" ? "str" : typeof value);
