import { eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { definitionsBackfill } from "@/lib/db/schema";
import { getEventStore } from "@/lib/events/store";
import { pgJson } from "@/lib/persons/repository";
import { detectPropertyType } from "./property-types";
import { MAX_DEFINITION_NAME, PROPERTY_DEFINITION_TYPE, upsertPropertyDefinitions, type DefinitionKind } from "./recording";

/** Rows written per statement. */
const CHUNK = 5_000;

/** A raw JSON value ClickHouse picked as a property's sample; '' when it had only nulls, arrays or objects. */
const TYPED_JSON = "JSONType(kv.2) IN ('String', 'Int64', 'UInt64', 'Double', 'Bool')";

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** The months (`YYYYMM`) from the earliest to the latest of these ClickHouse date-times. */
export function monthsBetween(firsts: string[], lasts: string[]): number[] {
  if (firsts.length === 0) return [];
  const month = (text: string) => Number(text.slice(0, 4)) * 12 + Number(text.slice(5, 7)) - 1;
  const from = firsts.reduce((min, text) => Math.min(min, month(text)), Infinity);
  const to = lasts.reduce((max, text) => Math.max(max, month(text)), -Infinity);
  return Array.from({ length: to - from + 1 }, (_, i) => Math.floor((from + i) / 12) * 100 + ((from + i) % 12) + 1);
}

const sampleValue = (raw: string): unknown => (raw === "" ? null : JSON.parse(raw));

/**
 * Defines what a project received before definitions were kept, from the event store: each event name (created
 * and last seen at its first and last event), each property with the events it came with and the type of one of
 * its values, and each property persons have now. Upserts only widen what ingestion wrote meanwhile.
 */
export async function backfillProjectDefinitions(projectId: number) {
  const store = await getEventStore();
  const db = await getDb();
  const events = await store.query<{ event: string; first: string; last: string }>(
    `SELECT event, toString(min(timestamp)) AS first, toString(max(timestamp)) AS last
     FROM events WHERE team_id = {team:Int64} AND length(event) <= {max:UInt32} GROUP BY event`,
    { team: projectId, max: MAX_DEFINITION_NAME },
  );
  // Month by month (the table's partitions), so that each query reads a bounded part of a large project.
  const samples = new Map<string, { event: string; name: string; sample: string }>();
  for (const month of monthsBetween(events.map((e) => e.first), events.map((e) => e.last))) {
    const rows = await store.query<{ event: string; name: string; sample: string }>(
      `SELECT event, kv.1 AS name, anyIf(kv.2, ${TYPED_JSON}) AS sample
       FROM events ARRAY JOIN JSONExtractKeysAndValuesRaw(properties) AS kv
       WHERE team_id = {team:Int64} AND toYYYYMM(timestamp) = {month:UInt32}
         AND length(event) <= {max:UInt32} AND length(kv.1) <= {max:UInt32}
         AND kv.1 NOT IN ('$set', '$set_once', '$unset', '$groups', '$group_0', '$group_1', '$group_2', '$group_3', '$group_4')
       GROUP BY event, name`,
      { team: projectId, month, max: MAX_DEFINITION_NAME },
    );
    for (const row of rows) {
      const key = JSON.stringify([row.event, row.name]);
      if (!samples.get(key)?.sample) samples.set(key, row);
    }
  }
  const eventProperties = [...samples.values()];
  const personProperties = await store.query<{ name: string; sample: string }>(
    `SELECT kv.1 AS name, anyIf(kv.2, ${TYPED_JSON}) AS sample
     FROM (
       SELECT argMax(properties, version) AS properties, argMax(is_deleted, version) AS deleted
       FROM person WHERE team_id = {team:Int64} GROUP BY id HAVING deleted = 0
     ) ARRAY JOIN JSONExtractKeysAndValuesRaw(properties) AS kv
     WHERE length(kv.1) <= {max:UInt32}
     GROUP BY name`,
    { team: projectId, max: MAX_DEFINITION_NAME },
  );

  const now = new Date();
  const propertyRow = (kind: DefinitionKind, name: string, sample: string) => {
    const propertyType = detectPropertyType(name, sampleValue(sample), now);
    return { name, type: PROPERTY_DEFINITION_TYPE[kind], property_type: propertyType, is_numerical: propertyType === "Numeric" };
  };
  const byName = new Map<string, ReturnType<typeof propertyRow>>();
  for (const { name, sample } of eventProperties) {
    const row = byName.get(name);
    if (!row || row.property_type === null) byName.set(name, propertyRow("event", name, sample));
  }

  await db.transaction(async (tx) => {
    for (const part of chunks(events))
      await tx.execute(sql`
        INSERT INTO event_definitions (project_id, name, created_at, last_seen_at)
        SELECT ${projectId}, x.name, x.first, x.last
        FROM jsonb_to_recordset(${pgJson(part.map((e) => ({ name: e.event, first: `${e.first}Z`, last: `${e.last}Z` })))}::jsonb)
          AS x(name text, first timestamptz, last timestamptz)
        ON CONFLICT (project_id, name) DO UPDATE
        SET created_at = LEAST(event_definitions.created_at, excluded.created_at),
            last_seen_at = GREATEST(event_definitions.last_seen_at, excluded.last_seen_at)`);
    for (const part of chunks([...byName.values()])) await upsertPropertyDefinitions(tx, projectId, part);
    for (const part of chunks(personProperties.map(({ name, sample }) => propertyRow("person", name, sample))))
      await upsertPropertyDefinitions(tx, projectId, part);
    for (const part of chunks(eventProperties))
      await tx.execute(sql`
        INSERT INTO event_properties (project_id, event, property)
        SELECT ${projectId}, x.event, x.name
        FROM jsonb_to_recordset(${pgJson(part.map(({ event, name }) => ({ event, name })))}::jsonb) AS x(event text, name text)
        ON CONFLICT DO NOTHING`);
    await tx.delete(definitionsBackfill).where(eq(definitionsBackfill.projectId, projectId));
  });
}

/** Backfills every project the migration left pending (once: each is removed when done). */
export async function backfillDefinitions() {
  const db = await getDb();
  const pending = await db.select().from(definitionsBackfill);
  for (const { projectId } of pending) await backfillProjectDefinitions(projectId);
}
