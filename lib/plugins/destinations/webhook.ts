import { answered, sendJson } from "@/lib/batch-exports/destinations/http";
import { ConfigProblem } from "../transformations/kinds";
import { type BuiltInDestination, type DestinationEvent, eventNames, MASKED } from "./kinds";
import { targetUrl } from "./target";
import { parseTemplate, renderTemplate } from "./template";

const METHODS = ["POST", "PUT", "PATCH"] as const;
const MAX_HEADERS = 20;
/** A rendered body larger than this is not sent (the event is logged as skipped: a retry would not shrink it). */
const MAX_WEBHOOK_BODY_BYTES = 1024 * 1024;
/** Requests of one batch in flight at once, and how long each may take. */
const PARALLEL_REQUESTS = 4;
const REQUEST_TIMEOUT_MS = 10_000;
const DEFAULT_BODY = { event: "{event}", person: "{person}" };
// Header names as HTTP has them (a token), and values without line breaks.
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9a-z-]{1,200}$/i;
const HEADER_VALUE = /^[^\r\n\0]{0,4000}$/;

function parseHeaders(value: unknown): Record<string, string> {
  if (value === undefined || value === null || value === "") return {};
  let parsed: unknown = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new ConfigProblem("headers", "The headers are not valid JSON.");
    }
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
    throw new ConfigProblem("headers", 'Enter the headers as a JSON object, {"Name": "value"}.');
  const entries = Object.entries(parsed);
  if (entries.length > MAX_HEADERS) throw new ConfigProblem("headers", `Ensure there are at most ${MAX_HEADERS} headers.`);
  for (const [name, text] of entries)
    if (!HEADER_NAME.test(name) || typeof text !== "string" || !HEADER_VALUE.test(text))
      throw new ConfigProblem("headers", `The header ${JSON.stringify(name.slice(0, 200))} is not a valid header name with a text value.`);
  return Object.fromEntries(entries) as Record<string, string>;
}

/**
 * Hedgerow's Webhook destination, after PostHog's: one request per event, its JSON body rendered from the template
 * (by default the event and its person). Events outside `events`, when it names some, are not sent.
 */
export const webhook: BuiltInDestination = {
  prepare(config) {
    const url = targetUrl(config.url, "url").toString();
    const method = config.method === undefined || config.method === null || config.method === "" ? "POST" : config.method;
    if (!METHODS.includes(method as (typeof METHODS)[number]))
      throw new ConfigProblem("method", `"${String(method)}" is not a valid choice.`);
    const headers = parseHeaders(config.headers);
    const template = config.body === undefined || config.body === null || config.body === "" ? DEFAULT_BODY : parseTemplate(config.body);
    const only = eventNames(config.events);
    /** The event's body, or null when it is too large to send. */
    const bodyOf = (event: DestinationEvent) => {
      const body = JSON.stringify(renderTemplate(template, event));
      return Buffer.byteLength(body) > MAX_WEBHOOK_BODY_BYTES ? null : body;
    };
    const accepts = (event: DestinationEvent) => only.size === 0 || only.has(event.event.event);
    const sendOne = async (event: DestinationEvent, signal: AbortSignal) => {
      const body = bodyOf(event);
      if (body === null) {
        console.warn(`[destinations] webhook: event ${event.event.uuid} skipped, its body is over ${MAX_WEBHOOK_BODY_BYTES} bytes`);
        return;
      }
      const timeout = AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]);
      const status = await sendJson(url, body, timeout, { method: method as (typeof METHODS)[number], headers });
      if (status >= 300) throw new Error(answered(status));
    };
    return {
      accepts,
      preview(event) {
        const body = accepts(event) ? bodyOf(event) : null;
        if (body === null) return [];
        // Headers are a secret setting: their names are shown, their values not.
        const masked = Object.fromEntries(Object.keys(headers).map((name) => [name, MASKED]));
        return [{ method: method as string, url, headers: { "content-type": "application/json", ...masked }, body: JSON.parse(body) }];
      },
      async deliver(events, signal) {
        // Each sender takes the next event as its request ends (a slow request holds up one sender, not a round);
        // after a failure none starts another: the batch is retried whole.
        let next = 0;
        let failed = false;
        const sender = async () => {
          while (next < events.length && !failed)
            await sendOne(events[next++], signal).catch((error: unknown) => {
              failed = true;
              throw error;
            });
        };
        await Promise.all(Array.from({ length: Math.min(PARALLEL_REQUESTS, events.length) }, sender));
      },
    };
  },
};
