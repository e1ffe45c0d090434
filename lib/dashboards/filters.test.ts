import { describe, expect, test } from "vitest";
import { withDashboardFilters } from "./filters";

const browser = { key: "$browser", value: "Chrome", operator: "exact", type: "event" };
const plan = { key: "plan", value: "pro", operator: "exact", type: "person" };

describe("withDashboardFilters", () => {
  test("a dashboard without filters changes nothing", () => {
    const filter = { insight: "TRENDS", date_from: "-7d", properties: [browser] };
    expect(withDashboardFilters(filter, {})).toEqual(filter);
    expect(withDashboardFilters(filter, { date_from: null, properties: [] })).toEqual(filter);
  });

  test("the dashboard's date_from replaces the insight's range, date_to included", () => {
    const filter = { insight: "TRENDS", date_from: "2024-01-01", date_to: "2024-01-31" };
    expect(withDashboardFilters(filter, { date_from: "-14d" })).toEqual({ insight: "TRENDS", date_from: "-14d", date_to: null });
    expect(withDashboardFilters(filter, { date_from: "2024-03-01", date_to: "2024-03-05" })).toMatchObject({
      date_from: "2024-03-01",
      date_to: "2024-03-05",
    });
    // A date_to alone does not move the range (PostHog looks at date_from).
    expect(withDashboardFilters(filter, { date_to: "2024-03-05" })).toEqual(filter);
  });

  test("property filters of both must match: one AND group", () => {
    expect(withDashboardFilters({ properties: [browser] }, { properties: [plan] })).toEqual({
      properties: { type: "AND", values: [browser, plan] },
    });
    const either = { type: "OR", values: [browser, plan] };
    expect(withDashboardFilters({ properties: either }, { properties: { type: "AND", values: [plan] } })).toEqual({
      properties: { type: "AND", values: [either, plan] },
    });
    expect(withDashboardFilters({}, { properties: [plan] })).toEqual({ properties: { type: "AND", values: [plan] } });
  });
});
