import { validationError } from "@/lib/api/errors";
import { MAX_GROUP_TYPES } from "@/lib/groups/limits";

/**
 * Groups in analyses (segments G1, G11–G13). An event's group of type N is its key in the `group_N` column
 * (clickhouse/migrations/0008; '' when none); a group's current properties are the latest row of ClickHouse's
 * `groups` (argMax by version). A key no `$groupidentify` described has no properties, like no group at all.
 */

/** A group type index as analyses take it (0 = the first type, G1), or a 400 naming `attr`. */
export function groupTypeIndexOf(value: unknown, attr: string): number {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n >= MAX_GROUP_TYPES)
    throw validationError(
      `${attr} must be a group type index: an integer from 0 to ${MAX_GROUP_TYPES - 1} (0 is the project's first group type).`,
      attr,
    );
  return n;
}

/** The event's key of group type `index` ('' when none) on the events table read as `e`. */
export const groupKeyColumn = (index: number) => `e.group_${index}`;

/** Each group of type `index`: `group_key` and its current `group_properties`. `team` is a placeholder. */
export function currentGroupsSql(team: string, index: number): string {
  return `SELECT group_key, argMax(group_properties, version) AS group_properties
    FROM groups WHERE team_id = ${team} AND group_type_index = ${index} GROUP BY group_key`;
}

export interface GroupPropertyFilter {
  key: string;
  group_type_index?: unknown;
}

/**
 * A group property filter on the event `e` (G11): the condition `on` builds over a properties JSON, applied to the
 * current properties of the event's group of that type; an event without a described group is judged as having
 * no properties (`is_not` and `is_not_set` hold, `exact` does not).
 */
export function groupFilterSql(filter: GroupPropertyFilter, team: string | undefined, on: (json: string) => string): string {
  if (!team) throw validationError("Group property filters are not supported here.", "properties", "unsupported");
  const index = groupTypeIndexOf(filter.group_type_index, "group_type_index");
  const groups = currentGroupsSql(team, index);
  const key = groupKeyColumn(index);
  return `if(${key} IN (SELECT group_key FROM (${groups})),
    ${key} IN (SELECT group_key FROM (${groups}) WHERE ${on("group_properties")}),
    ${on("''")})`;
}

/**
 * A group breakdown's value on the event `e` (G13): the property `keyPlaceholder` of the current properties of the
 * event's group of type `index`, as `readValue` reads it from a JSON; `has` false without a group or the property. One
 * look-up table of the type's groups (key → value) serves every event, so the events' JSON is never parsed.
 */
export function groupBreakdownSql(
  team: string,
  index: number,
  keyPlaceholder: string,
  readValue: (json: string, keyPlaceholder: string) => string,
): { value: string; has: string } {
  const json = "group_properties";
  const having = `SELECT group_key, ${readValue(json, keyPlaceholder)} AS v
    FROM (${currentGroupsSql(team, index)}) WHERE JSONHas(${json}, ${keyPlaceholder}) AND JSONType(${json}, ${keyPlaceholder}) != 'Null'`;
  const key = groupKeyColumn(index);
  const table = `(SELECT tuple(groupArray(group_key), groupArray(v)) FROM (${having}))`;
  return {
    value: `transform(${key}, tupleElement(${table}, 1), tupleElement(${table}, 2), '')`,
    has: `${key} IN (SELECT group_key FROM (${having}))`,
  };
}
