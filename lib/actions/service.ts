import { and, asc, count, desc, eq, ilike, ne, or, type SQL } from "drizzle-orm";
import { notFound, validationError } from "@/lib/api/errors";
import type { Page } from "@/lib/api/pagination";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { containsPattern } from "@/lib/db/like";
import { isUniqueViolation } from "@/lib/db/errors";
import { actions, type Action, type User } from "@/lib/db/schema";
import { normalizeTags } from "@/lib/tags";
import { usersById } from "@/lib/users/lookup";
import { requireProjectAccess } from "@/lib/projects/access";
import type { TProjectId } from "@/lib/projects/schemas";
import { createdByOf } from "@/lib/users/serialize";
import type { TActionWrite } from "./schemas";

function serializeAction(action: Action, people: Map<number, User>) {
  return {
    id: action.id,
    name: action.name,
    description: action.description,
    tags: action.tags,
    post_to_slack: action.postToSlack,
    slack_message_format: action.slackMessageFormat,
    steps: action.steps,
    created_at: action.createdAt.toISOString(),
    created_by: createdByOf(action.createdById, people),
    deleted: action.deleted,
    // Actions are matched when queried, never precomputed.
    is_calculating: false,
    last_calculated_at: action.lastCalculatedAt.toISOString(),
    team_id: action.projectId,
    is_action: true as const,
    bytecode_error: null,
    pinned_at: action.pinnedAt?.toISOString() ?? null,
    creation_context: null,
    // Every member of the project's organization may edit its actions.
    user_access_level: "editor",
  };
}

export async function serializeActions(rows: Action[]) {
  const people = await usersById(rows.map((r) => r.createdById));
  return rows.map((row) => serializeAction(row, people));
}

/** Not deleted; PostHog's order: most recently calculated (for Hedgerow: created, unless set) first, then by name. */
export async function listActions(actor: Actor, projectId: TProjectId, filters: { search?: string }, page: Page) {
  const { project } = await requireProjectAccess(actor, projectId);
  const db = await getDb();
  const where: SQL[] = [eq(actions.projectId, project.id), eq(actions.deleted, false)];
  if (filters.search)
    where.push(or(ilike(actions.name, containsPattern(filters.search)), ilike(actions.description, containsPattern(filters.search)))!);
  const [{ total }] = await db
    .select({ total: count() })
    .from(actions)
    .where(and(...where));
  const rows = await db
    .select()
    .from(actions)
    .where(and(...where))
    .orderBy(desc(actions.lastCalculatedAt), asc(actions.name), desc(actions.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total, results: await serializeActions(rows) };
}

/** A project's action, deleted ones included (PostHog hides them from the list only). */
export async function requireAction(actor: Actor, projectId: TProjectId, actionId: number): Promise<Action> {
  const { project } = await requireProjectAccess(actor, projectId);
  const db = await getDb();
  const [row] = await db
    .select()
    .from(actions)
    .where(and(eq(actions.projectId, project.id), eq(actions.id, actionId)));
  if (!row) throw notFound();
  return row;
}

async function nameTaken(projectId: number, name: string | null, exceptId: number | null): Promise<void> {
  if (name === null) return;
  const db = await getDb();
  const conditions = [eq(actions.projectId, projectId), eq(actions.name, name), eq(actions.deleted, false)];
  if (exceptId !== null) conditions.push(ne(actions.id, exceptId));
  const [colliding] = await db
    .select({ id: actions.id })
    .from(actions)
    .where(and(...conditions))
    .orderBy(asc(actions.id))
    .limit(1);
  if (colliding) throw validationError(`This project already has an action with this name, ID ${colliding.id}`, "name", "unique");
}

/** Runs a write; a concurrent write that took the name first (the unique index) answers as the check does. */
async function savingName<T>(projectId: number, name: string | null, exceptId: number | null, write: () => Promise<T>): Promise<T> {
  await nameTaken(projectId, name, exceptId);
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) await nameTaken(projectId, name, exceptId);
    throw error;
  }
}

export async function createAction(actor: Actor, projectId: TProjectId, input: TActionWrite): Promise<Action> {
  const { project } = await requireProjectAccess(actor, projectId);
  const db = await getDb();
  const name = input.name ?? null;
  const [row] = await savingName(project.id, input.deleted ? null : name, null, () =>
    db
      .insert(actions)
      .values({
        projectId: project.id,
        name,
        description: input.description ?? "",
        tags: normalizeTags(input.tags ?? []),
        postToSlack: input.post_to_slack ?? false,
        slackMessageFormat: input.slack_message_format ?? "",
        steps: input.steps ?? [],
        deleted: input.deleted ?? false,
        pinnedAt: input.pinned_at ? new Date(input.pinned_at) : null,
        ...(input.last_calculated_at ? { lastCalculatedAt: new Date(input.last_calculated_at) } : {}),
        createdById: actor.user.id,
      })
      .returning(),
  );
  return row;
}

/** PATCH and PUT (PostHog's serializer makes every field optional, so both update what they are given). */
export async function updateAction(actor: Actor, projectId: TProjectId, actionId: number, input: TActionWrite): Promise<Action> {
  const before = await requireAction(actor, projectId, actionId);
  const patch: Partial<typeof actions.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) patch.name = input.name;
  if (input.description !== undefined) patch.description = input.description;
  if (input.tags !== undefined) patch.tags = normalizeTags(input.tags);
  if (input.post_to_slack !== undefined) patch.postToSlack = input.post_to_slack;
  if (input.slack_message_format !== undefined) patch.slackMessageFormat = input.slack_message_format;
  if (input.steps !== undefined) patch.steps = input.steps;
  if (input.deleted !== undefined) patch.deleted = input.deleted;
  if (input.last_calculated_at !== undefined) patch.lastCalculatedAt = new Date(input.last_calculated_at);
  // Pinning keeps an existing pin's time and otherwise takes the server's; null unpins.
  if (input.pinned_at === null) patch.pinnedAt = null;
  else if (input.pinned_at !== undefined && !before.pinnedAt) patch.pinnedAt = new Date();

  const deletedAfter = patch.deleted ?? before.deleted;
  const nameAfter = patch.name !== undefined ? patch.name : before.name;
  // A new name, or a restore, must not collide with a live action.
  const checked = !deletedAfter && (input.name !== undefined || before.deleted) ? nameAfter : null;
  const db = await getDb();
  const [after] = await savingName(before.projectId, checked, before.id, () =>
    db.update(actions).set(patch).where(eq(actions.id, before.id)).returning(),
  );
  return after;
}
