/**
 * `InsightVizNode` queries to the legacy filter the analyses take (trends, stickiness, funnels, retention, paths): each key
 * of the query renamed to its legacy counterpart, so the analysis' own filter schema decides what it computes
 * and what it refuses, exactly as for the same filter posted to its legacy endpoint. Anything else answers null
 * (not computed).
 */

type Json = Record<string, unknown>;

const KIND_TO_INSIGHT: Record<string, string> = {
  TrendsQuery: "TRENDS",
  StickinessQuery: "STICKINESS",
  FunnelsQuery: "FUNNELS",
  RetentionQuery: "RETENTION",
  PathsQuery: "PATHS",
  LifecycleQuery: "LIFECYCLE",
};

/** `retentionFilter` keys and their names in the legacy filter (`lib/analytics/retention/schemas.ts`). */
const RETENTION_KEYS: Record<string, string> = {
  retentionType: "retention_type",
  totalIntervals: "total_intervals",
  period: "period",
  targetEntity: "target_entity",
  returningEntity: "returning_entity",
  retentionReference: "retention_reference",
  cumulative: "cumulative",
  showMean: "show_mean",
};

/** `pathsFilter` keys and their names in the legacy filter (`lib/analytics/paths/schemas.ts`). */
const PATHS_KEYS: Record<string, string> = {
  includeEventTypes: "include_event_types",
  startPoint: "start_point",
  endPoint: "end_point",
  stepLimit: "step_limit",
  edgeLimit: "edge_limit",
  excludeEvents: "exclude_events",
  pathGroupings: "path_groupings",
  pathReplacements: "path_replacements",
  localPathCleaningFilters: "local_path_cleaning_filters",
  minEdgeWeight: "min_edge_weight",
  maxEdgeWeight: "max_edge_weight",
  pathsHogQLExpression: "paths_hogql_expression",
};

const FUNNELS_KEYS: Record<string, string> = {
  funnelWindowInterval: "funnel_window_interval",
  funnelWindowIntervalUnit: "funnel_window_interval_unit",
  funnelOrderType: "funnel_order_type",
  funnelVizType: "funnel_viz_type",
  funnelFromStep: "funnel_from_step",
  funnelToStep: "funnel_to_step",
  breakdownAttributionType: "breakdown_attribution_type",
  breakdownAttributionValue: "breakdown_attribution_value",
  binCount: "bin_count",
};

const objectAt = (value: unknown): Json => (value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {});

function copyRenamed(from: Json, to: Json, names: Record<string, string>) {
  for (const [key, legacy] of Object.entries(names)) if (from[key] !== undefined) to[legacy] = from[key];
}

/** What a series node carries over to its legacy entity under the same name. */
const SERIES_KEYS = ["math", "math_property", "math_hogql", "math_group_type_index", "custom_name", "properties"] as const;

function entity(node: Json, order: number): Json | null {
  const common: Json = { order };
  for (const key of SERIES_KEYS) if (node[key] !== undefined) common[key] = node[key];
  if (node.kind === "EventsNode")
    return { id: node.event ?? null, type: "events", name: node.name ?? node.event ?? "All events", ...common };
  if (node.kind === "ActionsNode") return { id: node.id, type: "actions", name: node.name, ...common };
  return null;
}

/** Why a query of a known kind is not turned into a filter, where the query says it: a series node of no known kind. */
export function unconvertedReason(query: Json): { detail: string; attr: string } | null {
  const source = objectAt(query.source);
  if (query.kind !== "InsightVizNode" || !KIND_TO_INSIGHT[source.kind as string] || !Array.isArray(source.series)) return null;
  const index = (source.series as unknown[]).findIndex((node) => entity(objectAt(node), 0) === null);
  if (index < 0) return null;
  const kind = objectAt(source.series[index]).kind;
  return {
    detail: `Series ${index + 1} is a ${JSON.stringify(kind ?? null)} node: a series is an EventsNode or an ActionsNode.`,
    attr: `series__${index}__kind`,
  };
}

export function queryToFilter(query: Json): Json | null {
  return query.kind === "InsightVizNode" ? sourceToFilter(objectAt(query.source)) : null;
}

function sourceToFilter(source: Json): Json | null {
  const insight = KIND_TO_INSIGHT[source.kind as string];
  if (!insight) return null;
  const filter: Json = { insight };
  const dateRange = objectAt(source.dateRange);
  if (dateRange.date_from !== undefined) filter.date_from = dateRange.date_from;
  if (dateRange.date_to !== undefined) filter.date_to = dateRange.date_to;
  if (source.properties !== undefined) filter.properties = source.properties;
  if (source.filterTestAccounts !== undefined) filter.filter_test_accounts = source.filterTestAccounts;
  if (source.aggregation_group_type_index !== undefined) filter.aggregation_group_type_index = source.aggregation_group_type_index;

  if (insight === "RETENTION") {
    copyRenamed(objectAt(source.retentionFilter), filter, RETENTION_KEYS);
    const breakdown = objectAt(source.breakdownFilter);
    copyRenamed(breakdown, filter, { breakdowns: "breakdowns", breakdown: "breakdown", breakdown_type: "breakdown_type" });
    return filter;
  }
  if (insight === "PATHS") {
    copyRenamed(objectAt(source.pathsFilter), filter, PATHS_KEYS);
    if (source.funnelPathsFilter !== undefined) {
      const funnelPaths = objectAt(source.funnelPathsFilter);
      filter.funnel_paths = funnelPaths.funnelPathType ?? null;
      filter.funnel_filter = { ...sourceToFilter(objectAt(funnelPaths.funnelSource)), funnel_step: funnelPaths.funnelStep ?? null };
    }
    return filter;
  }

  const series = Array.isArray(source.series) ? (source.series as Json[]) : [];
  const events: Json[] = [];
  const actions: Json[] = [];
  for (const [index, node] of series.entries()) {
    const converted = entity(node, index);
    if (!converted) return null;
    (converted.type === "actions" ? actions : events).push(converted);
  }
  if (events.length) filter.events = events;
  if (actions.length) filter.actions = actions;
  if (source.interval !== undefined) filter.interval = source.interval;
  copyRenamed(objectAt(source.breakdownFilter), filter, {
    breakdown: "breakdown",
    breakdown_type: "breakdown_type",
    breakdown_limit: "breakdown_limit",
    breakdown_group_type_index: "breakdown_group_type_index",
  });
  if (insight === "LIFECYCLE") {
    // Which statuses a chart shows: the view's, kept for it.
    const viz = objectAt(source.lifecycleFilter);
    if (viz.toggledLifecycles !== undefined) filter.toggledLifecycles = viz.toggledLifecycles;
  } else if (insight === "TRENDS" || insight === "STICKINESS") {
    const viz = objectAt(insight === "TRENDS" ? source.trendsFilter : source.stickinessFilter);
    if (viz.display !== undefined) filter.display = viz.display;
    if (viz.formula !== undefined) filter.formula = viz.formula;
    const compare = objectAt(source.compareFilter);
    if (compare.compare !== undefined) filter.compare = compare.compare;
    else if (viz.compare !== undefined) filter.compare = viz.compare;
  } else {
    const funnels = objectAt(source.funnelsFilter);
    copyRenamed(funnels, filter, FUNNELS_KEYS);
    if (Array.isArray(funnels.exclusions))
      filter.exclusions = (funnels.exclusions as Json[]).map((e) => {
        const converted = entity(e, 0) ?? {};
        delete converted.order;
        return { ...converted, funnel_from_step: e.funnelFromStep, funnel_to_step: e.funnelToStep };
      });
  }
  return filter;
}

/** An insight's kind (`TRENDS`, `FUNNELS`, …): its query source's when it has a query, else `filters.insight` (PostHog's default: trends). */
export function insightKind(insight: { filters: Json; query: Json | null }): string | null {
  if (insight.query)
    return insight.query.kind === "InsightVizNode" ? (KIND_TO_INSIGHT[objectAt(insight.query.source).kind as string] ?? null) : null;
  return typeof insight.filters.insight === "string" ? insight.filters.insight.toUpperCase() : "TRENDS";
}

/** The legacy filter an insight is drawn and edited as: its `filters`, or its `query` turned into one (as the API computes it). */
export function insightFilters(insight: { filters: Json; query: Json | null }): Json {
  if (Object.keys(insight.filters).length) return insight.filters;
  return (insight.query ? queryToFilter(insight.query) : null) ?? {};
}
