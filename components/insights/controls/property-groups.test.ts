import { describe, expect, test } from "vitest";
import { fromPropertyGroups, toPropertyGroups } from "./property-groups";

const browser = { key: "$browser", operator: "exact", value: ["Chrome"], type: "event" as const };
const os = { key: "$os", operator: "is_set", type: "event" as const };

describe("property groups", () => {
  test("every shape the API accepts reads as two levels of groups", () => {
    expect(toPropertyGroups(undefined)).toEqual({ type: "AND", values: [] });
    expect(toPropertyGroups([])).toEqual({ type: "AND", values: [] });
    expect(toPropertyGroups([browser, os])).toEqual({ type: "AND", values: [{ type: "AND", values: [browser, os] }] });
    expect(toPropertyGroups({ type: "OR", values: [browser, os] })).toEqual({
      type: "AND",
      values: [{ type: "OR", values: [browser, os] }],
    });
    expect(
      toPropertyGroups({
        type: "OR",
        values: [
          { type: "AND", values: [browser] },
          { type: "OR", values: [os, { type: "AND", values: [browser] }] },
        ],
      }),
    ).toEqual({
      type: "OR",
      values: [
        { type: "AND", values: [browser] },
        { type: "OR", values: [os, browser] },
      ],
    });
  });

  test("empty groups never reach the filter: under OR they would match everything", () => {
    expect(
      fromPropertyGroups({
        type: "OR",
        values: [
          { type: "AND", values: [browser] },
          { type: "AND", values: [] },
        ],
      }),
    ).toEqual({
      type: "OR",
      values: [{ type: "AND", values: [browser] }],
    });
    expect(fromPropertyGroups({ type: "AND", values: [{ type: "AND", values: [] }] })).toBeUndefined();
  });
});
