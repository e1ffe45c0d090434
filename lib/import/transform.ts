// Pipeline apps on an import: the project's enabled transformations, and its `anonymize_ips`, applied to a staged
// file's events as capture applies them, by rewriting the staged table before persons and events read it.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { recordAddress } from "@/lib/capture/capture";
import { getDb } from "@/lib/db/client";
import { projects } from "@/lib/db/schema";
import type { EventStore } from "@/lib/events/store/open";
import type { CapturedEvent } from "@/lib/ingestion/types";
import { hasTransformations, transformEvents } from "@/lib/plugins/transformations/run";
import { PERSONLESS } from "./source";
import { CHANGES_PERSONS, IMPORT_SETTINGS, settingsSql, STAGING_PREFIX } from "./tables";

/** Events in Node at once: a large file passes through in batches of this many rows. */
const BATCH_ROWS = 10_000;

/** What the events of a project's imports go through in Node before they are stored. */
export interface EventPass {
  anonymizeIps: boolean;
}

/** The pass the project's imported events need, or null when they are stored as read (no extra pass). */
export async function eventPassOf(projectId: number): Promise<EventPass | null> {
  const db = await getDb();
  const [project] = await db.select({ anonymizeIps: projects.anonymizeIps }).from(projects).where(eq(projects.id, projectId));
  const anonymizeIps = project?.anonymizeIps ?? false;
  return anonymizeIps || (await hasTransformations(projectId)) ? { anonymizeIps } : null;
}

interface StagedEvent {
  row_number: string;
  uuid: string;
  event: string;
  distinct_id: string;
  /** The timestamp as stored (microseconds), written back as it was unless a transformation moved the event. */
  time: string;
  ms: string;
  properties: string;
  elements_chain: string;
}

const newTableName = () => `${STAGING_PREFIX}${randomUUID().replace(/-/g, "")}`;

/**
 * The staged table rewritten with the pass applied to its valid events, in row order, `BATCH_ROWS` at a time: an
 * event's `$ip` removed when the project discards addresses, then its transformations run (`transformEvents`).
 * Events a transformation drops leave the table (`dropped`); bad rows are kept as they are. The staged table is
 * dropped once rewritten; on failure, the new one is.
 */
export async function transformStaged(
  store: EventStore,
  projectId: number,
  staged: string,
  pass: EventPass,
): Promise<{ table: string; dropped: number }> {
  const table = newTableName();
  const batch = newTableName();
  let dropped = 0;
  try {
    await store.command(
      `CREATE TABLE ${table} ENGINE = MergeTree ORDER BY tuple() AS SELECT * FROM ${staged} WHERE error != ''
       SETTINGS ${settingsSql(IMPORT_SETTINGS)}`,
    );
    await store.command(
      `CREATE TABLE ${batch} ENGINE = Memory AS
       SELECT row_number, uuid, event, distinct_id, timestamp, properties, elements_chain FROM ${staged} WHERE 0`,
    );
    const starts = await batchStarts(store, staged);
    const read = (index: number) => {
      const reading = readBatch(store, staged, starts[index], starts[index + 1]);
      // Awaited in turn: a failure is reported then, not as an unhandled rejection meanwhile.
      reading.catch(() => {});
      return reading;
    };
    let next = starts.length ? read(0) : null;
    let writing = Promise.resolve();
    try {
      for (let index = 0; next; index++) {
        const rows = await next;
        // The engine reads the next batch, and writes the previous one, while this one is transformed.
        next = index + 1 < starts.length ? read(index + 1) : null;
        const kept = await transformRows(projectId, rows, pass);
        dropped += rows.length - kept.length;
        await writing;
        writing = writeBatch(store, batch, table, kept);
        writing.catch(() => {});
      }
      await writing;
    } finally {
      await next?.catch(() => {});
      await writing.catch(() => {});
    }
  } catch (error) {
    await store.command(`DROP TABLE IF EXISTS ${table}`);
    throw error;
  } finally {
    await store.command(`DROP TABLE IF EXISTS ${batch}`);
  }
  await store.command(`DROP TABLE IF EXISTS ${staged}`);
  return { table, dropped };
}

/**
 * The first row number of each batch of valid rows. Read from the row numbers alone: a batch is then read by its
 * range, where paging with OFFSET or `row_number > last` would sort the rest of the file again for each batch.
 */
async function batchStarts(store: EventStore, staged: string): Promise<string[]> {
  const rows = await store.query<{ row_number: string }>(
    `SELECT row_number FROM (
       SELECT row_number, row_number() OVER (ORDER BY row_number) - 1 AS position FROM ${staged} WHERE error = ''
     )
     WHERE position % ${BATCH_ROWS} = 0 ORDER BY row_number`,
    undefined,
    IMPORT_SETTINGS,
  );
  return rows.map((row) => row.row_number);
}

function readBatch(store: EventStore, staged: string, from: string, to: string | undefined): Promise<StagedEvent[]> {
  return store.query<StagedEvent>(
    `SELECT row_number, toString(uuid) AS uuid, event, distinct_id, toString(timestamp) AS time,
       toUnixTimestamp64Milli(timestamp) AS ms, properties, elements_chain
     FROM ${staged}
     WHERE error = '' AND row_number >= {from:UInt64} ${to === undefined ? "" : "AND row_number < {to:UInt64}"}
     ORDER BY row_number`,
    to === undefined ? { from } : { from, to },
    IMPORT_SETTINGS,
  );
}

/** A batch's transformed rows into the new table, through the batch table, with their persons' flags as staged. */
async function writeBatch(store: EventStore, batch: string, table: string, rows: readonly Record<string, unknown>[]) {
  await store.insert(batch, rows);
  await store.command(
    `INSERT INTO ${table} (row_number, error, uuid, event, distinct_id, timestamp, properties, elements_chain, personless, changes_persons)
     SELECT row_number, '', uuid, event, distinct_id, timestamp, properties, elements_chain,
       ${PERSONLESS} AS personless, ${CHANGES_PERSONS} AS changes_persons
     FROM ${batch}
     SETTINGS ${settingsSql(IMPORT_SETTINGS)}`,
  );
  await store.command(`TRUNCATE TABLE ${batch}`);
}

/** A batch's events through the pass, as rows of the batch table: the ones kept, in their order. */
async function transformRows(projectId: number, rows: readonly StagedEvent[], pass: EventPass): Promise<Record<string, unknown>[]> {
  const events: CapturedEvent[] = rows.map((row) => ({
    uuid: row.uuid,
    event: row.event,
    distinctId: row.distinct_id,
    properties: JSON.parse(row.properties),
    timestamp: new Date(Number(row.ms)),
  }));
  recordAddress(events, null, pass.anonymizeIps);
  const transformed = await transformEvents(projectId, events);
  return transformed.events.map((event, i) => {
    const row = rows[transformed.kept[i]];
    return {
      row_number: Number(row.row_number),
      uuid: event.uuid,
      event: event.event,
      distinct_id: event.distinctId,
      timestamp: event.timestamp.getTime() === Number(row.ms) ? row.time : event.timestamp.toISOString(),
      properties: JSON.stringify(event.properties),
      elements_chain: row.elements_chain,
    };
  });
}
