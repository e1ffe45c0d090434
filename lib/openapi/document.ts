// The OpenAPI document, built from the endpoint declarations in one pass (schemas collected, operations written).
// Kept in one module past the house size: the `schema` endpoint that serves it is one of the endpoints it lists.
import { z } from "zod";
import { ZFormatQuery } from "@/lib/api/format-query";
import { type AnyEndpoint, endpoint, environmentPath, type HttpMethod } from "@/lib/api/endpoint";
import * as actions from "@/lib/actions/endpoints";
import * as alerts from "@/lib/alerts/endpoints";
import * as annotations from "@/lib/annotations/endpoints";
import * as apiKeys from "@/lib/api-keys/endpoints";
import * as retention from "@/lib/analytics/retention/endpoints";
import * as paths from "@/lib/analytics/paths/endpoints";
import * as funnels from "@/lib/analytics/funnels/endpoints";
import * as actors from "@/lib/analytics/actors/endpoints";
import * as correlation from "@/lib/analytics/correlation/endpoints";
import * as trends from "@/lib/analytics/trends/endpoints";
import * as web from "@/lib/analytics/web/endpoints";
import * as batchExports from "@/lib/batch-exports/endpoints";
import * as batchExportConnections from "@/lib/batch-exports/connection-endpoints";
import * as flags from "@/lib/flags/endpoints";
import * as cohorts from "@/lib/cohorts/endpoints";
import * as dashboards from "@/lib/dashboards/endpoints";
import * as definitions from "@/lib/definitions/endpoints";
import * as domains from "@/lib/domains/endpoints";
import * as events from "@/lib/events/endpoints";
import * as groups from "@/lib/groups/endpoints";
import * as insights from "@/lib/insights/endpoints";
import * as invites from "@/lib/invites/endpoints";
import * as members from "@/lib/members/endpoints";
import * as organizations from "@/lib/organizations/endpoints";
import * as persons from "@/lib/persons/endpoints";
import * as plugins from "@/lib/plugins/endpoints";
import * as pluginObservability from "@/lib/plugins/observe/endpoints";
import * as projects from "@/lib/projects/endpoints";
import * as query from "@/lib/query/endpoints";
import * as users from "@/lib/users/endpoints";
import * as subscriptions from "@/lib/subscriptions/endpoints";
import {
  ZApiError,
  ZOpenApiDocument,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiParameter,
} from "./schemas";

let serialized: string | undefined;

// Declared here rather than in an `endpoints.ts` of its own: the document lists it, and it serves the document.
export const schemaEndpoint = endpoint({
  method: "GET",
  path: "/api/schema/",
  summary: "This API's OpenAPI 3.1 document",
  tag: "schema",
  public: true,
  scope: "any",
  response: ZOpenApiDocument,
  // Serialized once per process: the document only changes with the code.
  handler: async () =>
    new Response((serialized ??= JSON.stringify(openApiDocument())), {
      headers: { "content-type": "application/json", "cache-control": "public, max-age=300" },
    }),
});

/** Every `lib/<feature>/endpoints.ts`: the document lists each endpoint they export, and nothing else. */
const ENDPOINT_MODULES: Record<string, Record<string, unknown>> = {
  organizations,
  members,
  invites,
  domains,
  batchExports,
  batchExportConnections,
  projects,
  users,
  apiKeys,
  persons,
  groups,
  cohorts,
  events,
  trends,
  insights,
  dashboards,
  flags,
  retention,
  paths,
  funnels,
  actors,
  correlation,
  actions,
  annotations,
  alerts,
  subscriptions,
  definitions,
  query,
  web,
  ...plugins.pipelineEndpoints,
  plugins,
  pluginObservability,
  openapi: { schemaEndpoint },
};

const METHOD_ORDER = ["GET", "POST", "PUT", "PATCH", "DELETE"];

export interface DeclaredEndpoint {
  /** The export's name without its `Endpoint` suffix: `listOrganizationsEndpoint` → `listOrganizations`. */
  operationId: string;
  endpoint: AnyEndpoint;
}

function isEndpoint(value: unknown): value is AnyEndpoint {
  const candidate = value as Partial<AnyEndpoint> | null;
  return (
    typeof candidate === "object" &&
    candidate !== null &&
    METHOD_ORDER.includes(candidate.method as string) &&
    typeof candidate.path === "string" &&
    typeof candidate.handler === "function"
  );
}

/** Module by module; within one, by path then method (a module's exports come in alphabetical order). */
export function collectEndpoints(modules = ENDPOINT_MODULES): DeclaredEndpoint[] {
  const declared: DeclaredEndpoint[] = [];
  for (const exports of Object.values(modules)) {
    const own: DeclaredEndpoint[] = [];
    for (const [name, value] of Object.entries(exports)) {
      if (!isEndpoint(value)) continue;
      const operationId = name.replace(/Endpoint$/, "");
      if (declared.some((d) => d.operationId === operationId))
        throw new Error(`Two endpoints are exported as ${name}: operation ids must be unique`);
      own.push({ operationId, endpoint: value });
    }
    own.sort((a, b) =>
      a.endpoint.path === b.endpoint.path
        ? METHOD_ORDER.indexOf(a.endpoint.method) - METHOD_ORDER.indexOf(b.endpoint.method)
        : a.endpoint.path < b.endpoint.path
          ? -1
          : 1,
    );
    declared.push(...own);
  }
  return [...declared, ...declared.filter(({ endpoint }) => endpoint.environments).map(environmentTwin)];
}

/** The same operation at its `/api/environments/` path, `listInsights` → `listInsightsEnvironment`. */
function environmentTwin({ operationId, endpoint }: DeclaredEndpoint): DeclaredEndpoint {
  return { operationId: `${operationId}Environment`, endpoint: { ...endpoint, path: environmentPath(endpoint.path) } };
}

const refTo = (name: string) => `#/components/schemas/${name}`;

/** zod's regexes for formats and its safe-integer bounds say nothing a reader or validator needs beyond `format`. */
function tidy({ jsonSchema }: { jsonSchema: JsonSchema }) {
  if (jsonSchema.format && jsonSchema.pattern) delete jsonSchema.pattern;
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
}

function rewriteRefs(node: unknown, rename: (id: string) => string): unknown {
  if (Array.isArray(node)) return node.map((item) => rewriteRefs(item, rename));
  if (typeof node !== "object" || node === null) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] =
      key === "$ref" && typeof value === "string" && value.startsWith("#/$defs/")
        ? refTo(rename(value.slice("#/$defs/".length)))
        : rewriteRefs(value, rename);
  }
  return out;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Turns zod schemas into JSON Schema, moving every schema named with `.meta({ id })` into `components/schemas`.
 * Responses are converted before request bodies: a named schema whose input form differs from its output
 * (no `additionalProperties: false`, defaults optional) is filed as `<id>Input`.
 */
class SchemaCollector {
  readonly components: Record<string, JsonSchema> = {};

  convert(schema: z.ZodType, io: "input" | "output"): JsonSchema {
    const {
      $defs = {},
      $schema: _dialect,
      ...root
    } = z.toJSONSchema(schema, {
      target: "draft-2020-12",
      io,
      unrepresentable: "any",
      override: tidy,
    }) as JsonSchema;
    const names = new Map<string, string>();
    for (const [id, def] of Object.entries($defs as Record<string, JsonSchema>)) {
      const existing = this.components[id];
      names.set(
        id,
        existing &&
          !sameJson(
            existing,
            rewriteRefs(def, (x) => x),
          )
          ? `${id}Input`
          : id,
      );
    }
    const rename = (id: string) => names.get(id) ?? id;
    for (const [id, def] of Object.entries($defs as Record<string, JsonSchema>))
      this.components[rename(id)] ??= rewriteRefs(def, rename) as JsonSchema;
    return rewriteRefs(root, rename) as JsonSchema;
  }

  /** PostHog's list envelope around an item, named `Paginated<Item>List` when the item is named. */
  paginated(item: JsonSchema): JsonSchema {
    const envelope: JsonSchema = {
      type: "object",
      properties: {
        count: { type: "integer", description: "Total number of results." },
        next: { type: ["string", "null"], format: "uri", description: "The next page's URL, or null on the last page." },
        previous: { type: ["string", "null"], format: "uri", description: "The previous page's URL, or null on the first page." },
        results: { type: "array", items: item },
      },
      required: ["count", "next", "previous", "results"],
      additionalProperties: false,
    };
    const itemName = typeof item.$ref === "string" ? item.$ref.slice(refTo("").length) : null;
    if (!itemName) return envelope;
    this.components[`Paginated${itemName}List`] = envelope;
    return { $ref: refTo(`Paginated${itemName}List`) };
  }
}

const PAGINATION_PARAMETERS: OpenApiParameter[] = [
  {
    name: "limit",
    in: "query",
    required: false,
    description: "Number of results to return per page (default 100).",
    schema: { type: "integer", minimum: 1 },
  },
  {
    name: "offset",
    in: "query",
    required: false,
    description: "The initial index from which to return the results.",
    schema: { type: "integer", minimum: 0 },
  },
];

const ERROR_RESPONSES = {
  BadRequest: { status: 400, description: "Invalid input: `attr` names the field, `detail` says what is wrong." },
  Unauthenticated: { status: 401, description: "No credentials, or a personal API key that is not valid." },
  PermissionDenied: { status: 403, description: "Not allowed: missing scope, insufficient access level, or not a member." },
  NotFound: { status: 404, description: "Nothing with this id is visible to the caller." },
  RequestTooLarge: { status: 413, description: "The request body is larger than 5 MB." },
  UnsupportedMediaType: { status: 415, description: "The body is neither JSON nor form-encoded." },
  Throttled: {
    status: 429,
    description: "Too many failed attempts for this account or from this address: try again after `Retry-After` seconds.",
  },
  CrossSite: { status: 403, description: "Sent by a browser from another site (Sec-Fetch-Site, Origin or Referer say so)." },
  NotJson: { status: 415, description: "The body is not JSON (`application/json`)." },
} as const;

const RETRY_AFTER = {
  "Retry-After": { description: "Seconds until the next attempt is accepted.", schema: { type: "integer", minimum: 1 } },
};

function accessDescription(endpoint: AnyEndpoint): string {
  if (endpoint.public && endpoint.method !== "GET")
    return "No authentication required. A browser may send it only from this site, and its body must be JSON.";
  if (endpoint.public) return "No authentication required.";
  if (endpoint.scope === null) return "Personal API keys cannot call this operation: sign in with the browser session.";
  if (endpoint.scope === "any") return "Any personal API key may call this, whatever its scopes.";
  const [object, access] = endpoint.scope.split(":");
  const alsoGranted = access === "read" ? ` (\`${object}:write\` and \`*\` also grant it)` : " (`*` also grants it)";
  return `Personal API keys need the \`${endpoint.scope}\` scope${alsoGranted}.`;
}

function security(endpoint: AnyEndpoint): Record<string, string[]>[] {
  if (endpoint.public) return [];
  const session = { SessionCookie: [] };
  if (endpoint.scope === null) return [session];
  return [{ PersonalAPIKey: endpoint.scope === "any" ? [] : [endpoint.scope] }, session];
}

function parametersIn(schema: JsonSchema, location: "path" | "query"): OpenApiParameter[] {
  const required = new Set<string>(schema.required ?? []);
  return Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: location, required: location === "path" || required.has(name), description, schema: rest };
  });
}

function successDescription(endpoint: AnyEndpoint): string {
  if (endpoint.paginated) return "A page of results.";
  if (endpoint.status === 201) return "Created.";
  if (endpoint.status === 204) return "Done; no content.";
  if (endpoint.status === 405) return "Always refused, with no content.";
  return "OK.";
}

function buildOperation(
  collector: SchemaCollector,
  { operationId, endpoint }: DeclaredEndpoint,
  response: JsonSchema | null,
): OpenApiOperation {
  const status = endpoint.status ?? (endpoint.response ? 200 : 204);
  const pathParameters = endpoint.params ? parametersIn(collector.convert(endpoint.params, "input"), "path") : [];
  for (const [, name] of endpoint.path.matchAll(/\{(\w+)\}/g))
    if (!pathParameters.some((p) => p.name === name)) pathParameters.push({ name, in: "path", required: true, schema: { type: "string" } });
  const queryParameters = endpoint.query ? parametersIn(collector.convert(endpoint.query, "input"), "query") : [];
  if (endpoint.paginated) queryParameters.push(...PAGINATION_PARAMETERS.filter((p) => !queryParameters.some((q) => q.name === p.name)));
  if (endpoint.csv && !queryParameters.some((q) => q.name === "format"))
    queryParameters.push(...parametersIn(collector.convert(ZFormatQuery, "input"), "query"));

  const responses: OpenApiOperation["responses"] = {
    [status]: {
      description: successDescription(endpoint),
      ...(response && status !== 204 && status !== 405
        ? { content: { "application/json": { schema: response }, ...(endpoint.csv ? { "text/csv": { schema: { type: "string" } } } : {}) } }
        : {}),
    },
  };
  if (endpoint.alsoAccepted && response)
    responses[202] = { description: "Accepted: still computing in the background.", content: { "application/json": { schema: response } } };
  const errors: (keyof typeof ERROR_RESPONSES)[] = [];
  if (endpoint.body || endpoint.query) errors.push("BadRequest");
  if (!endpoint.public) errors.push("Unauthenticated", "PermissionDenied");
  else if (endpoint.method !== "GET") errors.push("CrossSite");
  if (endpoint.params) errors.push("NotFound");
  if (endpoint.body) errors.push("RequestTooLarge", endpoint.public ? "NotJson" : "UnsupportedMediaType");
  if (endpoint.throttled) errors.push("Throttled");
  for (const name of errors) responses[ERROR_RESPONSES[name].status] = { $ref: `#/components/responses/${name}` };

  const access = accessDescription(endpoint);
  return {
    operationId,
    summary: endpoint.summary,
    description: `${endpoint.summary}.\n\n${access}`,
    tags: [endpoint.tag],
    security: security(endpoint),
    "x-required-scope": endpoint.scope,
    ...(pathParameters.length || queryParameters.length ? { parameters: [...pathParameters, ...queryParameters] } : {}),
    ...(endpoint.body
      ? { requestBody: { required: true, content: { "application/json": { schema: collector.convert(endpoint.body, "input") } } } }
      : {}),
    responses,
  };
}

export function buildOpenApiDocument(declared: DeclaredEndpoint[]): OpenApiDocument {
  const collector = new SchemaCollector();
  collector.convert(ZApiError, "output");
  // Responses first, so the names of response schemas are never taken by their input forms.
  const responses = declared.map(({ endpoint }) => {
    if (!endpoint.response) return null;
    const item = collector.convert(endpoint.response, "output");
    return endpoint.paginated ? collector.paginated(item) : item;
  });

  const paths: OpenApiDocument["paths"] = {};
  const tags: string[] = [];
  declared.forEach((entry, index) => {
    const method = entry.endpoint.method.toLowerCase() as Lowercase<HttpMethod>;
    const operations = (paths[entry.endpoint.path] ??= {});
    if (operations[method]) throw new Error(`${entry.endpoint.method} ${entry.endpoint.path} is declared twice`);
    operations[method] = buildOperation(collector, entry, responses[index]);
    if (!tags.includes(entry.endpoint.tag)) tags.push(entry.endpoint.tag);
  });

  const errorContent = { "application/json": { schema: { $ref: refTo("Error") } } };
  return {
    openapi: "3.1.0",
    info: {
      title: "Hedgerow API",
      version: "1.0.0",
      description: [
        "Hedgerow's HTTP API, compatible with PostHog's organization and project API: same paths (with their trailing slash), fields, status codes and error bodies.",
        "Authenticate with a personal API key, `Authorization: Bearer phx_…`; each operation names the scope it needs. Browser sessions may call every operation; their writes must be same-origin.",
        "Lists are paginated with `limit` (default 100) and `offset`, and answer `{count, next, previous, results}`.",
        "Every `/api/projects/{projectId}/…` operation is also served at PostHog's `/api/environments/{projectId}/…` path, identically (a project is its own environment).",
        "Errors answer `{type, code, detail, attr}`.",
      ].join("\n\n"),
    },
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      schemas: collector.components,
      responses: Object.fromEntries(
        Object.entries(ERROR_RESPONSES).map(([name, { description }]) => [
          name,
          { description, ...(name === "Throttled" ? { headers: RETRY_AFTER } : {}), content: errorContent },
        ]),
      ),
      securitySchemes: {
        PersonalAPIKey: {
          type: "http",
          scheme: "bearer",
          description:
            "A personal API key (`phx_…`), created under your account's settings. Each operation lists the scope it needs (`x-required-scope`); a `:write` scope also grants `:read`, and `*` grants all.",
        },
        SessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "next-auth.session-token",
          description:
            "The browser session set by signing in (`__Secure-` prefixed over HTTPS). Writes must come from the same origin. It works until logout, a password change made from another session, or the removal of its user from their last organization, whichever comes first (at most 30 days).",
        },
      },
    },
  };
}

let built: OpenApiDocument | undefined;

/** The document for this process's endpoints, built on first use. */
export function openApiDocument(): OpenApiDocument {
  return (built ??= buildOpenApiDocument(collectEndpoints()));
}
