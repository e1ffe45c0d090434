import { config as settings } from "@/lib/config";
import { answered } from "@/lib/batch-exports/destinations/http";
import { type ApiCall, callApi, choiceOf, isEmail, requiredText, setOf, worthRetrying } from "./api";
import { type BuiltInDestination, type DestinationEvent, eventNames, MASKED } from "./kinds";

const HOSTS = ["track.customer.io", "track-eu.customer.io"] as const;
const WHO = [
  "Send all events",
  "Only send events from users with emails",
  "Only send events from users that have been identified",
] as const;
/** Events of one batch sent at once (each is an identify, then a track). */
const PARALLEL_EVENTS = 4;

/** Customer.io's customer id of the event's person, as PostHog's app picks it: `userId`, `cio_id`, the email when asked, the distinct id. */
function customerId(event: DestinationEvent, byEmail: boolean): string {
  const set = setOf(event.event.properties);
  const known = { ...event.person?.properties, ...set };
  if (known.userId) return String(known.userId);
  if (known.cio_id) return String(known.cio_id);
  const email = emailOf(event);
  return byEmail && email ? email : event.event.distinct_id;
}

const emailOf = ({ event, person }: DestinationEvent): string | null => {
  const set = setOf(event.properties);
  for (const candidate of [set.email, event.distinct_id, person?.properties.email]) if (isEmail(candidate)) return candidate;
  return null;
};

/** The identify's attributes: the event's `$set`, `created_at` in seconds as Customer.io takes it. */
function attributesOf(event: DestinationEvent): Record<string, unknown> {
  const attributes: Record<string, unknown> = { ...setOf(event.event.properties), identifier: event.event.distinct_id };
  if (typeof attributes.created_at === "string" && !Number.isNaN(Date.parse(attributes.created_at)))
    attributes.created_at = Math.floor(Date.parse(attributes.created_at) / 1000);
  return attributes;
}

/**
 * PostHog's Customer.io app on Customer.io's Track API: for each event, the person identified (PUT
 * `/api/v1/customers/:id` with the event's `$set`) and the event tracked (POST `/api/v1/customers/:id/events`), with
 * Basic auth of the site id and API key. The person's properties stand in for the app's stored customer status (an
 * email, a `userId` or `cio_id` seen before). `HEDGEROW_CUSTOMERIO_URL` replaces `https://<host>`.
 */
export const customerio: BuiltInDestination = {
  prepare(config) {
    const siteId = requiredText(config, "customerioSiteId");
    const token = requiredText(config, "customerioToken");
    const host = choiceOf(config, "host", HOSTS);
    const base = (settings.appApiUrls.customerio ?? `https://${host}`).replace(/\/+$/, "");
    const who = choiceOf(config, "sendEventsFromAnonymousUsers", WHO);
    const byEmail = choiceOf(config, "identifyByEmail", ["No", "Yes"] as const) === "Yes";
    const only = eventNames(config.eventsToSend);
    const authorization = `Basic ${Buffer.from(`${siteId}:${token}`).toString("base64")}`;

    const accepts = (event: DestinationEvent) => {
      if ((only.size && !only.has(event.event.event)) || event.event.event === "$create_alias") return false;
      if (who === WHO[1]) return emailOf(event) !== null;
      if (who === WHO[2]) {
        const known = { ...event.person?.properties, ...setOf(event.event.properties) };
        return !!(known.userId || known.cio_id);
      }
      return true;
    };
    const callsOf = (event: DestinationEvent, auth: string): (ApiCall & { body: unknown })[] => {
      const path = `${base}/api/v1/customers/${encodeURIComponent(customerId(event, byEmail))}`;
      const headers = { authorization: auth, "user-agent": "Hedgerow Customer.io App" };
      const { $set: _set, $set_once: _setOnce, ...data } = event.event.properties;
      const { event: name, timestamp } = event.event;
      const type = name === "$pageview" ? "page" : name === "$screen" ? "screen" : "event";
      return [
        { method: "PUT", url: path, headers, body: attributesOf(event) },
        { method: "POST", url: `${path}/events`, headers, body: { name, type, timestamp: Date.parse(timestamp) / 1000, data } },
      ];
    };
    const sendOne = async (event: DestinationEvent, signal: AbortSignal) => {
      for (const call of callsOf(event, authorization)) {
        const { status } = await callApi(call, signal);
        if (status < 300) continue;
        if (worthRetrying(status)) throw new Error(answered(status));
        console.warn(`[destinations] customer.io: event ${event.event.uuid} skipped: ${answered(status)}`);
        return;
      }
    };
    return {
      accepts,
      preview: (event) =>
        accepts(event)
          ? callsOf(event, MASKED).map((call) => ({ ...call, headers: { "content-type": "application/json", ...call.headers } }))
          : [],
      async deliver(events, signal) {
        for (let i = 0; i < events.length; i += PARALLEL_EVENTS)
          await Promise.all(events.slice(i, i + PARALLEL_EVENTS).map((event) => sendOne(event, signal)));
      },
    };
  },
};
