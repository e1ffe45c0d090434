// Persons of an import: what the staged events say about them (each distinct id's first event, and the events that
// change persons), applied with capture's own rules.
import { getDb } from "@/lib/db/client";
import type { GroupPropertySample, PersonPropertySample } from "@/lib/definitions/from-events";
import { forEachPersonPropertyUpdate, MAX_DEFINITION_NAME } from "@/lib/definitions/recording";
import type { EventStore } from "@/lib/events/store/open";
import { clickhouseErrorName, ResultTooLargeError } from "@/lib/events/store/limits";
import { processProjectPersons } from "@/lib/persons/batch";
import type { GroupMirrorRow } from "@/lib/persons/repository";
import { mergedIdOf, uuidV5, type PersonChanges, type PersonEvent, type PersonsState } from "@/lib/persons/processing";
import type { ImportFile } from "./source";
import { IMPORT_SETTINGS } from "./tables";

/** What person processing needs from a file, and its bad rows. */
export interface PersonData {
  /** The events that change persons, and each distinct id's first event that does not (as a bare event), in order. */
  events: PersonEvent[];
  badRows: { row: number; reason: string }[];
  badCount: number;
  goodCount: number;
  /** The range of the file's event timestamps (ClickHouse text), for the duplicate check. */
  minTimestamp: string | null;
  maxTimestamp: string | null;
}

interface PersonRow {
  bad: number;
  distinct_id: string;
  rows: string;
  errors: [string, string][];
  changes: [string, string, string, string][];
  first: [string, string, number];
  with_person: string;
  min_timestamp: string;
  max_timestamp: string;
}

/**
 * A staged file's person data, read in one pass (or one per hash bucket of distinct ids, when a file has more
 * than a read may return or hold in memory): per distinct id, the events that change persons (`$set`,
 * `$set_once`, `$unset`, `$identify`, `$create_alias`, `$groupidentify`) and its first event with a person; the
 * first bad rows.
 */
export async function readPersonData(store: EventStore, staged: string): Promise<PersonData> {
  for (let buckets = 1; ; buckets *= 4) {
    try {
      const parts: PersonRow[][] = [];
      for (let bucket = 0; bucket < buckets; bucket++)
        parts.push(await store.query<PersonRow>(personDataSql(staged, buckets, bucket), undefined, IMPORT_SETTINGS));
      return personData(parts.flat());
    } catch (error) {
      const tooBig = error instanceof ResultTooLargeError || clickhouseErrorName(error) === "MEMORY_LIMIT_EXCEEDED";
      if (!tooBig || buckets >= 1024) throw error;
    }
  }
}

function personDataSql(staged: string, buckets: number, bucket: number): string {
  return `
    SELECT error != '' AS bad, if(bad, '', distinct_id) AS distinct_id, count() AS rows,
      groupArrayIf(${BAD_ROWS_KEPT})((row_number, error), bad) AS errors,
      groupArrayIf((toUnixTimestamp64Milli(timestamp), row_number, event, properties), NOT bad AND changes_persons) AS changes,
      argMinIf((toUnixTimestamp64Milli(timestamp), row_number, changes_persons), (timestamp, row_number), NOT bad AND NOT personless) AS first,
      countIf(NOT bad AND NOT personless) AS with_person,
      toString(minIf(timestamp, NOT bad)) AS min_timestamp, toString(maxIf(timestamp, NOT bad)) AS max_timestamp
    FROM ${staged}
    ${buckets > 1 ? `WHERE cityHash64(distinct_id) % ${buckets} = ${bucket}` : ""}
    GROUP BY bad, distinct_id`;
}

/** Bad rows kept per file for the report (the others are counted). */
const BAD_ROWS_KEPT = 100;

function personData(rows: readonly PersonRow[]): PersonData {
  const events: (PersonEvent & { row: number })[] = [];
  const data: PersonData = { events, badRows: [], badCount: 0, goodCount: 0, minTimestamp: null, maxTimestamp: null };
  for (const row of rows) {
    if (row.bad) {
      data.badCount += Number(row.rows);
      for (const [line, reason] of row.errors) data.badRows.push({ row: Number(line), reason });
      continue;
    }
    data.goodCount += Number(row.rows);
    if (data.minTimestamp === null || row.min_timestamp < data.minTimestamp) data.minTimestamp = row.min_timestamp;
    if (data.maxTimestamp === null || row.max_timestamp > data.maxTimestamp) data.maxTimestamp = row.max_timestamp;
    for (const [ms, line, event, properties] of row.changes)
      events.push({
        event,
        distinctId: row.distinct_id,
        properties: JSON.parse(properties),
        timestamp: new Date(Number(ms)),
        row: Number(line),
      });
    // The first event with a person creates it; when that event is not already among the changes, a bare one.
    const [ms, line, changesPersons] = row.first;
    if (Number(row.with_person) > 0 && !changesPersons)
      events.push({ event: "", distinctId: row.distinct_id, properties: {}, timestamp: new Date(Number(ms)), row: Number(line) });
  }
  // Capture's order: by timestamp, then as the events came (the file's order).
  events.sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime() || a.row - b.row);
  data.badRows.sort((a, b) => a.row - b.row).splice(BAD_ROWS_KEPT);
  return data;
}

export interface AppliedPersons {
  state: PersonsState;
  deleted: { projectId: number; id: string; version: number }[];
  groups: GroupMirrorRow[];
}

/** Namespace of the ids of persons an import creates (named by the file and the distinct id that creates them). */
const IMPORTED_PERSON_NAMESPACE = "3f6a1c0e-2b7d-4e59-8a41-d0c9e7b25f18";

/**
 * Applies a file's person events in one transaction, as capture's person processing does, and has the file's
 * events inserted while the persons are being written (`startInsert`, given the persons once processed, starts
 * the insert before the writes begin). The persons an import creates are named by the file and their distinct id,
 * so should the run stop between the two writes, its re-run gives the same persons the same ids as the events it
 * had stored.
 */
export async function applyPersons(
  projectId: number,
  file: ImportFile,
  data: PersonData,
  startInsert: (distinctIdPersons: Record<string, unknown>[]) => Promise<void>,
): Promise<AppliedPersons> {
  const db = await getDb();
  const { state, changes, groups } = await db.transaction((tx) =>
    processProjectPersons(tx, projectId, data.events, data.events, {
      newPersonId: (distinctId) => uuidV5(IMPORTED_PERSON_NAMESPACE, `${file.key}\u0000${distinctId}`),
      beforeWrites: (processed, changes) => startInsert(distinctIdPersons(processed, changes, data)),
    }),
  );
  const deleted = [...changes.deleted].map(([id, person]) => ({ projectId, id, version: person.version + 1 }));
  return { state, deleted, groups };
}

const isTyped = (value: unknown) => typeof value === "string" || typeof value === "number" || typeof value === "boolean";

/**
 * The person properties a file's events set, as capture defines them (`forEachPersonPropertyUpdate`), each with one of
 * its string, number or boolean values as JSON ('' when none).
 */
export function personPropertySamples(events: readonly PersonEvent[]): PersonPropertySample[] {
  const samples = new Map<string, string>();
  for (const { properties } of events)
    forEachPersonPropertyUpdate(properties, (name, value) => {
      if (!samples.get(name)) samples.set(name, isTyped(value) ? JSON.stringify(value) : "");
    });
  return [...samples].map(([name, sample]) => ({ name, sample }));
}

/**
 * The group properties a file's groups hold, by type, as capture defines them from `$group_set`, each with one of
 * its string, number or boolean values as JSON ('' when none).
 */
export function groupPropertySamples(groups: readonly GroupMirrorRow[]): GroupPropertySample[] {
  const samples = new Map<string, GroupPropertySample>();
  for (const group of groups)
    for (const [name, value] of Object.entries(JSON.parse(group.group_properties) as Record<string, unknown>)) {
      const key = `${group.group_type_index}\u0000${name}`;
      if (name.length <= MAX_DEFINITION_NAME && !samples.get(key)?.sample)
        samples.set(key, { name, groupTypeIndex: group.group_type_index, sample: isTyped(value) ? JSON.stringify(value) : "" });
    }
  return [...samples.values()];
}

/**
 * Each distinct id's person, and since when it has it (ms): for the distinct ids that got a person in this file,
 * the time of the first event naming them (an earlier personless event keeps its personless id).
 */
function distinctIdPersons(state: PersonsState, changes: PersonChanges, data: PersonData): Record<string, unknown>[] {
  const since = new Map<string, number>();
  for (const event of data.events)
    for (const id of [event.distinctId, mergedIdOf(event)]) if (id !== null && !since.has(id)) since.set(id, event.timestamp.getTime());
  const rows: Record<string, unknown>[] = [];
  // New in this file: changed at version 0 (a moved one has a higher version; an unchanged one was loaded).
  for (const [distinctId, { personId, version }] of state.distinctIds)
    rows.push({
      distinct_id: distinctId,
      person_id: personId,
      since: version === 0 && changes.distinctIds.has(distinctId) ? (since.get(distinctId) ?? -1e15) : -1e15,
    });
  return rows;
}
