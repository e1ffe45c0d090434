import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { personDistinctIds, persons } from "@/lib/db/schema";
import { serializePerson } from "@/lib/persons/service";
import type { TPerson } from "@/lib/persons/schemas";
import type { SqlParams } from "@/lib/analytics/filters";
import { getAnalysisStore } from "@/lib/analytics/store";
import { groupTypeIndexOf } from "@/lib/analytics/filters/groups";
import { loadGroupActors, type TGroupActor } from "@/lib/groups/actors";

/** One page of the person ids `personsSql` selects (a `person` column), ordered, and how many it selects in all. */
export async function pagedPersonIds(
  projectId: number,
  personsSql: string,
  params: SqlParams,
  paging: { limit: number; offset: number },
): Promise<{ ids: string[]; total: number }> {
  const store = await getAnalysisStore(projectId);
  const [count] = await store.query<{ total: string }>(`SELECT count() AS total FROM (${personsSql})`, params.values);
  const rows = await store.query<{ person: string }>(
    `SELECT person FROM (${personsSql}) ORDER BY person LIMIT ${params.add(paging.limit, "UInt64")} OFFSET ${params.add(paging.offset, "UInt64")}`,
    params.values,
  );
  return { ids: rows.map((r) => r.person), total: Number(count?.total ?? 0) };
}

/** The persons of `ids` (in that order) as PostHog's actors list shows them; ids without a person are skipped. */
export async function loadPersons(projectId: number, ids: string[]): Promise<TPerson[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .select()
    .from(persons)
    .where(and(eq(persons.projectId, projectId), inArray(persons.id, ids)));
  const links = await db
    .select({ personId: personDistinctIds.personId, distinctId: personDistinctIds.distinctId })
    .from(personDistinctIds)
    .where(inArray(personDistinctIds.personId, ids))
    .orderBy(asc(personDistinctIds.id));
  const distinct = new Map<string, string[]>();
  for (const link of links) {
    if (!distinct.has(link.personId)) distinct.set(link.personId, []);
    distinct.get(link.personId)!.push(link.distinctId);
  }
  const byId = new Map(rows.map((p) => [p.id, p]));
  return ids.filter((id) => byId.has(id)).map((id) => serializePerson(byId.get(id)!, distinct.get(id) ?? []));
}

/** The actors of `ids`: persons, or (G1) the groups of type `aggregationGroupTypeIndex` when it is set. */
export async function loadActors(projectId: number, ids: string[], aggregationGroupTypeIndex: unknown): Promise<(TPerson | TGroupActor)[]> {
  if (aggregationGroupTypeIndex === undefined || aggregationGroupTypeIndex === null) return loadPersons(projectId, ids);
  return loadGroupActors(projectId, groupTypeIndexOf(aggregationGroupTypeIndex, "aggregation_group_type_index"), ids);
}
