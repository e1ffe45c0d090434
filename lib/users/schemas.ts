import { z } from "zod";
import { ZInteger } from "@/lib/db/integers";
import { ZOrganization } from "@/lib/organizations/schemas";

export const ZPassword = z.string().min(8, "This password is too short. It must contain at least 8 characters.").max(128);

export const ZSignup = z
  .object({
    email: z.email().max(254),
    password: ZPassword,
    first_name: z.string().trim().min(1).max(150),
    last_name: z.string().max(150).optional(),
    organization_name: z.string().trim().min(1).max(64).optional(),
  })
  .meta({ id: "Signup" });

export const ZLogin = z.object({ email: z.string().min(1).max(254), password: z.string().min(1).max(128) }).meta({ id: "Login" });

export const ZUserUpdate = z
  .object({
    first_name: z.string().trim().min(1).max(150),
    last_name: z.string().max(150),
    email: z.email().max(254),
    set_current_organization: z.uuid(),
    set_current_team: ZInteger.positive(),
    password: ZPassword,
    current_password: z.string().max(128),
  })
  .partial()
  .meta({ id: "PatchedUser" });

const ZOrganizationBasic = z
  .object({ id: z.uuid(), name: z.string(), slug: z.string(), logo_media_id: z.uuid().nullable(), membership_level: z.number().int() })
  .meta({ id: "OrganizationBasic" });

export const ZUser = z
  .object({
    id: z.number().int(),
    uuid: z.uuid(),
    distinct_id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.email(),
    is_email_verified: z.boolean(),
    has_password: z.boolean(),
    is_staff: z.boolean(),
    date_joined: z.iso.datetime(),
    hedgehog_config: z.record(z.string(), z.unknown()).nullable(),
    is_2fa_enabled: z.boolean(),
    has_social_auth: z.boolean(),
    organization: ZOrganization.nullable(),
    organizations: z.array(ZOrganizationBasic),
    team: z
      .object({
        id: z.number().int(),
        uuid: z.uuid(),
        organization: z.uuid(),
        api_token: z.string(),
        name: z.string(),
        timezone: z.string(),
      })
      .nullable(),
  })
  .meta({ id: "User" });

export type TSignup = z.infer<typeof ZSignup>;
export type TUserUpdate = z.infer<typeof ZUserUpdate>;
export type TUser = z.infer<typeof ZUser>;
