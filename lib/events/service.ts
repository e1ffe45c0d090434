import { withQuery } from "@/lib/api/pagination";
import type { Actor } from "@/lib/auth/actor";
import { PERSON_PROPERTIES, personIdJoin, personPropertiesJoin } from "@/lib/analytics/filters/persons";
import { propertyGroupSql, SqlParams, usesPersonProperties, validateProperties } from "@/lib/analytics/filters/properties";
import { getAnalysisStore } from "@/lib/analytics/store";
import { distinctIdsOfPerson, eventPersonsOf } from "@/lib/persons/service";
import { requireProjectAccess } from "@/lib/projects/access";
import type { TProjectId } from "@/lib/projects/schemas";
import { chainToElements } from "./elements";
import type { TEvent, TEventList, TEventListQuery } from "./schemas";

interface EventRow {
  id: string;
  event: string;
  distinct_id: string;
  properties: string;
  /** Microseconds since the epoch (a quoted 64-bit integer). */
  timestamp_us: string;
  elements_chain: string;
}

/** ClickHouse microseconds as ISO 8601 UTC (events carry millisecond precision). */
export const isoFromMicros = (micros: string) => new Date(Math.floor(Number(micros) / 1000)).toISOString();

/** `/events/`: the project's latest events, newest first, each with its person as it is now. */
export async function listEvents(actor: Actor, projectId: TProjectId, query: TEventListQuery, url: URL): Promise<TEventList> {
  const { project } = await requireProjectAccess(actor, projectId);
  validateProperties(query.properties);
  const conditions = ["e.team_id = {team:Int64}"];
  const sqlParams = new SqlParams({ team: project.id, limit: query.limit });
  const params = sqlParams.values;
  if (query.event !== undefined) {
    conditions.push("e.event = {event:String}");
    params.event = query.event;
  }
  if (query.after) {
    conditions.push("e.timestamp > {after:DateTime64(3, 'UTC')}");
    params.after = query.after;
  }
  if (query.before) {
    // Events of one millisecond are common (SDK batches): `before_id` lets a page end inside such a run.
    conditions.push(
      query.before_id
        ? "(e.timestamp < {before:DateTime64(3, 'UTC')} OR (e.timestamp = {before:DateTime64(3, 'UTC')} AND e.uuid < {before_id:UUID}))"
        : "e.timestamp < {before:DateTime64(3, 'UTC')}",
    );
    params.before = query.before;
    if (query.before_id) params.before_id = query.before_id;
  }
  if (query.distinct_id !== undefined) {
    conditions.push("e.distinct_id = {distinct_id:String}");
    params.distinct_id = query.distinct_id;
  }
  if (query.person_id !== undefined) {
    const distinctIds = await distinctIdsOfPerson(project.id, query.person_id);
    if (distinctIds.length === 0) return { next: null, results: [] };
    conditions.push("e.distinct_id IN {person_distinct_ids:Array(String)}");
    params.person_distinct_ids = distinctIds;
  }
  conditions.push(
    propertyGroupSql(query.properties, { event: "e.properties", person: PERSON_PROPERTIES, team: "{team:Int64}" }, sqlParams),
  );
  // Person properties are the person's as they are now (as in the analyses), joined only when a filter reads them.
  const personJoins = usesPersonProperties(query.properties)
    ? `${personIdJoin("{team:Int64}")} ${personPropertiesJoin("{team:Int64}")}`
    : "";
  const store = await getAnalysisStore(project.id);
  const rows = await store.query<EventRow>(
    `SELECT toString(e.uuid) AS id, e.event AS event, e.distinct_id AS distinct_id, e.properties AS properties,
       toUnixTimestamp64Micro(e.timestamp) AS timestamp_us, e.elements_chain AS elements_chain
     FROM events AS e ${personJoins} WHERE ${conditions.join(" AND ")}
     ORDER BY e.timestamp DESC, e.uuid DESC LIMIT {limit:UInt32}`,
    params,
  );
  const persons = await eventPersonsOf(project.id, [...new Set(rows.map((row) => row.distinct_id))]);
  const results: TEvent[] = rows.map((row) => ({
    id: row.id,
    distinct_id: row.distinct_id,
    properties: JSON.parse(row.properties) as Record<string, unknown>,
    event: row.event,
    timestamp: isoFromMicros(row.timestamp_us),
    person: persons.get(row.distinct_id) ?? null,
    elements: chainToElements(row.elements_chain),
    elements_chain: row.elements_chain,
  }));
  const last = results.at(-1);
  const next = last && results.length === query.limit ? withQuery(url, { before: last.timestamp, before_id: last.id }) : null;
  return { next, results };
}
