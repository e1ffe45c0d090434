import { randomUUID } from "node:crypto";
import type { EventStore } from "./store/types";

/**
 * Folds person merges into the events (PostHog's person-overrides squash). Every analysis joins
 * `person_distinct_id_overrides` (the distinct ids a merge moved after their first events were written) to find
 * each event's current person; the join's cost grows with that table. The squash writes each moved distinct id's
 * current person into its events' `person_id` and then deletes the override rows it folded, so analyses join only
 * the overrides that arrived since. Every analysis answers the same before and after.
 *
 * Safe while ingestion runs:
 * - Only overrides written more than `graceSeconds` ago are folded. An event whose person was looked up before a
 *   merge is written within moments of that lookup; one written after the mutation started would keep the old
 *   person, so the grace must exceed the time from lookup to write (capture: well under a second).
 * - An override row is deleted only up to the version folded: a newer merge of the same distinct id, arriving
 *   meanwhile, stays in the table and wins over the folded person.
 * - Two squashes must not run at once (an older snapshot's mutation could land after a newer one's): the caller
 *   serializes them (`startOverridesSquash` in squash-schedule.ts).
 */
export interface SquashResult {
  /** Distinct ids whose events now carry their current person. */
  folded: number;
  /** Distinct ids whose person was deleted: their overrides are dropped, their events keep the person they had. */
  dropped: number;
}

// Mutations read the snapshot through joinGet, which ClickHouse counts as non-deterministic; mutations_sync = 2
// returns once the mutation is done on every part (and throws if it fails).
const MUTATION_SETTINGS = "SETTINGS mutations_sync = 2, allow_nondeterministic_mutations = 1";

export async function squashPersonOverrides(
  store: EventStore,
  { graceSeconds, now = new Date() }: { graceSeconds: number; now?: Date },
): Promise<SquashResult> {
  const [{ database }] = await store.query<{ database: string }>("SELECT currentDatabase() AS database");
  // A Join table of the snapshot, looked up by joinGet from inside the mutations (which have no current database,
  // hence the qualified name). Its key is one string: StorageJoin refuses a two-column key there.
  const table = `person_overrides_squash_${randomUUID().replaceAll("-", "")}`;
  const snapshot = `\`${database}\`.${table}`;
  const keyOf = (distinctId: string) => `concat(toString(team_id), ':', ${distinctId})`;
  const key = keyOf("distinct_id");
  const lookup = (column: string, distinctId = "distinct_id") => `joinGetOrNull('${database}.${table}', '${column}', ${keyOf(distinctId)})`;
  await store.command(
    `CREATE TABLE ${snapshot} (key String, person_id UUID, version Int64, is_deleted UInt8) ENGINE = Join(ANY, LEFT, key)`,
  );
  try {
    await store.command(
      `INSERT INTO ${snapshot}
       SELECT ${key}, argMax(person_id, version), max(version), argMax(is_deleted, version)
       FROM person_distinct_id_overrides
       GROUP BY team_id, distinct_id
       HAVING max(_inserted_at) < {cutoff:DateTime64(3, 'UTC')}`,
      { cutoff: toClickHouseTime(new Date(now.getTime() - graceSeconds * 1000)) },
    );
    const [counts] = await store.query<{ folded: string; dropped: string }>(
      `SELECT countIf(is_deleted = 0) AS folded, countIf(is_deleted = 1) AS dropped FROM ${snapshot}`,
    );
    const result = { folded: Number(counts.folded), dropped: Number(counts.dropped) };
    if (result.folded + result.dropped === 0) return result;
    try {
      // A deleted person's distinct id is left out of the analyses' join, so its events count under the person
      // they carry: those events stay as they are.
      await store.command(
        `ALTER TABLE events UPDATE person_id = assumeNotNull(${lookup("person_id")})
         WHERE ${lookup("is_deleted")} = 0 AND person_id != ${lookup("person_id")} ${MUTATION_SETTINGS}`,
      );
      // The sessions table keeps its pageviews' (distinct id, person) pairs: they move with the events.
      const moved = (pair: string) => `${lookup("is_deleted", `${pair}.1`)} = 0 AND ${pair}.2 != ${lookup("person_id", `${pair}.1`)}`;
      await store.command(
        `ALTER TABLE sessions UPDATE pageview_persons = arrayMap(p -> if(${moved("p")}, (p.1, assumeNotNull(${lookup("person_id", "p.1")})), p), pageview_persons)
         WHERE arrayExists(p -> ${moved("p")}, pageview_persons) ${MUTATION_SETTINGS}`,
      );
      await store.command(`ALTER TABLE person_distinct_id_overrides DELETE WHERE version <= ${lookup("version")} ${MUTATION_SETTINGS}`);
    } catch (error) {
      // A failed mutation stays queued and would block every later one on its table: take it back.
      await store.command(`KILL MUTATION WHERE database = '${database}' AND command LIKE '%${table}%' SYNC`).catch(() => {});
      throw error;
    }
    return result;
  } finally {
    await store.command(`DROP TABLE IF EXISTS ${snapshot}`);
  }
}

const toClickHouseTime = (date: Date) => date.toISOString().replace("T", " ").replace("Z", "");
