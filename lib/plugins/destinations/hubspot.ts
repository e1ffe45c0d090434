import { answered } from "@/lib/batch-exports/destinations/http";
import { config as settings } from "@/lib/config";
import { ConfigProblem } from "../transformations/kinds";
import { callApi, isEmail, requiredText, setOf, worthRetrying } from "./api";
import { type BuiltInDestination, type DestinationEvent, eventNames, MASKED } from "./kinds";

/** PostHog's app's names of person properties for HubSpot's contact properties. */
const PROPERTY_NAMES: Record<string, string> = {
  companyName: "company",
  company_name: "company",
  company: "company",
  lastName: "lastname",
  last_name: "lastname",
  lastname: "lastname",
  firstName: "firstname",
  first_name: "firstname",
  firstname: "firstname",
  phone_number: "phone",
  phoneNumber: "phone",
  phone: "phone",
  website: "website",
  domain: "website",
  company_website: "website",
  companyWebsite: "website",
};
const MAX_MAPPINGS = 100;
const EXISTING_ID = /Existing ID: ([0-9]+)/;

/** `postHogProperty:hubSpotProperty` pairs, comma-separated. */
function mappingsOf(value: unknown): [string, string][] {
  if (value === undefined || value === null || value === "") return [];
  if (typeof value !== "string") throw new ConfigProblem("additionalPropertyMappings", "Enter postHogProperty:hubSpotProperty pairs.");
  const pairs = value
    .split(",")
    .map((pair) => pair.split(":").map((part) => part.trim()))
    .filter(([from, to]) => from && to) as [string, string][];
  if (pairs.length > MAX_MAPPINGS)
    throw new ConfigProblem("additionalPropertyMappings", `Ensure there are at most ${MAX_MAPPINGS} mappings.`);
  return pairs;
}

/** The email of the event's contact, looked for where PostHog's app looks (then on the person). */
function emailOf({ event, person }: DestinationEvent): string | null {
  if (isEmail(event.distinct_id)) return event.distinct_id;
  const set = setOf(event.properties);
  if ("email" in set) return isEmail(set.email) ? set.email : null;
  if (isEmail(event.properties.email)) return event.properties.email;
  return isEmail(person?.properties.email) ? (person?.properties.email as string) : null;
}

/**
 * PostHog's HubSpot app on HubSpot's CRM v3 API: a triggering event (`$identify` by default) with an email creates
 * the contact (POST `/crm/v3/objects/contacts`), or updates it when HubSpot answers it exists (409: PATCH
 * `/crm/v3/objects/contacts/:id`), with the event's `$set` and properties under HubSpot's names and the mappings'.
 * `HEDGEROW_HUBSPOT_URL` replaces `https://api.hubapi.com`.
 */
export const hubspot: BuiltInDestination = {
  prepare(config) {
    const token = requiredText(config, "hubspotAccessToken");
    const triggering =
      config.triggeringEvents === undefined || config.triggeringEvents === ""
        ? new Set(["$identify"])
        : eventNames(config.triggeringEvents);
    const ignoredDomains = eventNames(config.ignoredEmails);
    const mappings = mappingsOf(config.additionalPropertyMappings);
    const base = (settings.appApiUrls.hubspot ?? "https://api.hubapi.com").replace(/\/+$/, "");
    const contacts = `${base}/crm/v3/objects/contacts`;

    const accepts = (event: DestinationEvent) => {
      if (!triggering.has(event.event.event)) return false;
      const email = emailOf(event);
      return email !== null && !ignoredDomains.has(email.split("@")[1]);
    };
    const propertiesOf = (event: DestinationEvent) => {
      const known = { ...setOf(event.event.properties), ...event.event.properties };
      const properties: Record<string, unknown> = { email: emailOf(event) };
      for (const [key, value] of Object.entries(known)) if (Object.hasOwn(PROPERTY_NAMES, key)) properties[PROPERTY_NAMES[key]] = value;
      for (const [from, to] of mappings) {
        // The event's time as HubSpot's date properties take it: its day's midnight (UTC) in milliseconds.
        if (from === "sent_at" || from === "created_at") properties[to] = new Date(event.event.timestamp).setUTCHours(0, 0, 0, 0);
        else if (Object.hasOwn(known, from)) properties[to] = known[from];
      }
      return { properties };
    };
    const headersOf = (auth: string) => ({ authorization: `Bearer ${auth}` });
    const sendOne = async (event: DestinationEvent, signal: AbortSignal) => {
      const body = propertiesOf(event);
      let { status, text } = await callApi({ method: "POST", url: contacts, headers: headersOf(token), body }, signal);
      const existing = status === 409 ? EXISTING_ID.exec(text)?.[1] : undefined;
      if (existing)
        ({ status } = await callApi({ method: "PATCH", url: `${contacts}/${existing}`, headers: headersOf(token), body }, signal));
      if (status < 300) return;
      if (worthRetrying(status)) throw new Error(answered(status));
      console.warn(`[destinations] hubspot: event ${event.event.uuid} skipped: ${answered(status)}`);
    };
    return {
      accepts,
      preview: (event) =>
        accepts(event)
          ? [
              {
                method: "POST",
                url: contacts,
                headers: { "content-type": "application/json", ...headersOf(MASKED) },
                body: propertiesOf(event),
              },
            ]
          : [],
      async deliver(events, signal) {
        // In order: a person's later event updates the contact after its earlier one.
        for (const event of events) await sendOne(event, signal);
      },
    };
  },
};
