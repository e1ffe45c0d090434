import { request } from "undici";
import { DestinationUnreachable, destinationDispatcher, unreachable } from "@/lib/net/destination-guard";
import type { RecordPage } from "../records";
import { HTTP_MODEL_MESSAGE } from "../rules";
import { configString, rowsOf, rowToJson, type Destination } from "./types";

/** Events per request and bytes per request body, as PostHog's capture takes a batch (20 MB at most). */
const MAX_EVENTS = 1_000;
const MAX_BYTES = 10 * 1024 * 1024;
const REQUEST_TIMEOUT_MS = 60_000;

/**
 * The event as PostHog's capture takes it (`$set`, `$set_once` and `$ip` are in its properties already). A schema's
 * own columns are sent as they are, with the event's `uuid`.
 */
function eventJson(row: Record<string, unknown>, page: RecordPage): string {
  if (!page.columns.some((column) => column.name === "properties")) return rowToJson(row, page.columns);
  return (
    `{"uuid":${JSON.stringify(row.uuid)},"event":${JSON.stringify(row.event)},"distinct_id":${JSON.stringify(row.distinct_id)},` +
    `"timestamp":${JSON.stringify(row.timestamp)},"properties":${(row.properties as string | null) ?? "{}"},` +
    `"elements_chain":${(row.elements as string | null) ?? '""'}}`
  );
}

/** How a JSON body is sent: POST by default; headers over `content-type: application/json`. */
export interface JsonRequest {
  method?: "POST" | "PUT" | "PATCH";
  headers?: Record<string, string>;
}

/**
 * Sends a JSON body through the destination guard (checked address, no redirect followed) and answers the status.
 * Not reaching the receiver is the generic DestinationUnreachable; its answer's body stays in the server's log.
 */
export async function sendJson(url: string, body: string, signal?: AbortSignal, options: JsonRequest = {}): Promise<number> {
  const method = options.method ?? "POST";
  let response: Awaited<ReturnType<typeof request>>;
  try {
    response = await request(url, {
      method,
      headers: { "content-type": "application/json", ...options.headers },
      body,
      signal: signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      dispatcher: destinationDispatcher(),
    });
  } catch (error) {
    throw error instanceof DestinationUnreachable ? error : unreachable(`${method} ${url} failed`, error);
  }
  const text = await response.body.text().catch(() => "");
  if (response.statusCode >= 300) console.warn(`[destinations] ${method} ${url} answered ${response.statusCode}: ${text.slice(0, 300)}`);
  return response.statusCode;
}

export const answered = (status: number) => `The destination answered ${status}${status < 400 ? " (redirects are not followed)" : ""}.`;

async function post(url: string, body: string) {
  const status = await sendJson(url, body);
  if (status >= 300) throw new Error(answered(status));
}

/** Items in order, cut into batches of at most `maxItems` and `maxBytes` by `sizeOf` (a larger item goes alone). */
export function batchesOf<T>(items: Iterable<T>, sizeOf: (item: T) => number, maxItems: number, maxBytes: number): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = sizeOf(item);
    if (batch.length && (batch.length >= maxItems || bytes + size > maxBytes)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(item);
    bytes += size;
  }
  if (batch.length) batches.push(batch);
  return batches;
}

/** A JSON text's size in a batch's body (with its comma). */
export const jsonSize = (json: string) => json.length + 1;

const envelope = (token: string, events: string[]) =>
  `{"api_key":${JSON.stringify(token)},"historical_migration":true,"batch":[${events.join(",")}]}`;

/**
 * PostHog's HTTP export: batches POSTed to `url` as capture's `/batch/` body, `{"api_key": token,
 * "historical_migration": true, "batch": [events]}`. A run again sends the same events with the same `uuid`s: the
 * receiver dedupes on `uuid` (PostHog's and Hedgerow's capture do).
 */
export const httpDestination: Destination = {
  format: "rows",
  async open(config, interval) {
    if (interval.model !== "events") throw new Error(HTTP_MODEL_MESSAGE);
    const url = configString(config, "url");
    const token = configString(config, "token");
    return {
      async writePage(page) {
        const events = rowsOf(page).map((row) => eventJson(row, page));
        for (const batch of batchesOf(events, jsonSize, MAX_EVENTS, MAX_BYTES)) await post(url, envelope(token, batch));
      },
      close: async () => undefined,
    };
  },
  async check(config, signal) {
    // An empty batch: the receiver is reached and accepts the token, and no event is sent.
    const status = await sendJson(configString(config, "url"), envelope(configString(config, "token"), []), signal);
    if (status === 401 || status === 403) throw new Error(`The destination refused the token (${status}).`);
    // Another 4xx (an empty batch refused as such) still says the receiver was reached.
    if ((status >= 300 && status < 400) || status >= 500) throw new Error(answered(status));
  },
};
