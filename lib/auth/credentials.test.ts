import { beforeEach, describe, expect, test, vi } from "vitest";
import type { User } from "@/lib/db/schema";

const stored = { user: undefined as Partial<User> | undefined };
vi.mock("@/lib/users/accounts", () => ({ findUserByEmail: async () => stored.user }));
vi.mock("@/lib/db/client", () => ({
  getDb: async () => ({ update: () => ({ set: () => ({ where: async () => undefined }) }) }),
}));
vi.mock("./passwords", () => ({
  hashPassword: vi.fn(async () => "scrypt$32768$8$1$c2FsdA==$dW5rbm93bg=="),
  verifyPassword: vi.fn(async (password: string, hash: string) => hash === "scrypt$known" && password === "right"),
}));

const passwords = await import("./passwords");
const { checkCredentials } = await import("./credentials");

describe("checkCredentials", () => {
  beforeEach(() => vi.mocked(passwords.verifyPassword).mockClear());

  test("an unknown email costs one password comparison, against a hash made once, as a known one does", async () => {
    stored.user = undefined;
    expect(await checkCredentials("nobody@example.com", "guess")).toBeNull();
    expect(await checkCredentials("nobody-else@example.com", "guess")).toBeNull();
    expect(vi.mocked(passwords.verifyPassword).mock.calls).toEqual([
      ["guess", "scrypt$32768$8$1$c2FsdA==$dW5rbm93bg=="],
      ["guess", "scrypt$32768$8$1$c2FsdA==$dW5rbm93bg=="],
    ]);
    // The stand-in hash was made when the module loaded, not per sign-in.
    expect(passwords.hashPassword).toHaveBeenCalledTimes(1);
  });

  test("a known email is compared once against its own hash", async () => {
    stored.user = { id: 1, isActive: true, passwordHash: "scrypt$known" };
    expect(await checkCredentials("known@example.com", "wrong")).toBeNull();
    expect((await checkCredentials("known@example.com", "right"))?.id).toBe(1);
    expect(vi.mocked(passwords.verifyPassword).mock.calls).toEqual([
      ["wrong", "scrypt$known"],
      ["right", "scrypt$known"],
    ]);
  });

  test("a deactivated user is compared too, and refused even with the right password", async () => {
    stored.user = { id: 2, isActive: false, passwordHash: "scrypt$known" };
    expect(await checkCredentials("gone@example.com", "right")).toBeNull();
    expect(passwords.verifyPassword).toHaveBeenCalledTimes(1);
  });
});
