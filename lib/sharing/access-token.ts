import { and, eq, isNotNull } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";
import { sharingConfigurations } from "@/lib/db/schema";

/** What a `?sharing_access_token=` lets its holder read: one insight of one project. */
export interface SharingGrant {
  projectId: number;
  insightId: number;
}

/**
 * PostHog answers sharing-token failures with 403, not 401: its sharing authenticator comes first on the views
 * that accept one and names no `WWW-Authenticate` scheme, so DRF turns the authentication failure into a 403.
 */
export const sharingTokenFailed = (detail: string) => new ApiError(403, "authentication_error", "authentication_failed", detail);

/** A string holding U+0000 is no token of ours, and PostgreSQL text cannot even be compared with it. */
export const couldBeSharingToken = (token: string) => !token.includes("\u0000");

/**
 * PostHog's SharingAccessTokenAuthentication: GET only, and only the token of an enabled configuration. The API
 * reads insights with it; a dashboard's token opens its public page only.
 */
export async function authenticateSharingToken(method: string, token: string): Promise<SharingGrant> {
  if (method !== "GET" && method !== "HEAD") throw sharingTokenFailed("Sharing access token can only be used for GET requests.");
  const db = await getDb();
  const [config] = couldBeSharingToken(token)
    ? await db
        .select({ projectId: sharingConfigurations.projectId, insightId: sharingConfigurations.insightId })
        .from(sharingConfigurations)
        .where(
          and(
            eq(sharingConfigurations.accessToken, token),
            eq(sharingConfigurations.enabled, true),
            isNotNull(sharingConfigurations.insightId),
          ),
        )
    : [];
  if (!config?.insightId) throw sharingTokenFailed("Sharing access token is invalid.");
  return { projectId: config.projectId, insightId: config.insightId };
}
