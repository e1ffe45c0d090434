import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { projects, sharingConfigurations, type SharingConfiguration } from "@/lib/db/schema";
import { couldBeSharingToken } from "./access-token";

// The sharing configurations of insights, dashboards and web analytics pages alike: one per item, with the token
// of its public link.

/** What one sharing configuration shares. */
export type Shareable = { insightId: number } | { dashboardId: number } | { webAnalyticsProjectId: number };

function sharing(target: Shareable) {
  if ("insightId" in target) return eq(sharingConfigurations.insightId, target.insightId);
  if ("dashboardId" in target) return eq(sharingConfigurations.dashboardId, target.dashboardId);
  return eq(sharingConfigurations.webAnalyticsProjectId, target.webAnalyticsProjectId);
}

const newAccessToken = () => randomBytes(22).toString("base64url");

export async function sharingConfigOf(target: Shareable): Promise<SharingConfiguration | null> {
  const db = await getDb();
  const [config] = await db.select().from(sharingConfigurations).where(sharing(target));
  return config ?? null;
}

export function serializeSharing(config: Pick<SharingConfiguration, "createdAt" | "enabled" | "accessToken"> | null) {
  return config
    ? { created_at: config.createdAt.toISOString(), enabled: config.enabled, access_token: config.accessToken }
    : { created_at: null, enabled: false, access_token: null };
}

/** Enables or disables sharing (a configuration not saved yet is saved with its first token); `before` is what it was. */
export async function saveSharing(projectId: number, target: Shareable, enabled: boolean | undefined) {
  const config = await sharingConfigOf(target);
  const db = await getDb();
  const before = config?.enabled ?? false;
  const [saved] = config
    ? await db
        .update(sharingConfigurations)
        .set({ enabled: enabled ?? before })
        .where(eq(sharingConfigurations.id, config.id))
        .returning()
    : await db
        .insert(sharingConfigurations)
        .values({ projectId, ...target, enabled: enabled ?? false, accessToken: newAccessToken() })
        .returning();
  return { before, saved };
}

/**
 * PostHog's `refresh/`: a new access token, the old one stops working at once (links with it stop opening);
 * whether sharing is enabled is kept. A configuration not saved yet is saved, disabled, with its first token.
 */
export async function renewSharingToken(projectId: number, target: Shareable) {
  const config = await sharingConfigOf(target);
  const db = await getDb();
  // PostHog replaces the configuration with a new one: a new `created_at` too.
  const fresh = { accessToken: newAccessToken(), createdAt: new Date() };
  const [saved] = config
    ? await db.update(sharingConfigurations).set(fresh).where(eq(sharingConfigurations.id, config.id)).returning()
    : await db
        .insert(sharingConfigurations)
        .values({ projectId, ...target, enabled: false, ...fresh })
        .returning();
  return saved;
}

/** The enabled configuration behind a public link, with its project; null for an unknown or disabled token. */
export async function enabledSharing(accessToken: string) {
  if (!couldBeSharingToken(accessToken)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ config: sharingConfigurations, project: projects })
    .from(sharingConfigurations)
    .innerJoin(projects, eq(projects.id, sharingConfigurations.projectId))
    .where(and(eq(sharingConfigurations.accessToken, accessToken), eq(sharingConfigurations.enabled, true)));
  return row ?? null;
}
