// Staging: the event store reads and parses each file once into a table of its own, which the later steps read.
import { randomUUID } from "node:crypto";
import type { EventStore } from "@/lib/events/store/open";
import { eventRowsSql, type ImportFile } from "./source";
import { CHANGES_PERSONS, IMPORT_SETTINGS, PERSONS_MAP_PREFIX, settingsSql, STAGING_PREFIX } from "./tables";

/**
 * Parses the file once, into a table of the store (on disk, so a large file does not have to fit in memory): its
 * rows as events (`eventRowsSql`), each marked when it changes persons. Person data and the events' insert read it.
 */
export async function stageFile(store: EventStore, file: ImportFile): Promise<string> {
  const table = `${STAGING_PREFIX}${randomUUID().replace(/-/g, "")}`;
  await store.command(
    `CREATE TABLE ${table} ENGINE = MergeTree ORDER BY tuple() AS
     SELECT *, ${CHANGES_PERSONS} AS changes_persons FROM (${eventRowsSql(file)})
     SETTINGS max_insert_threads = 2, ${settingsSql(IMPORT_SETTINGS)}`,
  );
  return table;
}

/** Drops the staging tables (and persons maps) an earlier run cut short left behind. */
export async function dropStagingTables(store: EventStore) {
  const tables = await store.query<{ name: string }>(
    `SELECT name FROM system.tables WHERE database = currentDatabase() AND (startsWith(name, '${STAGING_PREFIX}') OR startsWith(name, '${PERSONS_MAP_PREFIX}'))`,
  );
  for (const { name } of tables) await store.command(`DROP TABLE IF EXISTS ${name}`);
}
