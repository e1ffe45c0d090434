import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { definitionsBackfill } from "@/lib/db/schema";
import { getEventStore } from "@/lib/events/store/open";
import { definitionsOf, recordProjectDefinitions, TYPED_JSON, type PersonPropertySample } from "./from-events";
import { MAX_DEFINITION_NAME } from "./recording";

/** The months (`YYYYMM`) from the earliest to the latest of these ClickHouse date-times. */
export function monthsBetween(firsts: string[], lasts: string[]): number[] {
  if (firsts.length === 0) return [];
  const month = (text: string) => Number(text.slice(0, 4)) * 12 + Number(text.slice(5, 7)) - 1;
  const from = firsts.reduce((min, text) => Math.min(min, month(text)), Infinity);
  const to = lasts.reduce((max, text) => Math.max(max, month(text)), -Infinity);
  return Array.from({ length: to - from + 1 }, (_, i) => Math.floor((from + i) / 12) * 100 + ((from + i) % 12) + 1);
}

/**
 * Defines what a project received before definitions were kept, from the event store: its events' definitions
 * (`definitionsOf`) and each property persons have now.
 */
async function backfillProjectDefinitions(projectId: number) {
  const store = await getEventStore();
  const team = { team: projectId };
  const events = await definitionsOf(store, "events", "team_id = {team:Int64}", team).events();
  // Month by month (the table's partitions), so that each query reads a bounded part of a large project.
  const samples = new Map<string, { event: string; name: string; sample: string }>();
  for (const month of monthsBetween(
    events.map((e) => e.first),
    events.map((e) => e.last),
  )) {
    const where = "team_id = {team:Int64} AND toYYYYMM(timestamp) = {month:UInt32}";
    for (const row of await definitionsOf(store, "events", where, { ...team, month }).eventProperties()) {
      const key = JSON.stringify([row.event, row.name]);
      if (!samples.get(key)?.sample) samples.set(key, row);
    }
  }
  const personProperties = await store.query<PersonPropertySample>(
    `SELECT kv.1 AS name, anyIf(kv.2, ${TYPED_JSON}) AS sample
     FROM (
       SELECT argMax(properties, version) AS properties, argMax(is_deleted, version) AS deleted
       FROM person WHERE team_id = {team:Int64} GROUP BY id HAVING deleted = 0
     ) ARRAY JOIN JSONExtractKeysAndValuesRaw(properties) AS kv
     WHERE length(kv.1) <= {max:UInt32}
     GROUP BY name`,
    { ...team, max: MAX_DEFINITION_NAME },
  );
  const db = await getDb();
  await db.transaction(async (tx) => {
    await recordProjectDefinitions(projectId, { events, eventProperties: [...samples.values()], personProperties }, tx);
    await tx.delete(definitionsBackfill).where(eq(definitionsBackfill.projectId, projectId));
  });
}

/** Backfills every project the migration left pending (once: each is removed when done). */
export async function backfillDefinitions() {
  const db = await getDb();
  const pending = await db.select().from(definitionsBackfill);
  for (const { projectId } of pending) await backfillProjectDefinitions(projectId);
}
