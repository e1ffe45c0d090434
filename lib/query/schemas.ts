import { z } from "zod";
import { MAX_INTEGER } from "@/lib/db/integers";
import { ZProjectParams } from "@/lib/projects/schemas";
import { MAX_LIMIT } from "@/lib/hogql/compile";
import { ZHogQLFilters } from "@/lib/hogql/filters";
import { MAX_QUERY_LENGTH } from "@/lib/hogql/parser";
import { INSIGHT_QUERY_KINDS, ZQueryStatus } from "@/lib/insights/schemas";
import { REFRESH_MODES } from "@/lib/analytics/results-cache/refresh";
import { ZWebOverviewQuery, ZWebStatsTableQuery } from "@/lib/analytics/web/schemas";

/** Placeholders one HogQL query may take, and items in one list value. */
const MAX_VALUES = 100;
const MAX_LIST_VALUES = 1_000;
/** EventsQuery's select, where and orderBy: items and the length of each (a HogQL expression). */
const MAX_EXPRESSIONS = 50;
const MAX_EXPRESSION_LENGTH = 2_000;

const ZScalar = z.union([z.string().max(MAX_QUERY_LENGTH), z.number(), z.boolean(), z.null()]);

const ZHogQLQuery = z
  .object({
    kind: z.literal("HogQLQuery"),
    query: z.string().min(1).max(MAX_QUERY_LENGTH).meta({ description: "HogQL: `SELECT event, count() FROM events GROUP BY event`" }),
    values: z
      .record(z.string().max(100), z.union([ZScalar, z.array(ZScalar).max(MAX_LIST_VALUES)]))
      .refine((values) => Object.keys(values).length <= MAX_VALUES, `At most ${MAX_VALUES} values are allowed.`)
      .optional()
      .meta({ description: "Values of the query's `{name}` placeholders" }),
    filters: ZHogQLFilters.optional().meta({
      description: "What the query's `{filters}` placeholder applies: a date range, property filters, test accounts left out",
    }),
  })
  .loose();

const ZExpressions = z.array(z.string().min(1).max(MAX_EXPRESSION_LENGTH)).max(MAX_EXPRESSIONS);

const ZEventsQuery = z
  .object({
    kind: z.literal("EventsQuery"),
    select: ZExpressions.min(1).meta({ description: "HogQL expressions; `*` is the whole event, `person` the event's person" }),
    where: ZExpressions.optional().meta({ description: "HogQL conditions, all of which must hold" }),
    orderBy: ZExpressions.optional().meta({ description: "HogQL expressions, each optionally followed by ASC or DESC" }),
    properties: z.unknown().optional(),
    event: z.string().max(400).nullish(),
    personId: z.uuid().nullish(),
    actionId: z.number().int().min(0).max(MAX_INTEGER).nullish().meta({ description: "Only the events the project's action matches" }),
    after: z.string().max(100).nullish().meta({ description: "Events after this date (default `-24h`; `all`: no bound)" }),
    before: z.string().max(100).nullish(),
    limit: z.number().int().min(1).max(MAX_LIMIT).optional(),
    offset: z.number().int().min(0).max(1_000_000_000).optional(),
  })
  .loose();

const ZInsightSource = z.object({ kind: z.enum(INSIGHT_QUERY_KINDS) }).loose();

const ZInsightVizNode = z.object({ kind: z.literal("InsightVizNode"), source: ZInsightSource }).loose();

/** PostHog's wrapper of a SQL insight (`display` and chart settings beside its HogQL): runs its source. */
const ZDataVisualizationNode = z.object({ kind: z.literal("DataVisualizationNode"), source: ZHogQLQuery }).loose();

const ZQueryNode = z.discriminatedUnion("kind", [
  ZHogQLQuery,
  ZEventsQuery,
  ZInsightVizNode,
  ZDataVisualizationNode,
  ZWebOverviewQuery,
  ZWebStatsTableQuery,
  ...ZInsightSource.shape.kind.options.map((kind) => ZInsightSource.extend({ kind: z.literal(kind) })),
]);

type TQueryNode = z.output<typeof ZQueryNode>;
/** A node that computes something itself (wrappers other than InsightVizNode unwrapped). */
export type TRunnableNode = Exclude<TQueryNode, { kind: "DataVisualizationNode" }>;
export type TEventsQuery = z.output<typeof ZEventsQuery>;

export const ZQueryRequest = z
  .object({
    query: ZQueryNode,
    refresh: z
      .union([z.boolean(), z.enum(REFRESH_MODES)])
      .optional()
      .meta({
        description:
          "`blocking` (default): computed now unless a fresh result is cached; `async`: in the background (202); `true`: `force_blocking`",
      }),
    async: z.boolean().optional().meta({ description: "Deprecated: `refresh: 'async'`" }),
    client_query_id: z.string().min(1).max(200).optional().meta({ description: "The id the background computation's status is known by" }),
  })
  .loose()
  .meta({ id: "QueryRequest" });

export type TQueryRequest = z.output<typeof ZQueryRequest>;

export const ZQueryResponse = z
  .object({
    results: z.unknown(),
    columns: z.array(z.string()).optional(),
    types: z.array(z.tuple([z.string(), z.string()])).optional(),
    hogql: z.string().optional(),
    clickhouse: z.string().optional(),
    timings: z.array(z.object({ k: z.string(), t: z.number() })).optional(),
    limit: z.number().optional(),
    offset: z.number().optional(),
    hasMore: z.boolean().optional(),
    is_cached: z.boolean(),
    cache_key: z.string(),
    last_refresh: z.string().nullable(),
    cache_target_age: z.string().nullable(),
    next_allowed_client_refresh: z.string().nullable(),
    timezone: z.string(),
    query_status: ZQueryStatus.nullable(),
  })
  .meta({ id: "QueryResponse" });

export type TQueryResponse = z.output<typeof ZQueryResponse>;

export const ZQueryStatusResponse = z.object({ query_status: ZQueryStatus }).meta({ id: "QueryStatusResponse" });

export const ZQueryIdParams = ZProjectParams.extend({ queryId: z.string().min(1).max(200) });
