/** The trend most insight tests save: daily pageviews over `dateRange` (default: 1–4 March 2024). */
export const pageviewTrendsQuery = (
  dateRange: { date_from: string; date_to?: string } = { date_from: "2024-03-01", date_to: "2024-03-04" },
) => ({
  kind: "InsightVizNode",
  source: {
    kind: "TrendsQuery",
    series: [{ kind: "EventsNode", event: "$pageview", math: "total" }],
    interval: "day",
    dateRange,
  },
});
