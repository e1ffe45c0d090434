import { and, count, desc, eq, gte, ilike, isNull, lte, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { notFound, validationError } from "@/lib/api/errors";
import type { Page } from "@/lib/api/pagination";
import type { Actor } from "@/lib/auth/actor";
import { dateOfInput } from "@/lib/batch-exports/schemas";
import { getDb } from "@/lib/db/client";
import { containsPattern } from "@/lib/db/like";
import { annotations, dashboards, insights, type Annotation, type Project } from "@/lib/db/schema";
import { requireProjectAccess } from "@/lib/projects/access";
import type { TProjectId } from "@/lib/projects/schemas";
import { usersById } from "@/lib/users/lookup";
import { createdByOf } from "@/lib/users/serialize";
import type { AnnotationScope, TAnnotationListQuery, TAnnotationWrite } from "./schemas";

const insight = alias(insights, "annotation_insight");
const dashboard = alias(dashboards, "annotation_dashboard");

/**
 * What a project sees (PostHog's `_filter_queryset_by_parents_lookups`): its own annotations and its
 * organization's organization-wide ones; those of a deleted insight or dashboard stay hidden until it is restored.
 */
function visibleIn(project: Project): SQL {
  return and(
    or(
      eq(annotations.projectId, project.id),
      and(eq(annotations.scope, "organization"), eq(annotations.organizationId, project.organizationId)),
    ),
    or(isNull(annotations.insightId), eq(insight.deleted, false)),
    or(isNull(annotations.dashboardId), eq(dashboard.deleted, false)),
  )!;
}

type AnnotationRow = {
  annotation: Annotation;
  insight: typeof insights.$inferSelect | null;
  dashboard: typeof dashboards.$inferSelect | null;
};

async function selectAnnotations(where: SQL, page?: Page): Promise<AnnotationRow[]> {
  const db = await getDb();
  const query = db
    .select({ annotation: annotations, insight, dashboard })
    .from(annotations)
    .leftJoin(insight, eq(insight.id, annotations.insightId))
    .leftJoin(dashboard, eq(dashboard.id, annotations.dashboardId))
    .where(where)
    .orderBy(desc(annotations.dateMarker), desc(annotations.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

async function serializeAnnotations(rows: AnnotationRow[]) {
  const people = await usersById(rows.map((r) => r.annotation.createdById));
  return rows.map(({ annotation: a, insight: i, dashboard: d }) => ({
    id: a.id,
    content: a.content,
    date_marker: a.dateMarker?.toISOString() ?? null,
    creation_type: a.creationType as "USR" | "GIT",
    dashboard_item: a.insightId,
    dashboard_id: a.dashboardId,
    dashboard_name: d?.name ?? null,
    insight_short_id: i?.shortId ?? null,
    insight_name: i?.name ?? null,
    insight_derived_name: i?.derivedName ?? null,
    created_by: createdByOf(a.createdById, people),
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
    deleted: a.deleted,
    scope: a.scope as AnnotationScope,
  }));
}

/** Not deleted, latest date first (PostHog's `-date_marker`: undated ones first). */
export async function listAnnotations(actor: Actor, projectId: TProjectId, filters: TAnnotationListQuery, page: Page) {
  const { project } = await requireProjectAccess(actor, projectId);
  const db = await getDb();
  const where = [visibleIn(project), eq(annotations.deleted, false)];
  if (filters.search) where.push(ilike(annotations.content, containsPattern(filters.search)));
  if (filters.scope) where.push(eq(annotations.scope, filters.scope));
  if (filters.date_from) where.push(gte(annotations.dateMarker, filters.date_from));
  if (filters.date_to) where.push(lte(annotations.dateMarker, filters.date_to));
  const [{ total }] = await db
    .select({ total: count() })
    .from(annotations)
    .leftJoin(insight, eq(insight.id, annotations.insightId))
    .leftJoin(dashboard, eq(dashboard.id, annotations.dashboardId))
    .where(and(...where));
  return { count: total, results: await serializeAnnotations(await selectAnnotations(and(...where)!, page)) };
}

/**
 * One annotation the project sees; deleted ones only for a PATCH (PostHog restores with `deleted: false`), so
 * retrieve and PUT answer 404 for them.
 */
async function requireAnnotationRow(actor: Actor, projectId: TProjectId, annotationId: number, withDeleted: boolean) {
  const { project } = await requireProjectAccess(actor, projectId);
  const where = [visibleIn(project), eq(annotations.id, annotationId)];
  if (!withDeleted) where.push(eq(annotations.deleted, false));
  const [row] = await selectAnnotations(and(...where)!);
  if (!row) throw notFound();
  return { project, row };
}

export async function retrieveAnnotation(actor: Actor, projectId: TProjectId, annotationId: number) {
  const { row } = await requireAnnotationRow(actor, projectId, annotationId, false);
  return (await serializeAnnotations([row]))[0];
}

/** The insight and dashboard an annotation names must be the project's own (PostHog's team-scoped fields). */
async function checkReferences(project: Project, input: TAnnotationWrite) {
  const db = await getDb();
  if (input.dashboard_item != null) {
    const [found] = await db
      .select({ id: insights.id })
      .from(insights)
      .where(and(eq(insights.id, input.dashboard_item), eq(insights.projectId, project.id)));
    if (!found) throw validationError(`Invalid pk "${input.dashboard_item}" - object does not exist.`, "dashboard_item", "does_not_exist");
  }
  if (input.dashboard_id != null) {
    const [found] = await db
      .select({ id: dashboards.id })
      .from(dashboards)
      .where(and(eq(dashboards.id, input.dashboard_id), eq(dashboards.projectId, project.id)));
    if (!found) throw validationError("Dashboard not found.", "dashboard_id", "invalid_input");
  }
}

export async function createAnnotation(actor: Actor, projectId: TProjectId, input: TAnnotationWrite) {
  const { project } = await requireProjectAccess(actor, projectId);
  await checkReferences(project, input);
  const db = await getDb();
  const [created] = await db
    .insert(annotations)
    .values({
      projectId: project.id,
      organizationId: project.organizationId,
      content: input.content ?? null,
      dateMarker: input.date_marker ? dateOfInput(input.date_marker) : null,
      creationType: input.creation_type ?? "USR",
      scope: input.scope ?? "dashboard_item",
      insightId: input.dashboard_item ?? null,
      dashboardId: input.dashboard_id ?? null,
      deleted: input.deleted ?? false,
      createdById: actor.user.id,
    })
    .returning({ id: annotations.id });
  return retrieveWithDeleted(actor, project.id, created.id);
}

async function retrieveWithDeleted(actor: Actor, projectId: number, annotationId: number) {
  const { row } = await requireAnnotationRow(actor, projectId, annotationId, true);
  return (await serializeAnnotations([row]))[0];
}

/** PATCH (deleted ones too, to restore them) and PUT (every field optional, as PostHog's serializer has them). */
export async function updateAnnotation(
  actor: Actor,
  projectId: TProjectId,
  annotationId: number,
  input: TAnnotationWrite,
  partial: boolean,
) {
  const { project, row } = await requireAnnotationRow(actor, projectId, annotationId, partial);
  await checkReferences(project, input);
  const patch: Partial<typeof annotations.$inferInsert> = { updatedAt: new Date() };
  if (input.content !== undefined) patch.content = input.content;
  if (input.date_marker !== undefined) patch.dateMarker = input.date_marker ? dateOfInput(input.date_marker) : null;
  if (input.creation_type !== undefined) patch.creationType = input.creation_type;
  if (input.scope !== undefined) patch.scope = input.scope;
  if (input.dashboard_item !== undefined) patch.insightId = input.dashboard_item;
  if (input.dashboard_id !== undefined) patch.dashboardId = input.dashboard_id;
  if (input.deleted !== undefined) patch.deleted = input.deleted;
  const db = await getDb();
  await db.update(annotations).set(patch).where(eq(annotations.id, row.annotation.id));
  return retrieveWithDeleted(actor, project.id, row.annotation.id);
}
