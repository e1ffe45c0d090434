import { z } from "zod";
import { isValidScope } from "@/lib/auth/scopes";
import { ZInteger } from "@/lib/db/integers";

const ZScopes = z
  .array(z.string().max(100))
  .min(1, "You must specify at least one scope.")
  .max(100)
  .superRefine((scopes, ctx) => {
    const invalid = scopes.find((scope) => !isValidScope(scope));
    if (invalid) ctx.addIssue({ code: "custom", message: `Invalid scope: ${invalid}` });
  });

const keyFields = {
  label: z.string().trim().min(1).max(40),
  scopes: ZScopes,
  scoped_organizations: z.array(z.string().max(100)).max(100).nullable(),
  scoped_teams: z.array(ZInteger).max(1000).nullable(),
};

export const ZApiKeyCreate = z
  .object({
    ...keyFields,
    scoped_organizations: keyFields.scoped_organizations.optional(),
    scoped_teams: keyFields.scoped_teams.optional(),
  })
  .meta({ id: "PersonalAPIKeyCreate" });

export const ZApiKeyUpdate = z.object(keyFields).partial().meta({ id: "PatchedPersonalAPIKey" });

export const ZApiKey = z
  .object({
    id: z.string(),
    label: z.string(),
    /** The key itself: only in the answer to its creation. */
    value: z.string().nullable(),
    mask_value: z.string(),
    created_at: z.iso.datetime(),
    last_used_at: z.iso.datetime().nullable(),
    user_id: z.number().int(),
    scopes: z.array(z.string()),
    /** The organizations the key is limited to; empty: every organization of its owner. */
    scoped_organizations: z.array(z.string()),
    /** The projects the key is limited to; empty: every project of its owner. */
    scoped_teams: z.array(z.number().int()),
    last_rolled_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "PersonalAPIKey" });

export const ZApiKeyParams = z.object({ keyId: z.string().regex(/^(@current|[0-9a-zA-Z]{1,50})$/) });

export type TApiKeyCreate = z.infer<typeof ZApiKeyCreate>;
export type TApiKeyUpdate = z.infer<typeof ZApiKeyUpdate>;
export type TApiKey = z.infer<typeof ZApiKey>;
