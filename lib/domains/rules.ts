import { randomBytes } from "node:crypto";

/** PostHog's `DOMAIN_REGEX`, applied to the lowercased input. */
export const DOMAIN_PATTERN = /^([a-z0-9]+(-[a-z0-9]+)*\.)+[a-z]{2,}$/;
export const INVALID_DOMAIN = "Please enter a valid domain or subdomain name.";

/** The TXT record an admin publishes to prove they control the domain. */
export const challengeRecordName = (domain: string) => `_hedgerow-challenge.${domain}`;

/** PostHog's `secrets.token_urlsafe(32)`: 43 characters of base64url. */
export const newVerificationChallenge = () => randomBytes(32).toString("base64url");

/** `sso_enforcement` values: none, or a login provider users of the domain must sign in with. */
export const SSO_PROVIDERS = ["", "google-oauth2", "github", "gitlab", "saml"] as const;

/** Settings that only take effect on a domain the organization has proven it owns. */
export const UPDATE_ONLY_WHEN_VERIFIED = ["jit_provisioning_enabled", "sso_enforcement"] as const;
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
export const challengeAnswered = (records: string[][], challenge: string) =>
  records.some((chunks) => chunks.join("") === challenge);
