// Bulk import of PostHog-shaped events (`hedgerow import`, and the first-start demo): the event store reads and
// parses each file itself, once, into a staging table, and inserts from it straight into `events`; Node only sees
// what person processing needs (each distinct id's first event, and the events that change persons), which it
// applies with capture's own rules.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { eventImportFiles } from "@/lib/db/schema";
import { definitionsOf, recordProjectDefinitions, type EventsDefinitions, type PersonPropertySample } from "@/lib/definitions/from-events";
import { personPropertyUpdates } from "@/lib/definitions/recording";
import { getEventStore, type EventStore } from "@/lib/events/store/open";
import { clickhouseErrorName, ResultTooLargeError } from "@/lib/events/store/limits";
import { mirrorGroups } from "@/lib/groups/mirror";
import { mirrorPersons } from "@/lib/ingestion/person-mirror";
import { processProjectPersons } from "@/lib/persons/batch";
import type { GroupMirrorRow } from "@/lib/persons/repository";
import { mergedIdOf, uuidV5, type PersonChanges, type PersonEvent, type PersonsState } from "@/lib/persons/processing";
import { eventRowsSql, listImportFiles, mayName, SOURCE_SETTINGS, type ImportFile } from "./source";

interface BadRow {
  file: string;
  /** The line (JSON Lines, CSV) or row (Parquet) number, from 1. */
  row: number;
  reason: string;
}

export interface ImportProgress {
  phase: "reading" | "persons" | "events" | "done";
  file: string | null;
  filesDone: number;
  files: number;
  bytesDone: number;
  bytes: number;
  /** Events stored so far by this run. */
  events: number;
  badRows: number;
  elapsedMs: number;
}

export interface ImportOptions {
  projectId: number;
  /** Files and directories (read at any depth). */
  paths: readonly string[];
  onProgress?: (progress: ImportProgress) => void;
  /** Called for each bad row, at most `maxReportedRows` times in a run (the rest are only counted). */
  onBadRow?: (row: BadRow) => void;
  maxReportedRows?: number;
}

export interface ImportResult {
  files: number;
  /** Files recorded as imported by an earlier run, left alone. */
  skippedFiles: number;
  events: number;
  /** Events whose uuid the project already had (an earlier, interrupted run stored them). */
  duplicates: number;
  badRows: number;
  elapsedMs: number;
}

/** Settings of the import's reads and inserts: no read time limit (a file takes what it takes). */
const IMPORT_SETTINGS = { ...SOURCE_SETTINGS, max_execution_time: 0, date_time_input_format: "best_effort" } as const;

/**
 * Imports the events of `paths` into the project, in file order, file by file: persons first (committed with
 * capture's rules, so re-applying a file's person changes after a crash changes nothing), then the file's
 * events not already stored (by uuid), then the file's event and property definitions are recorded with the file
 * as imported. The next file is parsed while one is written. Rows that cannot be events are reported and skipped.
 */
export async function importEvents(options: ImportOptions): Promise<ImportResult> {
  const started = Date.now();
  const files = listImportFiles(options.paths);
  const store = await getEventStore();
  // The engine reads the files itself (file()): a server does not see this machine's files.
  if (store.kind !== "chdb") throw new Error("Importing needs the embedded event store (chDB): unset CLICKHOUSE_URL.");
  const db = await getDb();
  const maxReported = options.maxReportedRows ?? 20;
  const result: ImportResult = { files: files.length, skippedFiles: 0, events: 0, duplicates: 0, badRows: 0, elapsedMs: 0 };
  const progress: ImportProgress = {
    phase: "reading",
    file: files[0]?.path ?? null,
    filesDone: 0,
    files: files.length,
    bytesDone: 0,
    bytes: files.reduce((sum, file) => sum + file.size, 0),
    events: 0,
    badRows: 0,
    elapsedMs: 0,
  };
  const report = (phase: ImportProgress["phase"], file: string | null) => {
    Object.assign(progress, { phase, file, events: result.events, badRows: result.badRows, elapsedMs: Date.now() - started });
    options.onProgress?.({ ...progress });
  };

  // Redrawn every second, so a long file's bar shows the time going on (and plain output gets its periodic lines).
  const ticker = setInterval(() => report(progress.phase, progress.file), 1_000);
  await dropStagingTables(store);
  const stageIfPending = (file: ImportFile): Promise<string | null> => {
    const staged = (async () => {
      const [done] = await db
        .select({ key: eventImportFiles.fileKey })
        .from(eventImportFiles)
        .where(and(eq(eventImportFiles.projectId, options.projectId), eq(eventImportFiles.fileKey, file.key)));
      return done ? null : stageFile(store, file);
    })();
    // Awaited later: a failure is reported then, not as an unhandled rejection meanwhile.
    staged.catch(() => {});
    return staged;
  };
  let next = files.length > 0 ? stageIfPending(files[0]) : Promise.resolve(null);
  try {
    for (const [index, file] of files.entries()) {
      const staged = await next;
      next = Promise.resolve(null);
      const stageFollowing = () => {
        if (index + 1 < files.length) next = stageIfPending(files[index + 1]);
      };
      let definitions: Promise<EventsDefinitions> | null = null;
      let inserting = Promise.resolve(0);
      if (!staged) {
        result.skippedFiles += 1;
        stageFollowing();
      } else {
        try {
          report("persons", file.path);
          const people = await readPersonData(store, staged);
          // The next file is parsed, and this one's definitions read, while its persons are written (PGlite keeps
          // to one core). Awaited before the staged table is dropped, failed or not.
          stageFollowing();
          const defined = definitionsOf(store, staged, "error = ''");
          definitions = Promise.all([defined.events(), defined.eventProperties()]).then(([events, eventProperties]) => ({ events, eventProperties }));
          definitions.catch(() => {});
          for (const bad of people.badRows) {
            if (result.badRows < maxReported) options.onBadRow?.({ file: file.path, ...bad });
            result.badRows += 1;
          }
          result.badRows += people.badCount - people.badRows.length;
          const persons = await applyPersons(options.projectId, file, people, async (distinctIdPersons) => {
            report("events", file.path);
            inserting = (await startInsertingEvents(store, options.projectId, staged, distinctIdPersons, people)).inserted;
          });
          const inserted = await inserting;
          await mirrorPersons(store, new Map([[options.projectId, persons.state]]), persons.deleted);
          await mirrorGroups(store, persons.groups);
          const found = await definitions;
          await db.transaction(async (tx) => {
            const personProperties = personPropertySamples(people.events);
            await recordProjectDefinitions(options.projectId, { ...found, personProperties }, tx);
            await tx.insert(eventImportFiles).values({ projectId: options.projectId, fileKey: file.key, events: inserted, badLines: people.badCount });
          });
          result.events += inserted;
          result.duplicates += people.goodCount - inserted;
        } finally {
          await definitions?.catch(() => {});
          await inserting.catch(() => {});
          await store.command(`DROP TABLE IF EXISTS ${staged}`);
        }
      }
      progress.filesDone += 1;
      progress.bytesDone += file.size;
      report("events", file.path);
    }
  } finally {
    clearInterval(ticker);
    const left = await next.catch(() => null);
    if (left) await store.command(`DROP TABLE IF EXISTS ${left}`);
  }
  result.elapsedMs = Date.now() - started;
  report("done", null);
  return result;
}

/** What person processing needs from a file, and its bad rows. */
interface PersonData {
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

/** Prefix of the tables a run stages its files in (dropped as it goes; a run cut short leaves them to the next). */
const STAGING_PREFIX = "import_staging_";

/**
 * Parses the file once, into a table of the store (on disk, so a large file does not have to fit in memory): its
 * rows as events (`eventRowsSql`), each marked when it changes persons. Person data and the events' insert read it.
 */
async function stageFile(store: EventStore, file: ImportFile): Promise<string> {
  const table = `${STAGING_PREFIX}${randomUUID().replace(/-/g, "")}`;
  await store.command(
    `CREATE TABLE ${table} ENGINE = MergeTree ORDER BY tuple() AS
     SELECT *, ${CHANGES_PERSONS} AS changes_persons FROM (${eventRowsSql(file)})
     SETTINGS max_insert_threads = 2, ${settingsSql(IMPORT_SETTINGS)}`,
  );
  return table;
}

/** Drops the staging tables (and persons maps) an earlier run cut short left behind. */
async function dropStagingTables(store: EventStore) {
  const tables = await store.query<{ name: string }>(
    `SELECT name FROM system.tables WHERE database = currentDatabase() AND (startsWith(name, '${STAGING_PREFIX}') OR startsWith(name, '${PERSONS_MAP_PREFIX}'))`,
  );
  for (const { name } of tables) await store.command(`DROP TABLE IF EXISTS ${name}`);
}

/**
 * A staged file's person data, read in one pass (or one per hash bucket of distinct ids, when a file has more
 * than a read may return or hold in memory): per distinct id, the events that change persons (`$set`,
 * `$set_once`, `$unset`, `$identify`, `$create_alias`, `$groupidentify`) and its first event with a person; the
 * first bad rows.
 */
async function readPersonData(store: EventStore, staged: string): Promise<PersonData> {
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

const CHANGES_PERSONS = `(NOT personless AND (event IN ('$identify', '$create_alias')
  OR ((${mayName('"$set')} OR ${mayName('"$unset"')})
    AND (JSONHas(properties, '$set') OR JSONHas(properties, '$set_once') OR JSONHas(properties, '$unset')))))
  OR event = '$groupidentify'`;

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
      events.push({ event, distinctId: row.distinct_id, properties: JSON.parse(properties), timestamp: new Date(Number(ms)), row: Number(line) });
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

interface AppliedPersons {
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
async function applyPersons(
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
 * The person properties a file's events set, as capture defines them (`personPropertyUpdates`), each with one of
 * its string, number or boolean values as JSON ('' when none).
 */
function personPropertySamples(events: readonly PersonEvent[]): PersonPropertySample[] {
  const samples = new Map<string, string>();
  for (const { properties } of events)
    for (const [name, value] of personPropertyUpdates(properties))
      if (!samples.get(name)) samples.set(name, isTyped(value) ? JSON.stringify(value) : "");
  return [...samples].map(([name, sample]) => ({ name, sample }));
}

/**
 * Each distinct id's person, and since when it has it (ms): for the distinct ids that got a person in this file,
 * the time of the first event naming them (an earlier personless event keeps its personless id).
 */
function distinctIdPersons(state: PersonsState, changes: PersonChanges, data: PersonData): Record<string, unknown>[] {
  const since = new Map<string, number>();
  for (const event of data.events)
    for (const id of [event.distinctId, mergedIdOf(event)])
      if (id !== null && !since.has(id)) since.set(id, event.timestamp.getTime());
  const rows: Record<string, unknown>[] = [];
  for (const [distinctId, { personId, version }] of state.distinctIds)
    // New in this file: changed at version 0 (a moved one has a higher version; an unchanged one was loaded).
    rows.push({
      distinct_id: distinctId,
      person_id: personId,
      since: version === 0 && changes.distinctIds.has(distinctId) ? (since.get(distinctId) ?? -1e15) : -1e15,
    });
  return rows;
}

/** The namespace of personless person ids (`personlessPersonId`), as the bytes ClickHouse hashes. */
const PERSONLESS_NAMESPACE_HEX = "8c2b4e4e6f1c4d8e9b1a5a0f3c2d7e61";

/** `personlessPersonId` in SQL: the UUID v5 of `team:distinct_id` (version and variant bits set on SHA-1's bytes). */
function personlessIdSql(team: string, distinctId: string): string {
  const hash = `SHA1(concat(unhex('${PERSONLESS_NAMESPACE_HEX}'), toString(${team}), ':', ${distinctId}))`;
  const byte = (n: number) => `reinterpretAsUInt8(substring(${hash}, ${n}, 1))`;
  return `toUUID(lower(concat(hex(substring(${hash}, 1, 6)), hex(toUInt8(bitOr(bitAnd(${byte(7)}, 15), 80))), hex(substring(${hash}, 8, 1)), hex(toUInt8(bitOr(bitAnd(${byte(9)}, 63), 128))), hex(substring(${hash}, 10, 7)))))`;
}

/** Prefix of the tables holding a file's distinct ids' persons while its events are inserted. */
const PERSONS_MAP_PREFIX = "import_persons_";

/**
 * Starts inserting the staged file's events the project does not hold yet (by uuid, within the file's time range),
 * each with its distinct id's person (the latest, as analyses resolve it), or its personless id when it was sent
 * without a person before its distinct id had one. Resolves once the engine runs the insert, with the number of
 * events it inserts. The stored uuids are probed against the file's (PREWHERE): the set built is the file's, not
 * every event already in that range (9M events before a 1M file: 0.9 → 0.3 s, and memory that no longer grows
 * with the project).
 */
async function startInsertingEvents(
  store: EventStore,
  projectId: number,
  staged: string,
  distinctIdPersons: Record<string, unknown>[],
  data: PersonData,
): Promise<{ inserted: Promise<number> }> {
  if (data.goodCount === 0) return { inserted: Promise.resolve(0) };
  const map = `${PERSONS_MAP_PREFIX}${randomUUID().replace(/-/g, "")}`;
  const dropMap = () => store.command(`DROP TABLE IF EXISTS ${map}`);
  await store.command(`CREATE TABLE ${map} (distinct_id String, person_id UUID, since Int64) ENGINE = Memory`);
  try {
    for (let i = 0; i < distinctIdPersons.length; i += 100_000) await store.insert(map, distinctIdPersons.slice(i, i + 100_000));
    const range = { team: projectId, from: data.minTimestamp, to: data.maxTimestamp };
    const count = async () =>
      Number(
        (
          await store.query<{ n: string }>(
            `SELECT count() AS n FROM events WHERE team_id = {team:Int64} AND timestamp BETWEEN {from:DateTime64(6, 'UTC')} AND {to:DateTime64(6, 'UTC')}`,
            range,
          )
        )[0].n,
      );
    const before = await count();
    const insert = store.command(
      `INSERT INTO events (uuid, event, properties, timestamp, team_id, distinct_id, person_id, elements_chain)
       SELECT e.uuid, e.event, e.properties, e.timestamp, {team:Int64}, e.distinct_id,
         if(m.person_id IS NULL OR (e.personless AND toUnixTimestamp64Milli(e.timestamp) < m.since),
           ${personlessIdSql("{team:Int64}", "e.distinct_id")}, m.person_id),
         e.elements_chain
       FROM ${staged} AS e
       LEFT JOIN ${map} AS m ON e.distinct_id = m.distinct_id
       WHERE e.error = '' AND e.uuid NOT IN (
         SELECT uuid FROM events
         PREWHERE uuid IN (SELECT uuid FROM ${staged} WHERE error = '')
         WHERE team_id = {team:Int64} AND timestamp BETWEEN {from:DateTime64(6, 'UTC')} AND {to:DateTime64(6, 'UTC')}
       )
       SETTINGS join_use_nulls = 1, max_insert_threads = 2, ${settingsSql(IMPORT_SETTINGS)}`,
      range,
    );
    const inserted = insert.then(async () => (await count()) - before).finally(dropMap);
    // Awaited once the persons are written: a failure is reported then, not as an unhandled rejection meanwhile.
    inserted.catch(() => {});
    return { inserted };
  } catch (error) {
    await dropMap();
    throw error;
  }
}

const settingsSql = (settings: Record<string, string | number>) =>
  Object.entries(settings)
    .map(([name, value]) => `${name} = ${typeof value === "number" ? value : `'${value}'`}`)
    .join(", ");
