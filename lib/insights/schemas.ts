import { z } from "zod";
import { ZSearch } from "@/lib/api/search";
import { ZFormatQuery } from "@/lib/api/format-query";
import { MAX_INTEGER, ZInteger, ZIntegerIdText } from "@/lib/db/integers";
import { ZProjectParams } from "@/lib/projects/schemas";
import { ZUserBasic } from "@/lib/users/serialize";
import { REFRESH_MODES } from "@/lib/analytics/results-cache/refresh";
import { MAX_QUERY_LENGTH } from "@/lib/hogql/parser";

export const ZInsightParams = ZProjectParams.extend({ insightId: ZIntegerIdText });

const ZJsonObject = z.record(z.string(), z.unknown());

/** Query kinds an `InsightVizNode` may wrap, and the other top-level nodes PostHog saves as insights. */
export const INSIGHT_QUERY_KINDS = [
  "TrendsQuery",
  "FunnelsQuery",
  "RetentionQuery",
  "PathsQuery",
  "StickinessQuery",
  "LifecycleQuery",
] as const;

/** PostHog validates `query` against its schema: a node with a known `kind`, an `InsightVizNode` with a known source. */
const ZInsightQuery = z
  .unknown()
  .superRefine((value, ctx) => {
    if (value === null) return;
    if (typeof value !== "object" || Array.isArray(value)) {
      ctx.addIssue({ code: "custom", message: "Query must be a valid JSON object" });
      return;
    }
    const node = value as Record<string, unknown>;
    if (node.kind === "InsightVizNode") {
      const source = node.source as Record<string, unknown> | undefined;
      if (!source || typeof source !== "object" || !(INSIGHT_QUERY_KINDS as readonly string[]).includes(source.kind as string))
        ctx.addIssue({
          code: "custom",
          message: "Query source must be one of " + INSIGHT_QUERY_KINDS.join(", "),
          path: ["source", "kind"],
        });
      else if (source.kind !== "RetentionQuery" && source.kind !== "PathsQuery" && !Array.isArray(source.series))
        ctx.addIssue({ code: "custom", message: "Field required", path: ["source", "series"] });
      return;
    }
    if (node.kind === "DataVisualizationNode") {
      const source = node.source as Record<string, unknown> | undefined;
      if (!source || typeof source !== "object" || source.kind !== "HogQLQuery")
        ctx.addIssue({ code: "custom", message: "Query source must be a HogQLQuery", path: ["source", "kind"] });
      else if (typeof source.query !== "string" || !source.query.trim() || source.query.length > MAX_QUERY_LENGTH)
        ctx.addIssue({
          code: "custom",
          message: `The HogQL query must be a text of 1 to ${MAX_QUERY_LENGTH.toLocaleString("en-US")} characters`,
          path: ["source", "query"],
        });
      return;
    }
    if (node.kind === "DataTableNode") {
      if (!node.source || typeof node.source !== "object") ctx.addIssue({ code: "custom", message: "Field required", path: ["source"] });
      return;
    }
    ctx.addIssue({ code: "custom", message: `Unknown query kind: ${String(node.kind)}`, path: ["kind"] });
  })
  .transform((value) => value as Record<string, unknown> | null)
  .meta({ description: "A query node: `InsightVizNode` wrapping a TrendsQuery, FunnelsQuery, RetentionQuery or PathsQuery, …" });

const ZNullableText = z.string().max(400).nullable();

export const ZInsightWrite = z
  .object({
    name: ZNullableText,
    derived_name: ZNullableText,
    description: ZNullableText,
    filters: ZJsonObject,
    query: ZInsightQuery,
    order: ZInteger.nullable(),
    deleted: z.boolean(),
    dashboards: z.array(ZInteger),
    tags: z.array(z.string().max(255)),
    favorited: z.boolean(),
    saved: z.boolean(),
  })
  .partial()
  .meta({ id: "InsightWrite" });

export type TInsightWrite = z.output<typeof ZInsightWrite>;

const ZDashboardTile = z.object({ id: z.number().int(), dashboard_id: z.number().int(), deleted: z.boolean().nullable() });

/** A background computation's status (`cache.ts`'s QueryStatus), as insights and the query API report it. */
export const ZQueryStatus = z
  .object({
    id: z.string(),
    team_id: z.number().int(),
    insight_id: z.number().int().nullable(),
    dashboard_id: z.number().int().nullable(),
    query_async: z.literal(true),
    complete: z.boolean(),
    error: z.boolean(),
    error_message: z.string().nullable(),
    results: z.unknown(),
    start_time: z.string(),
    pickup_time: z.string().nullable(),
    end_time: z.string().nullable(),
    expiration_time: z.string(),
    task_id: z.string(),
    labels: z.array(z.string()).nullable(),
    query_progress: z.record(z.string(), z.number()).nullable(),
  })
  .meta({ id: "QueryStatus" });

const basicFields = {
  id: z.number().int(),
  short_id: z.string(),
  name: z.string().nullable(),
  derived_name: z.string().nullable(),
  filters: ZJsonObject,
  query: ZJsonObject.nullable(),
  dashboards: z.array(z.number().int()),
  dashboard_tiles: z.array(ZDashboardTile),
  description: z.string().nullable(),
  last_refresh: z.string().nullable(),
  refreshing: z.boolean(),
  saved: z.boolean(),
  tags: z.array(z.string()),
  updated_at: z.iso.datetime(),
  created_by: ZUserBasic.nullable(),
  created_at: z.iso.datetime(),
  last_modified_at: z.iso.datetime(),
  favorited: z.boolean(),
};

export const ZInsightBasic = z.object(basicFields).meta({ id: "InsightBasic" });

const { refreshing: _refreshing, ...fullFields } = basicFields;

export const ZInsight = z
  .object({
    ...fullFields,
    order: z.number().int().nullable(),
    deleted: z.boolean(),
    cache_target_age: z.string().nullable(),
    next_allowed_client_refresh: z.string().nullable(),
    result: z.unknown(),
    hasMore: z.boolean().nullable(),
    columns: z.array(z.string()).nullable(),
    last_modified_by: ZUserBasic.nullable(),
    is_sample: z.boolean(),
    effective_restriction_level: z.number().int(),
    effective_privilege_level: z.number().int(),
    timezone: z.string().nullable(),
    is_cached: z.boolean(),
    query_status: ZQueryStatus.nullable(),
    hogql: z.string().nullable(),
    types: z.array(z.unknown()).nullable(),
    filters_hash: z.string().nullable(),
    /** Alerts on the insight's values: Hedgerow has none, so always empty. */
    alerts: z.array(z.unknown()),
    /** When the caller last opened the insight (`viewed/`), null if never. */
    last_viewed_at: z.iso.datetime().nullable(),
    /** What the caller may do with it: `editor` (members), `viewer` (a read-only key, a shared link's visitor). */
    user_access_level: z.enum(["editor", "viewer"]).nullable(),
  })
  .meta({ id: "Insight" });

const ZBoolParam = z.enum(["true", "false", "1", "0", "True", "False"]).transform((v) => v === "true" || v === "1" || v === "True");

const ZRefresh = z
  .string()
  .refine((v) => ["true", "false", "1", "0", ...REFRESH_MODES].includes(v.toLowerCase()), {
    message: `"refresh" must be one of ${REFRESH_MODES.join(", ")}`,
  })
  .meta({
    description: "`force_cache` (default), `blocking`, `async`, `lazy_async`, `force_blocking`, `force_async`; `true` = force_blocking",
  });

const ZSharingAccessToken = z
  .string()
  .meta({ description: "The access token of an enabled sharing configuration: GET its insight without signing in" });

export const ZInsightListQuery = z.object({
  short_id: z.string().optional(),
  created_by: ZIntegerIdText.optional(),
  saved: ZBoolParam.optional(),
  favorited: ZBoolParam.optional(),
  user: ZBoolParam.optional(),
  search: ZSearch.optional(),
  insight: z.string().optional(),
  dashboards: z
    .string()
    .transform((text, ctx) => {
      try {
        const ids: unknown = JSON.parse(text);
        if (Array.isArray(ids) && ids.every((id) => Number.isInteger(id) && id >= 0 && id <= MAX_INTEGER)) return ids as number[];
      } catch {
        // Not JSON: refused below.
      }
      ctx.addIssue({ code: "custom", message: "Expected a JSON array of dashboard ids." });
      return z.NEVER;
    })
    .optional()
    .meta({ description: "JSON array of dashboard ids: the insights on all of them" }),
  basic: ZBoolParam.optional(),
  refresh: ZRefresh.optional(),
  format: ZFormatQuery.shape.format,
  sharing_access_token: ZSharingAccessToken.optional(),
});

export const ZInsightRetrieveQuery = z.object({
  refresh: ZRefresh.optional(),
  format: ZFormatQuery.shape.format,
  from_dashboard: ZIntegerIdText.optional(),
  sharing_access_token: ZSharingAccessToken.optional(),
});

const ZActivityItem = z
  .object({
    id: z.string(),
    user: z
      .object({
        first_name: z.string(),
        last_name: z.string(),
        email: z.string(),
        id: z.number().int(),
        uuid: z.string(),
        distinct_id: z.string().nullable(),
      })
      .nullable(),
    unread: z.boolean(),
    organization_id: z.string(),
    was_impersonated: z.boolean(),
    is_system: z.boolean(),
    activity: z.string(),
    item_id: z.string().nullable(),
    scope: z.string(),
    detail: ZJsonObject,
    created_at: z.iso.datetime(),
  })
  .meta({ id: "ActivityLog" });

export const ZActivityPage = z
  .object({ results: z.array(ZActivityItem), next: z.string().nullable(), previous: z.string().nullable(), total_count: z.number().int() })
  .meta({ id: "ActivityLogPage" });

export const ZActivityQuery = z.object({ limit: z.string().optional(), page: z.string().optional() });

export const ZSharingConfiguration = z
  .object({ created_at: z.iso.datetime().nullable(), enabled: z.boolean(), access_token: z.string().nullable() })
  .meta({ id: "SharingConfiguration" });

export const ZSharingUpdate = z.object({ enabled: z.boolean() }).partial().meta({ id: "PatchedSharingConfiguration" });

export const ZCancelBody = z.object({ client_query_id: z.string().min(1) });

export const ZSharedParams = z.object({ accessToken: z.string().min(1).max(400) });
