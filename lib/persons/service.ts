import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { notFound } from "@/lib/api/errors";
import type { Page } from "@/lib/api/pagination";
import type { Actor } from "@/lib/auth/actor";
import { getDb, type Tx } from "@/lib/db/client";
import { containsPattern } from "@/lib/db/like";
import { personDistinctIds, persons, type Person } from "@/lib/db/schema";
import { requireProjectAccess } from "@/lib/projects/access";
import type { TProjectId } from "@/lib/projects/schemas";
import { pgJson } from "./repository";
import type { TPersonListFilters } from "./schemas";
import { currentMembers } from "@/lib/cohorts/members";
import { cohortIdsOf, personPropertiesSql } from "./property-filters";
import { personName, type TEventPerson, type TPerson } from "./schemas";

export function serializePerson(person: Person, distinctIds: string[]): TPerson {
  return {
    id: person.id,
    uuid: person.id,
    name: personName(person.properties, distinctIds, person.id),
    distinct_ids: distinctIds,
    properties: person.properties,
    created_at: person.createdAt.toISOString(),
    is_identified: person.isIdentified,
  };
}

/** Each person's distinct ids, in the order they were added. */
async function distinctIdsOf(tx: Tx, personIds: string[]): Promise<Map<string, string[]>> {
  const byPerson = new Map<string, string[]>(personIds.map((id) => [id, []]));
  if (personIds.length === 0) return byPerson;
  const rows = await tx
    .select({ personId: personDistinctIds.personId, distinctId: personDistinctIds.distinctId })
    .from(personDistinctIds)
    .where(inArray(personDistinctIds.personId, personIds))
    .orderBy(asc(personDistinctIds.id));
  for (const row of rows) byPerson.get(row.personId)!.push(row.distinctId);
  return byPerson;
}

function personHavingDistinctId(tx: Tx, projectId: number, distinctId: string): SQL {
  return inArray(
    persons.id,
    tx
      .select({ id: personDistinctIds.personId })
      .from(personDistinctIds)
      .where(and(eq(personDistinctIds.projectId, projectId), eq(personDistinctIds.distinctId, distinctId))),
  );
}

/**
 * `/persons/`: newest first; `search` matches a distinct id exactly or the email/name property in part,
 * `properties` filters by person properties.
 */
export async function listPersons(actor: Actor, projectId: TProjectId, query: TPersonListFilters, page: Page) {
  const { project } = await requireProjectAccess(actor, projectId);
  const db = await getDb();
  const conditions = [eq(persons.projectId, project.id)];
  if (query.distinct_id !== undefined) conditions.push(personHavingDistinctId(db, project.id, query.distinct_id));
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(
      or(
        personHavingDistinctId(db, project.id, query.search),
        ilike(sql`${persons.properties}->>'email'`, pattern),
        ilike(sql`${persons.properties}->>'name'`, pattern),
      )!,
    );
  }
  const byProperties = personPropertiesSql(query.properties, await currentMembers(project.id, cohortIdsOf(query.properties)));
  if (byProperties) conditions.push(byProperties);
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: count() }).from(persons).where(where);
  const rows = await db
    .select()
    .from(persons)
    .where(where)
    .orderBy(desc(persons.createdAt), desc(persons.id))
    .limit(page.limit)
    .offset(page.offset);
  const distinctIds = await distinctIdsOf(
    db,
    rows.map((row) => row.id),
  );
  return { count: total, results: rows.map((row) => serializePerson(row, distinctIds.get(row.id)!)) };
}

export async function getPerson(actor: Actor, projectId: TProjectId, personId: string): Promise<TPerson> {
  const { project } = await requireProjectAccess(actor, projectId);
  const db = await getDb();
  const [person] = await db
    .select()
    .from(persons)
    .where(and(eq(persons.projectId, project.id), eq(persons.id, personId)));
  if (!person) throw notFound();
  return serializePerson(person, (await distinctIdsOf(db, [person.id])).get(person.id)!);
}

/** The distinct ids of a project's person (none if there is no such person). */
export async function distinctIdsOfPerson(projectId: number, personId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ distinctId: personDistinctIds.distinctId })
    .from(personDistinctIds)
    .where(and(eq(personDistinctIds.projectId, projectId), eq(personDistinctIds.personId, personId)));
  return rows.map((row) => row.distinctId);
}

/**
 * The current person of each of these distinct ids, as events show it: resolved now, so events sent before a
 * merge show the merged person.
 */
export async function eventPersonsOf(projectId: number, distinctIds: string[]): Promise<Map<string, TEventPerson>> {
  const found = new Map<string, TEventPerson>();
  if (distinctIds.length === 0) return found;
  const db = await getDb();
  const rows = await db
    .select({ distinctId: personDistinctIds.distinctId, person: persons })
    .from(personDistinctIds)
    .innerJoin(persons, eq(persons.id, personDistinctIds.personId))
    .where(
      and(
        eq(personDistinctIds.projectId, projectId),
        sql`${personDistinctIds.distinctId} IN (SELECT jsonb_array_elements_text(${pgJson(distinctIds)}::jsonb))`,
      ),
    );
  const allIds = await distinctIdsOf(db, [...new Set(rows.map((row) => row.person.id))]);
  for (const { distinctId, person } of rows)
    found.set(distinctId, { id: person.id, uuid: person.id, distinct_ids: allIds.get(person.id)!, properties: person.properties });
  return found;
}
