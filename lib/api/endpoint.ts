import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { authenticate, type Actor } from "@/lib/auth/actor";
import { keyProjectDenial } from "@/lib/auth/key-limits";
import { scopesGrant, type Scope } from "@/lib/auth/scopes";
import { authenticateSharingToken, type SharingGrant } from "@/lib/sharing/access-token";
import { csvFilename, csvResponse, csvRows } from "./csv";
import { ZFormatQuery } from "./format-query";
import { checkJsonDepth } from "./json-depth";
import { isCrossSite, isSameOrigin } from "./origin";
import { readBodyWithin } from "./request-body";
import {
  ApiError,
  fromZodError,
  methodNotAllowed,
  notAuthenticated,
  notFound,
  parseError,
  permissionDenied,
  requestTooLarge,
  serverError,
  unsupportedMediaType,
  validationError,
} from "./errors";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const METHODS: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Bodies above this are refused with 413 before parsing; fields have their own, smaller, limits. */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

type AnyObject = z.ZodType<Record<string, unknown>>;

type EndpointContext<P, Q, B, C extends Caller = MemberCaller> = {
  req: NextRequest;
  url: URL;
  params: P;
  query: Q;
  body: B;
} & C;

/** Who is calling: `actor` (session or personal API key), or `sharing` when a sharing token let the request in. */
interface Caller {
  actor: Actor | null;
  sharing: SharingGrant | null;
}
export type MemberCaller = { actor: Actor; sharing: null };
/** The holder of a sharing token, who may read only what it shares. */
export type TokenCaller = { actor: null; sharing: SharingGrant };

/**
 * How an operation treats `?sharing_access_token=` (PostHog's `sharing_enabled_actions`): `"accepted"` lets a GET
 * with the token of an enabled sharing configuration in without credentials; `"refused"` answers 403 to any
 * request carrying one (the other operations on the same resources). Undeclared: the parameter means nothing.
 */
export type SharingTokenUse = "accepted" | "refused";

type CallerOf<Public extends boolean, Token> = Public extends true
  ? { actor: Actor | null; sharing: SharingGrant | null }
  : [Token] extends ["accepted"]
    ? MemberCaller | TokenCaller
    : MemberCaller;

/**
 * One API operation, declared once: how it is authorised, what it takes, what it answers. The route file
 * serves it, and the OpenAPI document is generated from the same declaration.
 */
export interface Endpoint<
  P extends AnyObject = AnyObject,
  Q extends AnyObject = AnyObject,
  B extends z.ZodType = z.ZodType,
  Public extends boolean = false,
  Token extends SharingTokenUse | undefined = SharingTokenUse | undefined,
> {
  method: HttpMethod;
  /** OpenAPI-style path, with the trailing slash clients use: `/api/organizations/{organizationId}/`. */
  path: string;
  /**
   * Also served at PostHog's `/api/environments/{projectId}/…` twin of this `/api/projects/{projectId}/…` path (a
   * project has one environment, itself): the one catch-all route under `app/api/environments/` serves it with
   * this declaration (lib/openapi/environments.ts), and the OpenAPI document lists both paths.
   */
  environments?: boolean;
  summary: string;
  tag: string;
  /** Failed attempts are limited per account and client address, or per user (lib/auth/throttle.ts): documents the 429. */
  throttled?: boolean;
  /** `true` for operations open without credentials (sign-up, login, invite lookup). */
  public?: Public;
  /**
   * The personal API key scope required; `null` where PostHog declares none, which keys may not use;
   * `"any"` where every key may call it (a key asking about itself).
   */
  scope: Scope | "any" | null;
  /** Whether `?sharing_access_token=` lets a caller in, or is refused (see SharingTokenUse). */
  sharingAccessToken?: Token;
  params?: P;
  query?: Q;
  body?: B;
  /** Documented success body; for lists, the item's schema with `paginated`. */
  response?: z.ZodType;
  paginated?: boolean;
  /**
   * The answer's status. 405 is PostHog's ForbidDestroyModel: after authentication, scope and lookup, the
   * operation always refuses with an empty body (and documents so).
   */
  status?: 200 | 201 | 204 | 405;
  /** The handler may also answer 202 with the same body (work continuing in the background: PostHog's async queries). */
  alsoAccepted?: boolean;
  /** `?format=csv` answers the result as CSV (DRF's CSV renderer: a list's rows, else one row); `json` is the default. */
  csv?: boolean;
  handler: (ctx: EndpointContext<z.output<P>, z.output<Q>, z.output<B>, CallerOf<Public, Token>>) => Promise<unknown>;
}

export function endpoint<
  P extends AnyObject,
  Q extends AnyObject,
  B extends z.ZodType,
  Public extends boolean = false,
  Token extends SharingTokenUse | undefined = undefined,
>(spec: Endpoint<P, Q, B, Public, Token>): Endpoint<P, Q, B, Public, Token> {
  return spec;
}

/** An endpoint of any shape, for the lists that hold them side by side (`unknown` would reject their handlers). */
// biome-ignore lint/suspicious/noExplicitAny: the parameters of handlers vary contravariantly, so only `any` admits all of them
export type AnyEndpoint = Endpoint<any, any, any, any, any>;
type RouteContext = { params: Promise<Record<string, string | string[]>> };
type RouteHandler = (req: NextRequest, ctx: RouteContext) => Promise<Response>;

/**
 * The exports of a route file: each method declared by an endpoint, and a PostHog-style 405 for the rest.
 * `export const { GET, POST, PUT, PATCH, DELETE } = serve(list, create);`
 */
export function serve(...endpoints: AnyEndpoint[]): Record<HttpMethod, RouteHandler> {
  const handlers = {} as Record<HttpMethod, RouteHandler>;
  for (const method of METHODS) {
    const declared = endpoints.find((e) => e.method === method);
    handlers[method] = declared ? (req, ctx) => run(declared, req, ctx) : async () => errorResponse(methodNotAllowed(method));
  }
  return handlers;
}

const PROJECT_PATH = "/api/projects/{projectId}/";

/** The environments twin of a project path: `/api/projects/{projectId}/insights/` → `/api/environments/{projectId}/insights/`. */
export function environmentPath(path: string): string {
  if (!path.startsWith(PROJECT_PATH)) throw new Error(`${path} is not a project path, so it has no environments twin`);
  return `/api/environments/{projectId}/${path.slice(PROJECT_PATH.length)}`;
}

export function errorResponse(error: ApiError): NextResponse {
  return privateAnswer(NextResponse.json(error.body, { status: error.status, headers: error.headers }));
}

/** API answers are one caller's: no cache (browser's or proxy's) may keep them, unless the operation says so. */
export function privateAnswer<R extends Response>(response: R): R {
  if (!response.headers.has("cache-control")) response.headers.set("cache-control", "no-store");
  return response;
}

async function run(spec: AnyEndpoint, req: NextRequest, ctx: RouteContext): Promise<Response> {
  try {
    const sharing = await sharingGrant(spec, req);
    const actor = sharing ? null : await authenticate(req);
    if (!actor && !sharing && !spec.public) throw notAuthenticated();
    if (actor) authorizeCaller(spec, req, actor);
    // Sign-up, sign-in and invite acceptance: no page elsewhere may post them for a visitor (login CSRF).
    if (spec.public && UNSAFE.has(req.method) && isCrossSite(req)) throw permissionDenied("CSRF Failed: Origin checking failed.");

    const rawParams = (await ctx.params) ?? {};
    const params = spec.params ? spec.params.safeParse(rawParams) : { success: true as const, data: rawParams };
    // A malformed id in the path names nothing: 404, as an unmatched URL would be (undecodable paths and NULs
    // never get here: proxy.ts refuses them).
    if (!params.success) throw notFound();
    // `"any"` operations are open to every key, whatever projects it is limited to (PostHog's key viewset, the schema).
    if (actor?.apiKey && spec.scope !== "any") checkKeyResourceScope(actor, params.data);

    const url = requestUrl(req);
    const query = parseWith(spec.query, Object.fromEntries(url.searchParams));
    const body = spec.body ? parseWith(spec.body, await readBody(req, { jsonOnly: Boolean(spec.public) })) : undefined;

    const format = spec.csv ? ZFormatQuery.parse({ format: url.searchParams.get("format") ?? undefined }).format : undefined;
    const result = await spec.handler({ req, url, params: params.data, query, body, actor, sharing });
    if (result instanceof Response) return privateAnswer(result);
    if (format === "csv" && result !== undefined)
      return privateAnswer(csvResponse(csvRows(result), csvFilename(spec.path), spec.status ?? 200));
    if (spec.status === 204 || result === undefined) return privateAnswer(new NextResponse(null, { status: spec.status ?? 204 }));
    return privateAnswer(NextResponse.json(result, { status: spec.status ?? 200 }));
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    if (error instanceof z.ZodError) return errorResponse(fromZodError(error));
    const failure = serverError();
    console.error(`[api] ${req.method} ${req.nextUrl.pathname} failed: ${failure.detail}`, error);
    return errorResponse(failure);
  }
}

function parseWith<S extends z.ZodType>(schema: S | undefined, input: unknown): z.output<S> | undefined {
  if (!schema) return undefined;
  checkJsonDepth(input);
  const parsed = schema.safeParse(input, { reportInput: true });
  if (!parsed.success) throw fromZodError(parsed.error);
  const nulAt = pathOfNulCharacter(parsed.data);
  if (nulAt !== null) throw validationError("Null characters are not allowed.", nulAt || null, "null_characters_not_allowed");
  return parsed.data;
}

/** PostgreSQL text cannot hold U+0000, so DRF refuses it in any string field: where one is, or null if none. */
function pathOfNulCharacter(value: unknown, path = ""): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = pathOfNulCharacter(item, path ? `${path}__${key}` : key);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * What a `?sharing_access_token=` grants, on operations that declare how they treat one (else it is ignored).
 * PostHog tries the token before any other credential, so with one present the request is the token holder's
 * alone, whatever session or key comes with it: refused, or limited to what the token shares.
 */
async function sharingGrant(spec: AnyEndpoint, req: NextRequest): Promise<SharingGrant | null> {
  const token = spec.sharingAccessToken ? req.nextUrl.searchParams.get("sharing_access_token") : null;
  if (!token) return null;
  const grant = await authenticateSharingToken(req.method, token);
  if (spec.sharingAccessToken === "refused") throw permissionDenied();
  return grant;
}

/** Scopes for API keys, same-origin for browser sessions (a cookie alone must not be able to write). */
function authorizeCaller(spec: AnyEndpoint, req: NextRequest, actor: Actor) {
  if (actor.apiKey) {
    if (!spec.scope) throw permissionDenied("This action does not support Personal API Key access");
    if (spec.scope !== "any" && !scopesGrant(actor.apiKey.scopes, spec.scope))
      throw permissionDenied(`API key missing required scope '${spec.scope}'`);
    return;
  }
  if (UNSAFE.has(req.method) && !isSameOrigin(req)) throw permissionDenied("CSRF Failed: Origin checking failed.");
}

/**
 * A key limited to some projects works only on project endpoints (PostHog's APIScopePermission); the
 * organization limit is checked where the organization is resolved (`@current` included).
 */
function checkKeyResourceScope(actor: Actor, params: Record<string, unknown>) {
  const scopedTeams = actor.apiKey!.scopedTeams;
  if (!scopedTeams?.length) return;
  const projectId = params.projectId;
  if (projectId === undefined) throw permissionDenied("API keys with scoped projects are only supported on project-based endpoints.");
  const denial = typeof projectId === "number" ? keyProjectDenial(actor.apiKey, projectId) : null;
  if (denial) throw denial;
}

/** The URL the client used (behind a proxy too), for absolute `next`/`previous` links. */
function requestUrl(req: NextRequest): URL {
  const url = new URL(req.nextUrl.href);
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  if (host) url.host = host;
  const proto = req.headers.get("x-forwarded-proto");
  if (proto) url.protocol = `${proto.split(",")[0].trim()}:`;
  return url;
}

/**
 * The body as JSON (or a form's fields). `jsonOnly` refuses forms and text: a page elsewhere can post those without
 * asking the browser's leave (no CORS preflight), JSON it cannot.
 */
async function readBody(req: NextRequest, { jsonOnly }: { jsonOnly: boolean }): Promise<unknown> {
  const bytes = await readBodyWithin(req, MAX_BODY_BYTES, requestTooLarge);
  const text = new TextDecoder().decode(bytes);
  if (!text.trim()) return {};
  const declaredType = req.headers.get("content-type");
  // A body without a type is one a page elsewhere can send too (a Blob's).
  if (jsonOnly && (declaredType === null || !isJsonType(mediaType(declaredType)))) throw unsupportedMediaType(declaredType ?? "");
  const contentType = mediaType(declaredType ?? "application/json");
  if (isJsonType(contentType)) {
    try {
      return JSON.parse(text);
    } catch (error) {
      throw parseError(`JSON parse error - ${(error as Error).message}`);
    }
  }
  if (contentType === "application/x-www-form-urlencoded") return Object.fromEntries(new URLSearchParams(text));
  if (contentType === "multipart/form-data") return multipartFields(bytes, declaredType!);
  throw unsupportedMediaType(contentType);
}

/** A multipart form's fields, an uploaded file's as its text (a static cohort's CSV). */
async function multipartFields(bytes: Uint8Array, contentType: string): Promise<Record<string, string>> {
  let form: FormData;
  try {
    form = await new Response(bytes as BodyInit, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw parseError("Multipart form parse error - the body is not a valid multipart/form-data form.");
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) fields[name] = typeof value === "string" ? value : await value.text();
  return fields;
}

const mediaType = (contentType: string) => contentType.split(";")[0].trim().toLowerCase();
const isJsonType = (contentType: string) => contentType === "application/json" || contentType.endsWith("+json");
