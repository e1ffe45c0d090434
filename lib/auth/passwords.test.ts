import { describe, expect, test } from "vitest";
import { hashPassword, verifyPassword } from "./passwords";

describe("passwords", () => {
  test("hashes as scrypt$N$r$p$salt$hash and verifies", async () => {
    const hashed = await hashPassword("correct horse battery staple");
    expect(hashed).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    expect(hashed).not.toContain("correct horse");
    expect(await verifyPassword("correct horse battery staple", hashed)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", hashed)).toBe(false);
    expect(await verifyPassword("", hashed)).toBe(false);
  });

  test("salts: the same password hashes differently each time", async () => {
    const [a, b] = await Promise.all([hashPassword("same"), hashPassword("same")]);
    expect(a).not.toBe(b);
    expect(await verifyPassword("same", a)).toBe(true);
    expect(await verifyPassword("same", b)).toBe(true);
  });

  test("normalizes Unicode (NFKC), so composed and decomposed forms match", async () => {
    const hashed = await hashPassword("caf\u00e9");
    expect(await verifyPassword("cafe\u0301", hashed)).toBe(true);
  });

  test("refuses unknown or malformed stored values", async () => {
    expect(await verifyPassword("x", "")).toBe(false);
    expect(await verifyPassword("x", "pbkdf2_sha256$1$salt$hash")).toBe(false);
    expect(await verifyPassword("x", "scrypt$32768$8$1$c2FsdA==")).toBe(false);
  });

  test("verifies with the parameters stored in the hash", async () => {
    const hashed = await hashPassword("p");
    const [, , r, p, salt, hash] = hashed.split("$");
    expect(await verifyPassword("p", ["scrypt", "32768", r, p, salt, hash].join("$"))).toBe(true);
    expect(await verifyPassword("p", ["scrypt", "16384", r, p, salt, hash].join("$"))).toBe(false);
  });
});
