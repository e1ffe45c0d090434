import { randomBytes } from "node:crypto";
import { readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config } from "@/lib/config";
import { KEY_BYTES, keyringOf, type EncryptionKey, type Keyring } from "./envelope";
import { parseKey } from "./key-format";

// The keys sealing secrets at rest live apart from the database: HEDGEROW_ENCRYPTION_KEY (and
// HEDGEROW_ENCRYPTION_OLD_KEYS), else a file in the data dir generated on first use, as the session secret is.
// The file holds one base64 key a line, the current one first; `hedgerow rotate-encryption-key` puts a new one
// on top. Another process may rotate it (the CLI on PostgreSQL), so a changed file is read again.

export const KEY_FILE = "encryption-keys";

const keyFile = () => path.join(config.dataDir, KEY_FILE);

function readKeyFile(file: string): EncryptionKey[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line, index) => {
      const key = parseKey(line);
      if (!key) throw new Error(`${file}: line ${index + 1} is not a 32-byte base64 key.`);
      return key;
    });
}

const newKeyLine = () => `${randomBytes(KEY_BYTES).toString("base64")}\n`;

function keyFileKeys(create: boolean): EncryptionKey[] {
  const file = keyFile();
  if (create) {
    try {
      writeFileSync(file, newKeyLine(), { flag: "wx", mode: 0o600 });
    } catch (error) {
      // Another process wrote it first: read theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  try {
    return readKeyFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

const envKeys = (): EncryptionKey[] => (config.encryptionKey ? [config.encryptionKey, ...config.encryptionOldKeys] : []);

let cached: { keyring: Keyring; fileVersion: number } | undefined;
const fileVersion = () => statSync(keyFile(), { throwIfNoEntry: false })?.mtimeMs ?? 0;

/**
 * The keys in use: the environment's first when set (the data dir's file, if any, then only opens old values),
 * else the data dir's file, created with a new key when missing.
 */
export function currentKeyring(): Keyring {
  const version = fileVersion();
  if (cached && cached.fileVersion === version) return cached.keyring;
  const fromEnv = envKeys();
  const keyring = keyringOf([...fromEnv, ...keyFileKeys(fromEnv.length === 0)]);
  cached = { keyring, fileVersion: fileVersion() };
  return keyring;
}

/** Puts a new key at the top of the data dir's file (older keys stay, to open what they sealed); answers its id. */
export function addKeyToFile(): string {
  if (config.encryptionKey)
    throw new Error(
      "HEDGEROW_ENCRYPTION_KEY is set: rotate by setting a new key there and moving the old one to HEDGEROW_ENCRYPTION_OLD_KEYS, then start Hedgerow (it re-seals stored secrets at start).",
    );
  keyFileKeys(true);
  const line = newKeyLine();
  const file = keyFile();
  const next = `${file}.new`;
  writeFileSync(next, line + readFileSync(file, "utf8"), { mode: 0o600 });
  // A rename, so a process reading the file meanwhile sees the old keys or the new ones, never half a file.
  renameSync(next, file);
  cached = undefined;
  return parseKey(line)!.id;
}
