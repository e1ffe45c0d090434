import { eq } from "drizzle-orm";
import { validationError } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";
import { users, type User } from "@/lib/db/schema";
import { findUserByEmail } from "@/lib/users/accounts";
import { hashPassword, verifyPassword } from "./passwords";

export async function checkCredentials(email: string, password: string): Promise<User | null> {
  const db = await getDb();
  const user = await findUserByEmail(db, email);
  // Hash anyway when the user is unknown, so timing does not tell which emails have accounts.
  const valid = await verifyPassword(password, user?.passwordHash ?? (await hashPassword("x")));
  if (!user?.isActive || !valid) return null;
  await db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, user.id));
  return user;
}

export async function login(email: string, password: string): Promise<User> {
  const user = await checkCredentials(email, password);
  if (!user) throw validationError("Invalid email or password.", null, "invalid_credentials");
  return user;
}
