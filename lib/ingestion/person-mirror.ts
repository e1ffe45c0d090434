import type { EventStore } from "@/lib/events/store/open";
import type { PersonsState } from "@/lib/persons/processing";

// What this process has durably mirrored to ClickHouse (row key → version), so unchanged rows are skipped; on
// globalThis like the databases, so every route bundle shares it.
const holder = globalThis as unknown as { __hedgerowMirrored?: Map<string, string> };
const mirrored: Map<string, string> = (holder.__hedgerowMirrored ??= new Map());

/** Entries kept in `mirrored` before it is cleared (it only saves work: forgetting costs a re-mirrored row). */
const MIRRORED_CACHE_LIMIT = 1_000_000;

/**
 * Writes the batch's persons and distinct ids to ClickHouse's `person` / `person_distinct_id2` (versioned rows,
 * analytics join them at query time, so a moved id re-attributes its past events). Rows this process already
 * mirrored at the same version are skipped; after a restart everything a retry touches is written again.
 */
export async function mirrorPersons(
  store: EventStore,
  states: Map<number, PersonsState>,
  deleted: { projectId: number; id: string; version: number }[],
) {
  const personRows: Record<string, unknown>[] = [];
  const distinctIdRows: Record<string, unknown>[] = [];
  const mirroredNow: [string, string][] = [];
  // The rows' write time: a persons batch export sends what changed in its interval by it.
  const insertedAt = new Date().toISOString();
  const add = (rows: Record<string, unknown>[], key: string, version: string, row: Record<string, unknown>) => {
    if (mirrored.get(key) === version) return;
    rows.push(row);
    mirroredNow.push([key, version]);
  };
  for (const [projectId, state] of states) {
    for (const person of state.persons.values())
      add(personRows, `p:${person.id}`, String(person.version), {
        id: person.id,
        team_id: projectId,
        properties: JSON.stringify(person.properties),
        is_identified: person.isIdentified ? 1 : 0,
        created_at: person.createdAt.toISOString(),
        version: person.version,
        is_deleted: 0,
        _inserted_at: insertedAt,
      });
    for (const [distinctId, { personId, version }] of state.distinctIds)
      add(distinctIdRows, `d:${projectId}:${distinctId}`, `${personId}:${version}`, {
        team_id: projectId,
        distinct_id: distinctId,
        person_id: personId,
        version,
        is_deleted: 0,
        _inserted_at: insertedAt,
      });
  }
  for (const { projectId, id, version } of deleted)
    add(personRows, `p:${id}`, String(version), {
      id,
      team_id: projectId,
      properties: "{}",
      is_identified: 0,
      created_at: new Date(0).toISOString(),
      version,
      is_deleted: 1,
      _inserted_at: insertedAt,
    });
  await Promise.all([store.insert("person", personRows), store.insert("person_distinct_id2", distinctIdRows)]);
  if (mirrored.size + mirroredNow.length > MIRRORED_CACHE_LIMIT) mirrored.clear();
  for (const [key, version] of mirroredNow) mirrored.set(key, version);
}
