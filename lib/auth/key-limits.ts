import { permissionDenied, type ApiError } from "@/lib/api/errors";
import type { PersonalApiKey } from "@/lib/db/schema";

type KeyLimits = Pick<PersonalApiKey, "scopedTeams" | "scopedOrganizations"> | null | undefined;

/** A key limited to some projects reaches only those (PostHog's APIScopePermission, word for word). */
export function keyProjectDenial(apiKey: KeyLimits, projectId: number): ApiError | null {
  const scoped = apiKey?.scopedTeams;
  return scoped?.length && !scoped.includes(projectId)
    ? permissionDenied(`API key does not have access to the requested project: ID ${projectId}.`)
    : null;
}

/** A key limited to some organizations reaches only those. */
export function keyOrganizationDenial(apiKey: KeyLimits, organizationId: string): ApiError | null {
  const scoped = apiKey?.scopedOrganizations;
  return scoped?.length && !scoped.includes(organizationId)
    ? permissionDenied(`API key does not have access to the requested organization: ID ${organizationId}.`)
    : null;
}
