/**
 * ClickHouse SQL of funnel correlation, appended to the funnel's own SQL (funnels/sql.ts) after its per-person
 * `final` table, so the persons compared are exactly the funnel's.
 *
 * A person of the funnel succeeded when it reached the last step. The events counted for it are its events in the
 * funnel's date range strictly after its first step and strictly before its last step, or, when it did not reach
 * the last step, before the end of the conversion window; events named like a funnel step never count (PostHog's
 * `_get_events_join_query`).
 */
import {
  PERSON_ID,
  PERSON_PROPERTIES,
  entityEventNames,
  personIdJoin,
  personPropertiesJoin,
  propertyGroupSql,
  propertyValueSql,
  usesPersonProperties,
  type PropertyGroup,
  type SqlParams,
} from "@/lib/analytics/filters";
import type { NormalizedFunnel } from "@/lib/analytics/funnels/normalize";
import { deadlineSql } from "@/lib/analytics/funnels/sql";

/** Which persons of `final` are compared: everyone who entered, or PostHog's `funnel_step` (k > 0 reached step k; k < 0 stopped at step |k| − 1). */
export type Population = { funnelStep: number };

/** A row of a contingency query: `is_total` 1 for the totals row. */
export interface ContingencyRow {
  is_total: number | string;
  event: string;
  key: string;
  value: string;
  success_count: number | string;
  failure_count: number | string;
}

function populationCondition(p: Population): string {
  return p.funnelStep > 0 ? `furthest >= ${p.funnelStep}` : `furthest = ${-p.funnelStep - 1}`;
}

/** `actors`: one row per compared person, whether it succeeded, and the bounds of its events. */
function actorsCte(f: NormalizedFunnel, population: Population): string {
  const n = f.steps.length;
  return `, actors AS (
  SELECT person,
         max(furthest) = ${n} AS success,
         argMax(first_ts, furthest) AS entered_at,
         if(success, argMax(final_ts, furthest), ${deadlineSql(f, "entered_at")}) AS left_at
  FROM final WHERE ${populationCondition(population)} GROUP BY person
)`;
}

/** Step event names (PostHog's `funnel_step_names`: an action names its steps' events; "All events" names none). */
const stepNames = (f: NormalizedFunnel) => [...new Set(f.steps.flatMap((s) => entityEventNames(s.match) ?? []))];

/**
 * `visited`: the counted events of the compared persons (person, success, event, properties). `where` narrows the
 * events (columns of `events AS e`, and person properties when `personProperties`).
 */
function visitedCte(f: NormalizedFunnel, params: SqlParams, where: string[], personProperties = false): string {
  const team = params.add(f.teamId, "Int64");
  const conditions = [
    `e.team_id = ${team}`,
    `e.timestamp >= fromUnixTimestamp64Micro(${params.add(f.fromMicros, "Int64")}, 'UTC')`,
    `e.timestamp <= fromUnixTimestamp64Micro(${params.add(f.toMicros, "Int64")}, 'UTC')`,
    ...where,
  ];
  const steps = stepNames(f);
  if (steps.length) conditions.push(`e.event NOT IN ${params.add(steps, "Array(String)")}`);
  return `, visited AS (
  SELECT a.person AS person, a.success AS success, ev.event AS event, ev.properties AS properties
  FROM (
    SELECT ${PERSON_ID} AS person, toUnixTimestamp64Micro(e.timestamp) AS ts, e.event AS event, e.properties AS properties
    FROM events AS e ${personIdJoin(team)} ${personProperties ? personPropertiesJoin(team) : ""}
    WHERE ${conditions.join(" AND ")}
  ) AS ev
  INNER JOIN actors AS a ON ev.person = a.person
  WHERE ev.ts > a.entered_at AND ev.ts < a.left_at
)`;
}

const TOTALS = `SELECT toUInt8(1) AS is_total, '' AS event, '' AS key, '' AS value, countIf(success) AS success_count, countIf(NOT success) AS failure_count FROM actors`;

const counted = (groupBy: string, select: string, from: string, having = "") => `SELECT * FROM (
  SELECT toUInt8(0) AS is_total, ${select}, uniqExactIf(person, success) AS success_count, uniqExactIf(person, NOT success) AS failure_count
  FROM ${from} GROUP BY ${groupBy} ${having}
  UNION ALL ${TOTALS}
)`;

/** `events`: per event name, the persons who did it. */
export function eventsContingencySql(f: NormalizedFunnel, population: Population, excluded: string[]) {
  return (params: SqlParams) => {
    const where = excluded.length ? [`e.event NOT IN ${params.add(excluded, "Array(String)")}`] : [];
    return `${actorsCte(f, population)}
${visitedCte(f, params, where)}
${counted("event", "event, '' AS key, '' AS value", "visited")}`;
  };
}

/** Every property of a JSON column as (key, value) pairs, values as property filters read them. */
const keyValuePairs = (column: string, keys: string) => `arrayMap(k -> (k, ${propertyValueSql(column, "k")}), ${keys})`;

/**
 * `event_with_properties`: per event of `eventNames` and property value, the persons who did it with it; only
 * values seen by more than 2 persons (PostHog drops the long tail of rare values).
 */
export function eventPropertiesContingencySql(f: NormalizedFunnel, population: Population, eventNames: string[], excludedKeys: string[]) {
  return (params: SqlParams) => {
    const keep = excludedKeys.length ? `WHERE prop.1 NOT IN ${params.add(excludedKeys, "Array(String)")}` : "";
    return `${actorsCte(f, population)}
${visitedCte(f, params, [`e.event IN ${params.add(eventNames, "Array(String)")}`])}
${counted(
  "event, key, value",
  "event, key, value",
  `(SELECT person, success, event, prop.1 AS key, prop.2 AS value
    FROM visited ARRAY JOIN ${keyValuePairs("properties", "JSONExtractKeys(properties)")} AS prop ${keep})`,
  "HAVING success_count + failure_count > 2",
)}`;
  };
}

/** The current properties of each person (S2). */
const personPropertiesTable = (team: string) => `(
    SELECT id, argMax(properties, version) AS properties
    FROM person WHERE team_id = ${team}
    GROUP BY id HAVING argMax(is_deleted, version) = 0
  )`;

/** `properties`: per person property value, the persons who have it; `names` ["$all"] takes every property. */
export function personPropertiesContingencySql(f: NormalizedFunnel, population: Population, names: string[], excludedKeys: string[]) {
  return (params: SqlParams) => {
    const team = params.add(f.teamId, "Int64");
    const keys = names.includes("$all") ? "JSONExtractKeys(pp.properties)" : params.add(names, "Array(String)");
    const keep = excludedKeys.length ? `WHERE prop.1 NOT IN ${params.add(excludedKeys, "Array(String)")}` : "";
    return `${actorsCte(f, population)}
${counted(
  "key, value",
  "'' AS event, key, value",
  `(SELECT a.person AS person, a.success AS success, prop.1 AS key, prop.2 AS value
    FROM actors AS a LEFT JOIN ${personPropertiesTable(team)} AS pp ON pp.id = a.person
    ARRAY JOIN ${keyValuePairs("pp.properties", keys)} AS prop ${keep})`,
)}`;
  };
}

export interface ActorsPage {
  limit: number;
  offset: number;
}

/** A page of the `chosen` persons (ordered by id), each row with their total count. */
export const chosenPageSql = (
  params: SqlParams,
  page: ActorsPage,
) => `SELECT toString(person) AS person, (SELECT count() FROM chosen) AS total FROM chosen ORDER BY person
LIMIT ${params.add(page.limit, "UInt64")} OFFSET ${params.add(page.offset, "UInt64")}`;

export const CHOSEN_COUNT_SQL = "SELECT count() AS total FROM chosen";

const conversion = (converted: boolean | undefined, column: string) =>
  converted === undefined ? "1" : converted ? column : `NOT ${column}`;

/**
 * `chosen`: the persons behind an `events`/`event_with_properties` row, who did `event` (matching `properties`)
 * among their counted events; `converted` picks the successes or the failures.
 */
export function eventActorsCtes(
  f: NormalizedFunnel,
  population: Population,
  event: string,
  properties: PropertyGroup,
  converted: boolean | undefined,
) {
  return (params: SqlParams) => {
    const where = [`e.event = ${params.add(event, "String")}`];
    const props = propertyGroupSql(
      properties,
      { event: "e.properties", person: PERSON_PROPERTIES, team: params.add(f.teamId, "Int64") },
      params,
    );
    if (props !== "1") where.push(props);
    return `${actorsCte(f, population)}
${visitedCte(f, params, where, usesPersonProperties(properties))}
, chosen AS (SELECT DISTINCT person FROM visited WHERE ${conversion(converted, "success")})`;
  };
}

/** `chosen` for a `properties` row: the funnel is run on persons with that value, so every one of them. */
export function propertyActorsCtes(f: NormalizedFunnel, population: Population, converted: boolean | undefined) {
  return () => `${actorsCte(f, population)}
, chosen AS (SELECT person FROM actors WHERE ${conversion(converted, "success")})`;
}
