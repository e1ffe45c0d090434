import { MAX_GROUP_TYPES } from "@/lib/groups/limits";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { personDistinctIds, persons } from "@/lib/db/schema";
import type { PersonChanges, PersonEvent, PersonsState } from "./processing";
import { mergedIdOf } from "./processing";

// Id lists travel as one JSON parameter: a batch has up to tens of thousands of them, beyond PostgreSQL's
// 65,535 bind parameters, and one parameter is also what lets a statement stay the same for every batch.
const jsonIds = (ids: Iterable<string>) => pgJson([...ids]);
const inJsonText = (ids: Iterable<string>) => sql`(SELECT jsonb_array_elements_text(${jsonIds(ids)}::jsonb))`;

/**
 * JSON text for a jsonb parameter. PostgreSQL's jsonb holds neither U+0000 nor a lone surrogate (which
 * JSON.stringify writes as `\\udXXX` escapes; paired ones it writes as characters): they become U+FFFD, as
 * PostHog sanitizes person properties. An escaped backslash before "u0000" is left alone.
 */
export function pgJson(value: unknown): string {
  const text = JSON.stringify(value);
  // Most texts have no `\u` escape at all: a plain search spares them the pattern's scan.
  return text.includes("\\u") ? text.replace(/(?<!\\)((?:\\\\)*)\\u(?:0000|d[89a-f][0-9a-f]{2})/g, "$1\\ufffd") : text;
}

/** Key of the transaction-scoped advisory lock that serializes person processing per project across processes. */
const PERSONS_LOCK = 0x7065_7273; // "pers"

/** Waits until no other process is processing persons of `projectId` (released when the transaction ends). */
export async function lockProjectPersons(tx: Tx, projectId: number) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${PERSONS_LOCK}, ${projectId})`);
}

/**
 * The persons a batch's events concern: the persons of their distinct ids (and of the ids their merges name),
 * and every distinct id of persons a merge may move.
 */
export async function loadPersonsState(tx: Tx, projectId: number, events: readonly PersonEvent[]): Promise<PersonsState> {
  const wanted = new Set<string>();
  const mergeIds = new Set<string>();
  for (const event of events) {
    wanted.add(event.distinctId);
    const merged = mergedIdOf(event);
    if (merged !== null) {
      wanted.add(merged);
      mergeIds.add(merged).add(event.distinctId);
    }
  }
  const state: PersonsState = { persons: new Map(), distinctIds: new Map() };
  const rows = await tx
    .select({ distinctId: personDistinctIds.distinctId, distinctIdVersion: personDistinctIds.version, person: persons })
    .from(personDistinctIds)
    .innerJoin(persons, eq(persons.id, personDistinctIds.personId))
    .where(and(eq(personDistinctIds.projectId, projectId), sql`${personDistinctIds.distinctId} IN ${inJsonText(wanted)}`));
  for (const { distinctId, distinctIdVersion, person } of rows) {
    state.distinctIds.set(distinctId, { personId: person.id, version: distinctIdVersion });
    if (!state.persons.has(person.id)) state.persons.set(person.id, { ...person });
  }
  const merging = new Set([...mergeIds].flatMap((id) => state.distinctIds.get(id)?.personId ?? []));
  if (merging.size > 0) {
    const others = await tx
      .select({ distinctId: personDistinctIds.distinctId, personId: personDistinctIds.personId, version: personDistinctIds.version })
      .from(personDistinctIds)
      .where(sql`${personDistinctIds.personId} IN (SELECT value::uuid FROM jsonb_array_elements_text(${jsonIds(merging)}::jsonb))`);
    for (const { distinctId, personId, version } of others) state.distinctIds.set(distinctId, { personId, version });
  }
  return state;
}

/**
 * Writes a processed batch: new persons, changed ones (version + 1, also in `state`), moved and new distinct
 * ids, merged-away persons, and groups.
 */
export async function savePersonChanges(tx: Tx, projectId: number, state: PersonsState, changes: PersonChanges): Promise<GroupMirrorRow[]> {
  const personRow = (id: string) => {
    const person = state.persons.get(id)!;
    return {
      id,
      properties: person.properties,
      is_identified: person.isIdentified,
      created_at: person.createdAt.toISOString(),
      version: person.version,
    };
  };
  const personColumns = sql`x(id uuid, properties jsonb, is_identified boolean, created_at timestamptz, version bigint)`;
  if (changes.created.size > 0) {
    await tx.execute(sql`
      INSERT INTO persons (id, project_id, properties, is_identified, created_at, version)
      SELECT x.id, ${projectId}, x.properties, x.is_identified, x.created_at, x.version
      FROM jsonb_to_recordset(${pgJson([...changes.created].map(personRow))}::jsonb) AS ${personColumns}`);
  }
  if (changes.updated.size > 0) {
    for (const id of changes.updated) state.persons.get(id)!.version += 1;
    await tx.execute(sql`
      UPDATE persons AS p
      SET properties = x.properties, is_identified = x.is_identified, created_at = x.created_at, version = x.version
      FROM jsonb_to_recordset(${pgJson([...changes.updated].map(personRow))}::jsonb) AS ${personColumns}
      WHERE p.id = x.id`);
  }
  if (changes.distinctIds.size > 0) {
    const rows = [...changes.distinctIds].map((distinctId) => {
      const { personId, version } = state.distinctIds.get(distinctId)!;
      return { distinct_id: distinctId, person_id: personId, version };
    });
    await tx.execute(sql`
      INSERT INTO person_distinct_ids (project_id, distinct_id, person_id, version)
      SELECT ${projectId}, x.distinct_id, x.person_id, x.version
      FROM jsonb_to_recordset(${pgJson(rows)}::jsonb) AS x(distinct_id text, person_id uuid, version bigint)
      ON CONFLICT (project_id, distinct_id) DO UPDATE SET person_id = excluded.person_id, version = excluded.version`);
  }
  if (changes.deleted.size > 0) {
    await tx.execute(sql`
      DELETE FROM persons
      WHERE id IN (SELECT value::uuid FROM jsonb_array_elements_text(${jsonIds(changes.deleted.keys())}::jsonb))`);
  }
  if (changes.groupTypes.size > 0) {
    // New types take the next free indexes in the order the batch names them, up to MAX_GROUP_TYPES (G9).
    await tx.execute(sql`
      INSERT INTO group_type_mappings (project_id, group_type, group_type_index)
      SELECT ${projectId}, fresh.group_type, fresh.group_type_index FROM (
        SELECT x.group_type,
          ((SELECT count(*) FROM group_type_mappings WHERE project_id = ${projectId}) + row_number() OVER (ORDER BY x.ord) - 1)::int AS group_type_index
        FROM jsonb_array_elements_text(${pgJson([...changes.groupTypes])}::jsonb) WITH ORDINALITY AS x(group_type, ord)
        WHERE NOT EXISTS (SELECT 1 FROM group_type_mappings m WHERE m.project_id = ${projectId} AND m.group_type = x.group_type)
      ) AS fresh
      WHERE fresh.group_type_index < ${MAX_GROUP_TYPES}
      ON CONFLICT DO NOTHING`);
  }
  if (changes.groups.size > 0) {
    const rows = [...changes.groups.values()].map((group) => ({
      group_type: group.groupType,
      group_key: group.groupKey,
      properties: group.properties,
      created_at: group.createdAt.toISOString(),
    }));
    // The rows as written (merged properties, new version) with their type's index: what ClickHouse mirrors.
    const written = await tx.execute(sql`
      WITH written AS (
        INSERT INTO groups (project_id, group_type, group_key, properties, created_at)
        SELECT ${projectId}, x.group_type, x.group_key, x.properties, x.created_at
        FROM jsonb_to_recordset(${pgJson(rows)}::jsonb)
          AS x(group_type text, group_key text, properties jsonb, created_at timestamptz)
        ON CONFLICT (project_id, group_type, group_key)
        DO UPDATE SET properties = groups.properties || excluded.properties, version = groups.version + 1
        RETURNING group_type, group_key, properties, created_at, version
      )
      SELECT m.group_type_index, w.group_key, w.properties, w.created_at, w.version
      FROM written w JOIN group_type_mappings m ON m.project_id = ${projectId} AND m.group_type = w.group_type`);
    return (written as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => groupRowOf(projectId, row));
  }
  return [];
}

/** A written group as ClickHouse's `groups` keeps it (clickhouse/migrations/0008). */
export type GroupMirrorRow = {
  team_id: number;
  group_type_index: number;
  group_key: string;
  group_properties: string;
  created_at: string;
  version: number;
};

function groupRowOf(projectId: number, row: Record<string, unknown>): GroupMirrorRow {
  const properties = typeof row.properties === "string" ? row.properties : JSON.stringify(row.properties);
  return {
    team_id: projectId,
    group_type_index: Number(row.group_type_index),
    group_key: String(row.group_key),
    group_properties: properties,
    created_at: new Date(row.created_at as string).toISOString(),
    version: Number(row.version),
  };
}
