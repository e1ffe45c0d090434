// Pure rules (no node modules): the API and the browser both use them.

/** PostHog's `DOMAIN_REGEX`, applied to the lowercased input. */
export const DOMAIN_PATTERN = /^([a-z0-9]+(-[a-z0-9]+)*\.)+[a-z]{2,}$/;
export const INVALID_DOMAIN = "Please enter a valid domain or subdomain name.";

/** The TXT record an admin publishes to prove they control the domain. */
export const challengeRecordName = (domain: string) => `_hedgerow-challenge.${domain}`;

/** `sso_enforcement` values: none, or a login provider users of the domain must sign in with. */
export const SSO_PROVIDERS = ["", "google-oauth2", "github", "gitlab", "saml"] as const;

/** Settings that only take effect on a domain the organization has proven it owns. */
const UPDATE_ONLY_WHEN_VERIFIED = ["jit_provisioning_enabled", "sso_enforcement"] as const;
export const VERIFICATION_REQUIRED = "This attribute cannot be updated until the domain is verified.";

/** The first verification-only setting an update to an unverified domain tries to change, or null. */
export function settingNeedingVerification(isVerified: boolean, update: Record<string, unknown>): string | null {
  if (isVerified) return null;
  return UPDATE_ONLY_WHEN_VERIFIED.find((field) => update[field] !== undefined) ?? null;
}

export function hasSaml(domain: { samlEntityId: string | null; samlAcsUrl: string | null; samlX509Cert: string | null }) {
  return Boolean(domain.samlEntityId && domain.samlAcsUrl && domain.samlX509Cert);
}

/** A TXT record may arrive split into several strings; it proves ownership when they join to the challenge. */
export const challengeAnswered = (records: string[][], challenge: string) => records.some((chunks) => chunks.join("") === challenge);

export type DomainStatus = "verified" | "expired" | "pending";

/**
 * PostHog's three states: verified; verified once but no longer (`verified_at` kept while `is_verified` is false:
 * "Verification expired"); never verified ("Pending verification").
 */
export function domainStatus(domain: { is_verified: boolean; verified_at: string | null }): DomainStatus {
  if (domain.is_verified) return "verified";
  return domain.verified_at ? "expired" : "pending";
}

export const VERIFY_FIRST = "Verify the domain first: this setting takes effect only on a domain you have proven you control.";

/** Why a verification-only setting (JIT provisioning, SSO enforcement) can't be changed yet, or null. */
export const verificationProhibition = (domain: { is_verified: boolean }) => (domain.is_verified ? null : VERIFY_FIRST);
