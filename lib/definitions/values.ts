import { getAnalysisStore } from "@/lib/analytics/store";
import { validationError } from "@/lib/api/errors";
import type { Actor } from "@/lib/auth/actor";
import { requireProjectAccess } from "@/lib/projects/access";
import type { TProjectId } from "@/lib/projects/schemas";
import { currentGroupsSql } from "@/lib/analytics/filters/groups";
import type { TGroupValuesQuery } from "@/lib/groups/schemas";
import { MAX_PROPERTY_VALUES, type TEventValuesQuery } from "./schemas";

/** Events read for values: those of the last 7 days (PostHog's window) holding the key, at most this many. */
const VALUES_SAMPLE_EVENTS = 100_000;

/** Python's `json.dumps(value, sort_keys=True)`, which PostHog's `convert_property_value` writes objects with. */
function pythonJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(", ")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}: ${pythonJson((value as Record<string, unknown>)[key])}`)
      .join(", ")}}`;
  return JSON.stringify(value);
}

/** A stored JSON value as PostHog lists it (`convert_property_value`): text as is, booleans lowercase, the rest as JSON. */
export function propertyValueName(raw: string): string {
  const value: unknown = JSON.parse(raw);
  if (typeof value === "string") return value;
  if (typeof value === "number") return raw;
  return pythonJson(value);
}

/** The optional condition that a raw JSON value, as text, contains `{value}` (case-insensitive). */
const containsValue = (column: string, value: string | undefined) =>
  value
    ? `AND positionCaseInsensitiveUTF8(if(JSONType(${column}) = 'String', JSONExtractString(${column}), ${column}), {value:String}) > 0`
    : "";

/**
 * `/events/values/`: the values a property took in the project's recent events (of `event_name`s, if given),
 * most frequent first, PostHog's `[{name}]`; list values count element by element, as PostHog flattens them.
 */
export async function eventPropertyValues(
  actor: Actor,
  projectId: TProjectId,
  query: TEventValuesQuery,
  eventNames: string[],
): Promise<{ name: string }[]> {
  const { project } = await requireProjectAccess(actor, projectId);
  if (!query.key) throw validationError("Key not provided");
  const store = await getAnalysisStore(project.id);
  const rows = await store.query<{ raw: string }>(
    `SELECT raw, count() AS count FROM (
       SELECT arrayJoin(if(JSONType(properties, {key:String}) = 'Array',
                           JSONExtractArrayRaw(properties, {key:String}),
                           [JSONExtractRaw(properties, {key:String})])) AS raw
       FROM events
       WHERE team_id = {team:Int64} AND toDate(timestamp) >= today() - 8 AND timestamp >= now() - INTERVAL 7 DAY
         AND JSONHas(properties, {key:String})
         ${eventNames.length > 0 ? "AND event IN {events:Array(String)}" : ""}
         ${query.value ? "AND positionCaseInsensitiveUTF8(JSONExtractRaw(properties, {key:String}), {value:String}) > 0" : ""}
       LIMIT {sample:UInt32}
     )
     WHERE JSONType(raw) NOT IN ('Null', 'Array') ${containsValue("raw", query.value)}
     GROUP BY raw ORDER BY count DESC, raw LIMIT {limit:UInt32}`,
    {
      team: project.id,
      key: query.key,
      events: eventNames,
      value: query.value ?? "",
      sample: VALUES_SAMPLE_EVENTS,
      limit: MAX_PROPERTY_VALUES,
    },
  );
  return rows.map((row) => ({ name: propertyValueName(row.raw) }));
}

/**
 * `/persons/values/`: the values a person property has now, with how many persons have each, most frequent first
 * (PostHog's `[{name, count}]`); no key, no values.
 */
export async function personPropertyValues(
  actor: Actor,
  projectId: TProjectId,
  query: TEventValuesQuery,
): Promise<{ name: string; count: number }[]> {
  const { project } = await requireProjectAccess(actor, projectId);
  if (!query.key) return [];
  const store = await getAnalysisStore(project.id);
  const rows = await store.query<{ raw: string; count: string }>(
    `SELECT raw, count() AS count FROM (
       SELECT JSONExtractRaw(properties, {key:String}) AS raw FROM (
         SELECT argMax(properties, version) AS properties, argMax(is_deleted, version) AS deleted
         FROM person WHERE team_id = {team:Int64} GROUP BY id HAVING deleted = 0
       ) WHERE JSONHas(properties, {key:String})
     )
     WHERE JSONType(raw) != 'Null' ${containsValue("raw", query.value)}
     GROUP BY raw ORDER BY count DESC, raw LIMIT {limit:UInt32}`,
    { team: project.id, key: query.key, value: query.value ?? "", limit: MAX_PROPERTY_VALUES },
  );
  return rows.map((row) => ({ name: propertyValueName(row.raw), count: Number(row.count) }));
}

/**
 * `/groups/property_values/`: the values a property has among a group type's groups (their latest properties),
 * with how many groups have each, most frequent first, as PostHog's `[{name, count}]`.
 */
export async function groupPropertyValues(
  actor: Actor,
  projectId: TProjectId,
  query: TGroupValuesQuery,
): Promise<{ name: string; count: number }[]> {
  const { project } = await requireProjectAccess(actor, projectId);
  const store = await getAnalysisStore(project.id);
  const rows = await store.query<{ raw: string; count: string }>(
    `SELECT raw, count() AS count FROM (
       SELECT JSONExtractRaw(group_properties, {key:String}) AS raw FROM (${currentGroupsSql("{team:Int64}", query.group_type_index)})
       WHERE JSONHas(group_properties, {key:String})
     )
     WHERE JSONType(raw) != 'Null' ${containsValue("raw", query.value)}
     GROUP BY raw ORDER BY count DESC, raw LIMIT {limit:UInt32}`,
    { team: project.id, key: query.key, value: query.value ?? "", limit: MAX_PROPERTY_VALUES },
  );
  return rows.map((row) => ({ name: propertyValueName(row.raw), count: Number(row.count) }));
}
