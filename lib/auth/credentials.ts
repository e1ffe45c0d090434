import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { validationError } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";
import { users, type User } from "@/lib/db/schema";
import { findUserByEmail } from "@/lib/users/accounts";
import { hashPassword, verifyPassword } from "./passwords";
import { attemptCounters, throttledAttempt } from "./throttle";

// A hash of a random password, made once when the module loads: an unknown email is compared against it, so a
// sign-in costs the same single comparison whether or not the account exists.
const hashForUnknownUser = hashPassword(randomBytes(32).toString("base64"));

export async function checkCredentials(email: string, password: string): Promise<User | null> {
  const db = await getDb();
  const user = await findUserByEmail(db, email);
  const valid = await verifyPassword(password, user?.passwordHash ?? (await hashForUnknownUser));
  if (!user?.isActive || !valid) return null;
  await db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, user.id));
  return user;
}

/** Signs in by email and password, within the limits of failed attempts per account and per client `address`. */
export async function login(email: string, password: string, address: string): Promise<User> {
  return throttledAttempt(attemptCounters("login", email, address), async () => {
    const user = await checkCredentials(email, password);
    if (!user) throw validationError("Invalid email or password.", null, "invalid_credentials");
    return user;
  });
}
