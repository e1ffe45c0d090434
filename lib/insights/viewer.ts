import { and, eq, inArray } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { scopesGrant } from "@/lib/auth/scopes";
import { getDb } from "@/lib/db/client";
import { insightViews } from "@/lib/db/schema";

type InsightAccessLevel = "editor" | "viewer";

/** Who is reading insights, for the fields that depend on them: PostHog's `user_access_level` and `last_viewed_at`. */
export interface InsightViewer {
  accessLevel: InsightAccessLevel;
  /** When the caller last opened each insight (ISO), by insight id. */
  lastViewed: Map<number, string>;
}

/** A visitor of a shared insight or dashboard: reads only, has opened nothing. */
export const PUBLIC_INSIGHT_VIEWER: InsightViewer = { accessLevel: "viewer", lastViewed: new Map() };

/**
 * Insights carry no restrictions of their own here: a member may edit every insight of their projects, unless
 * they call with a personal API key that may only read insights.
 */
function insightAccessLevel(actor: Actor): InsightAccessLevel {
  return actor.apiKey && !scopesGrant(actor.apiKey.scopes, "insight:write") ? "viewer" : "editor";
}

/** The caller as a viewer of these insights: their access level and the views the app recorded (`viewed/`). */
export async function insightViewer(actor: Actor | null, insightIds: number[]): Promise<InsightViewer> {
  if (!actor) return PUBLIC_INSIGHT_VIEWER;
  const db = await getDb();
  const views = insightIds.length
    ? await db
        .select({ insightId: insightViews.insightId, lastViewedAt: insightViews.lastViewedAt })
        .from(insightViews)
        .where(and(eq(insightViews.userId, actor.user.id), inArray(insightViews.insightId, insightIds)))
    : [];
  return {
    accessLevel: insightAccessLevel(actor),
    lastViewed: new Map(views.map((view) => [view.insightId, view.lastViewedAt.toISOString()])),
  };
}
