import type { WebScope } from "./scope";

/**
 * What the web queries know of a session, each computed two ways with the same meaning: `events`, an aggregate over
 * the session's events (the inner query of `sessionsSql` names them `timestamp`, `event`, `pathname`,
 * `referring_domain`, and `props.N` for the JSON keys listed in `json`); `table`, an expression over its row of the
 * `sessions` table (clickhouse/migrations/0009), which ingestion keeps.
 */
interface SessionAttribute {
  events: string;
  table: string;
  /** A JSON property the events' aggregate reads (its first non-null value). */
  json?: string;
}

const DURATION = {
  events: "dateDiff('second', min(timestamp), max(timestamp))",
  table: "dateDiff('second', min_timestamp, max_timestamp)",
};
/** PostHog's `$is_bounce`: at most one pageview, screen or autocapture in the session, and under 10 seconds long. */
const bounce = (interactions: string, duration: string) => `NOT (${interactions} > 1 OR ${duration} >= 10)`;
const entryJson = (key: string): SessionAttribute => ({ events: "", json: key, table: `entry_${key}.2` });

const SESSION_ATTRIBUTES = {
  session_duration: DURATION,
  is_bounce: {
    events: bounce("countIf(event IN ('$pageview', '$screen', '$autocapture'))", DURATION.events),
    table: bounce("interactions", DURATION.table),
  },
  entry_path: { events: "argMinIf(pathname, timestamp, event = '$pageview')", table: "entry_pathname.2" },
  exit_path: { events: "argMaxIf(pathname, timestamp, event = '$pageview')", table: "exit_pathname.2" },
  first_referring_domain: { events: "argMin(referring_domain, timestamp)", table: "entry_referring_domain.2" },
  first_utm_source: entryJson("utm_source"),
  first_utm_medium: entryJson("utm_medium"),
  first_utm_campaign: entryJson("utm_campaign"),
  first_gclid: entryJson("gclid"),
  first_gad_source: entryJson("gad_source"),
  first_fbclid: entryJson("fbclid"),
} satisfies Record<string, SessionAttribute>;

export type SessionAttributeName = keyof typeof SESSION_ATTRIBUTES;

/** Per session, beside its attributes: what its pageviews in the current period say. */
export interface SessionColumns {
  attributes: SessionAttributeName[];
  /**
   * The persons of its pageviews (`pids_cur`, `pids_prev`), to count in a period only where it has pageviews
   * (`views_cur`, `views_prev` > 0): the events' rows hold those of each period's pageviews, the table's rows all.
   */
  persons?: boolean;
  /** The intervals of the range (SQL over a time `t`) its pageviews in the current period fall in (`buckets`). */
  bucket?: (t: string) => string;
}

/**
 * One row per session (segments G19–G20) with a counted pageview: `views_cur`, `views_prev` and the asked columns.
 * Unfiltered queries read the `sessions` table; a query with filters reads the events, since the filters decide
 * which of a session's pageviews count.
 */
export function sessionsSql(scope: WebScope, columns: SessionColumns): string {
  return scope.filtered ? sessionsFromEventsSql(scope, columns) : sessionsFromTableSql(scope, columns);
}

/** One pass over the events of the range (± a day, as no session lasts longer), grouped by their session. */
function sessionsFromEventsSql(scope: WebScope, { attributes, persons, bucket }: SessionColumns): string {
  const json = attributes.flatMap((name) => {
    const key = (SESSION_ATTRIBUTES[name] as SessionAttribute).json;
    return key ? [key] : [];
  });
  const aggregateOf = (name: SessionAttributeName) => {
    const attribute: SessionAttribute = SESSION_ATTRIBUTES[name];
    return attribute.json ? `argMin(props.${json.indexOf(attribute.json) + 1}, timestamp)` : attribute.events;
  };
  const selected = [
    ...attributes.map((name) => `${aggregateOf(name)} AS ${name}`),
    ...(persons ? ["groupArrayIf(person, cur) AS pids_cur", "groupArrayIf(person, prev) AS pids_prev"] : []),
    ...(bucket ? [`groupUniqArrayIf(${bucket("timestamp")}, cur) AS buckets`] : []),
  ];
  const props = json.length
    ? `, JSONExtract(e.properties, 'Tuple(${json.map((key) => `\`${key}\` Nullable(String)`).join(", ")})') AS props`
    : "";
  return `SELECT k, countIf(cur) AS views_cur, countIf(prev) AS views_prev ${selected.map((s) => `, ${s}`).join("")}
    FROM (
      SELECT assumeNotNull(e.prop_session_id) AS k, e.timestamp AS timestamp, e.event AS event,
        e.prop_pathname AS pathname, e.prop_referring_domain AS referring_domain, ${scope.person} AS person,
        (${scope.where}) AS counted, counted AND ${scope.current} AS cur, counted AND ${scope.previousPeriod} AS prev ${props}
      FROM events AS e ${scope.joins}
      WHERE e.team_id = {team:Int64} AND e.prop_session_id != '' AND e.timestamp >= ${scope.sessionsFrom} AND e.timestamp <= ${scope.sessionsTo}
    )
    GROUP BY k
    HAVING views_cur + views_prev > 0`;
}

/**
 * The sessions table's rows, merged (`FINAL`) and read as they are. A session's pageviews are counted in a period
 * by their times; its visitors are the persons of its pageviews, counted in each period it has a pageview in.
 * Persons come from the row's (distinct id, person) pairs, with merges not yet folded into the events applied.
 */
function sessionsFromTableSql(scope: WebScope, { attributes, persons, bucket }: SessionColumns): string {
  const { inCurrent, inPrevious } = scope.period;
  // A count over the times array: cheaper than testing the first and last pageview's times first, which reads the
  // entry and exit tuples (their paths with them).
  const viewsIn = (within: (t: string) => string) => (within("t") === "0" ? "0" : `arrayCount(t -> ${within("t")}, pageview_times)`);
  const personOf = scope.overrides
    ? `arrayMap(p -> if(mapContains(moved, p.1), moved[p.1], p.2), pageview_persons)`
    : "arrayMap(p -> p.2, pageview_persons)";
  const selected = [
    ...attributes.map((name) => `${SESSION_ATTRIBUTES[name].table} AS ${name}`),
    // The same array under both names: a copy emptied per period would cost a pass over every session's persons.
    ...(persons ? ["pids AS pids_cur", "pids AS pids_prev"] : []),
    ...(bucket ? [`arrayDistinct(arrayMap(t -> ${bucket("t")}, arrayFilter(t -> ${inCurrent("t")}, pageview_times))) AS buckets`] : []),
  ];
  const moved = scope.overrides
    ? `WITH (
        SELECT CAST((groupArray(distinct_id), groupArray(person_id)), 'Map(String, UUID)') FROM (
          SELECT distinct_id, argMax(person_id, version) AS person_id
          FROM person_distinct_id_overrides WHERE team_id = {team:Int64}
          GROUP BY distinct_id HAVING argMax(is_deleted, version) = 0)
      ) AS moved `
    : "";
  return `${moved}SELECT session_id AS k, ${viewsIn(inCurrent)} AS views_cur, ${viewsIn(inPrevious)} AS views_prev,
      ${persons ? `${personOf} AS pids, ` : ""}${selected.join(", ")}
    FROM sessions FINAL
    WHERE team_id = {team:Int64} AND views_cur + views_prev > 0`;
}
