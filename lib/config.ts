import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseEnvironment } from "./environment";

/** Every setting Hedgerow reads from the environment, in one place. */
export const config = parseEnvironment(process.env);

/**
 * The secret signing session cookies: NEXTAUTH_SECRET when given, otherwise one generated once and kept in
 * the data dir, so a newcomer needs no configuration and sessions survive restarts.
 */
export function sessionSecret(): string {
  if (process.env.NEXTAUTH_SECRET) return process.env.NEXTAUTH_SECRET;
  const file = path.join(config.dataDir, "session-secret");
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 });
    } catch {
      // Another process wrote it first; read theirs.
    }
  }
  process.env.NEXTAUTH_SECRET = readFileSync(file, "utf8").trim();
  return process.env.NEXTAUTH_SECRET;
}
