import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { notFound, permissionDenied, validationError } from "@/lib/api/errors";
import type { Page } from "@/lib/api/pagination";
import type { Actor } from "@/lib/auth/actor";
import { attemptCounters, throttledAttempt } from "@/lib/auth/throttle";
import { config } from "@/lib/config";
import { getDb, type Tx } from "@/lib/db/client";
import { invites, memberships, organizations, projects, users, type Invite, type Organization, type User } from "@/lib/db/schema";
import { inviteEmail } from "@/lib/email/invite";
import { canSendEmail, sendEmail } from "@/lib/email/transport";
import { joinOrganization } from "@/lib/members/service";
import { invitableLevels } from "@/lib/organizations/levels";
import { requireOrganizationMember } from "@/lib/organizations/access";
import { userBasic } from "@/lib/users/serialize";
import { findUserByEmail, insertUser, normalizeEmail } from "@/lib/users/accounts";
import { isInviteExpired } from "./expiry";
import type { TInvite, TInviteAccept, TInviteCreate, TInvitePreview } from "./schemas";

const ALREADY_MEMBER = "A user with this email address already belongs to the organization.";
const LEVEL_ABOVE_INVITER = "You cannot invite a user with a higher permission level than your own.";
const UNKNOWN_PROJECT = "Team does not exist on this organization, or it is private and you do not have access to it.";

const creators = alias(users, "creators");

function serializeInvite(invite: Invite, createdBy: User | null): TInvite {
  return {
    id: invite.id,
    target_email: invite.targetEmail,
    first_name: invite.firstName,
    emailing_attempt_made: invite.emailingAttemptMade,
    level: invite.level as TInvite["level"],
    is_expired: isInviteExpired(invite.createdAt),
    created_by: createdBy ? userBasic(createdBy) : null,
    created_at: invite.createdAt.toISOString(),
    updated_at: invite.updatedAt.toISOString(),
    message: invite.message,
    private_project_access: (invite.privateProjectAccess ?? []) as TInvite["private_project_access"],
  };
}

const sameEmail = (column: typeof users.email | typeof invites.targetEmail, email: string) =>
  sql`lower(${column}) = ${email.trim().toLowerCase()}`;

export async function listInvites(actor: Actor, organizationId: string, page: Page) {
  const { organization } = await requireOrganizationMember(actor, organizationId);
  const db = await getDb();
  const where = eq(invites.organizationId, organization.id);
  const [{ total }] = await db.select({ total: count() }).from(invites).where(where);
  const rows = await db
    .select({ invite: invites, createdBy: creators })
    .from(invites)
    .leftJoin(creators, eq(creators.id, invites.createdById))
    .where(where)
    .orderBy(desc(invites.createdAt), desc(invites.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total, results: rows.map((row) => serializeInvite(row.invite, row.createdBy)) };
}

/** Hedgerow has no private projects: every project of the organization can be given, no other. */
async function checkPrivateProjectAccess(tx: Tx, organizationId: string, inputs: TInviteCreate[]) {
  const ids = [...new Set(inputs.flatMap((input) => input.private_project_access ?? []).map((item) => item.id))];
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.organizationId, organizationId), inArray(projects.id, ids)));
  if (found.length !== ids.length) throw validationError(UNKNOWN_PROJECT, "private_project_access");
}

async function isMemberEmail(tx: Tx, organizationId: string, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), sameEmail(users.email, email)));
  return Boolean(row);
}

/**
 * Creates invites all at once or not at all (bulk sends many). A new invite replaces the pending ones for the
 * same address, as PostHog does since 2025. Emails go out after the commit; a failed send is logged only.
 */
export async function createInvites(
  actor: Actor,
  organizationId: string,
  inputs: TInviteCreate[],
  requestOrigin: string,
): Promise<TInvite[]> {
  const { organization, membership } = await requireOrganizationMember(actor, organizationId);
  const allowed = invitableLevels(membership.level);
  if (inputs.some((input) => !allowed.includes(input.level))) throw permissionDenied(LEVEL_ABOVE_INVITER);
  const emailing = canSendEmail();
  const db = await getDb();
  const created = await db.transaction(async (tx) => {
    await checkPrivateProjectAccess(tx, organization.id, inputs);
    let rows: Invite[] = [];
    for (const input of inputs) {
      const targetEmail = normalizeEmail(input.target_email);
      if (await isMemberEmail(tx, organization.id, targetEmail)) throw validationError(ALREADY_MEMBER);
      const replaced = await tx
        .delete(invites)
        .where(and(eq(invites.organizationId, organization.id), sameEmail(invites.targetEmail, targetEmail)))
        .returning({ id: invites.id });
      const [invite] = await tx
        .insert(invites)
        .values({
          organizationId: organization.id,
          targetEmail,
          firstName: input.first_name,
          level: input.level,
          message: input.message ?? null,
          privateProjectAccess: input.private_project_access?.length ? input.private_project_access : null,
          emailingAttemptMade: emailing && input.send_email,
          createdById: actor.user.id,
        })
        .returning();
      // The same address twice in one bulk request: the later invite replaced the earlier.
      rows = [...rows.filter((row) => !replaced.some((r) => r.id === row.id)), invite];
    }
    return rows;
  });
  const origin = config.siteUrl ?? requestOrigin;
  await Promise.all(
    created.filter((invite) => invite.emailingAttemptMade).map((invite) => emailInvite(invite, organization, actor.user, origin)),
  );
  return created.map((invite) => serializeInvite(invite, actor.user));
}

async function emailInvite(invite: Invite, organization: Organization, inviter: User, origin: string) {
  try {
    await sendEmail(
      inviteEmail({
        inviteId: invite.id,
        targetEmail: invite.targetEmail,
        firstName: invite.firstName,
        organizationName: organization.name,
        inviterName: [inviter.firstName, inviter.lastName].filter(Boolean).join(" ") || inviter.email,
        message: invite.message,
        origin,
      }),
    );
  } catch (error) {
    console.error(`[invites] emailing invite ${invite.id} failed:`, error);
  }
}

export async function deleteInvite(actor: Actor, organizationId: string, inviteId: string): Promise<void> {
  const { organization } = await requireOrganizationMember(actor, organizationId);
  const db = await getDb();
  const deleted = await db
    .delete(invites)
    .where(and(eq(invites.id, inviteId), eq(invites.organizationId, organization.id)))
    .returning({ id: invites.id });
  if (deleted.length === 0) throw notFound();
}

interface FoundInvite {
  invite: Invite;
  organization: Organization;
}

async function requireInvite(tx: Tx, inviteId: string, lock = false): Promise<FoundInvite> {
  const query = tx
    .select({ invite: invites, organization: organizations })
    .from(invites)
    .innerJoin(organizations, eq(organizations.id, invites.organizationId))
    .where(eq(invites.id, inviteId));
  // Locked while accepting, so two acceptances of one link cannot both join.
  const [row] = lock ? await query.for("update", { of: invites }) : await query;
  if (!row) throw notFound();
  return row;
}

/** PostHog's `OrganizationInvite.validate`, in its order: recipient, expiry, existing account, membership. */
async function checkAcceptable(tx: Tx, { invite }: FoundInvite, who: { user: User | null; email?: string }) {
  const email = who.email ?? who.user?.email;
  if (email && email.trim().toLowerCase() !== invite.targetEmail.toLowerCase())
    throw validationError("This invite is intended for another email address.", null, "invalid_recipient");
  if (isInviteExpired(invite.createdAt))
    throw validationError("This invite has expired. Please ask your admin for a new one.", null, "expired");
  if (!who.user && (await findUserByEmail(tx, invite.targetEmail)))
    throw validationError(
      "There is already an account with this email address. Please log in to accept the invite.",
      null,
      "account_exists",
    );
  if (who.user) {
    const [membership] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.organizationId, invite.organizationId), eq(memberships.userId, who.user.id)));
    if (membership) throw validationError("You already are a member of this organization.", null, "user_already_member");
  }
}

/** `GET /api/signup/:invite_id/`: the invite as its recipient (or anyone with the link) sees it before accepting. */
export async function previewInvite(actor: Actor | null, inviteId: string): Promise<TInvitePreview> {
  const db = await getDb();
  const found = await requireInvite(db, inviteId);
  await checkAcceptable(db, found, { user: actor?.user ?? null });
  return {
    id: found.invite.id,
    target_email: found.invite.targetEmail,
    first_name: found.invite.firstName,
    organization_name: found.organization.name,
    level: found.invite.level as TInvitePreview["level"],
  };
}

/**
 * `POST /api/signup/:invite_id/`: the signed-in user joins; anyone else gets an account for the invited
 * address first (even when sign-ups are closed: the invite is the permission). Either way they now work in
 * the organization, and the invite, with any other for the same address there, is used up. Failed acceptances are
 * limited per invite and per client `address`.
 */
export async function acceptInvite(
  actor: Actor | null,
  inviteId: string,
  input: TInviteAccept,
  address: string,
): Promise<{ user: User; isNewUser: boolean }> {
  return throttledAttempt(attemptCounters("invite", inviteId, address), () => joinThroughInvite(actor, inviteId, input));
}

async function joinThroughInvite(actor: Actor | null, inviteId: string, input: TInviteAccept): Promise<{ user: User; isNewUser: boolean }> {
  if (!actor) {
    for (const field of ["first_name", "password"] as const)
      if (!input[field]) throw validationError("This field is required.", field, "required");
  }
  const db = await getDb();
  return db.transaction(async (tx) => {
    const found = await requireInvite(tx, inviteId, true);
    await checkAcceptable(tx, found, actor ? { user: actor.user } : { user: null, email: input.email });
    const userId =
      actor?.user.id ??
      (
        await insertUser(tx, {
          email: found.invite.targetEmail,
          password: input.password!,
          firstName: input.first_name!,
          lastName: input.last_name,
        })
      ).id;
    const user = await joinOrganization(tx, userId, found.organization.id, found.invite.level);
    await tx
      .delete(invites)
      .where(and(eq(invites.organizationId, found.organization.id), sameEmail(invites.targetEmail, found.invite.targetEmail)));
    return { user, isNewUser: !actor };
  });
}
