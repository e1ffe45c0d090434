import { and, eq } from "drizzle-orm";
import { ZProperties } from "@/lib/analytics/filters/properties";
import { validationError } from "@/lib/api/errors";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { persons, type Cohort, type Project } from "@/lib/db/schema";
import { cohortIdsOf, personPropertiesSql } from "@/lib/persons/property-filters";
import { requireProjectAccess } from "@/lib/projects/access";
import type { TProjectId } from "@/lib/projects/schemas";
import { calculateStaticCohort } from "./calculate";
import { currentMembers, memberIds } from "./members";
import { insightPersons, isInsightPersonsUrl } from "./insight-persons";
import { checkCohortReferences } from "./references";
import type { TCohortCreate } from "./schemas";
import { insertStaticCohort, reloaded, requireCohort } from "./service";
import { MAX_ADDED_PERSONS, MAX_CSV_ROWS, parseUploadedList, personsOfList } from "./static-list";

/**
 * Static cohorts (segments G4, G18): a list resolved to persons once, before the request answers, so that a wrong
 * list or persons URL is a 400 and an acknowledged cohort is never lost to a restart: an uploaded CSV, the persons
 * behind an insight's data point or a persons list (PostHog's "Save as cohort" posts `{name, is_static: true}` to
 * `cohorts/?<the persons URL's parameters>`), another cohort's current members, or persons added by id. An insight's
 * persons are those its persons dialog lists (insight-persons.ts).
 */

/** Every member of a static list is bounded like a CSV's rows. */
function bounded(ids: string[]): string[] {
  if (ids.length > MAX_CSV_ROWS)
    throw validationError(`A static cohort may have at most ${MAX_CSV_ROWS.toLocaleString("en-US")} persons.`, "is_static", "max_value");
  return ids;
}

/** The persons a persons URL's parameters select: an insight's (insight-persons.ts), or the persons list's `properties`. */
async function personsOfUrl(project: Project, query: Record<string, string>): Promise<string[]> {
  if (isInsightPersonsUrl(query)) return bounded(await insightPersons(project, query, MAX_CSV_ROWS));
  await checkCohortReferences(project.id, query);
  const group = ZProperties.parse(query.properties);
  const condition = personPropertiesSql(group, await currentMembers(project.id, cohortIdsOf(group)));
  const db = await getDb();
  const rows = await db
    .select({ id: persons.id })
    .from(persons)
    .where(and(eq(persons.projectId, project.id), condition))
    .limit(MAX_CSV_ROWS + 1);
  return bounded(rows.map((r) => r.id));
}

/** A new static cohort holding `members`, written before the answer. */
async function savedStaticCohort(projectId: number, actor: Actor, input: { name: string; description?: string }, members: string[]) {
  const cohort = await insertStaticCohort(projectId, actor, input);
  await calculateStaticCohort(cohort, async () => members);
  return reloaded(cohort);
}

/** `POST cohorts/` with `is_static`: from the CSV file, else from the persons URL in the query string. */
export async function createStaticCohort(actor: Actor, projectId: TProjectId, input: TCohortCreate, url: URL): Promise<Cohort> {
  const { project } = await requireProjectAccess(actor, projectId);
  // PostHog's app posts `cohorts/?<persons URL's parameters>&is_static=true`.
  const { is_static: _flag, ...query } = Object.fromEntries(url.searchParams);
  let members: string[];
  if (input.csv !== undefined) members = bounded(await personsOfList(project.id, parseUploadedList(input.csv)));
  else if (Object.keys(query).length > 0) members = await personsOfUrl(project, query);
  else throw validationError("A static cohort needs a CSV file (csv), or the persons URL whose persons it keeps.", "csv", "required");
  return savedStaticCohort(project.id, actor, input, members);
}

const allMembers = async (cohort: Cohort) => (await memberIds(cohort.projectId, cohort.id, { limit: MAX_CSV_ROWS + 1, offset: 0 })).ids;

/** `PATCH :id/add_persons_to_static_cohort/`: the project's persons among `personIds` join the members. */
export async function addPersonsToStaticCohort(actor: Actor, projectId: TProjectId, cohortId: number, personIds: string[]) {
  const cohort = await requireCohort(actor, projectId, cohortId);
  if (!cohort.isStatic) throw validationError("Persons can be added to static cohorts only.", "person_ids");
  if (personIds.length > MAX_ADDED_PERSONS)
    throw validationError(`At most ${MAX_ADDED_PERSONS.toLocaleString("en-US")} persons can be added at once.`, "person_ids", "max_length");
  const added = await personsOfList(cohort.projectId, { column: "person_id", values: personIds });
  await calculateStaticCohort(cohort, async () => bounded([...(await allMembers(cohort)), ...added]));
  return { success: true };
}

/** A static cohort's CSV upload on PATCH, checked before any other change: `add` makes its persons members. */
export async function csvForStaticCohort(cohort: Cohort, csv: string): Promise<{ add: () => Promise<void> }> {
  if (!cohort.isStatic) throw validationError("A CSV can be uploaded to static cohorts only.", "csv");
  const members = bounded([...(await allMembers(cohort)), ...(await personsOfList(cohort.projectId, parseUploadedList(csv)))]);
  return { add: () => calculateStaticCohort(cohort, async () => members) };
}

/** `GET :id/duplicate_as_static_cohort/`: a static cohort of the cohort's current members. */
export async function duplicateAsStatic(actor: Actor, projectId: TProjectId, cohortId: number): Promise<Cohort> {
  const source = await requireCohort(actor, projectId, cohortId);
  const members = bounded(await allMembers(source));
  const name = `${source.name} (static copy)`.slice(0, 400);
  return savedStaticCohort(source.projectId, actor, { name, description: source.description }, members);
}
