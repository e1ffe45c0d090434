// The data dir holds the metadata database (password hashes, secrets in its WAL), the event store and the keys:
// only the user running Hedgerow may read it. No `@/` imports, so scripts/start.mjs can load it before anything.
import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

/** Files and directories created from now on by this process (and the processes it starts) are its user's only. */
const PRIVATE_UMASK = 0o077;

export function applyPrivateUmask() {
  process.umask(PRIVATE_UMASK);
}

/**
 * Creates the data dir (0700) or takes group and other bits away from an existing one and everything in it, for
 * data dirs written before Hedgerow restricted them. Symbolic links are left alone (chmod would follow them).
 */
export function protectDataDir(dir: string) {
  applyPrivateUmask();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  restrict(dir);
}

function restrict(target: string) {
  try {
    const stats = lstatSync(target);
    if (stats.isSymbolicLink()) return;
    if (stats.mode & PRIVATE_UMASK) chmodSync(target, stats.mode & 0o7700);
    if (stats.isDirectory()) for (const entry of readdirSync(target)) restrict(path.join(target, entry));
  } catch (error) {
    // A file another process removed meanwhile (a WAL segment, a merged part) needs nothing.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}
