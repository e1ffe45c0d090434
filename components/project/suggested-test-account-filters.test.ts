import { describe, expect, it } from "vitest";
import { withSuggestedFilters } from "./suggested-test-account-filters";

describe("withSuggestedFilters", () => {
  it("adds local hosts and each verified domain's staff, after the filters already set", () => {
    const own = { key: "$browser", type: "event" as const, operator: "exact", value: "Bot" };
    expect(withSuggestedFilters([own], ["acme.com"])).toEqual([
      own,
      { key: "$host", type: "event", operator: "is_not", value: ["localhost", "127.0.0.1"] },
      { key: "email", type: "person", operator: "not_icontains", value: "@acme.com" },
    ]);
  });

  it("adds nothing twice", () => {
    const once = withSuggestedFilters([], ["acme.com"]);
    expect(withSuggestedFilters(once, ["acme.com"])).toEqual(once);
    expect(withSuggestedFilters([], [])).toHaveLength(1);
  });
});
