// Bulk import of PostHog-shaped events (`hedgerow import`, and the first-start demo): the event store reads and
// parses each file itself, once, into a staging table, and inserts from it straight into `events`; Node only sees
// what person processing needs (each distinct id's first event, and the events that change persons), which it
// applies with capture's own rules. A project with transformation apps (or that discards IPs) has each staged file's
// events pass through them first, in batches (`./transform`).
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { eventImportFiles } from "@/lib/db/schema";
import { definitionsOf, recordProjectDefinitions, type EventsDefinitions } from "@/lib/definitions/from-events";
import { getEventStore } from "@/lib/events/store/open";
import { mirrorGroups } from "@/lib/groups/mirror";
import { mirrorPersons } from "@/lib/ingestion/person-mirror";
import { listImportFiles, type ImportFile } from "./source";
import { dropStagingTables, stageFile } from "./staging";
import { applyPersons, groupPropertySamples, personPropertySamples, readPersonData } from "./persons";
import { startInsertingEvents } from "./insert";
import { eventPassOf, transformStaged } from "./transform";

interface BadRow {
  file: string;
  /** The line (JSON Lines, CSV) or row (Parquet) number, from 1. */
  row: number;
  reason: string;
}

export interface ImportProgress {
  phase: "reading" | "apps" | "persons" | "events" | "done";
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
  /** Events the project's transformations dropped (downsampling, the bot filter…), as capture drops them. */
  dropped: number;
  badRows: number;
  elapsedMs: number;
}

/**
 * Imports the events of `paths` into the project, in file order, file by file: the project's transformations run
 * on them as on capture, then persons are committed (with capture's rules, so re-applying a file's person changes
 * after a crash changes nothing), then the file's events not already stored (by uuid), then the file's event and
 * property definitions are recorded with the file as imported. The next file is parsed while one is written. Rows
 * that cannot be events are reported and skipped.
 */
export async function importEvents(options: ImportOptions): Promise<ImportResult> {
  const started = Date.now();
  const files = listImportFiles(options.paths);
  const store = await getEventStore();
  // The engine reads the files itself (file()): a server does not see this machine's files.
  if (store.kind !== "chdb") throw new Error("Importing needs the embedded event store (chDB): unset CLICKHOUSE_URL.");
  const db = await getDb();
  const maxReported = options.maxReportedRows ?? 20;
  const result: ImportResult = {
    files: files.length,
    skippedFiles: 0,
    events: 0,
    duplicates: 0,
    dropped: 0,
    badRows: 0,
    elapsedMs: 0,
  };
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
        let table = staged;
        try {
          // The project's apps run on the events before anything reads them, as on capture.
          const pass = await eventPassOf(options.projectId);
          if (pass) {
            report("apps", file.path);
            const transformed = await transformStaged(store, options.projectId, staged, pass);
            table = transformed.table;
            result.dropped += transformed.dropped;
          }
          report("persons", file.path);
          const people = await readPersonData(store, table);
          // The next file is parsed, and this one's definitions read, while its persons are written (PGlite keeps
          // to one core). Awaited before the staged table is dropped, failed or not.
          stageFollowing();
          const defined = definitionsOf(store, table, "error = ''");
          definitions = Promise.all([defined.events(), defined.eventProperties()]).then(([events, eventProperties]) => ({
            events,
            eventProperties,
          }));
          definitions.catch(() => {});
          for (const bad of people.badRows) {
            if (result.badRows < maxReported) options.onBadRow?.({ file: file.path, ...bad });
            result.badRows += 1;
          }
          result.badRows += people.badCount - people.badRows.length;
          const persons = await applyPersons(options.projectId, file, people, async (distinctIdPersons) => {
            report("events", file.path);
            inserting = (await startInsertingEvents(store, options.projectId, table, distinctIdPersons, people)).inserted;
          });
          const inserted = await inserting;
          await mirrorPersons(store, new Map([[options.projectId, persons.state]]), persons.deleted);
          await mirrorGroups(store, persons.groups);
          const found = await definitions;
          await db.transaction(async (tx) => {
            const personProperties = personPropertySamples(people.events);
            const groupProperties = groupPropertySamples(persons.groups);
            await recordProjectDefinitions(options.projectId, { ...found, personProperties, groupProperties }, tx);
            await tx
              .insert(eventImportFiles)
              .values({ projectId: options.projectId, fileKey: file.key, events: inserted, badLines: people.badCount });
          });
          result.events += inserted;
          result.duplicates += people.goodCount - inserted;
        } finally {
          await definitions?.catch(() => {});
          await inserting.catch(() => {});
          for (const name of new Set([staged, table])) await store.command(`DROP TABLE IF EXISTS ${name}`);
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
