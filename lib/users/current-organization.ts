import { asc, eq } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { memberships, projects, users } from "@/lib/db/schema";

/** Points a user who left their current organization at another of theirs (or none), as PostHog's `User.leave`. */
export async function moveToFirstOrganization(tx: Tx, userId: number) {
  const [next] = await tx
    .select({ organizationId: memberships.organizationId })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.joinedAt))
    .limit(1);
  await setCurrentOrganization(tx, userId, next?.organizationId ?? null);
}

/** The user now works in `organizationId` (none when null), in its first project. */
export async function setCurrentOrganization(tx: Tx, userId: number, organizationId: string | null) {
  const [project] = organizationId
    ? await tx
        .select({ id: projects.id })
        .from(projects)
        .where(eq(projects.organizationId, organizationId))
        .orderBy(asc(projects.id))
        .limit(1)
    : [];
  const [user] = await tx
    .update(users)
    .set({ currentOrganizationId: organizationId, currentProjectId: project?.id ?? null })
    .where(eq(users.id, userId))
    .returning();
  return user;
}
