import { and, eq } from "drizzle-orm";
import { notFound, permissionDenied, type ApiError } from "@/lib/api/errors";
import type { Actor } from "@/lib/auth/actor";
import { keyOrganizationDenial, keyProjectDenial } from "@/lib/auth/key-limits";
import { getDb } from "@/lib/db/client";
import { memberships, projects, type Membership, type PersonalApiKey, type Project } from "@/lib/db/schema";
import type { TProjectId } from "./schemas";

export const PROJECT_NOT_FOUND = "Project not found.";

export interface ProjectAccess {
  project: Project;
  /** The caller's membership of the project's organization. */
  membership: Membership;
}

/**
 * Why the caller may not reach project `projectId`, or null when they may. PostHog's order: the key's scoped
 * projects, the project's existence (404), the key's scoped organizations, then membership of the project's
 * organization (403, TeamMemberAccessPermission).
 */
export function projectAccessDenial(
  projectId: number,
  project: Project | undefined,
  membership: Membership | undefined,
  apiKey: Pick<PersonalApiKey, "scopedTeams" | "scopedOrganizations"> | null,
): ApiError | null {
  const projectDenial = keyProjectDenial(apiKey, projectId);
  if (projectDenial) return projectDenial;
  if (!project) return notFound(PROJECT_NOT_FOUND);
  const organizationDenial = keyOrganizationDenial(apiKey, project.organizationId);
  if (organizationDenial) return organizationDenial;
  if (!membership) return permissionDenied("You don't have access to the project.");
  return null;
}

/**
 * The project a project-scoped request addresses (`@current` for the caller's current one), with the caller's
 * membership of its organization; throws the 404/403 PostHog answers otherwise.
 */
export async function requireProjectAccess(actor: Actor, id: TProjectId): Promise<ProjectAccess> {
  const projectId = id === "@current" ? actor.user.currentProjectId : id;
  if (projectId === null) throw notFound(PROJECT_NOT_FOUND);
  const db = await getDb();
  const [row] = await db
    .select({ project: projects, membership: memberships })
    .from(projects)
    .leftJoin(memberships, and(eq(memberships.organizationId, projects.organizationId), eq(memberships.userId, actor.user.id)))
    .where(eq(projects.id, projectId));
  const denial = projectAccessDenial(projectId, row?.project, row?.membership ?? undefined, actor.apiKey);
  if (denial) throw denial;
  return { project: row.project, membership: row.membership! };
}
