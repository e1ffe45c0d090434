import { ConfigProblem } from "../transformations/kinds";
import type { DestinationEvent } from "./kinds";

/**
 * The Webhook's body: a JSON template over `{event, person}`, as PostHog's webhook destination has it. A string
 * that is one placeholder (`"{event.properties.plan}"`) becomes that value, of any type; placeholders inside a
 * longer string are replaced by their text. Braces naming neither `event` nor `person` stay as written.
 */

const PLACEHOLDER = /\{((?:event|person)(?:\.[^{}.]+)*)\}/g;
const EVENT_FIELDS = new Set(["uuid", "event", "distinct_id", "timestamp", "properties", "elements_chain"]);
const PERSON_FIELDS = new Set(["id", "properties"]);
/** Nesting a template may have (rendering recurses over it). */
const MAX_DEPTH = 16;

export type Template = unknown;

function checkPath(path: string) {
  const [root, field, ...rest] = path.split(".");
  if (field === undefined) return;
  const fields = root === "event" ? EVENT_FIELDS : PERSON_FIELDS;
  if (!fields.has(field) || (rest.length && field !== "properties"))
    throw new ConfigProblem("body", `{${path}} is not a value of the ${root}: use ${[...fields].map((f) => `{${root}.${f}}`).join(", ")}.`);
}

function checkNode(node: unknown, depth: number) {
  if (depth > MAX_DEPTH) throw new ConfigProblem("body", `Ensure the body nests at most ${MAX_DEPTH} levels.`);
  if (typeof node === "string") for (const match of node.matchAll(PLACEHOLDER)) checkPath(match[1]);
  else if (Array.isArray(node)) for (const item of node) checkNode(item, depth + 1);
  else if (node && typeof node === "object") for (const value of Object.values(node)) checkNode(value, depth + 1);
}

/** Reads a body setting (JSON text, or a value already parsed); a wrong one is a ConfigProblem on `body`. */
export function parseTemplate(value: unknown): Template {
  let template = value;
  if (typeof value === "string") {
    try {
      template = JSON.parse(value);
    } catch {
      throw new ConfigProblem("body", "The body is not valid JSON.");
    }
  }
  checkNode(template, 0);
  return template;
}

function lookUp(path: string, context: DestinationEvent): unknown {
  const [root, field, ...rest] = path.split(".");
  let value: unknown = root === "event" ? context.event : context.person;
  if (field === undefined || value === null) return value;
  value = (value as Record<string, unknown>)[field];
  if (!rest.length) return value;
  // A property named with dots is found whole before its parts are followed.
  const properties = value as Record<string, unknown>;
  const whole = rest.join(".");
  if (Object.hasOwn(properties, whole)) return properties[whole];
  for (const key of rest) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, key)) return null;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

const asText = (value: unknown) =>
  value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);

function renderString(text: string, context: DestinationEvent): unknown {
  const matches = [...text.matchAll(PLACEHOLDER)];
  if (matches.length === 1 && matches[0][0] === text) return lookUp(matches[0][1], context) ?? null;
  return text.replace(PLACEHOLDER, (_, path: string) => asText(lookUp(path, context)));
}

/** The template with the event's values in place of its placeholders. */
export function renderTemplate(template: Template, context: DestinationEvent): unknown {
  if (typeof template === "string") return renderString(template, context);
  if (Array.isArray(template)) return template.map((item) => renderTemplate(item, context));
  if (template && typeof template === "object")
    return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, renderTemplate(value, context)]));
  return template;
}
