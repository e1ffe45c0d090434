import { describe, expect, test } from "vitest";
import { isValidScope, SCOPE_OBJECTS, scopesGrant } from "./scopes";

describe("isValidScope", () => {
  test.each([
    "*",
    "organization:read",
    "organization:write",
    "organization_member:read",
    "batch_export:write",
    "plugin:read",
    "insight:write",
    "user:read",
  ])("%s is valid", (scope) => expect(isValidScope(scope)).toBe(true));

  test.each([
    "",
    "organization",
    "organization:",
    ":read",
    "organization:admin",
    "organization:read:extra",
    "nothing:read",
    "ORGANIZATION:read",
    "organization:READ",
    "**",
    " organization:read",
  ])("%j is not", (scope) => expect(isValidScope(scope)).toBe(false));

  test("knows PostHog's 2024 scope objects", () => {
    expect(SCOPE_OBJECTS).toHaveLength(30);
    for (const object of SCOPE_OBJECTS) {
      expect(isValidScope(`${object}:read`)).toBe(true);
      expect(isValidScope(`${object}:write`)).toBe(true);
    }
  });
});

describe("scopesGrant", () => {
  test("the scope itself grants it", () => {
    expect(scopesGrant(["organization:read"], "organization:read")).toBe(true);
    expect(scopesGrant(["organization:write"], "organization:write")).toBe(true);
  });

  test("write covers read of the same object, not the other way round", () => {
    expect(scopesGrant(["organization:write"], "organization:read")).toBe(true);
    expect(scopesGrant(["organization:read"], "organization:write")).toBe(false);
  });

  test("nothing carries over between objects", () => {
    expect(scopesGrant(["organization:write"], "organization_member:read")).toBe(false);
    expect(scopesGrant(["organization_member:write"], "organization:read")).toBe(false);
    expect(scopesGrant(["user:read", "plugin:write"], "batch_export:read")).toBe(false);
  });

  test("* grants everything", () => {
    expect(scopesGrant(["*"], "organization:write")).toBe(true);
    expect(scopesGrant(["user:read", "*"], "batch_export:write")).toBe(true);
  });

  test("legacy keys without scopes (null or empty) may do everything", () => {
    expect(scopesGrant(null, "organization:write")).toBe(true);
    expect(scopesGrant([], "organization_member:write")).toBe(true);
  });
});
