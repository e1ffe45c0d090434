import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { activityPage, recordActivity } from "@/lib/activity/log";
import { activityLogs, type Insight, type Project } from "@/lib/db/schema";
import { requireProjectAccess } from "@/lib/projects/access";
import type { TProjectId } from "@/lib/projects/schemas";
import { findInsight } from "./access";

/** What a member did to an insight, as an entry of its activity log (PostHog's `Detail` of scope `Insight`). */
export async function recordInsightActivity(
  project: Project,
  organizationId: string,
  userId: number,
  insight: Insight,
  activity: string,
  changes: Record<string, unknown>[] | null,
) {
  await recordActivity({
    projectId: project.id,
    organizationId,
    userId,
    scope: "Insight",
    itemId: String(insight.id),
    activity,
    detail: {
      id: insight.id,
      changes,
      merge: null,
      trigger: null,
      name: insight.name || insight.derivedName || null,
      short_id: insight.shortId,
      type: null,
    },
  });
}

/** The activity log of the project's insights, or of one (deleted ones too). */
export async function insightActivityPage(
  actor: Actor,
  projectId: TProjectId,
  url: URL,
  query: { limit?: string; page?: string },
  insightId?: number,
) {
  const { project } = await requireProjectAccess(actor, projectId);
  if (insightId !== undefined) await findInsight(project.id, insightId, { includeDeleted: true });
  const where = [eq(activityLogs.projectId, project.id), eq(activityLogs.scope, "Insight")];
  if (insightId !== undefined) where.push(eq(activityLogs.itemId, String(insightId)));
  return activityPage(url, query, ...where);
}
