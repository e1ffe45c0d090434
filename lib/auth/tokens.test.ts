import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { hashApiKey, maskApiKey, newPersonalApiKey, newProjectApiToken, randomToken } from "./tokens";

const BASE62 = /^[0-9a-zA-Z]+$/;

describe("randomToken (PostHog's generate_random_token)", () => {
  test("is base62", () => {
    for (let i = 0; i < 100; i++) expect(randomToken(35)).toMatch(BASE62);
  });

  test("has the length of a base62 number of that many random bytes", () => {
    // 35 random bytes are below 62^48; only a leading zero byte run makes them much shorter.
    const lengths = Array.from({ length: 200 }, () => randomToken(35).length);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(48);
    expect(lengths.filter((n) => n >= 46).length).toBeGreaterThan(190);
  });

  test("uses the whole alphabet and never repeats", () => {
    const tokens = Array.from({ length: 200 }, () => randomToken(35));
    expect(new Set(tokens).size).toBe(200);
    const seen = new Set(tokens.join(""));
    expect(seen.size).toBe(62);
  });
});

describe("key and token shapes", () => {
  test("personal API keys are phx_ + base62", () => {
    const key = newPersonalApiKey();
    expect(key).toMatch(/^phx_[0-9a-zA-Z]{40,48}$/);
  });

  test("project tokens are phc_ + base62", () => {
    expect(newProjectApiToken()).toMatch(/^phc_[0-9a-zA-Z]{36,43}$/);
  });
});

describe("hashApiKey", () => {
  test("is sha256$ and the hex sha256 of the key, so the raw key is never what is stored", () => {
    const key = newPersonalApiKey();
    const hashed = hashApiKey(key);
    expect(hashed).toMatch(/^sha256\$[0-9a-f]{64}$/);
    expect(hashed).toBe(`sha256$${createHash("sha256").update(key).digest("hex")}`);
    expect(hashed).not.toContain(key.slice(4));
  });

  test("is deterministic (keys are looked up by it) and differs between keys", () => {
    expect(hashApiKey("phx_abc")).toBe(hashApiKey("phx_abc"));
    expect(hashApiKey("phx_abc")).not.toBe(hashApiKey("phx_abd"));
  });

  test("matches a known vector", () => {
    expect(hashApiKey("")).toBe("sha256$e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });
});

describe("maskApiKey", () => {
  test("shows the first 4 and last 4 characters", () => {
    expect(maskApiKey("phx_1234567890abcd")).toBe("phx_...abcd");
    const key = newPersonalApiKey();
    expect(maskApiKey(key)).toBe(`phx_...${key.slice(-4)}`);
  });
});
