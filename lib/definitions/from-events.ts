// Definitions read from stored events (the `events` table, or an import's staged file) and recorded in the metadata
// database: shared by the backfill of projects older than definitions and by the bulk import.
import { sql } from "drizzle-orm";
import { getDb, type Tx } from "@/lib/db/client";
import type { EventStore } from "@/lib/events/store";
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

/**
 * What the events a table holds define (`events`, or an import's staged file: both have `event`, `timestamp` and
 * `properties`), among the rows `where` selects (SQL, with `params`): each event name with its first and last
 * event, and each property with the events it came with and one of its typed values.
 */
export function definitionsOf(store: EventStore, table: string, where: string, params: Record<string, unknown> = {}) {
  const query = { ...params, max: MAX_DEFINITION_NAME };
  return {
    events: () =>
      store.query<EventsDefinitions["events"][number]>(
        `SELECT event, toString(min(timestamp)) AS first, toString(max(timestamp)) AS last
         FROM ${table} WHERE ${where} AND length(event) <= {max:UInt32} GROUP BY event`,
        query,
      ),
    eventProperties: () =>
      store.query<EventsDefinitions["eventProperties"][number]>(
        `SELECT event, kv.1 AS name, anyIf(kv.2, ${TYPED_JSON}) AS sample
         FROM ${table} ARRAY JOIN JSONExtractKeysAndValuesRaw(properties) AS kv
         WHERE ${where} AND length(event) <= {max:UInt32} AND length(kv.1) <= {max:UInt32} AND kv.1 NOT IN ${SKIPPED_PROPERTIES_SQL}
         GROUP BY event, name`,
        query,
      ),
  };
}

/** A person property with one of its string, number or boolean values as JSON ('' when none). */
export interface PersonPropertySample {
  name: string;
  sample: string;
}

/**
 * Records what a project's events and persons define: event definitions created or their first and last seen
 * widened, property definitions created or given their first type, event-property pairs. Upserts only widen what
 * is there (ingestion may have written some meanwhile).
 */
export async function recordProjectDefinitions(
  projectId: number,
  found: EventsDefinitions & { personProperties: readonly PersonPropertySample[] },
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
