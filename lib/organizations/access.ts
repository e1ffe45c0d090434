import { and, eq, sql } from "drizzle-orm";
import { notFound, permissionDenied } from "@/lib/api/errors";
import type { Actor } from "@/lib/auth/actor";
import { keyOrganizationDenial } from "@/lib/auth/key-limits";
import { preparedStatement } from "@/lib/db/client";
import { memberships, organizations, type Membership, type Organization } from "@/lib/db/schema";

// Who may address an organization: apart from the organization service so that every service (projects among
// them) can check access without importing the services that use it.

export interface OrganizationAccess {
  organization: Organization;
  membership: Membership;
}

/** `@current` means the caller's current organization, as in PostHog. */
function resolveOrganizationId(actor: Actor, id: string): string {
  if (id !== "@current") return id;
  if (!actor.user.currentOrganizationId) throw notFound("Current organization not found.");
  return actor.user.currentOrganizationId;
}

function checkKeyOrganizationScope(actor: Actor, organizationId: string) {
  const denial = keyOrganizationDenial(actor.apiKey, organizationId);
  if (denial) throw denial;
}

const membershipWithOrganization = preparedStatement("membership_with_organization", (db) =>
  db
    .select({ organization: organizations, membership: memberships })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.organizationId, sql.placeholder("organizationId")), eq(memberships.userId, sql.placeholder("userId"))))
    .prepare("membership_with_organization"),
);

async function findAccess(actor: Actor, organizationId: string): Promise<OrganizationAccess | null> {
  const [row] = await (await membershipWithOrganization()).execute({ organizationId, userId: actor.user.id });
  return row ?? null;
}

/**
 * The caller's access to an organization whose nested resources (members, invites, domains…) they address.
 * Not a member → 403 before any lookup, as PostHog's OrganizationMemberPermissions answers.
 */
export async function requireOrganizationMember(actor: Actor, id: string): Promise<OrganizationAccess> {
  const organizationId = resolveOrganizationId(actor, id);
  checkKeyOrganizationScope(actor, organizationId);
  const access = await findAccess(actor, organizationId);
  if (!access) throw permissionDenied();
  return access;
}

/** The organization itself: only visible to its members (404 otherwise, as it is outside their queryset). */
export async function requireVisibleOrganization(actor: Actor, id: string): Promise<OrganizationAccess> {
  const organizationId = resolveOrganizationId(actor, id);
  checkKeyOrganizationScope(actor, organizationId);
  const access = await findAccess(actor, organizationId);
  if (!access) throw notFound();
  return access;
}
