import { and, desc, eq, ilike } from "drizzle-orm";
import { notFound, validationError } from "@/lib/api/errors";
import type { Page } from "@/lib/api/pagination";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { containsPattern } from "@/lib/db/like";
import { cohorts, type Cohort, type User } from "@/lib/db/schema";
import { requireProjectAccess } from "@/lib/projects/access";
import type { TProjectId } from "@/lib/projects/schemas";
import { usersById } from "@/lib/users/lookup";
import { createdByOf } from "@/lib/users/serialize";
import { parseCriteria, referencedCohorts, type CriteriaGroup } from "./criteria";
import { projectCohorts } from "./references";
import { kickCohortCalculations } from "./schedule";
import type { TCohortCreate, TCohortUpdate } from "./schemas";

/** A static cohort's `filters`: no criteria. */
const STATIC_FILTERS = { properties: { type: "AND", values: [] } };

function serializeCohort(cohort: Cohort, people: Map<number, User>) {
  return {
    id: cohort.id,
    name: cohort.name,
    description: cohort.description,
    groups: [],
    deleted: cohort.deleted,
    filters: cohort.filters,
    query: null,
    is_calculating: cohort.isCalculating,
    created_by: createdByOf(cohort.createdById, people),
    created_at: cohort.createdAt.toISOString(),
    last_calculation: cohort.lastCalculation?.toISOString() ?? null,
    version: cohort.version || null,
    count: cohort.count,
    is_static: cohort.isStatic,
    errors_calculating: cohort.errorsCalculating,
  };
}

export async function serializeCohorts(rows: Cohort[]) {
  const people = await usersById(rows.map((r) => r.createdById));
  return rows.map((row) => serializeCohort(row, people));
}

/** Not deleted, newest first; `search` matches part of the name. */
export async function listCohorts(actor: Actor, projectId: TProjectId, filters: { search?: string }, page: Page) {
  const { project } = await requireProjectAccess(actor, projectId);
  const db = await getDb();
  const where = and(
    eq(cohorts.projectId, project.id),
    eq(cohorts.deleted, false),
    filters.search ? ilike(cohorts.name, containsPattern(filters.search)) : undefined,
  );
  const total = await db.$count(cohorts, where);
  const rows = await db
    .select()
    .from(cohorts)
    .where(where)
    .orderBy(desc(cohorts.createdAt), desc(cohorts.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total, results: await serializeCohorts(rows) };
}

/** A project's cohort, deleted ones included. */
export async function requireCohort(actor: Actor, projectId: TProjectId, cohortId: number): Promise<Cohort> {
  const { project } = await requireProjectAccess(actor, projectId);
  const db = await getDb();
  const [row] = await db
    .select()
    .from(cohorts)
    .where(and(eq(cohorts.projectId, project.id), eq(cohorts.id, cohortId)));
  if (!row) throw notFound();
  return row;
}

/** The cohort's row as it is now (after a calculation). */
export async function reloaded(cohort: Cohort): Promise<Cohort> {
  const db = await getDb();
  const [row] = await db.select().from(cohorts).where(eq(cohorts.id, cohort.id));
  return row ?? cohort;
}

/**
 * The criteria of `filters`, checked: every cohort they reference is the project's, and none leads back to
 * `cohortId` (a cycle could never be calculated).
 */
async function checkedCriteria(projectId: number, cohortId: number | null, filters: unknown): Promise<CriteriaGroup> {
  const criteria = parseCriteria(filters);
  const seen = new Set<number>();
  let frontier = referencedCohorts(criteria);
  while (frontier.length) {
    if (cohortId !== null && frontier.includes(cohortId))
      throw validationError("Cohorts cannot reference each other in a cycle.", "filters", "cohort_cycle");
    const known = await projectCohorts(projectId, frontier);
    const next: number[] = [];
    for (const id of frontier) {
      const cohort = known.get(id);
      if (!cohort) throw validationError(`Cohort ${id} does not exist in this project.`, "filters", "invalid_cohort");
      seen.add(id);
      if (cohort.isStatic) continue;
      for (const ref of referencedCohorts(parseCriteria(cohort.filters))) if (!seen.has(ref)) next.push(ref);
    }
    frontier = [...new Set(next)];
  }
  return criteria;
}

/** A new dynamic cohort, calculated in the background (`is_calculating` until then). */
export async function createDynamicCohort(actor: Actor, projectId: TProjectId, input: TCohortCreate): Promise<Cohort> {
  const { project } = await requireProjectAccess(actor, projectId);
  await checkedCriteria(project.id, null, input.filters);
  const db = await getDb();
  const [row] = await db
    .insert(cohorts)
    .values({
      projectId: project.id,
      name: input.name,
      description: input.description ?? "",
      filters: input.filters!,
      isCalculating: true,
      pendingSince: new Date(),
      createdById: actor.user.id,
    })
    .returning();
  kickCohortCalculations();
  return row;
}

/** A new static cohort (no criteria), `is_calculating` until its list is processed. */
export async function insertStaticCohort(projectId: number, actor: Actor, input: { name: string; description?: string }): Promise<Cohort> {
  const db = await getDb();
  const [row] = await db
    .insert(cohorts)
    .values({
      projectId,
      name: input.name,
      description: input.description ?? "",
      filters: STATIC_FILTERS,
      isStatic: true,
      isCalculating: true,
      createdById: actor.user.id,
    })
    .returning();
  return row;
}

/** PATCH: name, description, deleted; new `filters` (dynamic cohorts) are calculated in the background. */
export async function updateCohort(actor: Actor, projectId: TProjectId, cohortId: number, input: TCohortUpdate): Promise<Cohort> {
  const before = await requireCohort(actor, projectId, cohortId);
  const patch: Partial<typeof cohorts.$inferInsert> = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.description !== undefined) patch.description = input.description;
  if (input.deleted !== undefined) patch.deleted = input.deleted;
  const refilter = input.filters !== undefined && !before.isStatic && JSON.stringify(input.filters) !== JSON.stringify(before.filters);
  if (refilter) {
    await checkedCriteria(before.projectId, before.id, input.filters);
    Object.assign(patch, { filters: input.filters, isCalculating: true, pendingSince: new Date() });
  }
  if (Object.keys(patch).length === 0) return before;
  const db = await getDb();
  const [after] = await db.update(cohorts).set(patch).where(eq(cohorts.id, before.id)).returning();
  if (refilter) kickCohortCalculations();
  return after;
}
