import { and, count, desc, eq, inArray } from "drizzle-orm";
import { permissionDenied } from "@/lib/api/errors";
import type { Page } from "@/lib/api/pagination";
import type { Actor } from "@/lib/auth/actor";
import { revokeSessionsIfNoOrganization } from "@/lib/auth/session-store";
import { config } from "@/lib/config";
import { getDb, type Tx } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { memberships, organizations, users, type Organization, type User } from "@/lib/db/schema";
import { insertProject, projectBasic, projectsOfOrganizations } from "@/lib/projects/service";
import { PluginsAccessLevel } from "@/lib/plugins/access";
import { moveToFirstOrganization } from "@/lib/users/current-organization";
import { canDeleteOrganization, canEditOrganization, INSUFFICIENT_LEVEL, Level } from "./levels";
import { AVAILABLE_PRODUCT_FEATURES, type TOrganization, type TOrganizationCreate, type TOrganizationUpdate } from "./schemas";
import { requireVisibleOrganization, type OrganizationAccess } from "./access";
import { baseSlug, slugWithSuffix } from "./slug";

export async function listOrganizations(actor: Actor, page: Page) {
  const db = await getDb();
  const scoped = actor.apiKey?.scopedOrganizations;
  const where = and(eq(memberships.userId, actor.user.id), scoped?.length ? inArray(memberships.organizationId, scoped) : undefined);
  const [{ total }] = await db.select({ total: count() }).from(memberships).where(where);
  const rows = await db
    .select({ organization: organizations, membership: memberships })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(where)
    .orderBy(desc(organizations.createdAt), desc(organizations.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total, results: await serializeOrganizations(db, rows) };
}

export async function getOrganization(actor: Actor, id: string): Promise<TOrganization> {
  const access = await requireVisibleOrganization(actor, id);
  const [serialized] = await serializeOrganizations(await getDb(), [access]);
  return serialized;
}

/**
 * PostHog's `Organization.objects.bootstrap`: the organization, its "Default project", and the creator as
 * owner, all at once; the creator then works in them.
 */
export async function bootstrapOrganization(tx: Tx, user: User, input: TOrganizationCreate) {
  // The operator's organizations may do anything with apps; others get what the instance grants new ones.
  const pluginsAccessLevel = user.isStaff ? PluginsAccessLevel.ROOT : config.pluginsAccessLevel;
  const organization = await insertWithFreeSlug(tx, input, pluginsAccessLevel);
  const project = await insertProject(tx, { organizationId: organization.id });
  const [membership] = await tx
    .insert(memberships)
    .values({ organizationId: organization.id, userId: user.id, level: Level.OWNER })
    .returning();
  await tx.update(users).set({ currentOrganizationId: organization.id, currentProjectId: project.id }).where(eq(users.id, user.id));
  return { organization, membership, project };
}

/** Slugs are unique: on a collision, retry with PostHog's random suffix (up to 10 times, as PostHog does). */
async function insertWithFreeSlug(tx: Tx, input: TOrganizationCreate, pluginsAccessLevel: number): Promise<Organization> {
  const base = baseSlug(input.name) || "organization";
  for (let attempt = 0; ; attempt++) {
    const slug = attempt === 0 ? base : slugWithSuffix(base);
    try {
      // A savepoint, so a collision does not abort the surrounding transaction.
      return await tx.transaction(async (savepoint) => {
        const [organization] = await savepoint
          .insert(organizations)
          .values({
            name: input.name,
            slug,
            logoMediaId: input.logo_media_id ?? null,
            isMemberJoinEmailEnabled: input.is_member_join_email_enabled ?? true,
            enforce2fa: input.enforce_2fa ?? null,
            pluginsAccessLevel,
          })
          .returning();
        return organization;
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 10) throw error;
    }
  }
}

export async function createOrganization(actor: Actor, input: TOrganizationCreate): Promise<TOrganization> {
  const db = await getDb();
  const { organization, membership } = await db.transaction((tx) => bootstrapOrganization(tx, actor.user, input));
  const [serialized] = await serializeOrganizations(db, [{ organization, membership }]);
  return serialized;
}

export async function updateOrganization(actor: Actor, id: string, input: TOrganizationUpdate): Promise<TOrganization> {
  const access = await requireVisibleOrganization(actor, id);
  if (!canEditOrganization(access.membership.level)) throw permissionDenied(INSUFFICIENT_LEVEL);
  const db = await getDb();
  const [organization] = await db
    .update(organizations)
    .set({
      name: input.name,
      logoMediaId: input.logo_media_id,
      isMemberJoinEmailEnabled: input.is_member_join_email_enabled,
      enforce2fa: input.enforce_2fa,
      updatedAt: new Date(),
    })
    .where(eq(organizations.id, access.organization.id))
    .returning();
  const [serialized] = await serializeOrganizations(db, [{ organization, membership: access.membership }]);
  return serialized;
}

export async function deleteOrganization(actor: Actor, id: string): Promise<void> {
  const access = await requireVisibleOrganization(actor, id);
  if (!canDeleteOrganization(access.membership.level)) throw permissionDenied(INSUFFICIENT_LEVEL);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const members = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(eq(memberships.organizationId, access.organization.id));
    await tx.delete(organizations).where(eq(organizations.id, access.organization.id));
    // As when leaving (PostHog's `User.leave`): members who were working in it move to another of theirs.
    // Those left with none are signed out everywhere, as removed members are; the deleting user stays signed
    // in, to create a new organization.
    for (const { userId } of members) {
      const [user] = await tx.select({ current: users.currentOrganizationId }).from(users).where(eq(users.id, userId));
      if (!user?.current || user.current === access.organization.id) await moveToFirstOrganization(tx, userId);
      if (userId !== actor.user.id) await revokeSessionsIfNoOrganization(tx, userId);
    }
  });
}

async function serializeOrganizations(db: Tx, rows: OrganizationAccess[]): Promise<TOrganization[]> {
  const ids = rows.map((row) => row.organization.id);
  if (ids.length === 0) return [];
  const [projectRows, memberCounts] = await Promise.all([
    projectsOfOrganizations(db, ids),
    db
      .select({ organizationId: memberships.organizationId, total: count() })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(inArray(memberships.organizationId, ids), eq(users.isActive, true)))
      .groupBy(memberships.organizationId),
  ]);
  return rows.map(({ organization, membership }) => {
    const teams = projectRows.filter((p) => p.organizationId === organization.id).map(projectBasic);
    return {
      id: organization.id,
      name: organization.name,
      slug: organization.slug,
      logo_media_id: organization.logoMediaId,
      created_at: organization.createdAt.toISOString(),
      updated_at: organization.updatedAt.toISOString(),
      membership_level: membership.level,
      plugins_access_level: organization.pluginsAccessLevel,
      teams,
      projects: teams,
      available_product_features: AVAILABLE_PRODUCT_FEATURES,
      is_member_join_email_enabled: organization.isMemberJoinEmailEnabled,
      metadata: { instance_tag: config.instanceTag },
      customer_id: organization.customerId,
      enforce_2fa: organization.enforce2fa,
      member_count: memberCounts.find((c) => c.organizationId === organization.id)?.total ?? 0,
    };
  });
}
