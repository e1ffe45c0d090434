import { asc, eq, inArray } from "drizzle-orm";
import { newProjectApiToken } from "@/lib/auth/tokens";
import type { Tx } from "@/lib/db/client";
import { projects, type Project } from "@/lib/db/schema";

export const DEFAULT_PROJECT_NAME = "Default project";

export async function insertProject(
  tx: Tx,
  input: { organizationId: string; name?: string; timezone?: string },
): Promise<Project> {
  const [project] = await tx
    .insert(projects)
    .values({
      organizationId: input.organizationId,
      name: input.name ?? DEFAULT_PROJECT_NAME,
      timezone: input.timezone ?? "UTC",
      apiToken: newProjectApiToken(),
    })
    .returning();
  return project;
}

export function projectsOfOrganizations(tx: Tx, organizationIds: string[]): Promise<Project[]> {
  if (organizationIds.length === 0) return Promise.resolve([]);
  return tx.select().from(projects).where(inArray(projects.organizationId, organizationIds)).orderBy(asc(projects.id));
}

export async function findProject(tx: Tx, id: number): Promise<Project | undefined> {
  const [project] = await tx.select().from(projects).where(eq(projects.id, id));
  return project;
}

/** How an organization lists a project in its `teams` and `projects` (PostHog's TeamBasic, trimmed). */
export function projectBasic(project: Project) {
  return {
    id: project.id,
    uuid: project.uuid,
    organization: project.organizationId,
    project_id: project.id,
    api_token: project.apiToken,
    name: project.name,
    timezone: project.timezone,
  };
}
