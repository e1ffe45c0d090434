// Definitions read from stored events (the `events` table, or an import's staged file) and recorded in the metadata
// database: shared by the backfill of projects older than definitions and by the bulk import.
import { sql } from "drizzle-orm";
import { getDb, type Tx } from "@/lib/db/client";
import type { EventStore } from "@/lib/events/store/open";
import { pgJson } from "@/lib/persons/repository";
import { detectPropertyType } from "./property-types";
import {
  MAX_DEFINITION_NAME,
  PROPERTY_DEFINITION_TYPE,
  SKIPPED_EVENT_PROPERTIES,
  upsertPropertyDefinitions,
  type DefinitionKind,
} from "./recording";

/** Rows written per statement. */
const CHUNK = 5_000;

/** A raw JSON value ClickHouse picked as a property's sample; '' when it had only nulls, arrays or objects. */
export const TYPED_JSON = "JSONType(kv.2) IN ('String', 'Int64', 'UInt64', 'Double', 'Bool')";

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

const sampleValue = (raw: string): unknown => (raw === "" ? null : JSON.parse(raw));

/** Capture's skipped event properties, as an SQL list (names of `$` and letters: nothing to escape). */
const SKIPPED_PROPERTIES_SQL = `(${[...SKIPPED_EVENT_PROPERTIES].map((name) => `'${name}'`).join(", ")})`;

/** What some events define: their names (first and last seen), and each property with an event name it came with. */
export interface EventsDefinitions {
  events: { event: string; first: string; last: string }[];
  /** A property of an event name, with one of its string, number or boolean values as JSON ('' when none). */
  eventProperties: { event: string; name: string; sample: string }[];
}

/** Rows whose properties give most names their typed sample (the rest are looked for in the rows naming them). */
const SAMPLED_ROWS = 10_000;

/** Needles `multiSearchAny` takes at most. */
const MAX_NEEDLES = 255;

/**
 * What the events a table holds define (`events`, or an import's staged file: both have `event`, `timestamp` and
 * `properties`), among the rows `where` selects (SQL, with `params`): each event name with its first and last
 * event, and each property with the events it came with and one of its typed values.
 */
export function definitionsOf(store: EventStore, table: string, where: string, params: Record<string, unknown> = {}) {
  const query = { ...params, max: MAX_DEFINITION_NAME };
  const rows = `${table} WHERE (${where}) AND length(event) <= {max:UInt32}`;
  /** Each property of `source`'s properties (those `keep` keeps, if given: SQL on `kv`, name and raw value) with a typed value. */
  const typedSamples = async (source: string, keep?: string, values: Record<string, unknown> = {}) => {
    const pairs = keep ? `arrayFilter(kv -> ${keep}, JSONExtractKeysAndValuesRaw(properties))` : "JSONExtractKeysAndValuesRaw(properties)";
    const found = await store.query<{ name: string; sample: string }>(
      `SELECT kv.1 AS name, anyIf(kv.2, ${TYPED_JSON}) AS sample
       FROM ${source} ARRAY JOIN ${pairs} AS kv
       GROUP BY name HAVING sample != ''`,
      { ...query, ...values },
    );
    return found.map(({ name, sample }) => [name, sample] as const);
  };
  return {
    events: () =>
      store.query<EventsDefinitions["events"][number]>(
        `SELECT event, toString(min(timestamp)) AS first, toString(max(timestamp)) AS last FROM ${rows} GROUP BY event`,
        query,
      ),
    /**
     * The names come from each event's keys alone (one set per event name, not a row per property), and the typed
     * samples from the first rows' values, then, for the names still without one, from the rows whose text names
     * them. Parsing every value of every event and grouping them by (event, name) took 10.8 CPU µs an event over the
     * demo's events, this 2.5 (`bench/import-definitions.ts`).
     */
    eventProperties: async (): Promise<EventsDefinitions["eventProperties"]> => {
      const named = await store.query<{ event: string; names: string[] }>(
        `SELECT event, groupUniqArrayArray(arrayFilter(name -> length(name) <= {max:UInt32} AND name NOT IN ${SKIPPED_PROPERTIES_SQL},
           JSONExtractKeys(properties))) AS names
         FROM ${rows} GROUP BY event`,
        query,
      );
      const samples = new Map(await typedSamples(`(SELECT properties FROM ${rows} LIMIT ${SAMPLED_ROWS})`));
      const unsampled = [...new Set(named.flatMap(({ names }) => names))].filter((name) => !samples.has(name));
      if (unsampled.length > 0) {
        // A row naming one has its quoted name in its text, or writes names with escapes (a backslash). Beyond the
        // needles one search takes, every row is read (which also keeps the parameters small).
        const found =
          unsampled.length <= MAX_NEEDLES
            ? await typedSamples(
                `(SELECT properties FROM ${rows} AND (multiSearchAny(properties, {needles:Array(String)}) OR position(properties, '\\\\') > 0))`,
                "kv.1 IN {unsampled:Array(String)}",
                { unsampled, needles: unsampled.map((name) => JSON.stringify(name)) },
              )
            : await typedSamples(`(SELECT properties FROM ${rows})`);
        for (const [name, sample] of found) if (!samples.has(name)) samples.set(name, sample);
      }
      return named.flatMap(({ event, names }) => names.map((name) => ({ event, name, sample: samples.get(name) ?? "" })));
    },
  };
}

/** A person property with one of its string, number or boolean values as JSON ('' when none). */
export interface PersonPropertySample {
  name: string;
  sample: string;
}

/** A group property's name and one of its typed values, for the group type of index `groupTypeIndex`. */
export interface GroupPropertySample extends PersonPropertySample {
  groupTypeIndex: number;
}

/**
 * Records what a project's events and persons define: event definitions created or their first and last seen
 * widened, property definitions created or given their first type, event-property pairs. Upserts only widen what
 * is there (ingestion may have written some meanwhile).
 */
export async function recordProjectDefinitions(
  projectId: number,
  found: EventsDefinitions & { personProperties: readonly PersonPropertySample[]; groupProperties?: readonly GroupPropertySample[] },
  tx?: Tx,
) {
  const now = new Date();
  const propertyRow = (kind: DefinitionKind, name: string, sample: string) => {
    const propertyType = detectPropertyType(name, sampleValue(sample), now);
    return { name, type: PROPERTY_DEFINITION_TYPE[kind], property_type: propertyType, is_numerical: propertyType === "Numeric" };
  };
  // A property's type is its first typed sample's.
  const byName = new Map<string, ReturnType<typeof propertyRow>>();
  for (const { name, sample } of found.eventProperties) {
    const row = byName.get(name);
    if (!row || row.property_type === null) byName.set(name, propertyRow("event", name, sample));
  }
  const write = async (tx: Tx) => {
    for (const part of chunks(found.events))
      await tx.execute(sql`
        INSERT INTO event_definitions (project_id, name, created_at, last_seen_at)
        SELECT ${projectId}, x.name, x.first, x.last
        FROM jsonb_to_recordset(${pgJson(part.map((e) => ({ name: e.event, first: `${e.first}Z`, last: `${e.last}Z` })))}::jsonb)
          AS x(name text, first timestamptz, last timestamptz)
        ON CONFLICT (project_id, name) DO UPDATE
        SET created_at = LEAST(event_definitions.created_at, excluded.created_at),
            last_seen_at = GREATEST(event_definitions.last_seen_at, excluded.last_seen_at)`);
    for (const part of chunks([...byName.values()])) await upsertPropertyDefinitions(tx, projectId, part);
    for (const part of chunks(found.personProperties.map(({ name, sample }) => propertyRow("person", name, sample))))
      await upsertPropertyDefinitions(tx, projectId, part);
    const groupRows = (found.groupProperties ?? []).map(({ name, sample, groupTypeIndex }) => ({
      ...propertyRow("group", name, sample),
      group_type_index: groupTypeIndex,
    }));
    for (const part of chunks(groupRows)) await upsertPropertyDefinitions(tx, projectId, part);
    for (const part of chunks(found.eventProperties))
      await tx.execute(sql`
        INSERT INTO event_properties (project_id, event, property)
        SELECT ${projectId}, x.event, x.name
        FROM jsonb_to_recordset(${pgJson(part.map(({ event, name }) => ({ event, name })))}::jsonb) AS x(event text, name text)
        ON CONFLICT DO NOTHING`);
  };
  if (tx) await write(tx);
  else await (await getDb()).transaction(write);
}
