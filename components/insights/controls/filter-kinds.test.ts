import { describe, expect, test } from "vitest";
import {
  breakdownPatch,
  breakdownProperty,
  isComplete,
  newFilter,
  operatorsFor,
  optionValue,
  pickedOf,
  withOperator,
  withProperty,
  withValue,
} from "./filter-kinds";

describe("filter kinds", () => {
  test("a picked cohort is an `in` filter on its id; a HogQL filter starts without expression", () => {
    expect(newFilter({ type: "cohort", key: "id", value: 7 })).toEqual({ type: "cohort", key: "id", value: 7, operator: "in" });
    expect(newFilter({ type: "hogql", key: "" })).toEqual({ type: "hogql", key: "" });
  });
  test("a group property keeps its group type index", () => {
    expect(newFilter({ type: "group", key: "plan", group_type_index: 1 })).toEqual({
      type: "group",
      key: "plan",
      group_type_index: 1,
      operator: "exact",
      value: [],
    });
  });
  test("session duration takes numeric operators and a number", () => {
    expect(operatorsFor({ type: "session", key: "$session_duration" })).toEqual(["gt", "gte", "lt", "lte", "exact"]);
    const filter = newFilter({ type: "session", key: "$session_duration" });
    expect(withValue(filter, "60")).toMatchObject({ operator: "gt", value: 60 });
  });
  test("tag names and selectors match exactly or not; text and href also by substring and regex", () => {
    expect(operatorsFor({ type: "element", key: "tag_name" })).toEqual(["exact", "is_not"]);
    expect(operatorsFor({ type: "element", key: "text" })).toEqual(["exact", "is_not", "icontains", "regex"]);
  });
  test("changing the property to another kind starts the filter again; within a kind the operator stays when allowed", () => {
    const text = { ...newFilter({ type: "element", key: "text" }), operator: "icontains", value: "Buy" };
    expect(withProperty(text, { type: "element", key: "href" })).toMatchObject({ operator: "icontains", value: undefined });
    expect(withProperty(text, { type: "element", key: "tag_name" })).toMatchObject({ operator: "exact", value: [] });
    expect(withProperty(text, { type: "cohort", key: "id", value: 3 })).toEqual({ type: "cohort", key: "id", value: 3, operator: "in" });
  });
  test("an operator change keeps the value as a list or a scalar", () => {
    const filter = withValue(newFilter({ type: "event", key: "$browser" }), "Chrome");
    expect(filter.value).toEqual(["Chrome"]);
    expect(withOperator(filter, "icontains").value).toBe("Chrome");
    expect(withOperator(filter, "is_set").value).toBeUndefined();
  });
  test("complete filters: a value, a set operator, a chosen cohort, an expression", () => {
    expect(isComplete(newFilter({ type: "event", key: "$browser" }))).toBe(false);
    expect(isComplete({ type: "event", key: "$browser", operator: "is_set" })).toBe(true);
    expect(isComplete({ type: "cohort", key: "id", operator: "in", value: 2 })).toBe(true);
    expect(isComplete({ type: "hogql", key: " " })).toBe(false);
    expect(isComplete({ type: "hogql", key: "properties.$browser = 'Chrome'" })).toBe(true);
  });
});

describe("option values", () => {
  test("each kind's property comes back from its option value", () => {
    for (const picked of [
      { type: "event", key: "a:b" },
      { type: "group", key: "plan:x", group_type_index: 2 },
      { type: "cohort", key: "id", value: 12 },
      { type: "hogql", key: "" },
      { type: "session", key: "$session_duration" },
    ] as const)
      expect(pickedOf(optionValue(picked))).toEqual(picked);
  });
});

describe("breakdowns", () => {
  test("each kind's breakdown keys read back as the property picked", () => {
    for (const picked of [
      { type: "event", key: "$browser" },
      { type: "person", key: "plan" },
      { type: "session", key: "$session_duration" },
      { type: "hogql", key: "properties.$os" },
      { type: "group", key: "industry", group_type_index: 1 },
      { type: "cohort", key: "id", value: 4 },
    ] as const)
      expect(breakdownProperty(breakdownPatch(picked))).toEqual(picked);
  });
  test("PostHog's shapes: a cohort list, a group type index", () => {
    expect(breakdownPatch({ type: "cohort", key: "id", value: 4 })).toEqual({
      breakdown: [4],
      breakdown_type: "cohort",
      breakdown_group_type_index: undefined,
    });
    expect(breakdownPatch({ type: "group", key: "industry", group_type_index: 0 })).toEqual({
      breakdown: "industry",
      breakdown_type: "group",
      breakdown_group_type_index: 0,
    });
    expect(breakdownPatch(null).breakdown).toBeUndefined();
  });
});
