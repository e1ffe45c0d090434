import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

// A secret at rest: `hedgerow:enc:v1:<key id>:<iv>:<ciphertext>:<tag>` (base64url parts), AES-256-GCM over the
// value's JSON (so numbers and booleans come back as they were), authenticated with the field's name (a value
// moved to another field does not open). The version names the format; the key id names the key that sealed it.

const PREFIX = "hedgerow:enc:v1:";
const ALGORITHM = "aes-256-gcm";
export const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface EncryptionKey {
  id: string;
  secret: Buffer;
}

export interface Keyring {
  /** The key new values are sealed with. */
  current: EncryptionKey;
  /** Every key a stored value may be sealed with, the current one included. */
  byId: ReadonlyMap<string, EncryptionKey>;
}

export class SecretUnreadableError extends Error {}

/** A key from its 32 bytes; its id is derived from it, so the same key always has the same id. */
export function encryptionKey(secret: Buffer): EncryptionKey {
  if (secret.length !== KEY_BYTES) throw new Error(`An encryption key is ${KEY_BYTES} bytes.`);
  const id = createHash("sha256").update("hedgerow-encryption-key-id:").update(secret).digest("hex").slice(0, 16);
  return { id, secret };
}

export function keyringOf(keys: EncryptionKey[]): Keyring {
  if (!keys.length) throw new Error("A keyring needs at least one key.");
  return { current: keys[0], byId: new Map(keys.map((key) => [key.id, key])) };
}

export const isSealed = (value: unknown): value is string => typeof value === "string" && value.startsWith(PREFIX);

/** The key id a sealed value names. */
export const sealedKeyId = (value: string) => value.slice(PREFIX.length).split(":", 1)[0];

export function seal(value: unknown, field: string, keyring: Keyring): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, keyring.current.secret, iv);
  cipher.setAAD(Buffer.from(field, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  const parts = [iv, ciphertext, cipher.getAuthTag()].map((part) => part.toString("base64url"));
  return `${PREFIX}${keyring.current.id}:${parts.join(":")}`;
}

/** The value `seal` was given; a tampered value, another field's, or one sealed with a key not in the ring throws. */
export function open(sealed: string, field: string, keyring: Keyring): unknown {
  const [keyId, iv, ciphertext, tag, ...rest] = sealed.slice(PREFIX.length).split(":");
  const key = keyring.byId.get(keyId);
  if (!key) throw new SecretUnreadableError(`A stored secret is sealed with key ${keyId}, which is not configured.`);
  if (rest.length || !iv || !ciphertext || !tag) throw new SecretUnreadableError("A stored secret is malformed.");
  try {
    const decipher = createDecipheriv(ALGORITHM, key.secret, Buffer.from(iv, "base64url"), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(field, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    const plain = Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]);
    return JSON.parse(plain.toString("utf8"));
  } catch {
    throw new SecretUnreadableError("A stored secret does not open with its key (tampered with, or another field's).");
  }
}
