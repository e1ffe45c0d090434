import { cpus } from "node:os";
import path from "node:path";
import { z } from "zod";
import { parseAllowedDestinations } from "./net/allowed-destinations";
import { parseKey } from "./secrets/key-format";

// The environment's schema, apart from `lib/config` (which reads it once, on import): a module that must read a
// setting late (the event store's limits, after a test has pointed HEDGEROW_DATA_DIR elsewhere) parses it here.

// An empty variable means unset, as a shell's `VAR= npm start` intends.
const unset = (value: unknown) => (value === "" ? undefined : value);
const optionalUrl = (protocols: RegExp, example: string) =>
  z.preprocess(unset, z.url({ protocol: protocols, error: `must be a URL like ${example}` }).optional());
const positiveInt = (fallback: number, max: number) => z.preprocess(unset, z.coerce.number().int().min(1).max(max).default(fallback));
const flag = (fallback: boolean) =>
  z
    .preprocess(unset, z.enum(["true", "false"], { error: "must be true or false" }).default(fallback ? "true" : "false"))
    .transform((v) => v === "true");

const KEY_FORMAT = { error: "must be 32 bytes in base64 (openssl rand -base64 32) or hex" };

/** The environment Hedgerow reads (the README's configuration table mirrors it); checked once, at start. */
const ZEnvironment = z
  .object({
    DATABASE_URL: optionalUrl(/^postgres(ql)?$/, "postgres://user:pass@host:5432/db"),
    DATABASE_POOL_SIZE: positiveInt(10, 1_000),
    CLICKHOUSE_URL: optionalUrl(/^https?$/, "http://user:pass@host:8123/db"),
    HEDGEROW_DATA_DIR: z.preprocess(unset, z.string().default(".data")),
    ALLOW_SIGNUP: flag(false),
    SMTP_URL: optionalUrl(/^smtps?$/, "smtp://user:pass@host:587"),
    EMAIL_FROM: z.preprocess(unset, z.string().default("Hedgerow <hedgerow@localhost>")),
    DNS_SERVERS: z.preprocess(unset, z.string().default("")),
    SITE_URL: optionalUrl(/^https?$/, "https://hedgerow.example.com"),
    NEXTAUTH_URL: optionalUrl(/^https?$/, "https://hedgerow.example.com"),
    TRUST_PROXY: z
      .preprocess(
        unset,
        z
          .string()
          .regex(/^(true|false|[0-9]|[1-9][0-9])$/, { error: "must be true, false or the number of proxies in front (0-99)" })
          .default("false"),
      )
      .transform((v) => (v === "true" ? 1 : v === "false" ? 0 : Number(v))),
    INSTANCE_TAG: z.preprocess(unset, z.string().default("none")),
    HEDGEROW_ENCRYPTION_KEY: z.preprocess(
      unset,
      z
        .string()
        .refine((v) => parseKey(v), KEY_FORMAT)
        .transform((v) => parseKey(v)!)
        .optional(),
    ),
    HEDGEROW_ENCRYPTION_OLD_KEYS: z.preprocess(
      unset,
      z
        .string()
        .default("")
        .transform((v) =>
          v
            .split(",")
            .map((key) => key.trim())
            .filter(Boolean),
        )
        .refine((keys) => keys.every(parseKey), KEY_FORMAT)
        .transform((keys) => keys.map((key) => parseKey(key)!)),
    ),
    HEDGEROW_PLUGINS_ACCESS_LEVEL: z.preprocess(
      unset,
      z.enum(["0", "3", "6", "9"], { error: "must be 0, 3, 6 or 9" }).default("3").transform(Number),
    ),
    HEDGEROW_ANALYSIS_CONCURRENCY: z.preprocess(unset, z.coerce.number().int().min(1).max(256).optional()),
    HEDGEROW_QUERY_TIMEOUT_SECONDS: positiveInt(60, 3_600),
    HEDGEROW_QUERY_MAX_MEMORY_MB: positiveInt(1_536, 1_048_576),
    HEDGEROW_QUERY_SPILL_MB: z.preprocess(unset, z.coerce.number().int().min(1).max(1_048_576).optional()),
    HEDGEROW_SQUASH_INTERVAL_MINUTES: positiveInt(60, 10_080),
    HEDGEROW_SQUASH_GRACE_SECONDS: positiveInt(600, 86_400),
    HEDGEROW_COHORT_RECALCULATION_MINUTES: positiveInt(60, 10_080),
    HEDGEROW_ALERT_POLL_MS: positiveInt(120_000, 3_600_000),
    HEDGEROW_SUBSCRIPTION_POLL_MS: positiveInt(60_000, 3_600_000),
    HEDGEROW_BATCH_EXPORTS: z.preprocess(unset, z.enum(["on", "off"], { error: "must be on or off" }).default("on")),
    HEDGEROW_BATCH_EXPORT_POLL_MS: positiveInt(5_000, 3_600_000),
    HEDGEROW_BATCH_EXPORT_CONCURRENCY: positiveInt(2, 64),
    HEDGEROW_BATCH_EXPORT_LEASE_SECONDS: positiveInt(60, 43_200),
    HEDGEROW_BATCH_EXPORT_PAGE_SIZE: positiveInt(50_000, 1_000_000),
    HEDGEROW_BATCH_EXPORT_MAX_ATTEMPTS: positiveInt(5, 100),
    HEDGEROW_BATCH_EXPORT_RETRY_SECONDS: positiveInt(60, 86_400),
    HEDGEROW_HEARTBEAT_SECONDS: positiveInt(60, 3_600),
    HEDGEROW_WORKERS: z.preprocess(unset, z.coerce.number().int().min(1).max(64).optional()),
    HEDGEROW_CUSTOMERIO_URL: z.preprocess(unset, z.url({ protocol: /^https?$/ }).optional()),
    HEDGEROW_HUBSPOT_URL: z.preprocess(unset, z.url({ protocol: /^https?$/ }).optional()),
    HEDGEROW_ALLOWED_DESTINATIONS: z
      .string()
      .optional()
      .transform((text, context) => {
        try {
          return parseAllowedDestinations(text);
        } catch (error) {
          context.addIssue({ code: "custom", message: (error as Error).message });
          return z.NEVER;
        }
      }),
  })
  .refine((e) => !(e.HEDGEROW_QUERY_SPILL_MB && e.HEDGEROW_QUERY_SPILL_MB >= e.HEDGEROW_QUERY_MAX_MEMORY_MB), {
    path: ["HEDGEROW_QUERY_SPILL_MB"],
    message: "must be below HEDGEROW_QUERY_MAX_MEMORY_MB (half of it leaves room to merge what spilled)",
  })
  .refine((e) => !(e.HEDGEROW_WORKERS && e.HEDGEROW_WORKERS > 1 && !e.DATABASE_URL), {
    path: ["HEDGEROW_WORKERS"],
    message: "more than one server process needs DATABASE_URL (embedded PGlite allows one process per data dir)",
  });

/** Reads and checks the environment: a wrong value stops the server at start with every problem named. */
export function parseEnvironment(env: Record<string, string | undefined>) {
  const parsed = ZEnvironment.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Hedgerow's configuration is invalid:\n${problems}\nSee the Configuration section of the README.`);
  }
  const e = parsed.data;
  return {
    /** PostgreSQL connection string; when unset, metadata lives in embedded PGlite under `dataDir`. */
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    /** ClickHouse server for the event store; unset means embedded chDB under `dataDir`. */
    clickhouseUrl: e.CLICKHOUSE_URL,
    /** Directory for the embedded databases and generated secrets. */
    dataDir: path.resolve(/*turbopackIgnore: true*/ e.HEDGEROW_DATA_DIR),
    /** Anyone may sign up (otherwise only the instance's first user, or through an invite). */
    allowSignup: e.ALLOW_SIGNUP,
    /** `smtp://user:pass@host:port` for invite emails; unset means no email is attempted. */
    smtpUrl: e.SMTP_URL,
    emailFrom: e.EMAIL_FROM,
    /** `host[:port]` resolvers for domain verification; empty uses the system's. */
    dnsServers: e.DNS_SERVERS.split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    /**
     * The public URL people reach Hedgerow at: links sent by email (invites), next-auth's own URL, sign-in's
     * `next`. Unset, the request's own origin stands in (and the server warns at start).
     */
    siteUrl: e.SITE_URL ?? e.NEXTAUTH_URL,
    /** An `https://` public URL makes session cookies `Secure` (a TLS proxy in front leaves the request itself `http`). */
    secureCookies: (e.SITE_URL ?? e.NEXTAUTH_URL)?.startsWith("https://") ?? false,
    /**
     * How many reverse proxies in front of Hedgerow append to `X-Forwarded-For` (`TRUST_PROXY=true` is one); 0
     * ignores every `X-Forwarded-*` header a request brings, as any client can send them.
     */
    trustedProxies: e.TRUST_PROXY,
    instanceTag: e.INSTANCE_TAG,
    /** The key sealing secrets at rest (else one generated into the data dir), and older ones that only open. */
    encryptionKey: e.HEDGEROW_ENCRYPTION_KEY,
    encryptionOldKeys: e.HEDGEROW_ENCRYPTION_OLD_KEYS,
    /** What a new organization may do with pipeline apps (PostHog's cloud default: CONFIG, see and set up). */
    pluginsAccessLevel: e.HEDGEROW_PLUGINS_ACCESS_LEVEL,
    /** Analysis queries running at once (default: one per core). */
    analysisConcurrency: e.HEDGEROW_ANALYSIS_CONCURRENCY ?? cpus().length,
    queryTimeoutSeconds: e.HEDGEROW_QUERY_TIMEOUT_SECONDS,
    queryMaxMemoryMb: e.HEDGEROW_QUERY_MAX_MEMORY_MB,
    /** Past this, one read's GROUP BY and ORDER BY spill to disk (default: never, as they run fastest in memory). */
    querySpillMb: e.HEDGEROW_QUERY_SPILL_MB,
    /** Person merges folded into events (lib/events/squash-person-overrides.ts): how often, and how old they must be. */
    overridesSquash: {
      intervalMinutes: e.HEDGEROW_SQUASH_INTERVAL_MINUTES,
      graceSeconds: e.HEDGEROW_SQUASH_GRACE_SECONDS,
    },
    /** Dynamic cohorts are recalculated when this old (lib/cohorts/schedule.ts); changed ones at once. */
    cohortRecalculationMinutes: e.HEDGEROW_COHORT_RECALCULATION_MINUTES,
    /** How often due alerts are looked for (lib/alerts/schedule.ts); new and changed ones are checked at once. */
    alertPollMs: e.HEDGEROW_ALERT_POLL_MS,
    /** How often due subscriptions are looked for (lib/subscriptions/schedule.ts). */
    subscriptionPollMs: e.HEDGEROW_SUBSCRIPTION_POLL_MS,
    /** Server processes `npm start` runs: one per core on PostgreSQL, always one on embedded PGlite. */
    workers: e.HEDGEROW_WORKERS ?? (e.DATABASE_URL ? cpus().length : 1),
    /** Batch export runs (scheduler and workers) in this process; `off` leaves them to other processes. */
    batchExports: {
      enabled: e.HEDGEROW_BATCH_EXPORTS === "on",
      pollMs: e.HEDGEROW_BATCH_EXPORT_POLL_MS,
      concurrency: e.HEDGEROW_BATCH_EXPORT_CONCURRENCY,
      leaseSeconds: e.HEDGEROW_BATCH_EXPORT_LEASE_SECONDS,
      pageSize: e.HEDGEROW_BATCH_EXPORT_PAGE_SIZE,
      maxAttempts: e.HEDGEROW_BATCH_EXPORT_MAX_ATTEMPTS,
      retrySeconds: e.HEDGEROW_BATCH_EXPORT_RETRY_SECONDS,
    },
    /** Seconds between the Heartbeat app's events (PostHog's `runEveryMinute`; shorter in tests). */
    heartbeatSeconds: e.HEDGEROW_HEARTBEAT_SECONDS,
    /** Private hosts destinations may reach (lib/net/destination-guard.ts); by default public addresses only. */
    allowedDestinations: e.HEDGEROW_ALLOWED_DESTINATIONS,
    /** Where the Customer.io and HubSpot apps call their APIs instead of the services' own hosts (a proxy, a test's receiver). */
    appApiUrls: { customerio: e.HEDGEROW_CUSTOMERIO_URL, hubspot: e.HEDGEROW_HUBSPOT_URL },
  };
}
