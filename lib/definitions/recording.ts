import { sql } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { pgJson } from "@/lib/persons/repository";
import { detectPropertyType, type PropertyType } from "./property-types";

/** PostHog's `PropertyDefinition.Type`. */
export const PROPERTY_DEFINITION_TYPE = { event: 1, person: 2, group: 3 } as const;
export type DefinitionKind = keyof typeof PROPERTY_DEFINITION_TYPE;

/** Names longer than the columns' 400 characters are not recorded (their events are stored all the same). */
export const MAX_DEFINITION_NAME = 400;
/** `last_seen_at` of an event definition is written at most this often by one process. */
export const LAST_SEEN_INTERVAL_MS = 3_600_000;
/** Entries the cache keeps before it is cleared (it only saves writes: forgetting costs some upserts). */
const CACHE_LIMIT = 1_000_000;

/**
 * Event properties ingestion does not define (PostHog's `SKIP_PROPERTIES`): person and group updates, which
 * define person properties instead, and the autocapture elements, which are stored in their own column.
 */
export const SKIPPED_EVENT_PROPERTIES = new Set([
  "$set",
  "$set_once",
  "$unset",
  "$groups",
  "$elements_chain",
  "$elements",
  ...Array.from({ length: 5 }, (_, i) => `$group_${i}`),
]);

/** What this process knows the metadata database holds, so only what is new is written. */
interface KnownDefinitions {
  /** `project␀event` → when its `last_seen_at` was written (ms). */
  events: Map<string, number>;
  /** `project␀event` → the properties recorded as seen with it. */
  pairs: Map<string, Set<string>>;
  /** `project␀type:group type index` → name → whether its definition has a type yet. */
  properties: Map<string, Map<string, boolean>>;
  /** `project` → the event properties recorded without a type yet (a typed value is still looked for). */
  untyped: Map<number, Set<string>>;
  size: number;
}

// One per process, on globalThis like the ingestion pipeline: every route bundle must share it.
const holder = globalThis as unknown as { __hedgerowDefinitions?: KnownDefinitions };
const known: KnownDefinitions = (holder.__hedgerowDefinitions ??= emptyKnown());

function emptyKnown(): KnownDefinitions {
  return { events: new Map(), pairs: new Map(), properties: new Map(), untyped: new Map(), size: 0 };
}

const eventKey = (projectId: number, event: string) => `${projectId}\u0000${event}`;
/** The properties of one kind (and group type) of a project: known names are looked up without building a key each. */
const propertyScope = (projectId: number, type: number, groupTypeIndex?: number | null) =>
  `${projectId}\u0000${type}:${groupTypeIndex ?? ""}`;

export interface DefinitionEvent {
  event: string;
  properties: Record<string, unknown>;
}

interface PropertyRow {
  name: string;
  type: number;
  /** Group properties only: the group type's index. */
  group_type_index?: number;
  property_type: PropertyType | null;
  is_numerical: boolean;
}

/** A group's definitions this process does not know yet, for one project: written together, then remembered. */
export interface NewDefinitions {
  projectId: number;
  seenAt: Date;
  /** Event names new to this process, or whose `last_seen_at` is due. */
  events: string[];
  properties: PropertyRow[];
  pairs: { event: string; property: string }[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

const NO_GROUP_TYPES: ReadonlyMap<string, number> = new Map();

/**
 * The definitions a project's events add to what this process knows: event names (and those whose
 * `last_seen_at` is an hour old), event properties with the event names they came with, and person properties
 * from `$set`/`$set_once` (of events processed with a person), group properties from `$groupidentify`'s
 * `$group_set` (of a type in `groupTypes`, type → index), each property with the type its value shows.
 * Known names cost one lookup each.
 */
export function newDefinitions(
  projectId: number,
  events: readonly DefinitionEvent[],
  now = new Date(),
  groupTypes: ReadonlyMap<string, number> = NO_GROUP_TYPES,
): NewDefinitions {
  const found: NewDefinitions = { projectId, seenAt: now, events: [], properties: [], pairs: [] };
  const dueEvents = new Set<string>();
  const pendingProperties = new Map<string, PropertyRow>();
  const pendingPairs = new Map<string, Set<string>>();
  const untyped = known.untyped.get(projectId);

  const knownIn = (kind: DefinitionKind, groupTypeIndex?: number) =>
    known.properties.get(propertyScope(projectId, PROPERTY_DEFINITION_TYPE[kind], groupTypeIndex));
  const knownEventProperties = knownIn("event");
  const knownPersonProperties = knownIn("person");
  const property = (
    kind: DefinitionKind,
    name: string,
    value: unknown,
    groupTypeIndex?: number,
    knownNames = knownIn(kind, groupTypeIndex),
  ) => {
    const typed = knownNames?.get(name);
    if (typed) return;
    // Known without a type, and no value to type it (a name rule would have typed it when first seen): nothing is
    // news. GeoIP's resets send a dozen such nulls in every event's `$set` and `$set_once`.
    if (typed === false && (value === null || typeof value === "object" || value === undefined)) return;
    const key = propertyScope(projectId, PROPERTY_DEFINITION_TYPE[kind], groupTypeIndex) + `\u0000${name}`;
    const pending = pendingProperties.get(key);
    if (pending) {
      pending.property_type ??= detectPropertyType(name, value, now);
      pending.is_numerical = pending.property_type === "Numeric";
      return;
    }
    const propertyType = detectPropertyType(name, value, now);
    // Known without a type: only a typed value is news.
    if (typed === false && propertyType === null) return;
    pendingProperties.set(key, {
      name,
      type: PROPERTY_DEFINITION_TYPE[kind],
      property_type: propertyType,
      is_numerical: propertyType === "Numeric",
      ...(groupTypeIndex !== undefined && { group_type_index: groupTypeIndex }),
    });
  };

  for (const { event, properties } of events) {
    if (event.length > MAX_DEFINITION_NAME) continue;
    const key = eventKey(projectId, event);
    if (!dueEvents.has(key)) {
      const written = known.events.get(key);
      if (written === undefined || now.getTime() - written >= LAST_SEEN_INTERVAL_MS) {
        dueEvents.add(key);
        found.events.push(event);
      }
    }
    const seenWith = known.pairs.get(key);
    for (const name in properties) {
      if (seenWith?.has(name) && !untyped?.has(name)) continue;
      if (name.length > MAX_DEFINITION_NAME || SKIPPED_EVENT_PROPERTIES.has(name)) continue;
      property("event", name, properties[name], undefined, knownEventProperties);
      if (seenWith?.has(name)) continue;
      let pending = pendingPairs.get(event);
      if (!pending) pendingPairs.set(event, (pending = new Set()));
      if (!pending.has(name)) {
        pending.add(name);
        found.pairs.push({ event, property: name });
      }
    }
    forEachPersonPropertyUpdate(properties, (name, value) => property("person", name, value, undefined, knownPersonProperties));
    if (event === "$groupidentify") {
      const { $group_type: type, $group_set: set } = properties;
      const index = typeof type === "string" || typeof type === "number" ? groupTypes.get(String(type).slice(0, 400)) : undefined;
      if (index !== undefined && isRecord(set))
        for (const name in set) if (name.length <= MAX_DEFINITION_NAME) property("group", name, set[name], index);
    }
  }
  found.properties = [...pendingProperties.values()];
  return found;
}

/**
 * Calls `visit` with each person property an event's `$set` and `$set_once` write; none for an event processed
 * without a person (`$process_person_profile: false`). Names over the columns' length are left out.
 */
export function forEachPersonPropertyUpdate(properties: Record<string, unknown>, visit: (name: string, value: unknown) => void) {
  if (properties.$process_person_profile === false) return;
  visitUpdate(properties.$set, visit);
  visitUpdate(properties.$set_once, visit);
}

function visitUpdate(update: unknown, visit: (name: string, value: unknown) => void) {
  if (isRecord(update)) for (const name in update) if (name.length <= MAX_DEFINITION_NAME) visit(name, update[name]);
}

/**
 * Writes new definitions in the caller's transaction (ingestion's group commit): event definitions created or
 * their `last_seen_at` moved on, property definitions created or given their first type, event-property pairs.
 */
export async function saveDefinitions(tx: Tx, found: NewDefinitions) {
  const { projectId, seenAt } = found;
  if (found.events.length > 0)
    await tx.execute(sql`
      INSERT INTO event_definitions (project_id, name, created_at, last_seen_at)
      SELECT ${projectId}, x.name, ${seenAt.toISOString()}::timestamptz, ${seenAt.toISOString()}::timestamptz
      FROM jsonb_array_elements_text(${pgJson(found.events)}::jsonb) AS x(name)
      ON CONFLICT (project_id, name) DO UPDATE
      SET last_seen_at = GREATEST(event_definitions.last_seen_at, excluded.last_seen_at)`);
  if (found.properties.length > 0) await upsertPropertyDefinitions(tx, projectId, found.properties);
  if (found.pairs.length > 0)
    await tx.execute(sql`
      INSERT INTO event_properties (project_id, event, property)
      SELECT ${projectId}, x.event, x.property
      FROM jsonb_to_recordset(${pgJson(found.pairs)}::jsonb) AS x(event text, property text)
      ON CONFLICT DO NOTHING`);
}

/** Creates property definitions; one that exists gets a type only if it has none yet (the first type stays). */
export async function upsertPropertyDefinitions(tx: Tx, projectId: number, rows: readonly PropertyRow[]) {
  await tx.execute(sql`
    INSERT INTO property_definitions (project_id, name, type, group_type_index, property_type, is_numerical)
    SELECT ${projectId}, x.name, x.type, x.group_type_index, x.property_type, x.is_numerical
    FROM jsonb_to_recordset(${pgJson(rows)}::jsonb)
      AS x(name text, type smallint, group_type_index smallint, property_type text, is_numerical boolean)
    ON CONFLICT (project_id, type, group_type_index, name) DO UPDATE
    SET property_type = excluded.property_type, is_numerical = excluded.is_numerical
    WHERE property_definitions.property_type IS NULL AND excluded.property_type IS NOT NULL`);
}

/** Once the transaction that saved them committed: later events with these names cost no write. */
export function rememberDefinitions(found: NewDefinitions) {
  const { projectId } = found;
  if (known.size > CACHE_LIMIT) Object.assign(known, emptyKnown());
  for (const event of found.events) {
    if (!known.events.has(eventKey(projectId, event))) known.size++;
    known.events.set(eventKey(projectId, event), found.seenAt.getTime());
  }
  for (const row of found.properties) {
    const scope = propertyScope(projectId, row.type, row.group_type_index);
    let names = known.properties.get(scope);
    if (!names) known.properties.set(scope, (names = new Map()));
    if (!names.has(row.name)) known.size++;
    names.set(row.name, row.property_type !== null);
    if (row.type !== PROPERTY_DEFINITION_TYPE.event) continue;
    let untyped = known.untyped.get(projectId);
    if (row.property_type === null) {
      if (!untyped) known.untyped.set(projectId, (untyped = new Set()));
      untyped.add(row.name);
    } else untyped?.delete(row.name);
  }
  for (const { event, property } of found.pairs) {
    const key = eventKey(projectId, event);
    let seenWith = known.pairs.get(key);
    if (!seenWith) known.pairs.set(key, (seenWith = new Set()));
    seenWith.add(property);
    known.size++;
  }
}

/** After a definition was deleted through the API: the next event with that name defines it again. */
export function forgetEventDefinition(projectId: number, event: string) {
  known.events.delete(eventKey(projectId, event));
  known.pairs.delete(eventKey(projectId, event));
}

export function forgetPropertyDefinition(projectId: number, kind: DefinitionKind, name: string, groupTypeIndex?: number | null) {
  known.properties.get(propertyScope(projectId, PROPERTY_DEFINITION_TYPE[kind], groupTypeIndex))?.delete(name);
  if (kind !== "event") return;
  known.untyped.get(projectId)?.delete(name);
  const prefix = `${projectId}\u0000`;
  for (const [key, seenWith] of known.pairs) if (key.startsWith(prefix)) seenWith.delete(name);
}
