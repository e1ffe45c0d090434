import { z } from "zod";
import { ZUserBasic } from "@/lib/users/serialize";

/** PostHog's `OrganizationMembership.Level`: 1 member, 8 administrator, 15 owner. */
export const ZMembershipLevel = z.literal([1, 8, 15]).meta({ id: "OrganizationMembershipLevel" });

export const ZMember = z
  .object({
    /** The membership's id; members are addressed by their user's UUID. */
    id: z.uuid(),
    user: ZUserBasic,
    level: ZMembershipLevel,
    joined_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    is_2fa_enabled: z.boolean(),
    has_social_auth: z.boolean(),
    last_login: z.iso.datetime().nullable(),
  })
  .meta({ id: "OrganizationMember" });

export const ZMemberUpdate = z.object({ level: ZMembershipLevel }).partial().meta({ id: "PatchedOrganizationMember" });

export const MEMBER_ORDERS = ["joined_at", "-joined_at", "updated_at", "-updated_at", "level", "-level"] as const;

export const ZMemberListQuery = z.object({
  /** Exact address (case-insensitive), not a substring. */
  email: z.string().max(254).optional(),
  updated_after: z.iso.datetime({ offset: true }).optional(),
  order: z.enum(MEMBER_ORDERS).optional(),
});

export const ZMemberParams = z.object({
  organizationId: z.union([z.literal("@current"), z.uuid()]),
  /** The member's user UUID, or `@me`. */
  userUuid: z.union([z.literal("@me"), z.uuid()]),
});

export type TMember = z.infer<typeof ZMember>;
export type TMemberUpdate = z.infer<typeof ZMemberUpdate>;
export type TMemberListQuery = z.infer<typeof ZMemberListQuery>;
export type TMemberOrder = (typeof MEMBER_ORDERS)[number];
