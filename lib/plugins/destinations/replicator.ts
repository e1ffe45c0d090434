import { answered, batchesOf, jsonSize, sendJson } from "@/lib/batch-exports/destinations/http";
import { ConfigProblem } from "../transformations/kinds";
import { type BuiltInDestination, type DestinationEvent, eventNames, MASKED } from "./kinds";
import { targetUrl } from "./target";

const MAX_REPLICATION = 10;
/** Events per request and bytes per request body (PostHog's capture takes up to 20 MB). */
const MAX_EVENTS = 500;
const MAX_BYTES = 5 * 1024 * 1024;
const REQUEST_TIMEOUT_MS = 30_000;

/** The event as capture takes it: its `uuid` kept (the other instance dedupes on it), its person left behind. */
const captured = ({ event }: DestinationEvent) =>
  JSON.stringify({
    uuid: event.uuid,
    event: event.event,
    distinct_id: event.distinct_id,
    timestamp: event.timestamp,
    properties: event.elements_chain ? { ...event.properties, $elements_chain: event.elements_chain } : event.properties,
  });

/**
 * PostHog's Replicator: each event POSTed to the other instance's `/batch/` with its project API key,
 * `replication` times. `host` is written without a protocol (https), or with one (an http:// instance).
 */
export const replicator: BuiltInDestination = {
  prepare(config) {
    const base = targetUrl(config.host, "host", "https:");
    const url = new URL(`${base.pathname.replace(/\/+$/, "")}/batch/`, base).toString();
    const key = typeof config.project_api_key === "string" ? config.project_api_key.trim() : "";
    if (!key) throw new ConfigProblem("project_api_key", "This field is required.");
    const replication =
      config.replication === undefined || config.replication === null || config.replication === "" ? 1 : Number(config.replication);
    if (!Number.isInteger(replication) || replication < 1 || replication > MAX_REPLICATION)
      throw new ConfigProblem("replication", `Enter a whole number from 1 to ${MAX_REPLICATION}.`);
    const ignored = eventNames(config.events_to_ignore);
    const bodyOf = (apiKey: string, events: string[]) => `{"api_key":${JSON.stringify(apiKey)},"batch":[${events.join(",")}]}`;
    const copiesOf = (events: DestinationEvent[]) => events.flatMap((event) => Array<string>(replication).fill(captured(event)));
    const accepts = (event: DestinationEvent) => !ignored.has(event.event.event);
    const post = async (events: string[], signal: AbortSignal) => {
      const body = bodyOf(key, events);
      const status = await sendJson(url, body, AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]));
      if (status >= 300) throw new Error(answered(status));
    };
    return {
      accepts,
      preview: (event) =>
        accepts(event)
          ? batchesOf(copiesOf([event]), jsonSize, MAX_EVENTS, MAX_BYTES).map((batch) => ({
              method: "POST",
              url,
              headers: { "content-type": "application/json" },
              body: JSON.parse(bodyOf(MASKED, batch)),
            }))
          : [],
      async deliver(events, signal) {
        for (const batch of batchesOf(copiesOf(events), jsonSize, MAX_EVENTS, MAX_BYTES)) await post(batch, signal);
      },
    };
  },
};
