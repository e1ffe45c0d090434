/** A dashboard's `filters` that apply to its insights: a date range and property filters. */
export interface DashboardFilters {
  date_from?: string | null;
  date_to?: string | null;
  properties?: unknown;
}

/** A `properties` value (a flat list or a group) as the members of an AND group. */
function andMembers(properties: unknown): unknown[] {
  if (Array.isArray(properties)) return properties;
  if (properties && typeof properties === "object") {
    const group = properties as { type?: unknown; values?: unknown };
    if (group.type === "AND" && Array.isArray(group.values)) return group.values;
    if (Array.isArray(group.values)) return group.values.length ? [group] : [];
  }
  return [];
}

/**
 * A legacy analysis filter seen from a dashboard, as PostHog computes tiles: the dashboard's `date_from`, when
 * set, replaces the insight's date range (its `date_to` too, even when the dashboard has none); its property
 * filters are added to the insight's (both must match).
 */
export function withDashboardFilters(filter: Record<string, unknown>, dashboard: DashboardFilters): Record<string, unknown> {
  const result = { ...filter };
  if (dashboard.date_from) {
    result.date_from = dashboard.date_from;
    result.date_to = dashboard.date_to ?? null;
  }
  const added = andMembers(dashboard.properties);
  if (added.length) {
    const own = andMembers(filter.properties);
    result.properties = { type: "AND", values: [...own, ...added] };
  }
  return result;
}

/**
 * A SQL insight's HogQLFilters (what its `{filters}` stands for) seen from a dashboard: the dashboard's date range,
 * when set, replaces the insight's; its property filters are added to the insight's.
 */
export function withDashboardHogQLFilters(filters: unknown, dashboard: DashboardFilters): Record<string, unknown> {
  const result: Record<string, unknown> = filters && typeof filters === "object" ? { ...filters } : {};
  if (dashboard.date_from) result.dateRange = { date_from: dashboard.date_from, date_to: dashboard.date_to ?? null };
  const added = andMembers(dashboard.properties);
  if (added.length) result.properties = { type: "AND", values: [...andMembers(result.properties), ...added] };
  return result;
}
