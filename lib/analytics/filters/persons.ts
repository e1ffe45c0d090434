/**
 * Who did an event (S1): each distinct id's current person, so merges by `$identify`/`$create_alias` apply
 * retroactively to every past event; and the person's current properties (S2), `argMax(properties, version)`
 * over person. An event carries the person its distinct id had at ingestion; only ids moved since (in
 * person_distinct_id_overrides, kept from person_distinct_id2 by a materialized view) are looked up.
 *
 * `personIdJoin`/`personPropertiesJoin` are JOIN clauses for a query over `events AS e`; after them
 * `PERSON_ID` is the event's person and `PERSON_PROPERTIES` the person's properties JSON ('' when none).
 * `team` is the placeholder of the project id, e.g. `{team:Int64}`.
 */

export const PERSON_ID = "if(pdi.distinct_id != '', pdi.person_id, e.person_id)";
/**
 * The event's person: `PERSON_ID` where the project has overrides, else the person the event carries (every merge
 * is folded into the events: see `hasPendingOverrides`).
 */
export const personIdOf = (overrides: boolean) => (overrides ? PERSON_ID : "e.person_id");
export const PERSON_PROPERTIES = "pp.properties";
/** When the event's person was created (needs `personPropertiesJoin`). */
export const PERSON_CREATED_AT = "pp.created_at";

export function personIdJoin(team: string, overrides = true): string {
  if (!overrides) return "";
  return `LEFT JOIN (
    SELECT distinct_id, argMax(person_id, version) AS person_id
    FROM person_distinct_id_overrides WHERE team_id = ${team}
    GROUP BY distinct_id HAVING argMax(is_deleted, version) = 0
  ) AS pdi ON e.distinct_id = pdi.distinct_id`;
}

/** Needs `personIdJoin` (with the same `overrides`) before it. */
export function personPropertiesJoin(team: string, overrides = true): string {
  return `LEFT JOIN (
    SELECT id, argMax(properties, version) AS properties, argMax(created_at, version) AS created_at
    FROM person WHERE team_id = ${team}
    GROUP BY id HAVING argMax(is_deleted, version) = 0
  ) AS pp ON pp.id = ${personIdOf(overrides)}`;
}
