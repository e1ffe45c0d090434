import { describe, expect, test } from "vitest";
import { homePath, safeNextPath } from "./paths";

describe("safeNextPath", () => {
  test("keeps paths on this site", () => {
    expect(safeNextPath("/signup/8a1c?x=1")).toBe("/signup/8a1c?x=1");
  });

  test.each(["https://evil.example/", "//evil.example/", "/\\evil.example", "javascript:alert(1)", "", null, undefined])(
    "refuses %s",
    (next) => expect(safeNextPath(next)).toBeNull(),
  );
});

describe("homePath", () => {
  test("is the current project, or onboarding without one", () => {
    expect(homePath({ team: { id: 7 } as never })).toBe("/project/7");
    expect(homePath({ team: null })).toBe("/onboarding");
  });
});
