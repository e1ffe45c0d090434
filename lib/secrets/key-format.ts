import { encryptionKey, KEY_BYTES, type EncryptionKey } from "./envelope";

/** A key as written in the environment or the key file: 32 bytes in base64 (`openssl rand -base64 32`) or hex. */
export function parseKey(text: string): EncryptionKey | null {
  const trimmed = text.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, "hex") : Buffer.from(trimmed, "base64");
  return bytes.length === KEY_BYTES && trimmed.length >= 43 ? encryptionKey(bytes) : null;
}
