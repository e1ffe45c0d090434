import { describe, expect, it } from "vitest";
import type { PropertyFilter, PropertyGroup } from "./properties";
import { MAX_TEST_ACCOUNT_FILTERS, testAccountFilters, withTestAccountFilters, ZTestAccountFilters } from "./test-accounts";

const internal: PropertyFilter = { key: "email", value: "@example-internal.com", operator: "not_icontains", type: "person" };
const local: PropertyFilter = { key: "$host", value: ["localhost"], operator: "is_not", type: "event" };
const own: PropertyGroup = { type: "OR", values: [{ key: "$browser", value: "Chrome", operator: "exact", type: "event" }] };

describe("withTestAccountFilters", () => {
  it("ANDs the project's filters with the analysis' own group, kept whole", () => {
    expect(withTestAccountFilters(own, { testAccountFilters: [internal, local] }, true)).toEqual({
      type: "AND",
      values: [own, { type: "AND", values: [internal, local] }],
    });
  });

  it("leaves the properties as they are when the switch is off or the project has no filters", () => {
    expect(withTestAccountFilters(own, { testAccountFilters: [internal] }, false)).toBe(own);
    expect(withTestAccountFilters(own, { testAccountFilters: [internal] }, undefined)).toBe(own);
    expect(withTestAccountFilters(own, { testAccountFilters: [] }, true)).toBe(own);
  });

  it("reads the project's filters as one AND group", () => {
    expect(testAccountFilters({ testAccountFilters: [local] })).toEqual({ type: "AND", values: [local] });
  });
});

describe("ZTestAccountFilters", () => {
  it("takes the analyses' property filters, defaulting operator and type as they do", () => {
    expect(ZTestAccountFilters.parse([{ key: "$host", value: "localhost" }])).toEqual([
      { key: "$host", value: "localhost", operator: "exact", type: "event" },
    ]);
  });

  it("refuses what an analysis could not run or should not read", () => {
    expect(ZTestAccountFilters.safeParse([{ ...local, operator: "nearly" }]).success).toBe(false);
    expect(ZTestAccountFilters.safeParse([{ ...local, type: "session", key: "$session_duration" }]).success).toBe(false);
    expect(ZTestAccountFilters.safeParse([{ ...local, operator: "gt", value: "many" }]).success).toBe(false);
    expect(ZTestAccountFilters.safeParse([{ key: "email", operator: "icontains", type: "person" }]).success).toBe(false);
    expect(ZTestAccountFilters.safeParse([{ key: "not a (valid", type: "hogql" }]).success).toBe(false);
    expect(ZTestAccountFilters.safeParse(Array(MAX_TEST_ACCOUNT_FILTERS + 1).fill(local)).success).toBe(false);
    expect(ZTestAccountFilters.safeParse(Array(MAX_TEST_ACCOUNT_FILTERS).fill(local)).success).toBe(true);
    const huge = { ...local, value: Array.from({ length: 5000 }, (_, i) => `host-${i}.example`) };
    expect(ZTestAccountFilters.safeParse([huge]).success).toBe(false);
  });
});
