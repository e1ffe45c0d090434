import { describe, expect, it } from "vitest";
import { filtersFromSearchParams, filtersToSearchParams } from "./url-state";

describe("insight filters in the URL", () => {
  it("round-trips every value type, including strings that look like other JSON", () => {
    const filters = {
      insight: "TRENDS",
      interval: "day",
      date_from: "-7d",
      events: [
        { id: "$pageview", type: "events", order: 0, math: "dau", properties: [{ key: "$browser", value: ["Chrome"], operator: "exact" }] },
      ],
      filter_test_accounts: true,
      breakdown_limit: 25,
      breakdown: "12",
      formula: '"quoted"',
      compare: false,
    };
    expect(filtersFromSearchParams(new URLSearchParams(filtersToSearchParams(filters).toString()))).toEqual(filters);
  });

  it("keeps plain strings readable and leaves out empty values", () => {
    const params = filtersToSearchParams({ insight: "FUNNELS", breakdown: "$browser", date_to: null, formula: "", x: undefined });
    expect(params.toString()).toBe("insight=FUNNELS&breakdown=%24browser");
  });

  it("reads PostHog's old links, whose numbers and booleans are bare", () => {
    expect(filtersFromSearchParams(new URLSearchParams("insight=TRENDS&funnel_window_days=14&filter_test_accounts=true"))).toEqual({
      insight: "TRENDS",
      funnel_window_days: 14,
      filter_test_accounts: true,
    });
  });
});
