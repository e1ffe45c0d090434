/** Which batch exports a caller reaches through a route, and the one a URL names. */

import { and, eq, type SQL } from "drizzle-orm";
import { notFound } from "@/lib/api/errors";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { batchExports, projects, type BatchExport, type Project } from "@/lib/db/schema";
import { requireOrganizationMember } from "@/lib/organizations/access";
import { requireProjectAccess } from "@/lib/projects/access";
import type { TProjectId } from "@/lib/projects/schemas";

/** Which route an export is reached through: an organization's (all its projects) or one project's. */
export type BatchExportsOwner = { organizationId: string } | { projectId: TProjectId };

/** What the caller reaches through the route: the exports of an organization, or of one of its projects. */
export interface Reach {
  organizationId: string;
  project: Project | null;
}

/**
 * Any member of the organization reads and writes its exports, as PostHog's BatchExportViewSet lets any project
 * member (ProjectMembershipNecessaryPermissions + TeamMemberAccessPermission). Not a member: 403 before lookup.
 */
export async function reach(actor: Actor, owner: BatchExportsOwner): Promise<Reach> {
  if ("projectId" in owner) {
    const { project } = await requireProjectAccess(actor, owner.projectId);
    return { organizationId: project.organizationId, project };
  }
  const { organization } = await requireOrganizationMember(actor, owner.organizationId);
  return { organizationId: organization.id, project: null };
}

export const reachable = (where: Reach): SQL =>
  where.project ? eq(batchExports.projectId, where.project.id) : eq(projects.organizationId, where.organizationId);

/** A live export reachable through the route; one of another organization or project is not found. */
export async function findExport(where: Reach, batchExportId: string): Promise<BatchExport> {
  const db = await getDb();
  const [row] = await db
    .select({ batchExport: batchExports })
    .from(batchExports)
    .innerJoin(projects, eq(projects.id, batchExports.projectId))
    .where(and(eq(batchExports.id, batchExportId), eq(batchExports.deleted, false), reachable(where)));
  if (!row) throw notFound();
  return row.batchExport;
}
