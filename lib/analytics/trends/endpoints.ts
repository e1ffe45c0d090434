import { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";
import type { Actor } from "@/lib/auth/actor";
import { analysisResult } from "@/lib/insights/cache";
import { requireProjectAccess } from "@/lib/projects/access";
import { ZProjectParams, type TProjectId } from "@/lib/projects/schemas";
import { isStickiness, runStickiness } from "@/lib/analytics/stickiness";
import { DEFAULT_BREAKDOWN_LIMIT, runTrends, type TrendItem } from "./index";
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
    breakdown_value: z.string().optional(),
    compare: z.boolean().optional(),
    compare_label: z.enum(["current", "previous"]).optional(),
    aggregated_value: z.number().optional(),
  })
  .loose();

export const ZTrendResponse = z.object({
  result: z.array(ZTrendItem),
  next: z.string().nullable(),
  timezone: z.string(),
  last_refresh: z.string().nullable(),
  is_cached: z.boolean(),
});

/** Keys of the request that are not part of the filter. */
const NOT_FILTER = new Set(["refresh", "format", "client_query_id", "cache_invalidation_key"]);

async function trend(actor: Actor, projectId: TProjectId, raw: Record<string, unknown>, url: URL) {
  const { project } = await requireProjectAccess(actor, projectId);
  const filter = Object.fromEntries(Object.entries(raw).filter(([key]) => !NOT_FILTER.has(key)));
  const run = isStickiness(filter) ? runStickiness : runTrends;
  const answer = await analysisResult<TrendItem[]>(project, "TRENDS", filter, () => run(project, filter), url.searchParams.get("refresh") ?? raw.refresh);
  const result = answer.result ?? [];
  return {
    result,
    next: nextUrl(url, filter, result),
    timezone: project.timezone || "UTC",
    last_refresh: answer.last_refresh,
    is_cached: answer.is_cached,
  };
}

/** PostHog's `next` for breakdowns: when a page is full, the same request with `offset` moved on by the limit. */
function nextUrl(url: URL, filter: Record<string, unknown>, result: TrendItem[]): string | null {
  if (filter.breakdown === undefined || filter.breakdown === null || filter.breakdown === "") return null;
  const limit = Number(filter.breakdown_limit ?? DEFAULT_BREAKDOWN_LIMIT) || DEFAULT_BREAKDOWN_LIMIT;
  if (result.length < limit) return null;
  const offset = Number(filter.offset ?? 0) || 0;
  const next = new URL(url.href);
  next.searchParams.set("offset", String(offset + limit));
  return next.href;
}

export const postTrendEndpoint = endpoint({
  method: "POST",
  path: "/api/projects/{projectId}/insights/trend/",
  environments: true,
  csv: true,
  summary: "Compute a trend (legacy filter body): series over time, breakdowns, compare, formula; stickiness with `insight: STICKINESS`",
  tag: "insights",
  scope: "insight:read",
  sharingAccessToken: "refused",
  params: ZProjectParams,
  body: ZTrendFilter,
  response: ZTrendResponse,
  handler: ({ actor, params, body, url }) => trend(actor, params.projectId, body as Record<string, unknown>, url),
});

export const getTrendEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/insights/trend/",
  environments: true,
  csv: true,
  summary: "Compute a trend from the legacy filter given as query parameters",
  tag: "insights",
  scope: "insight:read",
  sharingAccessToken: "refused",
  params: ZProjectParams,
  query: ZTrendFilter,
  response: ZTrendResponse,
  handler: ({ actor, params, url }) => trend(actor, params.projectId, Object.fromEntries(url.searchParams), url),
});
