import { PERSON_ID, personIdJoin, personPropertiesJoin } from "@/lib/analytics/filters/persons";

/** A new session starts after 30 minutes without an event (PostHog's SESSION_TIME_THRESHOLD_DEFAULT), in µs. */
const SESSION_GAP_MICROS = 1_800_000_000;

export interface PathSqlParts {
  /** An event's item before grouping: its URL, screen or event name, cleaned (`e` alias). */
  cleanedItem: string;
  /** The path item: the cleaned item (`cleaned_item`) or its grouping. */
  item: string;
  /** Conditions on the events (event kinds, dates, properties), over `e`. */
  where: string;
  /** Condition on the path item (excluded events). */
  itemWhere: string;
  joinPersons: boolean;
  /** Which of the placeholders start_point and end_point cut the paths. */
  points: { start: boolean; end: boolean };
}

/**
 * How each session's compacted path is cut and limited (PostHog's `get_target_clause`): from its first
 * `start_point`, up to its first `end_point` (after the start when both are set), or to the last `{step_limit}`
 * steps when only the end is set. With both points a longer path keeps its first and last step_limit / 2 steps
 * around a `...` step (timed at the step after the first ones); sessions without the points are left out.
 */
function cutSql(points: PathSqlParts["points"]): { columns: string; where: string } {
  const limit = (arr: string) => `arraySlice(${arr}, 1, {step_limit:Int64})`;
  if (points.start && points.end) {
    const half = "intDiv({step_limit:Int64}, 2)";
    const elided = (arr: string, middle: string) =>
      `if(length(${arr}) > {step_limit:Int64}, arrayConcat(arraySlice(${arr}, 1, ${half}), [${middle}], arraySlice(${arr}, -${half}, ${half})), ${arr})`;
    return {
      columns: `indexOf(compact_path, {start_point:String}) AS start_index,
        arraySlice(compact_path, greatest(start_index, 1)) AS from_start,
        arraySlice(compact_times, greatest(start_index, 1)) AS from_start_times,
        indexOf(from_start, {end_point:String}) AS end_index,
        arrayResize(from_start, end_index) AS filtered_path,
        arrayResize(from_start_times, end_index) AS filtered_times,
        ${elided("filtered_path", "'...'")} AS limited_path,
        ${elided("filtered_times", `filtered_times[${half} + 1]`)} AS limited_times`,
      where: "WHERE start_index > 0 AND end_index > 0",
    };
  }
  if (points.end)
    return {
      columns: `indexOf(compact_path, {end_point:String}) AS end_index,
        arraySlice(arrayResize(compact_path, end_index), -{step_limit:Int64}) AS limited_path,
        arraySlice(arrayResize(compact_times, end_index), -{step_limit:Int64}) AS limited_times`,
      where: "WHERE end_index > 0",
    };
  if (points.start)
    return {
      columns: `indexOf(compact_path, {start_point:String}) AS start_index,
        ${limit("arraySlice(compact_path, greatest(start_index, 1))")} AS limited_path,
        ${limit("arraySlice(compact_times, greatest(start_index, 1))")} AS limited_times`,
      where: "WHERE start_index > 0",
    };
  return { columns: `${limit("compact_path")} AS limited_path, ${limit("compact_times")} AS limited_times`, where: "" };
}

/**
 * PostHog's PATH_ARRAY_QUERY: each person's events in time order, split into sessions at 30-minute gaps,
 * consecutive repeats collapsed (the last of a run kept), cut at the start/end points, limited to
 * `{step_limit}` steps; every consecutive pair of steps is an edge `"{i-1}_{a}" → "{i}_{b}"`, counted per
 * session, with the mean time between them in milliseconds. Placeholders: team, step_limit, edge_limit,
 * start_point, end_point.
 */
export function pathsSql(parts: PathSqlParts, withEdgeLimit: boolean): string {
  const cut = cutSql(parts.points);
  return `
    WITH path_events AS (
      SELECT ${PERSON_ID} AS pid, toUnixTimestamp64Micro(e.timestamp) AS t, ${parts.cleanedItem} AS cleaned_item, ${parts.item} AS item
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
        ${cut.columns}
      FROM sessions
      ${cut.where}
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
