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

/**
 * POSTs through the destination guard (checked address, no redirect followed) and answers the status. Not reaching
 * the receiver is the generic DestinationUnreachable; its answer's body stays in the server's log.
 */
async function send(url: string, body: string, signal?: AbortSignal): Promise<number> {
  let response: Awaited<ReturnType<typeof request>>;
  try {
    response = await request(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      signal: signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      dispatcher: destinationDispatcher(),
    });
  } catch (error) {
    throw error instanceof DestinationUnreachable ? error : unreachable(`POST ${url} failed`, error);
  }
  const text = await response.body.text().catch(() => "");
  if (response.statusCode >= 300) console.warn(`[destinations] POST ${url} answered ${response.statusCode}: ${text.slice(0, 300)}`);
  return response.statusCode;
}

const answered = (status: number) => `The destination answered ${status}${status < 400 ? " (redirects are not followed)" : ""}.`;

async function post(url: string, body: string) {
  const status = await send(url, body);
  if (status >= 300) throw new Error(answered(status));
}

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
        let events: string[] = [];
        let bytes = 0;
        for (const row of rowsOf(page)) {
          const json = eventJson(row, page);
          if (events.length && (events.length >= MAX_EVENTS || bytes + json.length > MAX_BYTES)) {
            await post(url, envelope(token, events));
            events = [];
            bytes = 0;
          }
          events.push(json);
          bytes += json.length + 1;
        }
        if (events.length) await post(url, envelope(token, events));
      },
      close: async () => undefined,
    };
  },
  async check(config, signal) {
    // An empty batch: the receiver is reached and accepts the token, and no event is sent.
    const status = await send(configString(config, "url"), envelope(configString(config, "token"), []), signal);
    if (status === 401 || status === 403) throw new Error(`The destination refused the token (${status}).`);
    // Another 4xx (an empty batch refused as such) still says the receiver was reached.
    if ((status >= 300 && status < 400) || status >= 500) throw new Error(answered(status));
  },
};
