/** PostHog's `OrganizationMembership.Level`. */
export const Level = { MEMBER: 1, ADMIN: 8, OWNER: 15 } as const;
export type MembershipLevel = (typeof Level)[keyof typeof Level];
export const LEVELS: readonly MembershipLevel[] = [Level.MEMBER, Level.ADMIN, Level.OWNER];
export const LEVEL_NAMES: Record<MembershipLevel, string> = { 1: "member", 8: "administrator", 15: "owner" };

export const isMembershipLevel = (value: unknown): value is MembershipLevel =>
  typeof value === "number" && (LEVELS as readonly number[]).includes(value);

export const INSUFFICIENT_LEVEL = "Your organization access level is insufficient.";

export const canEditOrganization = (level: number) => level >= Level.ADMIN;
export const canDeleteOrganization = (level: number) => level >= Level.OWNER;
export const canManageDomains = (level: number) => level >= Level.ADMIN;
export const canManageProjects = (level: number) => level >= Level.ADMIN;

/** Levels someone at `level` may invite people at: their own and those below it. */
export const invitableLevels = (level: number): MembershipLevel[] => LEVELS.filter((invited) => invited <= level);

const LAST_OWNER_CANNOT_LEAVE = "Cannot leave the organization as its owner!";

/**
 * Why `target` may not leave (or be removed from) an organization that has `ownerCount` owners, or null:
 * an organization always keeps an owner, so its only one stays until they make someone else owner.
 */
export function lastOwnerProhibition(target: { level: number }, ownerCount: number): string | null {
  return target.level === Level.OWNER && ownerCount <= 1 ? LAST_OWNER_CANNOT_LEAVE : null;
}

interface MemberRef {
  userId: number;
  level: number;
}

/**
 * Why `requester` may not change `target` (to `newLevel`, or remove them when it is undefined), or null when
 * allowed. PostHog's `OrganizationMembership.validate_update`, reasons word for word, so the UI can show them.
 */
export function memberChangeProhibition(requester: MemberRef, target: MemberRef, newLevel?: number): string | null {
  if (newLevel !== undefined) {
    if (requester.userId === target.userId) return "You can't change your own access level.";
    if (newLevel === Level.OWNER && requester.level !== Level.OWNER)
      return "You can only make another member owner if you're this organization's owner.";
    if (newLevel > requester.level) return "You can only change access level of others to lower or equal to your current one.";
  }
  if (requester.userId !== target.userId) {
    if (requester.level < Level.ADMIN) return "You can only edit others if you are an admin.";
    if (target.level > requester.level) return "You can only edit others with level lower or equal to you.";
  }
  return null;
}

/** Levels `requester` could give `target` (for pickers): every level for which no rule objects. */
export function assignableLevels(requester: MemberRef, target: MemberRef): MembershipLevel[] {
  return LEVELS.filter((level) => memberChangeProhibition(requester, target, level) === null);
}
