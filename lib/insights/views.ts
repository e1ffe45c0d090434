import { and, desc, eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { tilesOfInsights } from "@/lib/dashboards/placement";
import { getDb } from "@/lib/db/client";
import { insights, insightViews } from "@/lib/db/schema";
import { requireProjectAccess } from "@/lib/projects/access";
import type { TProjectId } from "@/lib/projects/schemas";
import { usersById } from "@/lib/users/lookup";
import { requireInsight } from "./access";
import { serializeBasic } from "./serialize";

// The insights a member opened in the app (`viewed/`), for their `my_last_viewed`; `viewer.ts` reads them per insight.

export async function markViewed(actor: Actor, projectId: TProjectId, insightId: number) {
  const { project, insight } = await requireInsight(actor, projectId, insightId);
  const db = await getDb();
  await db
    .insert(insightViews)
    .values({ projectId: project.id, userId: actor.user.id, insightId: insight.id, lastViewedAt: new Date() })
    .onConflictDoUpdate({
      target: [insightViews.projectId, insightViews.userId, insightViews.insightId],
      set: { lastViewedAt: new Date() },
    });
}

export async function myLastViewed(actor: Actor, projectId: TProjectId) {
  const { project } = await requireProjectAccess(actor, projectId);
  const db = await getDb();
  const rows = await db
    .select({ insight: insights })
    .from(insightViews)
    .innerJoin(insights, eq(insights.id, insightViews.insightId))
    .where(and(eq(insightViews.projectId, project.id), eq(insightViews.userId, actor.user.id), eq(insights.deleted, false)))
    .orderBy(desc(insightViews.lastViewedAt))
    .limit(5);
  const people = await usersById(rows.map((r) => r.insight.createdById));
  const tiles = await tilesOfInsights(rows.map((r) => r.insight.id));
  return rows.map((r) => serializeBasic(r.insight, people, tiles.get(r.insight.id) ?? []));
}
