import { and, eq } from "drizzle-orm";
import type { MemberCaller, TokenCaller } from "@/lib/api/endpoint";
import { notFound, permissionDenied } from "@/lib/api/errors";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { insights, projects, type Insight, type Project } from "@/lib/db/schema";
import { requireProjectAccess } from "@/lib/projects/access";
import type { TProjectId } from "@/lib/projects/schemas";
import { sharingTokenFailed } from "@/lib/sharing/access-token";

interface FindOptions {
  /** A deleted insight too (to restore it, or read its activity). */
  includeDeleted?: boolean;
  /** The 404's detail, where PostHog says more than "Not found.". */
  notFoundDetail?: string;
}

/** An insight of the project, or 404. */
export async function findInsight(
  projectId: number,
  id: number,
  { includeDeleted = false, notFoundDetail }: FindOptions = {},
): Promise<Insight> {
  const db = await getDb();
  const conditions = [eq(insights.projectId, projectId), eq(insights.id, id)];
  if (!includeDeleted) conditions.push(eq(insights.deleted, false));
  const [row] = await db
    .select()
    .from(insights)
    .where(and(...conditions));
  if (!row) throw notFound(notFoundDetail);
  return row;
}

/** A member's insight, with the project and the membership it is reached through. */
export async function requireInsight(actor: Actor, projectId: TProjectId, id: number, options?: FindOptions) {
  const { project, membership } = await requireProjectAccess(actor, projectId);
  return { project, membership, insight: await findInsight(project.id, id, options) };
}

/** Who reads insights: a member, or the holder of a sharing token, who sees its one insight only. */
export type InsightReader = MemberCaller | TokenCaller;

/**
 * The project read. A sharing token reads its own project only (PostHog's SharingTokenPermission answers 403 for
 * any other); `@current` is nobody's current project then, which PostHog refuses as failed authentication.
 */
export async function readableProject(reader: InsightReader, projectId: TProjectId): Promise<Project> {
  if (!reader.sharing) return (await requireProjectAccess(reader.actor, projectId)).project;
  if (projectId === "@current") throw sharingTokenFailed("Incorrect authentication credentials.");
  if (projectId !== reader.sharing.projectId) throw permissionDenied();
  const db = await getDb();
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  if (!project) throw permissionDenied();
  return project;
}

export async function readInsight(reader: InsightReader, projectId: TProjectId, id: number) {
  const project = await readableProject(reader, projectId);
  // Any insight but the shared one is out of a token's sight: not found, as in PostHog's queryset.
  if (reader.sharing && id !== reader.sharing.insightId) throw notFound();
  return { project, insight: await findInsight(project.id, id) };
}
