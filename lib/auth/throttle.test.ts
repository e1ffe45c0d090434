import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { ApiError, validationError } from "@/lib/api/errors";

// A private PGlite database for this file: the counters are rows of the metadata database.
vi.stubEnv("HEDGEROW_DATA_DIR", mkdtempSync(path.join(tmpdir(), "hedgerow-throttle-test-")));
vi.stubEnv("DATABASE_URL", "");

type Throttle = typeof import("./throttle");
let throttle: Throttle;
let db: Awaited<ReturnType<typeof import("@/lib/db/client").getDb>>;

beforeAll(async () => {
  throttle = await import("./throttle");
  db = await (await import("@/lib/db/client")).getDb();
}, 60_000);

let n = 0;
const fresh = () => ({ email: `user${++n}@example.com`, address: `192.0.2.${n}` });
const wrongPassword = async () => {
  throw validationError("Invalid email or password.", null, "invalid_credentials");
};
const ok = async () => "signed in";

/** The attempt's outcome: what it answered, or the status (and Retry-After) of its refusal. */
async function outcome(counters: ReturnType<Throttle["attemptCounters"]>, attempt: () => Promise<string>) {
  try {
    return await throttle.throttledAttempt(counters, attempt);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return error.status === 429 ? { status: 429, retryAfter: Number(error.headers?.["Retry-After"]), body: error.body } : error.status;
  }
}

describe("throttledAttempt", () => {
  test("an account's failed attempts are limited; the next one is refused with 429, PostHog's body and Retry-After", async () => {
    const { email, address } = fresh();
    for (let i = 0; i < throttle.SUBJECT_LIMIT; i++)
      expect(await outcome(throttle.attemptCounters("login", email, address), wrongPassword)).toBe(400);
    const refused = await outcome(throttle.attemptCounters("login", email, address), ok);
    expect(refused).toMatchObject({ status: 429, body: { type: "throttled_error", code: "throttled", attr: null } });
    const { retryAfter, body } = refused as { retryAfter: number; body: { detail: string } };
    expect(retryAfter).toBeGreaterThan(throttle.WINDOW_SECONDS - 30);
    expect(retryAfter).toBeLessThanOrEqual(throttle.WINDOW_SECONDS);
    expect(body.detail).toBe(`Request was throttled. Expected available in ${retryAfter} seconds.`);
  });

  test("the account is limited from every address, and the email's case or spaces make no new account", async () => {
    const { email } = fresh();
    for (let i = 0; i < throttle.SUBJECT_LIMIT; i++)
      await outcome(throttle.attemptCounters("login", i % 2 ? email.toUpperCase() : ` ${email}`, `198.51.100.${i}`), wrongPassword);
    expect(await outcome(throttle.attemptCounters("login", email, "203.0.113.1"), ok)).toMatchObject({ status: 429 });
  });

  test("a success starts the account's count over", async () => {
    const { email, address } = fresh();
    for (let i = 0; i < throttle.SUBJECT_LIMIT - 1; i++) await outcome(throttle.attemptCounters("login", email, address), wrongPassword);
    expect(await outcome(throttle.attemptCounters("login", email, address), ok)).toBe("signed in");
    for (let i = 0; i < throttle.SUBJECT_LIMIT - 1; i++)
      expect(await outcome(throttle.attemptCounters("login", email, address), wrongPassword)).toBe(400);
    expect(await outcome(throttle.attemptCounters("login", email, address), ok)).toBe("signed in");
  });

  test("an address guessing across many accounts is limited, and its own account's success does not clear that", async () => {
    const { address } = fresh();
    const own = fresh().email;
    for (let i = 0; i < throttle.ADDRESS_LIMIT; i++) {
      expect(await outcome(throttle.attemptCounters("login", fresh().email, address), wrongPassword)).toBe(400);
      if (i % 5 === 0) expect(await outcome(throttle.attemptCounters("login", own, address), ok)).toBe("signed in");
    }
    expect(await outcome(throttle.attemptCounters("login", fresh().email, address), ok)).toMatchObject({ status: 429 });
    expect(await outcome(throttle.attemptCounters("login", own, address), ok)).toMatchObject({ status: 429 });
    // Another address is not concerned.
    expect(await outcome(throttle.attemptCounters("login", fresh().email, "203.0.113.200"), ok)).toBe("signed in");
  });

  test("actions count apart: sign-in failures do not limit sign-ups or invites", async () => {
    const { email, address } = fresh();
    for (let i = 0; i < throttle.SUBJECT_LIMIT; i++) await outcome(throttle.attemptCounters("login", email, address), wrongPassword);
    expect(await outcome(throttle.attemptCounters("signup", email, address), ok)).toBe("signed in");
    expect(await outcome(throttle.attemptCounters("invite", email, address), ok)).toBe("signed in");
  });

  test("attempts racing each other are all counted: of many at once, only the limit's worth run", async () => {
    const { email, address } = fresh();
    let ran = 0;
    const outcomes = await Promise.all(
      Array.from({ length: throttle.SUBJECT_LIMIT * 3 }, () =>
        outcome(throttle.attemptCounters("login", email, address), async () => {
          ran++;
          return wrongPassword();
        }),
      ),
    );
    expect(ran).toBe(throttle.SUBJECT_LIMIT);
    expect(outcomes.filter((o) => typeof o === "object")).toHaveLength(throttle.SUBJECT_LIMIT * 2);
  });

  test("the server's own failure is not counted against the caller", async () => {
    const { email, address } = fresh();
    for (let i = 0; i < throttle.SUBJECT_LIMIT * 2; i++)
      await expect(
        throttle.throttledAttempt(throttle.attemptCounters("login", email, address), async () =>
          Promise.reject(new Error("database down")),
        ),
      ).rejects.toThrow("database down");
    expect(await outcome(throttle.attemptCounters("login", email, address), ok)).toBe("signed in");
  });

  test("once the window has passed, attempts are accepted again", async () => {
    const { email, address } = fresh();
    const counters = throttle.attemptCounters("login", email, address);
    for (let i = 0; i <= throttle.SUBJECT_LIMIT; i++) await outcome(counters, wrongPassword);
    expect(await outcome(counters, ok)).toMatchObject({ status: 429 });
    const { authAttempts } = await import("@/lib/db/schema");
    await db.update(authAttempts).set({ windowStartedAt: sql`now() - make_interval(secs => ${throttle.WINDOW_SECONDS + 1})` });
    expect(await outcome(counters, ok)).toBe("signed in");
  });
});

describe("currentPasswordCounters", () => {
  let users = 1_000;
  const incorrect = async () => {
    throw validationError("Your current password is incorrect.", "current_password", "incorrect_password");
  };

  test("one user's wrong current passwords are limited, refusing the right one too, until the window has passed", async () => {
    const counters = throttle.currentPasswordCounters(++users);
    for (let i = 0; i < throttle.CURRENT_PASSWORD_LIMIT; i++) expect(await outcome(counters, incorrect)).toBe(400);
    expect(await outcome(counters, ok)).toMatchObject({ status: 429, body: { type: "throttled_error", code: "throttled", attr: null } });
    expect(await outcome(counters, incorrect)).toMatchObject({ status: 429 });
    const { authAttempts } = await import("@/lib/db/schema");
    await db.update(authAttempts).set({ windowStartedAt: sql`now() - make_interval(secs => ${throttle.WINDOW_SECONDS + 1})` });
    expect(await outcome(counters, ok)).toBe("signed in");
  });

  test("counts per user, apart from sign-ins: neither another user nor the sign-in counters are concerned", async () => {
    const { email, address } = fresh();
    const limited = ++users;
    for (let i = 0; i < throttle.CURRENT_PASSWORD_LIMIT; i++) await outcome(throttle.currentPasswordCounters(limited), incorrect);
    expect(await outcome(throttle.currentPasswordCounters(limited), ok)).toMatchObject({ status: 429 });
    expect(await outcome(throttle.currentPasswordCounters(++users), ok)).toBe("signed in");
    expect(await outcome(throttle.attemptCounters("login", email, address), ok)).toBe("signed in");
  });
});

describe("throttledFor", () => {
  test("tells whether the next attempt would be refused, without counting one", async () => {
    const { email, address } = fresh();
    const counters = throttle.attemptCounters("login", email, address);
    for (let i = 0; i < throttle.SUBJECT_LIMIT - 1; i++) await outcome(counters, wrongPassword);
    for (let i = 0; i < 3; i++) expect(await throttle.throttledFor(counters)).toBeNull();
    await outcome(counters, wrongPassword);
    expect(await throttle.throttledFor(counters)).toBeGreaterThan(throttle.WINDOW_SECONDS - 30);
  });
});
