import type { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";
import type { Scope } from "@/lib/auth/scopes";
import type { Project } from "@/lib/db/schema";
import { analysisResult } from "@/lib/analytics/results-cache/cache";
import { requireProjectAccess } from "@/lib/projects/access";
import { ZProjectParams } from "@/lib/projects/schemas";
import { checkCohortReferences } from "@/lib/cohorts/references";
import { checkHogQLExpressions } from "./hogql-check";
import { filterOf } from "./request";

type Filter = Record<string, unknown>;

interface AnalysisDeclaration<F extends Filter, R, Extra extends object> {
  /** The insight kind the results cache files the answers under (`TRENDS`, `FUNNELS`…). */
  kind: string;
  path: string;
  summaries: { get: string; post: string };
  /** `insight:read` unless PostHog declares none (`null`: session users only). */
  scope?: Scope | null;
  /** The filter as a POST body, and as GET query parameters when they need a schema of their own. */
  filter: z.ZodType<F>;
  queryFilter?: z.ZodType<F>;
  response: z.ZodType;
  /** Throws the filter's 400s before the cache is consulted (a cached answer must not hide a bad filter). */
  check?: (project: Project, filter: F) => Promise<unknown>;
  compute: (project: Project, filter: F, url: URL) => Promise<R>;
  /** The result when the cache holds none (a query still running elsewhere). */
  empty?: R;
  /** Fields the answer carries beside PostHog's `result, last_refresh, is_cached, timezone`. */
  extra?: (url: URL, filter: F, result: R) => Extra;
}

/**
 * An analysis of the project answered through the results cache, its filter checked first: for the legacy
 * endpoints, and for callers authorised otherwise than as members (a shared web analytics page's token).
 */
export async function answerAnalysis<F extends Filter, R, Extra extends object = object>(
  project: Project,
  declaration: Pick<AnalysisDeclaration<F, R, Extra>, "kind" | "check" | "compute" | "empty" | "extra">,
  request: F,
  url: URL,
) {
  const { kind, check, compute, empty, extra } = declaration;
  await checkHogQLExpressions(project.id, request);
  await check?.(project, request);
  // A cohort recalculated since an answer was cached makes that answer another one's.
  const cohortVersions = await checkCohortReferences(project.id, request);
  const filter = filterOf(request);
  const cacheKey = cohortVersions ? { ...filter, cohort_versions: cohortVersions } : filter;
  const cached = await analysisResult<R>(
    project,
    kind,
    cacheKey,
    () => compute(project, filter, url),
    url.searchParams.get("refresh") ?? request.refresh,
  );
  const result = (cached.result ?? empty) as R;
  return {
    result,
    last_refresh: cached.last_refresh,
    is_cached: cached.is_cached,
    timezone: project.timezone || "UTC",
    ...extra?.(url, filter, result),
  };
}

/**
 * A legacy analysis endpoint as PostHog has them (`insights/trend/`, `funnel/`, `retention/`, `path/`…): the same
 * filter as a POST body or as GET query parameters, answered through the results cache with `refresh` honoured
 * from either. Returns the GET and POST declarations for the feature's `endpoints.ts` to export by name.
 */
export function analysisEndpoints<F extends Filter, R, Extra extends object = object>(declaration: AnalysisDeclaration<F, R, Extra>) {
  const { path, filter: ZFilter, response } = declaration;
  const answer = async (actor: Parameters<typeof requireProjectAccess>[0], projectId: number | "@current", request: F, url: URL) => {
    const { project } = await requireProjectAccess(actor, projectId);
    return answerAnalysis(project, declaration, request, url);
  };
  const common = {
    path,
    csv: true,
    tag: "insights",
    scope: declaration.scope === undefined ? ("insight:read" as const) : declaration.scope,
    sharingAccessToken: "refused",
    params: ZProjectParams,
    response,
    environments: true,
  } as const;
  return {
    get: endpoint({
      method: "GET",
      ...common,
      summary: declaration.summaries.get,
      query: declaration.queryFilter ?? ZFilter,
      handler: ({ actor, params, query, url }) => answer(actor, params.projectId, query, url),
    }),
    post: endpoint({
      method: "POST",
      ...common,
      summary: declaration.summaries.post,
      body: ZFilter,
      handler: ({ actor, params, body, url }) => answer(actor, params.projectId, body, url),
    }),
  };
}
