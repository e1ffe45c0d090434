import { and, asc, count, eq, sql } from "drizzle-orm";
import { permissionDenied, validationError } from "@/lib/api/errors";
import type { Actor } from "@/lib/auth/actor";
import { hashPassword, verifyPassword } from "@/lib/auth/passwords";
import { revokeOtherSessions } from "@/lib/auth/session-store";
import { attemptCounters, currentPasswordCounters, throttledAttempt } from "@/lib/auth/throttle";
import { config } from "@/lib/config";
import { hasChanges } from "@/lib/db/changes";
import { isUniqueViolation } from "@/lib/db/errors";
import { getDb, type Tx } from "@/lib/db/client";
import { memberships, organizations, projects, users, type User } from "@/lib/db/schema";
import { bootstrapOrganization, getOrganization } from "@/lib/organizations/service";
import { findProject } from "@/lib/projects/service";
import { emailTaken, findUserByEmail, insertUser, normalizeEmail } from "./accounts";
import type { TSignup, TUser, TUserUpdate } from "./schemas";
import { userBasic } from "./serialize";

/** Key of the transaction-scoped advisory lock that lets one sign-up at a time find the instance empty. */
const FIRST_USER_LOCK = 0x6669_7273; // "firs"

const signupClosed = () => permissionDenied("New sign-ups are disabled on this instance. Ask an organization admin for an invite.");

const hasNoUsers = async (tx: Tx) => (await tx.select({ total: count() }).from(users))[0].total === 0;

/** Sign-ups: the instance's first user, or anyone when `ALLOW_SIGNUP=true`; others join through invites. */
export async function signupAllowed(): Promise<boolean> {
  return config.allowSignup || hasNoUsers(await getDb());
}

/**
 * Creates an account with its organization, within the limits of failed sign-ups per email and per client
 * `address`. With sign-ups closed, the instance's emptiness is checked under a lock held until the account is
 * committed, so of two first sign-ups at once only one finds the instance empty.
 */
export async function signup(input: TSignup, address: string): Promise<User> {
  return throttledAttempt(attemptCounters("signup", input.email, address), async () => {
    if (!(await signupAllowed())) throw signupClosed();
    const db = await getDb();
    return db.transaction(async (tx) => {
      // Under the lock, one sign-up at a time finds the instance empty: only the first user is its operator (staff).
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_USER_LOCK})`);
      const first = await hasNoUsers(tx);
      if (!config.allowSignup && !first) throw signupClosed();
      const user = await insertUser(tx, {
        email: input.email,
        password: input.password,
        firstName: input.first_name,
        lastName: input.last_name,
        isStaff: first,
      });
      await bootstrapOrganization(tx, user, { name: input.organization_name || `${input.first_name}'s organization` });
      return user;
    });
  });
}

/** The email `input` moves the user to, normalized as at sign-up; null when it is the one they have. */
function newEmail(user: User, input: TUserUpdate): string | null {
  if (input.email === undefined) return null;
  const email = normalizeEmail(input.email);
  return email === user.email ? null : email;
}

/**
 * PostHog's `validate_password_change`: a new password needs the current one; so does a new email here. Wrong
 * ones are limited per user (lib/auth/throttle.ts): past the limit, a 429 until the window ends.
 */
async function checkCurrentPassword(user: User, input: TUserUpdate, email: string | null) {
  if (input.password === undefined && email === null) return;
  const what = input.password === undefined ? "email address" : "password";
  if (!input.current_password) throw validationError(`This field is required when updating your ${what}.`, "current_password", "required");
  const currentPassword = input.current_password;
  // Counted before it is checked, so once limited the right password is refused as a wrong one is (429).
  await throttledAttempt(currentPasswordCounters(user.id), async () => {
    if (!(await verifyPassword(currentPassword, user.passwordHash)))
      throw validationError("Your current password is incorrect.", "current_password", "incorrect_password");
  });
}

export async function updateMe(actor: Actor, input: TUserUpdate): Promise<TUser> {
  const email = newEmail(actor.user, input);
  await checkCurrentPassword(actor.user, input, email);
  const db = await getDb();
  const changes: Partial<User> = {};
  if (input.password !== undefined) changes.passwordHash = await hashPassword(input.password);
  if (input.first_name !== undefined) changes.firstName = input.first_name;
  if (input.last_name !== undefined) changes.lastName = input.last_name;
  if (email !== null) {
    changes.email = email;
    // A new address is not verified; the same one in another case stays as it was.
    if (email.toLowerCase() !== actor.user.email.toLowerCase()) changes.isEmailVerified = false;
  }
  if (input.set_current_organization) {
    const [membership] = await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, actor.user.id), eq(memberships.organizationId, input.set_current_organization)));
    if (!membership)
      throw validationError(
        "Object with id=" + input.set_current_organization + " does not exist.",
        "set_current_organization",
        "does_not_exist",
      );
    changes.currentOrganizationId = input.set_current_organization;
    const [first] = await db
      .select()
      .from(projects)
      .where(eq(projects.organizationId, membership.organizationId))
      .orderBy(asc(projects.id))
      .limit(1);
    changes.currentProjectId = first?.id ?? null;
  }
  if (input.set_current_team) {
    const project = await findProject(db, input.set_current_team);
    const organizationId = project?.organizationId;
    const [membership] = organizationId
      ? await db
          .select()
          .from(memberships)
          .where(and(eq(memberships.userId, actor.user.id), eq(memberships.organizationId, organizationId)))
      : [];
    if (!project || !membership)
      throw validationError("Object with id=" + input.set_current_team + " does not exist.", "set_current_team", "does_not_exist");
    changes.currentProjectId = project.id;
    changes.currentOrganizationId = project.organizationId;
  }
  const user = hasChanges(changes)
    ? await db.transaction(async (tx) => {
        const owner = changes.email ? await findUserByEmail(tx, changes.email) : undefined;
        if (owner && owner.id !== actor.user.id) throw emailTaken();
        // Two users taking the same address at once: the later update loses on the unique index, answered as above.
        const [updated] = await tx
          .update(users)
          .set(changes)
          .where(eq(users.id, actor.user.id))
          .returning()
          .catch((error: unknown) => {
            throw isUniqueViolation(error) ? emailTaken() : error;
          });
        // As Django's update_session_auth_hash: a new password signs out every other session, this one stays.
        if (changes.passwordHash) await revokeOtherSessions(tx, actor.user.id, actor.sessionId ?? null);
        return updated;
      })
    : actor.user;
  return serializeMe({ ...actor, user });
}

/** `GET /api/users/@me/`: the user with their organizations and where they are working now. */
export async function serializeMe(actor: Actor): Promise<TUser> {
  const db = await getDb();
  const { user } = actor;
  const organizationRows = await db
    .select({ organization: organizations, level: memberships.level })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, user.id))
    .orderBy(asc(organizations.name));
  // The current organization may have been left or deleted: fall back to the first one the user has.
  const currentOrganizationId =
    organizationRows.find((row) => row.organization.id === user.currentOrganizationId)?.organization.id ??
    organizationRows[0]?.organization.id;
  const organization = currentOrganizationId ? await getOrganization({ ...actor, apiKey: null }, currentOrganizationId) : null;
  const team = organization?.teams.find((t) => t.id === user.currentProjectId) ?? organization?.teams[0] ?? null;
  return {
    ...userBasic(user),
    distinct_id: user.distinctId,
    is_email_verified: user.isEmailVerified,
    has_password: true,
    is_staff: user.isStaff,
    date_joined: user.dateJoined.toISOString(),
    is_2fa_enabled: false,
    has_social_auth: false,
    organization,
    organizations: organizationRows.map(({ organization: o, level }) => ({
      id: o.id,
      name: o.name,
      slug: o.slug,
      logo_media_id: o.logoMediaId,
      membership_level: level,
    })),
    team: team
      ? {
          id: team.id,
          uuid: team.uuid,
          organization: team.organization,
          api_token: team.api_token,
          name: team.name,
          timezone: team.timezone,
        }
      : null,
  };
}
