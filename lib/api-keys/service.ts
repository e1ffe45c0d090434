import { and, count, desc, eq, inArray } from "drizzle-orm";
import { notFound, permissionDenied, validationError } from "@/lib/api/errors";
import type { Actor } from "@/lib/auth/actor";
import { hashApiKey, maskApiKey, newPersonalApiKey, randomToken } from "@/lib/auth/tokens";
import { hasChanges } from "@/lib/db/changes";
import { getDb, type Tx } from "@/lib/db/client";
import { memberships, personalApiKeys, projects, type PersonalApiKey } from "@/lib/db/schema";
import { MAX_KEYS_PER_USER } from "./limits";
import type { TApiKey, TApiKeyCreate, TApiKeyUpdate } from "./schemas";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function serializeApiKey(key: PersonalApiKey, value: string | null = null): TApiKey {
  return {
    id: key.id,
    label: key.label,
    value,
    mask_value: key.maskValue,
    created_at: key.createdAt.toISOString(),
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    user_id: key.userId,
    // Keys stored without scopes predate scoping and may do everything.
    scopes: key.scopes?.length ? key.scopes : ["*"],
    // Always lists, empty for no limit: PostHog's clients (the MCP tools) read them as arrays.
    scoped_organizations: key.scopedOrganizations ?? [],
    scoped_teams: key.scopedTeams ?? [],
    // Keys are never rolled here (PostHog's `roll` makes a new value for the same key).
    last_rolled_at: null,
  };
}

/** A key may only be limited to organizations and projects its owner belongs to. */
async function checkScopedResources(tx: Tx, userId: number, input: TApiKeyUpdate) {
  const organizationIds = input.scoped_organizations ?? [];
  if (organizationIds.some((id) => !UUID.test(id))) throw validationError("Invalid organization UUID", "scoped_organizations");
  const mine = await tx.select({ organizationId: memberships.organizationId }).from(memberships).where(eq(memberships.userId, userId));
  const myOrganizations = new Set(mine.map((m) => m.organizationId));
  if (organizationIds.some((id) => !myOrganizations.has(id)))
    throw validationError("You must be a member of all organizations that you are scoping the key to.", "scoped_organizations");
  const teamIds = input.scoped_teams ?? [];
  if (teamIds.length) {
    const found = await tx.select().from(projects).where(inArray(projects.id, teamIds));
    if (found.length !== new Set(teamIds).size || found.some((p) => !myOrganizations.has(p.organizationId)))
      throw validationError("You must be a member of all teams that you are scoping the key to.", "scoped_teams");
  }
}

export async function listApiKeys(actor: Actor): Promise<TApiKey[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(personalApiKeys)
    .where(eq(personalApiKeys.userId, actor.user.id))
    .orderBy(desc(personalApiKeys.createdAt))
    .limit(MAX_KEYS_PER_USER);
  return rows.map((row) => serializeApiKey(row));
}

export async function createApiKey(actor: Actor, input: TApiKeyCreate): Promise<TApiKey> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [{ total }] = await tx.select({ total: count() }).from(personalApiKeys).where(eq(personalApiKeys.userId, actor.user.id));
    if (total >= MAX_KEYS_PER_USER)
      throw validationError("You can only have 10 personal API keys. Remove an existing key before creating a new one.");
    await checkScopedResources(tx, actor.user.id, input);
    const value = newPersonalApiKey();
    const [key] = await tx
      .insert(personalApiKeys)
      .values({
        id: randomToken(24),
        userId: actor.user.id,
        label: input.label,
        secureValue: hashApiKey(value),
        maskValue: maskApiKey(value),
        scopes: input.scopes,
        scopedOrganizations: input.scoped_organizations?.length ? input.scoped_organizations : null,
        scopedTeams: input.scoped_teams?.length ? input.scoped_teams : null,
      })
      .returning();
    return serializeApiKey(key, value);
  });
}

async function ownKey(actor: Actor, keyId: string): Promise<PersonalApiKey> {
  if (keyId === "@current") {
    if (!actor.apiKey) throw notFound();
    return actor.apiKey;
  }
  // Managing keys needs the person, not one of their keys.
  if (actor.apiKey) throw permissionDenied("This action does not support Personal API Key access");
  const db = await getDb();
  const [key] = await db
    .select()
    .from(personalApiKeys)
    .where(and(eq(personalApiKeys.id, keyId), eq(personalApiKeys.userId, actor.user.id)));
  if (!key) throw notFound();
  return key;
}

export async function getApiKey(actor: Actor, keyId: string) {
  return serializeApiKey(await ownKey(actor, keyId));
}

export async function updateApiKey(actor: Actor, keyId: string, input: TApiKeyUpdate) {
  const key = await ownKey(actor, keyId);
  const db = await getDb();
  await checkScopedResources(db, actor.user.id, input);
  const changes = {
    label: input.label,
    scopes: input.scopes,
    scopedOrganizations:
      input.scoped_organizations === undefined ? undefined : input.scoped_organizations?.length ? input.scoped_organizations : null,
    scopedTeams: input.scoped_teams === undefined ? undefined : input.scoped_teams?.length ? input.scoped_teams : null,
  };
  if (!hasChanges(changes)) return serializeApiKey(key);
  const [updated] = await db.update(personalApiKeys).set(changes).where(eq(personalApiKeys.id, key.id)).returning();
  // Deleted meanwhile.
  if (!updated) throw notFound();
  return serializeApiKey(updated);
}

export async function deleteApiKey(actor: Actor, keyId: string) {
  const key = await ownKey(actor, keyId);
  const db = await getDb();
  await db.delete(personalApiKeys).where(eq(personalApiKeys.id, key.id));
}
