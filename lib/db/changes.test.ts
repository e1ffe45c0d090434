import { describe, expect, test } from "vitest";
import { hasChanges } from "./changes";

describe("hasChanges", () => {
  test("nothing to set: no keys, or only undefined values (fields the PATCH did not send)", () => {
    expect(hasChanges({})).toBe(false);
    expect(hasChanges({ label: undefined, scopes: undefined })).toBe(false);
  });

  test("any defined value is a change, falsy ones and null included", () => {
    expect(hasChanges({ label: undefined, scopes: null })).toBe(true);
    expect(hasChanges({ enabled: false })).toBe(true);
    expect(hasChanges({ name: "" })).toBe(true);
    expect(hasChanges({ count: 0 })).toBe(true);
  });
});
