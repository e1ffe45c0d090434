/** The trend behind the web analytics chart and the tiles' sparklines: visitors, views, sessions and session duration. */
export const VISITORS_SERIES = [
  { key: "visitors", math: "dau", custom_name: "Visitors" },
  { key: "views", math: "total", custom_name: "Page views" },
  { key: "sessions", math: "unique_session", custom_name: "Sessions" },
  { key: "session duration", math: "avg", math_property: "$session_duration", custom_name: "Session duration" },
] as const;

/** Its legacy trend filter for a range and the page's property filters: per hour for a day or less, else per day. */
export function visitorsTrendFilter(range: { date_from: string; date_to?: string | null }, properties: unknown[], testAccounts: boolean) {
  return {
    insight: "TRENDS",
    events: VISITORS_SERIES.map(({ key: _key, ...series }, order) => ({ id: "$pageview", type: "events", order, ...series })),
    date_from: range.date_from,
    date_to: range.date_to ?? undefined,
    interval: /^-\d+h$/.test(range.date_from) ? "hour" : "day",
    properties,
    filter_test_accounts: testAccounts,
  };
}
