import { z } from "zod";
import { ZOrganizationParams } from "@/lib/organizations/schemas";
import { DOMAIN_PATTERN, INVALID_DOMAIN, SSO_PROVIDERS } from "./rules";

export const ZDomain = z
  .object({
    id: z.uuid(),
    domain: z.string().max(128),
    is_verified: z.boolean(),
    verified_at: z.iso.datetime().nullable(),
    verification_challenge: z.string(),
    jit_provisioning_enabled: z.boolean(),
    sso_enforcement: z.string(),
    has_saml: z.boolean(),
    saml_entity_id: z.string().nullable(),
    saml_acs_url: z.string().nullable(),
    saml_x509_cert: z.string().nullable(),
  })
  .meta({ id: "OrganizationDomain" });

const settingFields = {
  jit_provisioning_enabled: z.boolean(),
  sso_enforcement: z.enum(SSO_PROVIDERS),
  saml_entity_id: z.string().trim().max(512).nullable(),
  saml_acs_url: z.string().trim().max(512).nullable(),
  // A PEM certificate (chain) is a few kilobytes.
  saml_x509_cert: z.string().trim().max(65_536).nullable(),
};

/** Verification settings are accepted but dropped on create: a new domain is never verified. */
export const ZDomainCreate = z
  .object({
    domain: z.string().trim().toLowerCase().min(1).max(128).regex(DOMAIN_PATTERN, INVALID_DOMAIN),
    ...z.object(settingFields).partial().shape,
  })
  .meta({ id: "OrganizationDomainCreate" });

/** The domain itself cannot change: its verification proves control of that name only. */
export const ZDomainUpdate = z.object(settingFields).partial().meta({ id: "PatchedOrganizationDomain" });

export const ZDomainParams = ZOrganizationParams.extend({ domainId: z.uuid() });

export type TDomain = z.infer<typeof ZDomain>;
export type TDomainCreate = z.infer<typeof ZDomainCreate>;
export type TDomainUpdate = z.infer<typeof ZDomainUpdate>;
