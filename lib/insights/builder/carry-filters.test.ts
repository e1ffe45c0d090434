import { describe, expect, it } from "vitest";
import { carryFilters, firstSeriesOnly } from "./carry-filters";

describe("firstSeriesOnly", () => {
  it("keeps the first series by order, alone in its list, for a lifecycle", () => {
    const filters = {
      events: [
        { id: "b", order: 1 },
        { id: "c", order: 2 },
      ],
      actions: [{ id: 7, order: 0 }],
    };
    expect(firstSeriesOnly(filters)).toEqual({ events: undefined, actions: [{ id: 7, order: 0 }] });
    expect(
      firstSeriesOnly({
        events: [
          { id: "b", order: 1 },
          { id: "a", order: 0 },
        ],
      }),
    ).toEqual({ events: [{ id: "a", order: 0 }], actions: undefined });
    expect(firstSeriesOnly({})).toEqual({});
  });
});

describe("carryFilters", () => {
  const trend = {
    insight: "TRENDS",
    events: [
      { id: "$pageview", order: 0 },
      { id: "signed_up", order: 1 },
    ],
    properties: [{ key: "$browser", value: ["Chrome"], operator: "exact", type: "event" }],
    filter_test_accounts: true,
    date_from: "-30d",
    date_to: "-1d",
    breakdown: "$os",
    interval: "week",
  };

  it("between kinds with series keeps series, filters and dates, and drops the kind's own settings", () => {
    const funnel = carryFilters(trend, "TRENDS", "FUNNELS", { insight: "FUNNELS", funnel_viz_type: "steps", date_from: "-7d" });
    expect(funnel).toEqual({
      insight: "FUNNELS",
      funnel_viz_type: "steps",
      events: trend.events,
      properties: trend.properties,
      filter_test_accounts: true,
      date_from: "-30d",
      date_to: "-1d",
    });
  });

  it("to a lifecycle keeps the first series only", () => {
    const lifecycle = carryFilters(trend, "TRENDS", "LIFECYCLE", { insight: "LIFECYCLE", events: [{ id: "x", order: 0 }] });
    expect(lifecycle.events).toEqual([{ id: "$pageview", order: 0 }]);
    expect(lifecycle.insight).toBe("LIFECYCLE");
  });

  it("to or from a kind without series keeps the start date and the filters, the rest from the defaults", () => {
    const retention = carryFilters(trend, "TRENDS", "RETENTION", {
      insight: "RETENTION",
      target_entity: { id: "$pageview" },
      date_from: "-11w",
    });
    expect(retention).toEqual({
      insight: "RETENTION",
      target_entity: { id: "$pageview" },
      date_from: "-30d",
      properties: trend.properties,
    });
    const back = carryFilters({ insight: "PATHS" }, "PATHS", "TRENDS", {
      insight: "TRENDS",
      date_from: "-7d",
      events: [{ id: "$pageview" }],
    });
    expect(back).toEqual({ insight: "TRENDS", date_from: "-7d", events: [{ id: "$pageview" }], properties: undefined });
  });
});
