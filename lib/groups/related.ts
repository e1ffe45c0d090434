import { eq } from "drizzle-orm";
import { loadPersons } from "@/lib/analytics/actors/persons";
import { personIdJoin, personIdOf } from "@/lib/analytics/filters/persons";
import { groupKeyColumn } from "@/lib/analytics/filters/groups";
import { SqlParams } from "@/lib/analytics/filters/properties";
import { hasPendingOverrides } from "@/lib/analytics/pending-overrides";
import { getAnalysisStore } from "@/lib/analytics/store";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { groupTypeMappings } from "@/lib/db/schema";
import { distinctIdsOfPerson } from "@/lib/persons/service";
import { requireProjectAccess } from "@/lib/projects/access";
import type { TProjectId } from "@/lib/projects/schemas";
import { loadGroupActors } from "./actors";
import { RELATED_DAYS, RELATED_LIMIT, type TRelatedActors, type TRelatedQuery } from "./related-schemas";

/** The events the actor took part in, within PostHog's window (the last 90 days, nothing dated in the future). */
const SHARED_WINDOW = `e.team_id = {team:Int64}
  AND e.timestamp > now64(3) - INTERVAL ${RELATED_DAYS} DAY AND e.timestamp < now64(3)`;

/**
 * `groups/related/` (PostHog's RelatedActorsQuery): for a group, the persons whose events carry it and the groups of
 * the project's other types those events carry; for a person, the groups its events carry. Groups never identified
 * have no row and are left out, as persons without one are. Each kind is capped (RELATED_LIMIT), most recent first.
 */
export async function relatedActors(actor: Actor, projectId: TProjectId, query: TRelatedQuery): Promise<TRelatedActors> {
  const { project } = await requireProjectAccess(actor, projectId);
  const params = new SqlParams({ team: project.id, limit: RELATED_LIMIT });
  let actorEvents: string;
  if (query.group_type_index === undefined) {
    const distinctIds = await distinctIdsOfPerson(project.id, query.id);
    if (distinctIds.length === 0) return [];
    actorEvents = `e.distinct_id IN ${params.add(distinctIds, "Array(String)")}`;
  } else actorEvents = `${groupKeyColumn(query.group_type_index)} = ${params.add(query.id, "String")}`;

  const db = await getDb();
  const types = await db
    .select({ index: groupTypeMappings.groupTypeIndex })
    .from(groupTypeMappings)
    .where(eq(groupTypeMappings.projectId, project.id));
  const otherTypes = types
    .map((type) => type.index)
    .filter((index) => index !== query.group_type_index)
    .sort((a, b) => a - b);

  const results: TRelatedActors = [];
  if (query.group_type_index !== undefined)
    for (const person of await relatedPersons(project.id, actorEvents, params)) results.push({ type: "person", ...person });
  const keys = await relatedGroupKeys(project.id, otherTypes, actorEvents, params);
  for (const index of otherTypes) results.push(...(await loadGroupActors(project.id, index, keys.get(index) ?? [])));
  return results;
}

async function relatedPersons(projectId: number, actorEvents: string, params: SqlParams) {
  const overrides = await hasPendingOverrides(projectId);
  const store = await getAnalysisStore(projectId);
  const rows = await store.query<{ person: string }>(
    `SELECT toString(person) AS person FROM (
       SELECT ${personIdOf(overrides)} AS person, max(e.timestamp) AS last
       FROM events AS e ${personIdJoin("{team:Int64}", overrides)}
       WHERE ${SHARED_WINDOW} AND ${actorEvents}
       GROUP BY person
     ) ORDER BY last DESC, person LIMIT {limit:UInt32}`,
    params.values,
  );
  return loadPersons(
    projectId,
    rows.map((row) => row.person),
  );
}

/** The keys of each type in `indexes` the actor's events carry (identified groups only), most recent first. */
async function relatedGroupKeys(projectId: number, indexes: number[], actorEvents: string, params: SqlParams) {
  const byType = new Map<number, string[]>();
  if (indexes.length === 0) return byType;
  const pairs = indexes.map((index) => `(toUInt8(${index}), ${groupKeyColumn(index)})`).join(", ");
  const store = await getAnalysisStore(projectId);
  const rows = await store.query<{ index: number; key: string }>(
    `SELECT pair.1 AS index, pair.2 AS key, max(timestamp) AS last FROM (
       SELECT arrayJoin(arrayFilter(p -> p.2 != '', [${pairs}])) AS pair, e.timestamp AS timestamp
       FROM events AS e WHERE ${SHARED_WINDOW} AND ${actorEvents}
     )
     WHERE (pair.1, pair.2) IN (SELECT toUInt8(group_type_index), group_key FROM groups WHERE team_id = {team:Int64})
     GROUP BY index, key
     ORDER BY index, last DESC, key
     LIMIT {limit:UInt32} BY index`,
    params.values,
  );
  for (const row of rows) {
    const index = Number(row.index);
    byType.set(index, [...(byType.get(index) ?? []), row.key]);
  }
  return byType;
}
