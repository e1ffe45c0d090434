import { and, asc, desc, eq, ilike, or, sql } from "drizzle-orm";
import { validationError, notFound } from "@/lib/api/errors";
import { withQuery } from "@/lib/api/pagination";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { containsPattern } from "@/lib/db/like";
import { groupTypeMappings, groups, type Group } from "@/lib/db/schema";
import { requireProjectAccess } from "@/lib/projects/access";
import type { TProjectId } from "@/lib/projects/schemas";
import type { TGroup, TGroupType } from "./schemas";

/** Groups a page holds: PostHog's GroupCursorPagination. */
const GROUPS_PAGE = 100;

const serializeType = (row: typeof groupTypeMappings.$inferSelect): TGroupType => ({
  group_type: row.groupType,
  group_type_index: row.groupTypeIndex,
  name_singular: row.nameSingular,
  name_plural: row.namePlural,
});

const serializeGroup = (row: Group, groupTypeIndex: number): TGroup => ({
  group_type_index: groupTypeIndex,
  group_key: row.groupKey,
  group_properties: row.properties,
  created_at: row.createdAt.toISOString(),
});

/** The project's group types by index (G9): not paginated, as PostHog. */
export async function listGroupTypes(actor: Actor, projectId: TProjectId): Promise<TGroupType[]> {
  const { project } = await requireProjectAccess(actor, projectId);
  const db = await getDb();
  const rows = await db
    .select()
    .from(groupTypeMappings)
    .where(eq(groupTypeMappings.projectId, project.id))
    .orderBy(asc(groupTypeMappings.groupTypeIndex));
  return rows.map(serializeType);
}

/** Renames group types (their singular and plural); an index the project has no type for is a 400. */
export async function updateGroupTypesMetadata(
  actor: Actor,
  projectId: TProjectId,
  changes: { group_type_index: number; name_singular?: string | null; name_plural?: string | null }[],
): Promise<TGroupType[]> {
  const { project } = await requireProjectAccess(actor, projectId);
  const db = await getDb();
  await db.transaction(async (tx) => {
    for (const [i, change] of changes.entries()) {
      const set: Partial<typeof groupTypeMappings.$inferInsert> = {};
      if (change.name_singular !== undefined) set.nameSingular = change.name_singular || null;
      if (change.name_plural !== undefined) set.namePlural = change.name_plural || null;
      const where = and(eq(groupTypeMappings.projectId, project.id), eq(groupTypeMappings.groupTypeIndex, change.group_type_index));
      const updated = Object.keys(set).length
        ? await tx.update(groupTypeMappings).set(set).where(where).returning({ index: groupTypeMappings.groupTypeIndex })
        : await tx.select({ index: groupTypeMappings.groupTypeIndex }).from(groupTypeMappings).where(where);
      if (!updated.length)
        throw validationError(`This project has no group type with index ${change.group_type_index}.`, `${i}__group_type_index`);
    }
  });
  return listGroupTypes(actor, project.id);
}

async function groupTypeAt(projectId: number, index: number): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ groupType: groupTypeMappings.groupType })
    .from(groupTypeMappings)
    .where(and(eq(groupTypeMappings.projectId, projectId), eq(groupTypeMappings.groupTypeIndex, index)));
  return row?.groupType ?? null;
}

/** A cursor names an offset; it is opaque to clients, who follow `next` and `previous`. */
const cursorOf = (offset: number) => Buffer.from(`o=${offset}`).toString("base64url");
function offsetOf(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const match = /^o=(\d{1,9})$/.exec(Buffer.from(cursor, "base64url").toString());
  if (!match) throw validationError("Invalid cursor.", "cursor");
  return Number(match[1]);
}

/** A group type's groups, newest first, in cursor pages of 100; `search` matches the key or a property value (G10). */
export async function listGroups(
  actor: Actor,
  projectId: TProjectId,
  query: { group_type_index: number; search?: string; cursor?: string },
  url: URL,
): Promise<{ next: string | null; previous: string | null; results: TGroup[] }> {
  const { project } = await requireProjectAccess(actor, projectId);
  const offset = offsetOf(query.cursor);
  const groupType = await groupTypeAt(project.id, query.group_type_index);
  if (groupType === null) return { next: null, previous: null, results: [] };
  const conditions = [eq(groups.projectId, project.id), eq(groups.groupType, groupType)];
  const search = query.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(or(ilike(groups.groupKey, pattern), ilike(sql`${groups.properties}::text`, pattern))!);
  }
  const db = await getDb();
  const rows = await db
    .select()
    .from(groups)
    .where(and(...conditions))
    .orderBy(desc(groups.createdAt), asc(groups.groupKey))
    .limit(GROUPS_PAGE + 1)
    .offset(offset);
  const more = rows.length > GROUPS_PAGE;
  return {
    next: more ? withQuery(url, { cursor: cursorOf(offset + GROUPS_PAGE) }) : null,
    previous: offset > 0 ? withQuery(url, { cursor: offset - GROUPS_PAGE > 0 ? cursorOf(offset - GROUPS_PAGE) : null }) : null,
    results: rows.slice(0, GROUPS_PAGE).map((row) => serializeGroup(row, query.group_type_index)),
  };
}

/** One group by type index and key, or 404. */
export async function findGroup(
  actor: Actor,
  projectId: TProjectId,
  query: { group_type_index: number; group_key: string },
): Promise<TGroup> {
  const { project } = await requireProjectAccess(actor, projectId);
  const groupType = await groupTypeAt(project.id, query.group_type_index);
  if (groupType === null) throw notFound();
  const db = await getDb();
  const [row] = await db
    .select()
    .from(groups)
    .where(and(eq(groups.projectId, project.id), eq(groups.groupType, groupType), eq(groups.groupKey, query.group_key)));
  if (!row) throw notFound();
  return serializeGroup(row, query.group_type_index);
}
