import { z } from "zod";
import { analysisEndpoints } from "@/lib/analytics/analysis-endpoints";
import { withQuery } from "@/lib/api/pagination";
import { runTrendFilter } from "@/lib/analytics/trend-filter";
import { DEFAULT_BREAKDOWN_LIMIT, type TrendItem } from "./run";
import { ZTrendFilter } from "./schemas";

export const ZTrendItem = z
  .object({
    action: z.record(z.string(), z.unknown()).optional(),
    label: z.string(),
    count: z.number().optional(),
    data: z.array(z.number()),
    labels: z.array(z.string()),
    /** Bucket dates; for stickiness the interval counts 1, 2, … */
    days: z.union([z.array(z.string()), z.array(z.number().int())]),
    filter: z.record(z.string(), z.unknown()),
    // A cohort breakdown's values are cohort ids (and "all").
    breakdown_value: z.union([z.string(), z.number()]).optional(),
    compare: z.boolean().optional(),
    compare_label: z.enum(["current", "previous"]).optional(),
    aggregated_value: z.number().optional(),
    /** A lifecycle's status: new, returning, resurrecting or dormant. */
    status: z.enum(["new", "returning", "resurrecting", "dormant"]).optional(),
    /** A formula's line: its formula's text (a series' line has none). */
    formula: z.string().optional(),
  })
  .loose();

export const ZTrendResponse = z.object({
  result: z.array(ZTrendItem),
  next: z.string().nullable(),
  timezone: z.string(),
  last_refresh: z.string().nullable(),
  is_cached: z.boolean(),
});

/** PostHog's `next` for breakdowns: when a page is full, the same request with `offset` moved on by the limit. */
function nextUrl(url: URL, filter: Record<string, unknown>, result: TrendItem[]): string | null {
  if (filter.breakdown === undefined || filter.breakdown === null || filter.breakdown === "") return null;
  const limit = Number(filter.breakdown_limit ?? DEFAULT_BREAKDOWN_LIMIT) || DEFAULT_BREAKDOWN_LIMIT;
  if (result.length < limit) return null;
  const offset = Number(filter.offset ?? 0) || 0;
  return withQuery(url, { offset: String(offset + limit) });
}

/** How a trend is computed and cached, whoever asks (the legacy endpoints, a shared web analytics page). */
export const trendAnalysis = { kind: "TRENDS", compute: runTrendFilter, empty: [] as TrendItem[] };

export const { get: getTrendEndpoint, post: postTrendEndpoint } = analysisEndpoints({
  ...trendAnalysis,
  path: "/api/projects/{projectId}/insights/trend/",
  summaries: {
    get: "Compute a trend from the legacy filter given as query parameters",
    post: "Compute a trend (legacy filter body): series over time, breakdowns, compare, formula (answered alone) or `formulas` (answered after the series); stickiness with `insight: STICKINESS`, a lifecycle with `insight: LIFECYCLE`",
  },
  filter: ZTrendFilter,
  response: ZTrendResponse,
  extra: (url, filter, result) => ({ next: nextUrl(url, filter, result) }),
});
