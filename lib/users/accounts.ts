import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { validationError } from "@/lib/api/errors";
import { hashPassword } from "@/lib/auth/passwords";
import type { Tx } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { users, type User } from "@/lib/db/schema";

// User rows by email: kept apart from the user service so that sign-in (lib/auth) needs nothing above it.

export const emailTaken = () => validationError("There is already an account with this email address.", "email", "unique");

export const normalizeEmail = (email: string) => {
  // Django's normalize_email: the domain is case-insensitive, the local part is kept.
  const at = email.lastIndexOf("@");
  return at < 0
    ? email.trim()
    : `${email.slice(0, at).trim()}@${email
        .slice(at + 1)
        .trim()
        .toLowerCase()}`;
};

export async function findUserByEmail(tx: Tx, email: string): Promise<User | undefined> {
  const [user] = await tx.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return user;
}

export async function insertUser(
  tx: Tx,
  input: { email: string; password: string; firstName: string; lastName?: string; isEmailVerified?: boolean; isStaff?: boolean },
): Promise<User> {
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(tx, email)) throw emailTaken();
  // The same email signing up twice at once: the later insert loses on the unique index, answered as above.
  const [user] = await tx
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(input.password),
      firstName: input.firstName,
      lastName: input.lastName ?? "",
      distinctId: randomBytes(24).toString("base64url"),
      isEmailVerified: input.isEmailVerified ?? false,
      isStaff: input.isStaff ?? false,
    })
    .returning()
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? emailTaken() : error;
    });
  return user;
}
