import { createHash } from "node:crypto";

/** A person as person processing sees it (PostgreSQL's row, loaded for a batch). */
export interface PersonRecord {
  id: string;
  properties: Record<string, unknown>;
  isIdentified: boolean;
  createdAt: Date;
  version: number;
}

interface DistinctIdRecord {
  personId: string;
  version: number;
}

/**
 * What a batch's person processing knows: the persons of the batch's distinct ids, and for persons taking part
 * in a merge, every distinct id they have (a merge moves them all).
 */
export interface PersonsState {
  persons: Map<string, PersonRecord>;
  distinctIds: Map<string, DistinctIdRecord>;
}

export interface PersonEvent {
  event: string;
  distinctId: string;
  properties: Record<string, unknown>;
  timestamp: Date;
}

interface GroupUpdate {
  groupType: string;
  groupKey: string;
  /** `$group_set` values of the batch, later events' winning. */
  properties: Record<string, unknown>;
  createdAt: Date;
}

export interface PersonChanges {
  /** Persons new in this batch (absent from the loaded state), still alive at its end. */
  created: Set<string>;
  /** Loaded persons whose properties, identification or creation time changed. */
  updated: Set<string>;
  /** Loaded persons merged into another one. */
  deleted: Map<string, PersonRecord>;
  /** Distinct ids new in this batch or moved to another person. */
  distinctIds: Set<string>;
  groups: Map<string, GroupUpdate>;
  /** Group types the batch names (`$groups` keys, `$group_type`), in the order it first names them. */
  groupTypes: Set<string>;
}

export interface ProcessedPersons {
  /** The person of each event (by index), as it was when the event was processed. */
  personIds: string[];
  changes: PersonChanges;
}

/** Ids PostHog refuses to merge on: SDKs send them by mistake, and merging on them would fuse strangers. */
const ILLEGAL_IDS_ANY_CASE = new Set([
  "anonymous",
  "guest",
  "distinctid",
  "distinct_id",
  "id",
  "not_authenticated",
  "email",
  "undefined",
  "true",
  "false",
]);
const ILLEGAL_IDS = new Set(["[object Object]", "NaN", "None", "none", "null", "0"]);

export function isIllegalMergeId(distinctId: string): boolean {
  return ILLEGAL_IDS.has(distinctId) || ILLEGAL_IDS_ANY_CASE.has(distinctId.toLowerCase());
}

/** Namespace of the ids of events processed without a person (`$process_person_profile: false`). */
const PERSONLESS_NAMESPACE = "8c2b4e4e-6f1c-4d8e-9b1a-5a0f3c2d7e61";

/** A name-based UUID (version 5: SHA-1 of the namespace's bytes and the name). */
export function uuidV5(namespace: string, name: string): string {
  const hash = createHash("sha1")
    .update(Buffer.from(namespace.replace(/-/g, ""), "hex"))
    .update(name)
    .digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The person id an event processed without a person carries: the same for every event of a distinct id, so
 * analytics count such a distinct id as one person (PostHog derives it the same way, as a UUID v5).
 */
export function personlessPersonId(projectId: number, distinctId: string): string {
  return uuidV5(PERSONLESS_NAMESPACE, `${projectId}:${distinctId}`);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A person's properties after an event's `$set_once` (only absent keys), `$set` (overwrites) and `$unset`
 * (a list of keys, or an object whose keys are removed), in PostHog's order; null when nothing changed.
 */
export function applyPropertyUpdates(
  current: Record<string, unknown>,
  eventProperties: Record<string, unknown>,
): Record<string, unknown> | null {
  const { $set: set, $set_once: setOnce, $unset: unset } = eventProperties;
  let next: Record<string, unknown> | null = null;
  const write = (key: string, value: unknown) => {
    next ??= { ...current };
    next[key] = value;
  };
  // for…in rather than Object.entries: apps such as GeoIP put some 30 keys here on every event, and most change nothing.
  if (isRecord(setOnce)) for (const key in setOnce) if (!(key in current)) write(key, setOnce[key]);
  if (isRecord(set))
    for (const key in set) {
      const value = set[key];
      if (!(key in (next ?? current)) || !sameValue((next ?? current)[key], value)) write(key, value);
    }
  const unsetKeys = Array.isArray(unset) ? unset.map(String) : isRecord(unset) ? Object.keys(unset) : [];
  for (const key of unsetKeys)
    if (key in (next ?? current)) {
      next ??= { ...current };
      delete next[key];
    }
  return next;
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === "object" && typeof b === "object" && JSON.stringify(a) === JSON.stringify(b));
}

/** The id an `$identify` (`$anon_distinct_id`) or `$create_alias` (`alias`) event merges into its distinct id. */
export function mergedIdOf(event: PersonEvent): string | null {
  const raw =
    event.event === "$identify" ? event.properties.$anon_distinct_id : event.event === "$create_alias" ? event.properties.alias : undefined;
  if (typeof raw !== "string" && typeof raw !== "number") return null;
  const id = String(raw).slice(0, 200);
  return id === "" ? null : id;
}

/** Whether an event leaves persons alone (posthog-js `person_profiles: "identified_only"` before identify). */
function isPersonless(event: PersonEvent): boolean {
  return event.properties.$process_person_profile === false && mergedIdOf(event) === null && event.event !== "$identify";
}

/**
 * Applies a batch's events, in order, to the persons they concern (PostHog's person processing): the first
 * event of an unknown distinct id creates its person; `$identify`/`$create_alias` merge the other id's person
 * into the distinct id's; `$set`/`$set_once`/`$unset` update properties; `$groupidentify` updates a group.
 * Mutates `state`; `ids.newPersonId` names created persons (given the distinct id that creates it).
 */
export function processPersonEvents(
  state: PersonsState,
  events: readonly PersonEvent[],
  ids: { newPersonId: (distinctId: string) => string; personlessId: (distinctId: string) => string },
): ProcessedPersons {
  const loadedPersons = new Set(state.persons.keys());
  const changes: PersonChanges = {
    created: new Set(),
    updated: new Set(),
    deleted: new Map(),
    distinctIds: new Set(),
    groups: new Map(),
    groupTypes: new Set(),
  };
  const distinctIdsOf = new Map<string, Set<string>>();
  for (const [distinctId, { personId }] of state.distinctIds) addTo(distinctIdsOf, personId, distinctId);

  const touch = (person: PersonRecord) => {
    if (loadedPersons.has(person.id)) changes.updated.add(person.id);
  };
  const personOf = (distinctId: string) => {
    const record = state.distinctIds.get(distinctId);
    return record ? state.persons.get(record.personId) : undefined;
  };
  const assign = (distinctId: string, person: PersonRecord) => {
    const previous = state.distinctIds.get(distinctId);
    if (previous?.personId === person.id) return;
    if (previous) distinctIdsOf.get(previous.personId)?.delete(distinctId);
    // A moved id gets a higher version, so the ClickHouse mirror's latest row is the new person.
    state.distinctIds.set(distinctId, { personId: person.id, version: previous ? previous.version + 1 : 0 });
    addTo(distinctIdsOf, person.id, distinctId);
    changes.distinctIds.add(distinctId);
  };
  const create = (distinctIds: string[], timestamp: Date, isIdentified: boolean) => {
    const person: PersonRecord = { id: ids.newPersonId(distinctIds[0]), properties: {}, isIdentified, createdAt: timestamp, version: 0 };
    state.persons.set(person.id, person);
    changes.created.add(person.id);
    for (const distinctId of distinctIds) assign(distinctId, person);
    return person;
  };

  /** PostHog's mergeDistinctIds: `otherId`'s person joins `intoId`'s. */
  const merge = (otherId: string, intoId: string, timestamp: Date) => {
    if (otherId === intoId || isIllegalMergeId(otherId) || isIllegalMergeId(intoId)) return;
    const other = personOf(otherId);
    const into = personOf(intoId);
    if (other && !into) return assign(intoId, other);
    if (!other && into) return assign(otherId, into);
    if (!other || !into) return void create([intoId, otherId], timestamp, true);
    // An identified person is never merged into another one by $identify/$create_alias (PostHog's rule).
    if (other.id === into.id || other.isIdentified) return;
    const merged = { ...other.properties, ...into.properties };
    if (!sameValue(merged, into.properties)) into.properties = merged;
    if (other.createdAt < into.createdAt) into.createdAt = other.createdAt;
    into.isIdentified = true;
    touch(into);
    for (const distinctId of [...(distinctIdsOf.get(other.id) ?? [])]) assign(distinctId, into);
    distinctIdsOf.delete(other.id);
    state.persons.delete(other.id);
    if (changes.created.delete(other.id)) return;
    changes.updated.delete(other.id);
    changes.deleted.set(other.id, other);
  };

  const personIds = events.map((event) => {
    collectGroupTypes(changes.groupTypes, event);
    if (event.event === "$groupidentify") collectGroupUpdate(changes.groups, event);
    if (isPersonless(event)) return personOf(event.distinctId)?.id ?? ids.personlessId(event.distinctId);
    const mergedId = mergedIdOf(event);
    if (mergedId !== null) merge(mergedId, event.distinctId, event.timestamp);
    const person = personOf(event.distinctId) ?? create([event.distinctId], event.timestamp, false);
    const properties = applyPropertyUpdates(person.properties, event.properties);
    if (properties) {
      person.properties = properties;
      touch(person);
    }
    if ((event.event === "$identify" || mergedId !== null) && !person.isIdentified) {
      person.isIdentified = true;
      touch(person);
    }
    return person.id;
  });
  return { personIds, changes };
}

function addTo(index: Map<string, Set<string>>, key: string, value: string) {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(value);
}

/** A group type as PostHog keeps it: a non-empty string (or number) of at most 400 characters, else none. */
function groupTypeOf(value: unknown): string | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  return String(value).slice(0, 400) || null;
}

/** The group types an event names: the keys of its `$groups`, and a `$groupidentify`'s `$group_type` (G9). */
function collectGroupTypes(types: Set<string>, event: PersonEvent) {
  const { $groups: named, $group_type: identified } = event.properties;
  if (isRecord(named)) for (const key of Object.keys(named)) if (groupTypeOf(key)) types.add(groupTypeOf(key)!);
  if (event.event === "$groupidentify" && groupTypeOf(identified)) types.add(groupTypeOf(identified)!);
}

/** `$groupidentify`: `$group_type`, `$group_key` and `$group_set` (PostHog's groups are capped at 400 characters). */
function collectGroupUpdate(groups: Map<string, GroupUpdate>, event: PersonEvent) {
  const { $group_type: type, $group_key: key, $group_set: set } = event.properties;
  if ((typeof type !== "string" && typeof type !== "number") || (typeof key !== "string" && typeof key !== "number")) return;
  const groupType = String(type).slice(0, 400);
  const groupKey = String(key).slice(0, 400);
  if (!groupType || !groupKey) return;
  const id = JSON.stringify([groupType, groupKey]);
  const group = groups.get(id) ?? { groupType, groupKey, properties: {}, createdAt: event.timestamp };
  if (isRecord(set)) Object.assign(group.properties, set);
  groups.set(id, group);
}
