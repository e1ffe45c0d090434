import { z } from "zod";
import { ZInteger } from "@/lib/db/integers";
import { ZMembershipLevel } from "@/lib/members/schemas";
import { ZUserBasic } from "@/lib/users/serialize";
import { ZPassword } from "@/lib/users/schemas";

export const MAX_BULK_INVITES = 20;

/** Access to a private project given with the invite: the project's id and 1 (member) or 8 (admin). */
const ZPrivateProjectAccess = z.array(z.object({ id: ZInteger, level: z.literal([1, 8]) })).max(1000);

export const ZInviteCreate = z
  .object({
    target_email: z.email().max(254),
    first_name: z.string().max(30).default(""),
    level: ZMembershipLevel.default(1),
    message: z.string().max(10_000).nullable().optional(),
    private_project_access: ZPrivateProjectAccess.nullable().optional(),
    /** Write-only: whether to email the invite (when the instance can send email). */
    send_email: z.boolean().default(true),
  })
  .meta({ id: "OrganizationInviteCreate" });

/** A JSON array of invites, checked as a whole first with PostHog's messages, then item by item. */
export const ZInviteBulkCreate = z
  .unknown()
  .superRefine((value, ctx) => {
    if (!Array.isArray(value))
      ctx.addIssue({ code: "custom", message: "This endpoint needs an array of data for bulk invite creation.", abort: true });
    else if (value.length > MAX_BULK_INVITES)
      ctx.addIssue({
        code: "custom",
        message: `A maximum of ${MAX_BULK_INVITES} invites can be sent in a single request.`,
        params: { code: "max_length" },
        abort: true,
      });
  })
  .pipe(z.array(ZInviteCreate))
  // The checks above take any JSON, so the document would show none: describe the array it accepts.
  .meta({
    id: "OrganizationInviteBulkCreate",
    type: "array",
    maxItems: MAX_BULK_INVITES,
    items: { $ref: "#/components/schemas/OrganizationInviteCreate" },
  });

export const ZInvite = z
  .object({
    id: z.uuid(),
    target_email: z.email(),
    first_name: z.string(),
    emailing_attempt_made: z.boolean(),
    level: ZMembershipLevel,
    is_expired: z.boolean(),
    created_by: ZUserBasic.nullable(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    message: z.string().nullable(),
    private_project_access: ZPrivateProjectAccess,
  })
  .meta({ id: "OrganizationInvite" });

export const ZInviteParams = z.object({
  organizationId: z.union([z.literal("@current"), z.uuid()]),
  inviteId: z.uuid(),
});

export const ZInviteSignupParams = z.object({ inviteId: z.uuid() });

/** What the accept page shows before the invitee commits. */
export const ZInvitePreview = z
  .object({
    id: z.uuid(),
    target_email: z.email(),
    first_name: z.string(),
    organization_name: z.string(),
    level: ZMembershipLevel,
  })
  .meta({ id: "InviteSignupPreview" });

/** Signed in: nothing is needed. Otherwise the new account's name and password (the email is the invite's). */
export const ZInviteAccept = z
  .object({
    first_name: z.string().trim().min(1).max(150),
    last_name: z.string().max(150),
    password: ZPassword,
    email: z.email().max(254),
  })
  .partial()
  .meta({ id: "InviteSignup" });

export type TInviteCreate = z.infer<typeof ZInviteCreate>;
export type TInvite = z.infer<typeof ZInvite>;
export type TInvitePreview = z.infer<typeof ZInvitePreview>;
export type TInviteAccept = z.infer<typeof ZInviteAccept>;
