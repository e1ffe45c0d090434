import { PERSON_ID, personIdJoin, personPropertiesJoin } from "@/lib/analytics/filters/persons";

/** A new session starts after 30 minutes without an event (PostHog's SESSION_TIME_THRESHOLD_DEFAULT), in µs. */
export const SESSION_GAP_MICROS = 1_800_000_000;

export interface PathSqlParts {
  /** The path item of an event (`e` alias). */
  item: string;
  /** Conditions on the events (event kinds, dates, properties), over `e`. */
  where: string;
  /** Condition on the path item (excluded events). */
  itemWhere: string;
  joinPersons: boolean;
  point: "start" | "end" | null;
}

/**
 * PostHog's PATH_ARRAY_QUERY: each person's events in time order, split into sessions at 30-minute gaps,
 * consecutive repeats collapsed (the last of a run kept), cut at the start/end point, limited to
 * `{step_limit}` steps; every consecutive pair of steps is an edge `"{i-1}_{a}" → "{i}_{b}"`, counted per
 * session, with the mean time between them in milliseconds. Placeholders: team, step_limit, edge_limit,
 * target_point.
 */
export function pathsSql(parts: PathSqlParts, withEdgeLimit: boolean): string {
  const filtered = parts.point === "end" ? "arrayResize" : "arraySlice";
  const limit = parts.point === "end" ? "arraySlice(%, -{step_limit:Int64})" : "arraySlice(%, 1, {step_limit:Int64})";
  return `
    WITH path_events AS (
      SELECT ${PERSON_ID} AS pid, toUnixTimestamp64Micro(e.timestamp) AS t, ${parts.item} AS item
      FROM events AS e
      ${personIdJoin("{team:Int64}")}
      ${parts.joinPersons ? personPropertiesJoin("{team:Int64}") : ""}
      WHERE e.team_id = {team:Int64} AND ${parts.where}
    ),
    per_person AS (
      SELECT pid, arraySort(x -> (x.1, x.2), groupArray((t, item))) AS evs
      FROM path_events WHERE ${parts.itemWhere}
      GROUP BY pid
    ),
    sessions AS (
      SELECT pid, session
      FROM per_person
      ARRAY JOIN arraySplit((x, gap) -> gap >= ${SESSION_GAP_MICROS}, evs, arrayDifference(arrayMap(x -> x.1, evs))) AS session
    ),
    compacted AS (
      SELECT pid,
        arrayMap(x -> x.2, session) AS items,
        arrayMap(x -> x.1, session) AS times,
        arrayMap((x, nxt) -> if(x = nxt, 0, 1), items, arrayPopFront(arrayPushBack(items, ''))) AS mapping,
        arrayFilter((x, m) -> m, items, mapping) AS compact_path,
        arrayFilter((x, m) -> m, times, mapping) AS compact_times,
        ${parts.point ? "indexOf(compact_path, {target_point:String})" : "0"} AS target_index,
        if(target_index > 0, ${filtered}(compact_path, target_index), compact_path) AS filtered_path,
        if(target_index > 0, ${filtered}(compact_times, target_index), compact_times) AS filtered_times,
        ${limit.replace("%", "filtered_path")} AS limited_path,
        ${limit.replace("%", "filtered_times")} AS limited_times
      FROM sessions
      ${parts.point ? "WHERE target_index > 0" : ""}
    )
    SELECT concat(toString(i - 1), '_', limited_path[i - 1]) AS source,
           concat(toString(i), '_', limited_path[i]) AS target,
           count() AS value,
           avg((limited_times[i] - limited_times[i - 1]) / 1000) AS average_conversion_time
    FROM compacted
    ARRAY JOIN arrayEnumerate(limited_path) AS i
    WHERE i > 1
    GROUP BY source, target
    ORDER BY value DESC, source, target
    ${withEdgeLimit ? "LIMIT {edge_limit:Int64}" : ""}`;
}
