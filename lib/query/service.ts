import { NextResponse } from "next/server";
import { notFound } from "@/lib/api/errors";
import type { Actor } from "@/lib/auth/actor";
import type { Project } from "@/lib/db/schema";
import type { CompileContext } from "@/lib/hogql/compile";
import { checkHogQL, runHogQL } from "@/lib/hogql/run";
import { hogqlContextOf } from "@/lib/hogql/filters";
import { cacheKey, cachedResult, cancelComputation, queryStatus, type CachedAnswer } from "@/lib/analytics/results-cache/cache";
import type { RefreshMode } from "@/lib/analytics/results-cache/refresh";
import { checkHogQLExpressions } from "@/lib/analytics/hogql-check";
import { analysisOf, canCompute, runAnalysis } from "@/lib/insights/compute";
import { requireProjectAccess } from "@/lib/projects/access";
import type { TProjectId } from "@/lib/projects/schemas";
import { runWebOverview, runWebStatsTable, webScope } from "@/lib/analytics/web";
import { runEventsQuery } from "./events-query";
import type { TQueryRequest, TQueryResponse, TRunnableNode } from "./schemas";

type Body = Record<string, unknown>;
type TWebNode = Extract<TRunnableNode, { kind: "WebOverviewQuery" | "WebStatsTableQuery" }>;

/**
 * PostHog's execution mode: `refresh` as given (`true` is `force_blocking`), else `async: true` asks for the
 * background, else `blocking` (a fresh cached result, or computed now).
 */
function executionMode(request: Pick<TQueryRequest, "refresh" | "async">): RefreshMode {
  if (typeof request.refresh === "string") return request.refresh;
  if (request.refresh === true) return "force_blocking";
  return request.async ? "async" : "blocking";
}

interface Plan {
  kind: string;
  /** What the result depends on: the cache key's material. */
  filter: Body;
  compute: () => Promise<Body>;
}

function plan(project: Project, node: TRunnableNode): Plan {
  const ctx: CompileContext = { teamId: project.id, timezone: project.timezone };
  if (node.kind === "HogQLQuery") {
    // HogQL and event lists stay fresh for minutes (the caches' `minute` interval), not the hours of a daily trend.
    return {
      kind: node.kind,
      filter: { ...node, interval: "minute" },
      compute: async () => ({ ...(await runHogQL(node.query, hogqlContextOf(project, node))) }),
    };
  }
  if (node.kind === "EventsQuery")
    return { kind: node.kind, filter: { ...node, interval: "minute" }, compute: async () => ({ ...(await runEventsQuery(node, ctx)) }) };
  // Web analytics: results stay fresh for the minutes of a live site, not the hours of a daily trend.
  if (node.kind === "WebOverviewQuery")
    return {
      kind: node.kind,
      filter: { ...node, interval: "minute" },
      compute: async () => ({ results: await runWebOverview(project, node) }),
    };
  if (node.kind === "WebStatsTableQuery")
    return {
      kind: node.kind,
      filter: { ...node, interval: "minute" },
      compute: async () => ({ ...(await runWebStatsTable(project, node)) }),
    };
  // Analyses: the insight's own conversion and engines, sharing their cache with insights and the legacy endpoints.
  const query = node.kind === "InsightVizNode" ? node : { kind: "InsightVizNode", source: node };
  const analysis = analysisOf({ filters: {}, query });
  return {
    kind: analysis?.kind ?? String(node.kind),
    filter: analysis?.filter ?? query,
    compute: async () => ({ results: await runAnalysis(project, analysis) }),
  };
}

function respond(project: Project, kind: string, filter: Body, answer: CachedAnswer<Body>): TQueryResponse {
  return {
    results: null,
    ...answer.result,
    is_cached: answer.is_cached,
    cache_key: cacheKey(project, kind, filter),
    last_refresh: answer.last_refresh,
    cache_target_age: answer.cache_target_age,
    next_allowed_client_refresh: null,
    timezone: answer.timezone,
    query_status: answer.query_status,
  };
}

/**
 * `POST /query/`: the query's result as `refresh` says. An analysis that cannot be computed answers 400 before
 * anything runs; an async computation still running answers 202 with its `query_status` (PostHog's).
 */
export async function runQuery(actor: Actor, projectId: TProjectId, request: TQueryRequest): Promise<TQueryResponse | Response> {
  const { project } = await requireProjectAccess(actor, projectId);
  const mode = executionMode(request);
  const node = request.query.kind === "DataVisualizationNode" ? request.query.source : request.query;
  const { kind, filter, compute } = plan(project, node);
  // Refusals (an analysis kind not computed, a HogQL error) answer at once, also in the async modes.
  if (mode !== "force_cache" && mode !== "blocking" && mode !== "force_blocking") await validateFirst(project, node);
  const answer = await cachedResult<Body>(project, kind, filter, compute, { refresh: mode, queryId: request.client_query_id });
  const body = respond(project, kind, filter, answer);
  return body.query_status && !body.query_status.complete ? NextResponse.json(body, { status: 202 }) : body;
}

/**
 * A web analytics query of the project, answered as `POST /query/` answers it in the blocking mode: for callers
 * authorised otherwise than as members (a shared web analytics page's token).
 */
export async function runWebQuery(project: Project, node: TWebNode): Promise<TQueryResponse> {
  const { kind, filter, compute } = plan(project, node);
  return respond(project, kind, filter, await cachedResult<Body>(project, kind, filter, compute, { refresh: "blocking" }));
}

/** What would fail without running anything: parsing and compiling HogQL, converting an analysis, its expressions' types. */
async function validateFirst(project: Project, node: TRunnableNode) {
  if (node.kind === "HogQLQuery") checkHogQL(node.query, hogqlContextOf(project, node));
  else if (node.kind === "WebOverviewQuery" || node.kind === "WebStatsTableQuery") await webScope(project, node);
  else if (node.kind !== "EventsQuery") {
    const query = node.kind === "InsightVizNode" ? node : { kind: "InsightVizNode", source: node };
    const analysis = analysisOf({ filters: {}, query });
    if (!canCompute(analysis)) await runAnalysis(project, analysis);
    else if (analysis) await checkHogQLExpressions(project.id, analysis.filter);
  }
}

/** `GET /query/:id/`: a background computation's status (its result once complete). */
export async function getQueryStatus(actor: Actor, projectId: TProjectId, queryId: string) {
  const { project } = await requireProjectAccess(actor, projectId);
  const status = queryStatus(project.id, queryId);
  if (!status) throw notFound();
  return { query_status: status };
}

/** `DELETE /query/:id/`: stops a background computation. */
export async function cancelQuery(actor: Actor, projectId: TProjectId, queryId: string): Promise<void> {
  const { project } = await requireProjectAccess(actor, projectId);
  if (!cancelComputation(project.id, queryId)) throw notFound();
}
