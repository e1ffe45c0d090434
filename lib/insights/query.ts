/**
 * `InsightVizNode` queries to the legacy filter the analyses take, for trends and funnels, the parts whose
 * meaning is the same in both forms; anything else answers null (not computed).
 */

type Json = Record<string, unknown>;

const KIND_TO_INSIGHT: Record<string, string> = { TrendsQuery: "TRENDS", FunnelsQuery: "FUNNELS" };

function entity(node: Json, order: number): Json | null {
  const common: Json = { order };
  if (node.math !== undefined) common.math = node.math;
  if (node.math_property !== undefined) common.math_property = node.math_property;
  if (node.custom_name !== undefined) common.custom_name = node.custom_name;
  if (node.properties !== undefined) common.properties = node.properties;
  if (node.kind === "EventsNode") return { id: node.event ?? null, type: "events", name: node.name ?? node.event ?? "All events", ...common };
  if (node.kind === "ActionsNode") return { id: node.id, type: "actions", name: node.name, ...common };
  return null;
}

export function queryToFilter(query: Json): Json | null {
  const source = (query.kind === "InsightVizNode" ? query.source : null) as Json | null;
  if (!source || typeof source !== "object") return null;
  const insight = KIND_TO_INSIGHT[source.kind as string];
  if (!insight) return null;
  const filter: Json = { insight };
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
  const dateRange = (source.dateRange ?? {}) as Json;
  if (dateRange.date_from !== undefined) filter.date_from = dateRange.date_from;
  if (dateRange.date_to !== undefined) filter.date_to = dateRange.date_to;
  if (source.interval !== undefined) filter.interval = source.interval;
  if (source.properties !== undefined) filter.properties = source.properties;
  if (source.filterTestAccounts !== undefined) filter.filter_test_accounts = source.filterTestAccounts;
  const breakdown = (source.breakdownFilter ?? {}) as Json;
  if (breakdown.breakdown !== undefined) filter.breakdown = breakdown.breakdown;
  if (breakdown.breakdown_type !== undefined) filter.breakdown_type = breakdown.breakdown_type;
  if (breakdown.breakdown_limit !== undefined) filter.breakdown_limit = breakdown.breakdown_limit;
  if (insight === "TRENDS") {
    const trends = (source.trendsFilter ?? {}) as Json;
    if (trends.display !== undefined) filter.display = trends.display;
    if (trends.formula !== undefined) filter.formula = trends.formula;
    const compare = (source.compareFilter ?? {}) as Json;
    if (compare.compare !== undefined) filter.compare = compare.compare;
    else if (trends.compare !== undefined) filter.compare = trends.compare;
  } else {
    const funnels = (source.funnelsFilter ?? {}) as Json;
    const rename: Record<string, string> = {
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
    for (const [from, to] of Object.entries(rename)) if (funnels[from] !== undefined) filter[to] = funnels[from];
    if (Array.isArray(funnels.exclusions))
      filter.exclusions = (funnels.exclusions as Json[]).map((e) => {
        const converted = entity(e, 0) ?? {};
        delete converted.order;
        return { ...converted, funnel_from_step: e.funnelFromStep, funnel_to_step: e.funnelToStep };
      });
  }
  return filter;
}
