import { and, asc, count, eq } from "drizzle-orm";
import { notFound, permissionDenied, validationError } from "@/lib/api/errors";
import type { Page } from "@/lib/api/pagination";
import type { Actor } from "@/lib/auth/actor";
import { isUniqueViolation } from "@/lib/db/errors";
import { hasChanges } from "@/lib/db/changes";
import { getDb } from "@/lib/db/client";
import { domains, type Domain } from "@/lib/db/schema";
import { canManageDomains, INSUFFICIENT_LEVEL } from "@/lib/organizations/levels";
import { requireOrganizationMember, type OrganizationAccess } from "@/lib/organizations/access";
import { newVerificationChallenge } from "./challenge";
import { lookupTxt } from "./dns";
import { challengeAnswered, challengeRecordName, hasSaml, settingNeedingVerification, VERIFICATION_REQUIRED } from "./rules";
import type { TDomain, TDomainCreate, TDomainUpdate } from "./schemas";

const DOMAIN_TAKEN = "domain with this domain already exists.";

function serializeDomain(domain: Domain): TDomain {
  return {
    id: domain.id,
    domain: domain.domain,
    is_verified: domain.verifiedAt !== null,
    verified_at: domain.verifiedAt?.toISOString() ?? null,
    verification_challenge: domain.verificationChallenge,
    jit_provisioning_enabled: domain.jitProvisioningEnabled,
    sso_enforcement: domain.ssoEnforcement,
    has_saml: hasSaml(domain),
    saml_entity_id: domain.samlEntityId,
    saml_acs_url: domain.samlAcsUrl,
    saml_x509_cert: domain.samlX509Cert,
  };
}

/** Changes (and verification) are for admins; the level is checked before the domain is looked up, as in PostHog. */
async function requireDomainAdmin(actor: Actor, organizationId: string): Promise<OrganizationAccess> {
  const access = await requireOrganizationMember(actor, organizationId);
  if (!canManageDomains(access.membership.level)) throw permissionDenied(INSUFFICIENT_LEVEL);
  return access;
}

/** A domain of another organization is not found through this one's path. */
async function findDomain(organizationId: string, domainId: string): Promise<Domain> {
  const db = await getDb();
  const [domain] = await db
    .select()
    .from(domains)
    .where(and(eq(domains.id, domainId), eq(domains.organizationId, organizationId)));
  if (!domain) throw notFound();
  return domain;
}

export async function listDomains(actor: Actor, organizationId: string, page: Page) {
  const { organization } = await requireOrganizationMember(actor, organizationId);
  const db = await getDb();
  const where = eq(domains.organizationId, organization.id);
  const [{ total }] = await db.select({ total: count() }).from(domains).where(where);
  const rows = await db.select().from(domains).where(where).orderBy(asc(domains.domain)).limit(page.limit).offset(page.offset);
  return { count: total, results: rows.map(serializeDomain) };
}

export async function getDomain(actor: Actor, organizationId: string, domainId: string): Promise<TDomain> {
  const { organization } = await requireOrganizationMember(actor, organizationId);
  return serializeDomain(await findDomain(organization.id, domainId));
}

export async function createDomain(actor: Actor, organizationId: string, input: TDomainCreate): Promise<TDomain> {
  const { organization } = await requireDomainAdmin(actor, organizationId);
  const db = await getDb();
  // Domains are unique across organizations: one organization's proof of ownership is the only one.
  const [taken] = await db.select({ id: domains.id }).from(domains).where(eq(domains.domain, input.domain));
  if (taken) throw validationError(DOMAIN_TAKEN, "domain", "unique");
  try {
    const [domain] = await db
      .insert(domains)
      .values({
        organizationId: organization.id,
        domain: input.domain,
        verificationChallenge: newVerificationChallenge(),
        samlEntityId: input.saml_entity_id,
        samlAcsUrl: input.saml_acs_url,
        samlX509Cert: input.saml_x509_cert,
      })
      .returning();
    return serializeDomain(domain);
  } catch (error) {
    // Someone added the same domain between the check and the insert.
    if (isUniqueViolation(error)) throw validationError(DOMAIN_TAKEN, "domain", "unique");
    throw error;
  }
}

export async function updateDomain(actor: Actor, organizationId: string, domainId: string, input: TDomainUpdate): Promise<TDomain> {
  const { organization } = await requireDomainAdmin(actor, organizationId);
  const domain = await findDomain(organization.id, domainId);
  const blocked = settingNeedingVerification(domain.verifiedAt !== null, input);
  if (blocked) throw validationError(VERIFICATION_REQUIRED, blocked, "verification_required");
  const changes = {
    jitProvisioningEnabled: input.jit_provisioning_enabled,
    ssoEnforcement: input.sso_enforcement,
    samlEntityId: input.saml_entity_id,
    samlAcsUrl: input.saml_acs_url,
    samlX509Cert: input.saml_x509_cert,
  };
  if (!hasChanges(changes)) return serializeDomain(domain);
  const db = await getDb();
  const [updated] = await db.update(domains).set(changes).where(eq(domains.id, domain.id)).returning();
  // Deleted meanwhile.
  if (!updated) throw notFound();
  return serializeDomain(updated);
}

export async function deleteDomain(actor: Actor, organizationId: string, domainId: string): Promise<void> {
  const { organization } = await requireDomainAdmin(actor, organizationId);
  const domain = await findDomain(organization.id, domainId);
  const db = await getDb();
  await db.delete(domains).where(eq(domains.id, domain.id));
}

/**
 * Looks for the challenge in the TXT records of `_hedgerow-challenge.<domain>`: found, the domain is verified;
 * not (yet) there, the attempt is recorded so the admin sees when it was last tried.
 */
export async function verifyDomain(actor: Actor, organizationId: string, domainId: string): Promise<TDomain> {
  const { organization } = await requireDomainAdmin(actor, organizationId);
  const domain = await findDomain(organization.id, domainId);
  if (domain.verifiedAt) throw validationError("This domain has already been verified.", null, "already_verified");
  const records = await lookupTxt(challengeRecordName(domain.domain));
  const now = new Date();
  const db = await getDb();
  const [updated] = await db
    .update(domains)
    .set(
      challengeAnswered(records, domain.verificationChallenge)
        ? { verifiedAt: now, lastVerificationRetry: null }
        : { lastVerificationRetry: now },
    )
    .where(eq(domains.id, domain.id))
    .returning();
  if (!updated) throw notFound();
  return serializeDomain(updated);
}
