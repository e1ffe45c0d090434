// Generated events for the analysis benchmarks, written straight into an event store with INSERT … SELECT FROM
// numbers() (not through capture): EVENTS events of PERSONS = EVENTS / 10 persons over 45 days from START.
import type { EventStore } from "../lib/events/store/open";

export const TEAM = 1;
export const START = "2024-01-01 00:00:00"; // events span 45 days from here (+ up to 6 days of step offsets)
export const personsFor = (events: number) => Math.max(1, Math.round(events / 10));

// Per person p (0..PERSONS-1): a uuid, 1 distinct id (or 3 for every 5th person, whose extra ids carry a
// pre-merge person uuid on their events, so only the distinct-id overrides resolve them), a browser, and a funnel
// level (how far it can get: 100% $pageview, 50% signed_up, 25% onboarding_completed, 10% purchase).
const personUuid = (p: string) => `toUUID(concat('00000000-0000-4000-8000-', leftPad(toString(${p}), 12, '0')))`;
const premergeUuid = (p: string, j: string) =>
  `toUUID(concat('00000000-0000-4000-9', toString(${j}), '00-', leftPad(toString(${p}), 12, '0')))`;

/** Generates `EVENTS` events (and their persons and distinct ids) straight into the store, for team TEAM. */
export async function generateEvents(store: Pick<EventStore, "command">, EVENTS: number) {
  const PERSONS = personsFor(EVENTS);
  await store.command(`
    INSERT INTO events (uuid, event, properties, timestamp, team_id, distinct_id, person_id)
    SELECT generateUUIDv4(number) AS uuid, ev, props, ts, ${TEAM}, did, pid FROM (
      SELECT number,
             cityHash64(number, 1) % ${PERSONS} AS p,
             if(p % 5 = 0, 3, 1) AS k,
             cityHash64(number, 2) % k AS j,
             concat('u', toString(p), '_', toString(j)) AS did,
             if(j = 0, ${personUuid("p")}, ${premergeUuid("p", "j")}) AS pid,
             cityHash64(p, 7) % 100 AS lvl_roll,
             multiIf(lvl_roll < 10, 3, lvl_roll < 25, 2, lvl_roll < 50, 1, 0) AS lvl,
             cityHash64(number, 3) % 10 AS r,
             multiIf(r = 7 AND lvl >= 1, 'signed_up', r = 8 AND lvl >= 2, 'onboarding_completed', r = 9 AND lvl >= 3, 'purchase', '$pageview') AS ev,
             multiIf(ev = '$pageview', 0, ev = 'signed_up', 1, ev = 'onboarding_completed', 2, 3) AS stage,
             cityHash64(p, 8) % 100 AS b,
             multiIf(b < 60, 'Chrome', b < 80, 'Safari', b < 90, 'Firefox', b < 97, 'Edge', b < 99, 'Opera', '') AS browser,
             toDateTime64('${START}', 6, 'UTC')
               + toIntervalSecond(cityHash64(p, 4) % (45 * 86400))
               + toIntervalSecond(stage * 86400 + cityHash64(number, 5) % (3 * 86400))
               + toIntervalMicrosecond(cityHash64(number, 6) % 1000000) AS ts,
             concat('{', if(browser = '', '', concat('"$browser":"', browser, '",')),
                    '"$current_url":"https://example.com/', toString(r), '","$session_id":"s', toString(p), '_', toString(intDiv(toUInt32(ts), 1800)), '"}') AS props
      FROM numbers(${EVENTS})
    )`);
  // Every distinct id of every person: the first at version 0 (its events carry that person), the extra ones
  // moved into it by a merge (version 1, so they are also person_distinct_id_overrides rows).
  await store.command(`
    INSERT INTO person_distinct_id2 (team_id, distinct_id, person_id, version)
    SELECT ${TEAM}, concat('u', toString(p), '_', toString(j)), ${personUuid("p")}, if(j = 0, 0, 1)
    FROM (SELECT number AS p FROM numbers(${PERSONS})) ARRAY JOIN range(if(p % 5 = 0, 3, 1)) AS j`);
  await store.command(`
    INSERT INTO person (id, team_id, properties, is_identified, created_at, version)
    SELECT ${personUuid("number")}, ${TEAM}, concat('{"email":"u', toString(number), '@example.com"}'), 1, toDateTime64('${START}', 3, 'UTC'), 0
    FROM numbers(${PERSONS})`);
  await store.command("OPTIMIZE TABLE events FINAL");
}
