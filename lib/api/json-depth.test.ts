import { describe, expect, test } from "vitest";
import { ApiError } from "./errors";
import { MAX_JSON_DEPTH, checkJsonDepth, nestsDeeperThan } from "./json-depth";

const nested = (depth: number): unknown => {
  let value: unknown = { key: "leaf" };
  for (let level = 1; level < depth; level++) value = [value];
  return value;
};

describe("JSON nesting bound", () => {
  test("counts levels of arrays and objects; scalars are no level", () => {
    expect(nestsDeeperThan("text", 0)).toBe(false);
    expect(nestsDeeperThan({ a: 1 }, 1)).toBe(false);
    expect(nestsDeeperThan({ a: [1] }, 1)).toBe(true);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
  });

  test("a million levels are checked without overflowing the stack, and answered with a 400", () => {
    const deep = JSON.parse(`${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}`);
    let error: unknown;
    try {
      checkJsonDepth(deep, "properties");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body).toMatchObject({ type: "validation_error", code: "max_depth", attr: "properties" });
  });
});
