import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { checkInsightDashboards, placeInsightOnDashboards, removeInsightFromDashboards } from "@/lib/dashboards/placement";
import { getDb } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { insights, type Insight, type Project } from "@/lib/db/schema";
import { requireProjectAccess } from "@/lib/projects/access";
import type { TProjectId } from "@/lib/projects/schemas";
import { normalizeTags } from "@/lib/tags";
import { findInsight } from "./access";
import { recordInsightActivity } from "./activity";
import type { TInsightWrite } from "./schemas";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const shortId = () => Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");

/** Logs a creation or an edit; PostHog logs nothing for those of insights without a name. */
async function recordEdit(
  project: Project,
  organizationId: string,
  userId: number,
  insight: Insight,
  activity: string,
  changes: Record<string, unknown>[],
) {
  if (!insight.name && !insight.derivedName) return;
  await recordInsightActivity(project, organizationId, userId, insight, activity, changes);
}

export async function createInsight(actor: Actor, projectId: TProjectId, input: TInsightWrite) {
  const { project, membership } = await requireProjectAccess(actor, projectId);
  await checkInsightDashboards(project.id, { userId: actor.user.id, level: membership.level }, input.dashboards ?? []);
  const db = await getDb();
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(insights)
          .values({
            projectId: project.id,
            shortId: shortId(),
            name: input.name ?? null,
            derivedName: input.derived_name ?? null,
            description: input.description ?? null,
            filters: input.filters ?? {},
            query: input.query ?? null,
            order: input.order ?? null,
            deleted: input.deleted ?? false,
            saved: input.saved ?? false,
            favorited: input.favorited ?? false,
            tags: normalizeTags(input.tags ?? []),
            createdById: actor.user.id,
            lastModifiedById: actor.user.id,
          })
          .returning();
        if (input.dashboards?.length) await placeInsightOnDashboards(tx, inserted.id, input.dashboards);
        return inserted;
      });
      await recordEdit(project, membership.organizationId, actor.user.id, row, "created", [
        { type: "Insight", action: "created", field: null, before: null, after: null },
      ]);
      return { project, insight: row };
    } catch (error) {
      if (isUniqueViolation(error) && attempt < 5) continue;
      throw error;
    }
  }
}

/** Fields reported in activity diffs, by their API name (PostHog excludes ids, timestamps, saved, order, …). */
const DIFFED: [keyof TInsightWrite, keyof Insight][] = [
  ["name", "name"],
  ["derived_name", "derivedName"],
  ["description", "description"],
  ["filters", "filters"],
  ["query", "query"],
  ["deleted", "deleted"],
  ["tags", "tags"],
  ["favorited", "favorited"],
];

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export async function updateInsight(actor: Actor, projectId: TProjectId, id: number, input: TInsightWrite) {
  const { project, membership } = await requireProjectAccess(actor, projectId);
  // Only a restore may address a deleted insight.
  const before = await findInsight(project.id, id, { includeDeleted: input.deleted === false });
  if (input.dashboards !== undefined)
    await checkInsightDashboards(project.id, { userId: actor.user.id, level: membership.level }, input.dashboards);
  const patch: Partial<typeof insights.$inferInsert> = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.derived_name !== undefined) patch.derivedName = input.derived_name;
  if (input.description !== undefined) patch.description = input.description;
  if (input.filters !== undefined) patch.filters = input.filters;
  if (input.query !== undefined) patch.query = input.query;
  if (input.order !== undefined) patch.order = input.order;
  if (input.deleted !== undefined) patch.deleted = input.deleted;
  if (input.saved !== undefined) patch.saved = input.saved;
  if (input.favorited !== undefined) patch.favorited = input.favorited;
  if (input.tags !== undefined) patch.tags = normalizeTags(input.tags);
  const now = new Date();
  const modifies = (["name", "description", "filters", "query"] as const).some((f) => {
    const column = f as keyof typeof patch;
    return patch[column] !== undefined && !sameJson(patch[column], before[column as keyof Insight]);
  });
  if (modifies) {
    patch.lastModifiedAt = now;
    patch.lastModifiedById = actor.user.id;
  }
  patch.updatedAt = now;
  const db = await getDb();
  const after = await db.transaction(async (tx) => {
    const [updated] = await tx.update(insights).set(patch).where(eq(insights.id, before.id)).returning();
    if (input.dashboards !== undefined) await placeInsightOnDashboards(tx, updated.id, input.dashboards);
    if (updated.deleted && !before.deleted) await removeInsightFromDashboards(tx, updated.id);
    return updated;
  });

  const changes = DIFFED.filter(([, column]) => !sameJson(before[column], after[column])).map(([field, column]) => ({
    type: "Insight",
    action: "changed",
    field,
    before: before[column] ?? null,
    after: after[column] ?? null,
  }));
  const activity = !before.deleted && after.deleted ? "deleted" : before.deleted && !after.deleted ? "restored" : "updated";
  if (changes.length) await recordEdit(project, membership.organizationId, actor.user.id, after, activity, changes);
  return { project, insight: after };
}
