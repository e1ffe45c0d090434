import { and, asc, count, desc, eq, ne, type Placeholder, sql, type SQL } from "drizzle-orm";
import { notFound, permissionDenied, validationError } from "@/lib/api/errors";
import type { Page } from "@/lib/api/pagination";
import type { Actor } from "@/lib/auth/actor";
import { revokeSessionsIfNoOrganization } from "@/lib/auth/session-store";
import { getDb, preparedStatement, type Tx } from "@/lib/db/client";
import { invites, memberships, organizations, users, type Membership, type User } from "@/lib/db/schema";
import { lastOwnerProhibition, Level, memberChangeProhibition } from "@/lib/organizations/levels";
import { requireOrganizationMember } from "@/lib/organizations/access";
import { moveToFirstOrganization, setCurrentOrganization } from "@/lib/users/current-organization";
import { userBasic, userBasicColumns } from "@/lib/users/serialize";
import { MEMBER_ORDERS, type TMember, type TMemberListQuery, type TMemberOrder, type TMemberUpdate } from "./schemas";

interface MemberRow {
  membership: Membership;
  user: User;
}

/** What a member's serialization reads: the listing selects only these. */
const memberColumns = {
  membership: { id: memberships.id, level: memberships.level, joinedAt: memberships.joinedAt, updatedAt: memberships.updatedAt },
  user: { ...userBasicColumns, lastLogin: users.lastLogin },
};
interface MemberFields {
  membership: Pick<Membership, keyof typeof memberColumns.membership>;
  user: Pick<User, keyof typeof memberColumns.user>;
}

function serializeMember({ membership, user }: MemberFields): TMember {
  return {
    id: membership.id,
    user: userBasic(user),
    level: membership.level as TMember["level"],
    joined_at: membership.joinedAt.toISOString(),
    updated_at: membership.updatedAt.toISOString(),
    // Hedgerow has neither second factors nor social logins.
    is_2fa_enabled: false,
    has_social_auth: false,
    last_login: user.lastLogin?.toISOString() ?? null,
  };
}

function memberOrder(order: TMemberOrder): SQL[] {
  const descending = order.startsWith("-");
  const column = { joined_at: memberships.joinedAt, updated_at: memberships.updatedAt, level: memberships.level }[
    order.replace(/^-/, "") as "joined_at" | "updated_at" | "level"
  ];
  // The membership id breaks ties, so pages never overlap.
  return descending ? [desc(column), desc(memberships.id)] : [asc(column), asc(memberships.id)];
}

/** PostHog lists only active users' memberships. */
const activeMembersOf = (organizationId: string | Placeholder) =>
  and(eq(memberships.organizationId, organizationId), eq(users.isActive, true));

/**
 * The listing's filter, with its values as placeholders so the listing is prepared once (it is the hottest read
 * of the admin API): a null `email` or `updatedAfter` filters nothing.
 */
const listedMembers = and(
  activeMembersOf(sql.placeholder("organizationId")),
  sql`(${sql.placeholder("email")}::text IS NULL OR lower(${users.email}) = ${sql.placeholder("email")})`,
  sql`(${sql.placeholder("updatedAfter")}::timestamptz IS NULL OR ${memberships.updatedAt} > ${sql.placeholder("updatedAfter")})`,
);

// One prepared page query per order. The total rides along each row (`count(*) over ()`): one query a page.
const memberPageStatement = (order: TMemberOrder) =>
  preparedStatement(`members_page_${order}`, (db) =>
    db
      .select({ ...memberColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(listedMembers)
      .orderBy(...memberOrder(order))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(`members_page_${order}`),
  );
const memberPages = Object.fromEntries(MEMBER_ORDERS.map((order) => [order, memberPageStatement(order)])) as Record<
  TMemberOrder,
  ReturnType<typeof memberPageStatement>
>;

const membersCount = preparedStatement("members_count", (db) =>
  db
    .select({ total: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(listedMembers)
    .prepare("members_count"),
);

export async function listMembers(actor: Actor, organizationId: string, query: TMemberListQuery, page: Page) {
  const { organization } = await requireOrganizationMember(actor, organizationId);
  const filter = {
    organizationId: organization.id,
    email: query.email ? query.email.trim().toLowerCase() : null,
    updatedAfter: query.updated_after ?? null,
  };
  const rows = await (await memberPages[query.order ?? "-joined_at"]()).execute({ ...filter, limit: page.limit, offset: page.offset });
  // A page past the end has no row to carry the total.
  const total = rows[0]?.total ?? (page.offset === 0 ? 0 : (await (await membersCount()).execute(filter))[0].total);
  return { count: total, results: rows.map(serializeMember) };
}

async function requireMember(tx: Tx, organizationId: string, userUuid: string): Promise<MemberRow> {
  const [row] = await tx
    .select({ membership: memberships, user: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(activeMembersOf(organizationId), eq(users.uuid, userUuid)));
  if (!row) throw notFound();
  return row;
}

/** The requester's membership and the addressed one, once the requester may change it (to `newLevel`). */
async function authorizeMemberChange(actor: Actor, organizationId: string, userUuid: string, newLevel?: number) {
  const { organization, membership: requester } = await requireOrganizationMember(actor, organizationId);
  const target = await requireMember(await getDb(), organization.id, userUuid === "@me" ? actor.user.uuid : userUuid);
  const prohibition = memberChangeProhibition(requester, target.membership, newLevel);
  if (prohibition) throw permissionDenied(prohibition);
  return { organization, target };
}

export async function updateMember(actor: Actor, organizationId: string, userUuid: string, input: TMemberUpdate): Promise<TMember> {
  const { target } = await authorizeMemberChange(actor, organizationId, userUuid, input.level);
  if (input.level === undefined) return serializeMember(target);
  const db = await getDb();
  const [membership] = await db
    .update(memberships)
    .set({ level: input.level, updatedAt: new Date() })
    .where(eq(memberships.id, target.membership.id))
    .returning();
  return serializeMember({ membership, user: target.user });
}

/**
 * Leaving (yourself) or removing someone: an organization always keeps at least one owner, and the invites the
 * member created and that are still pending are revoked.
 */
export async function removeMember(actor: Actor, organizationId: string, userUuid: string): Promise<void> {
  const { organization, target } = await authorizeMemberChange(actor, organizationId, userUuid);
  const db = await getDb();
  await db.transaction(async (tx) => {
    if (target.membership.level === Level.OWNER) {
      // Serializes owners leaving at once, so two of them cannot both see the other as the one remaining.
      await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organization.id)).for("update");
      const [{ otherOwners }] = await tx
        .select({ otherOwners: count() })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(activeMembersOf(organization.id), eq(memberships.level, Level.OWNER), ne(memberships.id, target.membership.id)));
      const prohibition = lastOwnerProhibition(target.membership, otherOwners + 1);
      if (prohibition) throw validationError(prohibition);
    }
    await tx.delete(memberships).where(eq(memberships.id, target.membership.id));
    // Their pending invites go with them: an invite speaks for a member who no longer is one.
    await tx.delete(invites).where(and(eq(invites.organizationId, organization.id), eq(invites.createdById, target.user.id)));
    if (target.user.currentOrganizationId === organization.id) await moveToFirstOrganization(tx, target.user.id);
    await revokeSessionsIfNoOrganization(tx, target.user.id);
  });
}

/** PostHog's `User.join`: a new membership, and the user now works in that organization. */
export async function joinOrganization(tx: Tx, userId: number, organizationId: string, level: number): Promise<User> {
  await tx.insert(memberships).values({ organizationId, userId, level });
  return setCurrentOrganization(tx, userId, organizationId);
}
