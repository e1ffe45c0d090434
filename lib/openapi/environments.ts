import type { NextRequest } from "next/server";
import { type AnyEndpoint, errorResponse, type HttpMethod, serve } from "@/lib/api/endpoint";
import { notFound } from "@/lib/api/errors";
import { collectEndpoints } from "./document";

const PREFIX = "/api/environments/";

interface TwinRoute {
  /** The path's segments after `/api/environments/`; `{name}` segments are parameters. */
  segments: string[];
  handlers: Record<HttpMethod, (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>>;
}

const isParameter = (segment: string) => segment.startsWith("{");

/**
 * Paths of one length (only those can match the same URL) by specificity: a fixed segment before a parameter at
 * the first place two paths differ, as Next's routing has it.
 */
function bySpecificity(a: TwinRoute, b: TwinRoute): number {
  if (a.segments.length !== b.segments.length) return a.segments.length - b.segments.length;
  for (let i = 0; i < a.segments.length; i++) {
    const [pa, pb] = [isParameter(a.segments[i]), isParameter(b.segments[i])];
    if (pa !== pb) return pa ? 1 : -1;
  }
  return 0;
}

let routes: TwinRoute[] | undefined;

/** One route per `/api/environments/` path of the document: every operation declared there, served alike. */
function twinRoutes(): TwinRoute[] {
  if (routes) return routes;
  const byPath = new Map<string, AnyEndpoint[]>();
  for (const { endpoint } of collectEndpoints()) {
    if (!endpoint.path.startsWith(PREFIX)) continue;
    byPath.set(endpoint.path, [...(byPath.get(endpoint.path) ?? []), endpoint]);
  }
  routes = [...byPath].map(([path, endpoints]) => ({ segments: segmentsOf(path), handlers: serve(...endpoints) }));
  routes.sort(bySpecificity);
  return routes;
}

const segmentsOf = (path: string) => path.slice(PREFIX.length).split("/").filter(Boolean);

function match(route: TwinRoute, segments: string[]): Record<string, string> | null {
  if (route.segments.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const expected = route.segments[i];
    if (isParameter(expected)) params[expected.slice(1, -1)] = decodeURIComponent(segments[i]);
    else if (expected !== segments[i]) return null;
  }
  return params;
}

/**
 * The exports of the one route under `app/api/environments/`: PostHog's `/api/environments/{projectId}/…` twin of
 * each project operation declared with `environments: true` (a project has one environment, itself), served by
 * the operation's own declaration; any other path is PostHog's JSON 404.
 */
export function environmentsRoute(): Record<HttpMethod, (req: NextRequest) => Promise<Response>> {
  const answer = async (req: NextRequest) => {
    // proxy.ts has refused undecodable paths before they get here.
    const segments = segmentsOf(req.nextUrl.pathname);
    for (const route of twinRoutes()) {
      const params = match(route, segments);
      if (params) return route.handlers[req.method as HttpMethod](req, { params: Promise.resolve(params) });
    }
    return errorResponse(notFound());
  };
  return { GET: answer, POST: answer, PUT: answer, PATCH: answer, DELETE: answer };
}
