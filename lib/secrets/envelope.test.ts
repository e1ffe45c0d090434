import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { encryptionKey, isSealed, keyringOf, open, seal, sealedKeyId, SecretUnreadableError } from "./envelope";
import { openFields, resealFields, sealFields } from "./fields";
import { parseKey } from "./key-format";

const newKey = () => encryptionKey(randomBytes(32));

describe("the envelope", () => {
  const keyring = keyringOf([newKey()]);

  test("seals a value so that neither it nor its length in clear shows, and opens it to the same value and type", () => {
    for (const value of ["hunter2", 5432, true, "ünïcödé 🔑"]) {
      const sealed = seal(value, "password", keyring);
      expect(isSealed(sealed)).toBe(true);
      expect(sealed).not.toContain(String(value));
      expect(sealed.startsWith(`hedgerow:enc:v1:${keyring.current.id}:`)).toBe(true);
      expect(open(sealed, "password", keyring)).toEqual(value);
    }
    // A fresh nonce each time: equal secrets do not look equal at rest.
    expect(seal("same", "token", keyring)).not.toBe(seal("same", "token", keyring));
  });

  test("a tampered envelope does not open: any part changed, truncated tag, extra parts", () => {
    const sealed = seal("sk_live_secret", "token", keyring);
    const parts = sealed.split(":");
    for (const index of [4, 5, 6]) {
      const bytes = Buffer.from(parts[index], "base64url");
      bytes[0] ^= 1;
      const tampered = [...parts.slice(0, index), bytes.toString("base64url"), ...parts.slice(index + 1)].join(":");
      expect(() => open(tampered, "token", keyring), `part ${index}`).toThrow(SecretUnreadableError);
    }
    const shortTag = [...parts.slice(0, 6), parts[6].slice(0, 8)].join(":");
    expect(() => open(shortTag, "token", keyring)).toThrow(SecretUnreadableError);
    expect(() => open(`${sealed}:x`, "token", keyring)).toThrow(SecretUnreadableError);
    expect(() => open(parts.slice(0, 5).join(":"), "token", keyring)).toThrow(SecretUnreadableError);
  });

  test("a value moved to another field does not open there", () => {
    const sealed = seal("sk_live_secret", "token", keyring);
    expect(() => open(sealed, "url", keyring)).toThrow(SecretUnreadableError);
  });

  test("the wrong key does not open it, and a key not in the ring is named, not guessed", () => {
    const sealed = seal("hunter2", "password", keyring);
    const other = newKey();
    const forged = sealed.replace(keyring.current.id, other.id);
    expect(() => open(forged, "password", keyringOf([other]))).toThrow(SecretUnreadableError);
    expect(() => open(sealed, "password", keyringOf([other]))).toThrow(`sealed with key ${keyring.current.id}, which is not configured`);
  });

  test("keys are 32 bytes in base64 or hex; their id follows from them", () => {
    const bytes = randomBytes(32);
    expect(parseKey(bytes.toString("base64"))?.id).toBe(encryptionKey(bytes).id);
    expect(parseKey(bytes.toString("hex"))?.id).toBe(encryptionKey(bytes).id);
    for (const bad of ["", "short", randomBytes(16).toString("base64"), randomBytes(33).toString("base64"), "z".repeat(64)])
      expect(parseKey(bad), bad).toBeNull();
  });
});

describe("secret fields of a settings object", () => {
  const oldKey = newKey();
  const newer = newKey();

  test("only the named fields are sealed; empty ones stay empty; opening gives the object back", () => {
    const keyring = keyringOf([oldKey]);
    const values = { host: "db.example.com", password: "hunter2", token: null, user: "u", empty: "" };
    const sealed = sealFields(values, ["password", "token", "empty"], keyring);
    expect(sealed).toMatchObject({ host: "db.example.com", user: "u", token: null, empty: "" });
    expect(isSealed(sealed.password)).toBe(true);
    expect(openFields(sealed, keyring, () => {})).toEqual(values);
    // Sealing twice does not seal a sealed value again.
    expect(sealFields(sealed, ["password"], keyring)).toEqual(sealed);
  });

  test("a value whose key is gone stays sealed and is reported, so a list still answers", () => {
    const sealed = sealFields({ password: "hunter2" }, ["password"], keyringOf([oldKey]));
    const reported: Error[] = [];
    expect(openFields(sealed, keyringOf([newer]), (error) => reported.push(error))).toEqual(sealed);
    expect(reported).toHaveLength(1);
  });

  test("rotation: resealing moves old-key values and clear ones to the current key; nothing to do answers null", () => {
    const before = sealFields({ password: "hunter2", host: "h" }, ["password"], keyringOf([oldKey]));
    const rotated = keyringOf([newer, oldKey]);
    const resealed = resealFields({ ...before, token: "clear-token" }, ["password", "token"], rotated)!;
    expect(sealedKeyId(resealed.password as string)).toBe(newer.id);
    expect(sealedKeyId(resealed.token as string)).toBe(newer.id);
    expect(resealed.host).toBe("h");
    // The old key can go: everything opens with the new one alone.
    expect(openFields(resealed, keyringOf([newer]), () => {})).toEqual({ password: "hunter2", host: "h", token: "clear-token" });
    expect(resealFields(resealed, ["password", "token"], rotated)).toBeNull();
  });
});
