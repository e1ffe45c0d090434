import { describe, expect, test } from "vitest";
import { ZPathsFilter } from "@/lib/analytics/paths/schemas";
import { ZRetentionFilter } from "@/lib/analytics/retention/schemas";
import { insightKind, queryToFilter } from "./query-node";

const viz = (source: Record<string, unknown>) => ({ kind: "InsightVizNode", source });

describe("queryToFilter", () => {
  test("RetentionQuery: each retentionFilter key becomes its legacy counterpart", () => {
    const target = { id: "signup", type: "events", name: "signup" };
    const returning = { id: "purchase", type: "events", name: "purchase" };
    const filter = queryToFilter(
      viz({
        kind: "RetentionQuery",
        dateRange: { date_from: "-7d", date_to: "2024-03-10" },
        properties: [{ key: "plan", value: "pro", operator: "exact", type: "event" }],
        filterTestAccounts: true,
        retentionFilter: {
          retentionType: "retention_first_time",
          totalIntervals: 4,
          period: "Week",
          targetEntity: target,
          returningEntity: returning,
          retentionReference: "previous",
          showMean: true,
        },
      }),
    );
    expect(filter).toEqual({
      insight: "RETENTION",
      date_from: "-7d",
      date_to: "2024-03-10",
      properties: [{ key: "plan", value: "pro", operator: "exact", type: "event" }],
      filter_test_accounts: true,
      retention_type: "retention_first_time",
      total_intervals: 4,
      period: "Week",
      target_entity: target,
      returning_entity: returning,
      retention_reference: "previous",
      show_mean: true,
    });
    // The retention analysis reads every key it computes with from the converted filter.
    expect(ZRetentionFilter.parse(filter)).toMatchObject({
      retention_type: "retention_first_time",
      total_intervals: 4,
      period: "Week",
      target_entity: target,
      returning_entity: returning,
    });
  });

  test("RetentionQuery breakdowns reach the legacy filter, whose schema reads them (and refuses cohorts)", () => {
    const filter = queryToFilter(
      viz({ kind: "RetentionQuery", breakdownFilter: { breakdowns: [{ property: "$browser", type: "event" }] } }),
    );
    expect(filter).toMatchObject({ breakdowns: [{ property: "$browser", type: "event" }] });
    expect(ZRetentionFilter.parse(filter).breakdowns).toEqual([{ property: "$browser", type: "event" }]);
    const cohorts = queryToFilter(viz({ kind: "RetentionQuery", breakdownFilter: { breakdowns: [{ property: 3, type: "cohort" }] } }));
    expect(ZRetentionFilter.safeParse(cohorts).error?.issues[0].path).toEqual(["breakdowns", 0, "type"]);
  });

  test("PathsQuery: each pathsFilter key becomes its legacy counterpart", () => {
    const filter = queryToFilter(
      viz({
        kind: "PathsQuery",
        dateRange: { date_from: "2024-03-01", date_to: "2024-03-04" },
        pathsFilter: {
          includeEventTypes: ["$pageview", "custom_event"],
          startPoint: "https://x.test/a",
          stepLimit: 3,
          edgeLimit: 20,
          excludeEvents: ["https://x.test/skip"],
        },
      }),
    );
    expect(filter).toEqual({
      insight: "PATHS",
      date_from: "2024-03-01",
      date_to: "2024-03-04",
      include_event_types: ["$pageview", "custom_event"],
      start_point: "https://x.test/a",
      step_limit: 3,
      edge_limit: 20,
      exclude_events: ["https://x.test/skip"],
    });
    expect(ZPathsFilter.parse(filter)).toMatchObject({
      include_event_types: ["$pageview", "custom_event"],
      start_point: "https://x.test/a",
      step_limit: 3,
      edge_limit: 20,
    });
  });

  test("PathsQuery options the paths analysis does not compute are carried over, so its schema refuses them", () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ pathsFilter: { minEdgeWeight: 2 } }, "min_edge_weight"],
      [{ pathsFilter: { maxEdgeWeight: 2 } }, "max_edge_weight"],
      [{ pathsFilter: { includeEventTypes: ["hogql"], pathsHogQLExpression: "event" } }, "include_event_types"],
      [
        {
          funnelPathsFilter: {
            funnelPathType: "funnel_path_after_step",
            funnelStep: 1,
            funnelSource: {
              kind: "FunnelsQuery",
              series: [
                { kind: "EventsNode", event: "signup" },
                { kind: "EventsNode", event: "buy" },
              ],
            },
          },
        },
        "funnel_paths",
      ],
    ];
    for (const [source, attr] of cases) {
      const filter = queryToFilter(viz({ kind: "PathsQuery", ...source }));
      expect(ZPathsFilter.safeParse(filter).error?.issues[0].path[0], attr).toBe(attr);
    }
    const cleaned = queryToFilter(
      viz({
        kind: "PathsQuery",
        pathsFilter: { pathGroupings: ["/a/*"], localPathCleaningFilters: [{ regex: "x", alias: "y" }], pathReplacements: true },
      }),
    );
    expect(ZPathsFilter.parse(cleaned)).toMatchObject({
      path_groupings: ["/a/*"],
      local_path_cleaning_filters: [{ regex: "x", alias: "y" }],
      path_replacements: true,
    });
    const funnelPaths = queryToFilter(
      viz({
        kind: "PathsQuery",
        funnelPathsFilter: {
          funnelPathType: "funnel_path_after_step",
          funnelStep: 1,
          funnelSource: { kind: "FunnelsQuery", series: [{ kind: "EventsNode", event: "signup" }] },
        },
      }),
    );
    expect(funnelPaths?.funnel_filter).toMatchObject({ insight: "FUNNELS", events: [{ id: "signup", order: 0 }], funnel_step: 1 });
  });

  test("trends, stickiness and funnels are converted; other kinds and nodes are not", () => {
    expect(
      queryToFilter(viz({ kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "$pageview", math: "dau" }], interval: "week" })),
    ).toEqual({
      insight: "TRENDS",
      events: [{ id: "$pageview", type: "events", name: "$pageview", order: 0, math: "dau" }],
      interval: "week",
    });
    expect(
      queryToFilter(
        viz({
          kind: "FunnelsQuery",
          series: [{ kind: "EventsNode", event: "a" }],
          funnelsFilter: { funnelWindowInterval: 2, funnelWindowIntervalUnit: "hour" },
        }),
      ),
    ).toMatchObject({ insight: "FUNNELS", funnel_window_interval: 2, funnel_window_interval_unit: "hour" });
    expect(
      queryToFilter(
        viz({
          kind: "StickinessQuery",
          series: [{ kind: "EventsNode", event: "a" }],
          interval: "week",
          stickinessFilter: { compare: true },
        }),
      ),
    ).toEqual({ insight: "STICKINESS", events: [{ id: "a", type: "events", name: "a", order: 0 }], interval: "week", compare: true });
    expect(
      queryToFilter(
        viz({ kind: "LifecycleQuery", series: [{ kind: "EventsNode", event: "a" }], lifecycleFilter: { toggledLifecycles: ["new"] } }),
      ),
    ).toEqual({
      insight: "LIFECYCLE",
      events: [{ id: "a", type: "events", name: "a", order: 0 }],
      toggledLifecycles: ["new"],
    });
    expect(queryToFilter(viz({ kind: "WebOverviewQuery" }))).toBeNull();
    expect(queryToFilter({ kind: "DataTableNode", source: { kind: "EventsQuery" } })).toBeNull();
    expect(queryToFilter(viz({ kind: "TrendsQuery", series: [{ kind: "DataWarehouseNode" }] }))).toBeNull();
  });
});

describe("insightKind", () => {
  test("a query's source names it; without a query, filters.insight (trends when missing)", () => {
    expect(insightKind({ filters: {}, query: viz({ kind: "FunnelsQuery", series: [] }) })).toBe("FUNNELS");
    expect(insightKind({ filters: { insight: "TRENDS" }, query: viz({ kind: "StickinessQuery", series: [] }) })).toBe("STICKINESS");
    expect(insightKind({ filters: {}, query: { kind: "DataTableNode", source: {} } })).toBeNull();
    expect(insightKind({ filters: {}, query: viz({ kind: "LifecycleQuery", series: [] }) })).toBe("LIFECYCLE");
    expect(insightKind({ filters: {}, query: viz({ kind: "WebOverviewQuery" }) })).toBeNull();
    expect(insightKind({ filters: { insight: "retention" }, query: null })).toBe("RETENTION");
    expect(insightKind({ filters: {}, query: null })).toBe("TRENDS");
  });
});
