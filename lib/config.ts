import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Every setting Hedgerow reads from the environment, in one place (the README's configuration table mirrors it). */
export const config = {
  /** PostgreSQL connection string; when unset, metadata lives in embedded PGlite under `dataDir`. */
  databaseUrl: process.env.DATABASE_URL || undefined,
  /** ClickHouse server for the event store (`http://user:pass@host:8123/db`); unset means embedded chDB under `dataDir`. */
  clickhouseUrl: process.env.CLICKHOUSE_URL || undefined,
  /** Directory for the embedded databases and generated secrets. */
  dataDir: path.resolve(/*turbopackIgnore: true*/ process.env.HEDGEROW_DATA_DIR || ".data"),
  /** Anyone may sign up (otherwise only the instance's first user, or through an invite). */
  allowSignup: process.env.ALLOW_SIGNUP === "true",
  /** `smtp://user:pass@host:port` for invite emails; unset means no email is attempted. */
  smtpUrl: process.env.SMTP_URL || undefined,
  emailFrom: process.env.EMAIL_FROM || "Hedgerow <hedgerow@localhost>",
  /** Comma-separated `host[:port]` resolvers for domain verification; unset uses the system's. */
  dnsServers: (process.env.DNS_SERVERS || "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
  /** Public base URL used in links sent by email (invite links). Defaults to the request's origin. */
  siteUrl: process.env.SITE_URL || process.env.NEXTAUTH_URL || undefined,
  /** Batch export runs (scheduler and workers) in this process; `off` leaves them to other processes. */
  batchExports: {
    enabled: process.env.HEDGEROW_BATCH_EXPORTS !== "off",
    pollMs: positiveNumber(process.env.HEDGEROW_BATCH_EXPORT_POLL_MS, 5_000),
    concurrency: positiveNumber(process.env.HEDGEROW_BATCH_EXPORT_CONCURRENCY, 2),
    leaseSeconds: positiveNumber(process.env.HEDGEROW_BATCH_EXPORT_LEASE_SECONDS, 60),
    pageSize: positiveNumber(process.env.HEDGEROW_BATCH_EXPORT_PAGE_SIZE, 50_000),
    maxAttempts: positiveNumber(process.env.HEDGEROW_BATCH_EXPORT_MAX_ATTEMPTS, 5),
    retrySeconds: positiveNumber(process.env.HEDGEROW_BATCH_EXPORT_RETRY_SECONDS, 60),
  },
};

function positiveNumber(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

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
