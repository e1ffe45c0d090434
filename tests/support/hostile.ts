/**
 * Analyses that would size their work without bound if nothing stopped them (the hardening issue's list): each
 * must be refused with a 400 naming its limit, shared by the API test and bench/hostile.ts.
 */
export interface HostileRequest {
  name: string;
  path: string;
  /** The JSON body, or its text where JSON.stringify itself could not write it. */
  body?: Record<string, unknown> | string;
  /** The `attr` of the 400: the field whose limit was crossed (null: the body as a whole). */
  attr: string | null;
}

const series = (n: number) => Array.from({ length: n }, (_, i) => ({ id: "$pageview", order: i }));

/** A trend body whose property groups nest `depth` deep around one filter, as text (too deep for JSON.stringify). */
const nestedGroupsBody = (depth: number) =>
  `{"events":[{"id":"$pageview"}],"properties":${'{"type":"AND","values":['.repeat(depth)}{"key":"$browser","value":"Chrome"}${"]}".repeat(depth)}}`;

export function hostileAnalyses(projectId: number): HostileRequest[] {
  const insights = `/api/projects/${projectId}/insights`;
  return [
    { name: "trend, 1,000 series", path: `${insights}/trend/`, body: { events: series(1_000) }, attr: "events" },
    {
      name: "trend, breakdown_limit 1e9",
      path: `${insights}/trend/`,
      body: { events: series(1), breakdown: "$current_url", breakdown_limit: 1e9 },
      attr: "breakdown_limit",
    },
    {
      name: "trend, 5,000-term formula",
      path: `${insights}/trend/`,
      body: { events: series(2), formula: Array.from({ length: 5_000 }, () => "A").join("+") },
      attr: "formula",
    },
    {
      name: "trend, formula nested 10,000 deep",
      path: `${insights}/trend/`,
      body: { events: series(1), formula: `${"(".repeat(10_000)}A${")".repeat(10_000)}` },
      attr: "formula",
    },
    {
      name: "trend, property groups nested 10,000 deep",
      path: `${insights}/trend/`,
      body: nestedGroupsBody(10_000),
      attr: null,
    },
    {
      name: "trend, hourly over ten years",
      path: `${insights}/trend/`,
      body: { events: series(3), interval: "hour", date_from: "-3650d" },
      attr: "interval",
    },
    {
      name: "trend, 60 series hourly over a year",
      path: `${insights}/trend/`,
      body: { events: series(60), interval: "hour", date_from: "-365d" },
      attr: "events",
    },
    { name: "funnel, 200 steps", path: `${insights}/funnel/`, body: { events: series(200), funnel_window_days: 1e9 }, attr: "events" },
    {
      name: "funnel, window of 1e9 days",
      path: `${insights}/funnel/`,
      body: { events: series(3), funnel_window_interval: 1e9, funnel_window_interval_unit: "day" },
      attr: "funnel_window_interval",
    },
    {
      name: "funnel trends, daily over a hundred years",
      path: `${insights}/funnel/`,
      body: { events: series(2), funnel_viz_type: "trends", date_from: "-36500d" },
      attr: "interval",
    },
    {
      name: "retention, 100,000 hourly intervals",
      path: `${insights}/retention/`,
      body: { period: "Hour", total_intervals: 100_000 },
      attr: "total_intervals",
    },
    { name: "paths, step_limit 1e6", path: `${insights}/path/`, body: { step_limit: 1e6 }, attr: "step_limit" },
    { name: "paths, edge_limit 1e9", path: `${insights}/path/`, body: { edge_limit: 1e9 }, attr: "edge_limit" },
    {
      name: "insights list, limit 1e9, force_blocking",
      path: `${insights}/?limit=1000000000&refresh=force_blocking`,
      attr: "limit",
    },
  ];
}
