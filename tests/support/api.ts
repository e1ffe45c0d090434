import { randomUUID } from "node:crypto";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface Credentials {
  /** A personal API key, sent as `Authorization: Bearer`. */
  key?: string;
  /** A session cookie (`name=value`), sent with a same-origin `Origin` on writes as a browser would. */
  cookie?: string;
}

/** A small HTTP client for the API tests: real requests to a started server, bodies parsed when JSON. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly credentials: Credentials = {},
  ) {}

  as(credentials: Credentials) {
    return new ApiClient(this.baseUrl, credentials);
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    init: {
      headers?: Record<string, string>;
      raw?: string | Uint8Array;
      /** Skip the check of the answer against the OpenAPI document (for answers that are not the API's). */
      unchecked?: boolean;
    } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.credentials.key) headers.authorization = `Bearer ${this.credentials.key}`;
    if (this.credentials.cookie) {
      headers.cookie = this.credentials.cookie;
      if (method !== "GET") headers.origin ??= this.baseUrl;
    }
    let payload: string | Uint8Array | undefined = init.raw;
    if (body !== undefined) {
      payload = JSON.stringify(body);
      headers["content-type"] ??= "application/json";
    }
    const response = await fetch(new URL(path, this.baseUrl), { method, headers, body: payload as BodyInit | undefined });
    const text = await response.text();
    let parsed: unknown = text;
    const isJson = Boolean(response.headers.get("content-type")?.includes("json"));
    if (isJson && text) parsed = JSON.parse(text);
    if (!init.unchecked) await checkAgainstDocument(this.baseUrl, { method, path, status: response.status, isJson, text, body: parsed });
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get = <T = any>(path: string) => this.request<T>("GET", path);
  post = <T = any>(path: string, body?: unknown) => this.request<T>("POST", path, body);
  patch = <T = any>(path: string, body?: unknown) => this.request<T>("PATCH", path, body);
  put = <T = any>(path: string, body?: unknown) => this.request<T>("PUT", path, body);
  delete = <T = any>(path: string) => this.request<T>("DELETE", path);
}

export interface TestUser {
  email: string;
  password: string;
  /** Signed in through the browser session. */
  session: ApiClient;
  user: any;
  organizationId: string;
  projectId: number;
  /** A personal API key of this user with the given scopes (default `*`). */
  key: (scopes?: string[], extra?: Record<string, unknown>) => Promise<ApiClient>;
}

/** PostHog's UserBasic of a user the tests signed up (an unverified email, no hedgehog), as `created_by`, members… show it. */
export const userBasicOf = (user: TestUser) => ({
  id: user.user.id,
  uuid: user.user.uuid,
  distinct_id: user.user.distinct_id,
  first_name: user.user.first_name,
  last_name: user.user.last_name,
  email: user.email,
  is_email_verified: false,
  hedgehog_config: null,
});

/** The session cookie (`name=value`) a sign-in answer sets. */
export function sessionCookie(response: { headers: Headers }): string {
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.includes("session-token"));
  if (!cookie) throw new Error(`no session cookie in ${response.headers.getSetCookie().join(" | ")}`);
  return cookie;
}

export const uniqueEmail = (prefix = "user") => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

/** Signs up a new user (the server runs with ALLOW_SIGNUP=true), who owns a new organization. */
export async function signUp(baseUrl: string, overrides: Record<string, unknown> = {}): Promise<TestUser> {
  const email = (overrides.email as string) ?? uniqueEmail();
  const password = "correct-horse-battery";
  const anonymous = new ApiClient(baseUrl);
  const response = await anonymous.post("/api/signup/", {
    email,
    password,
    first_name: "Test",
    organization_name: `Org ${email}`,
    ...overrides,
  });
  if (response.status !== 201) throw new Error(`signup failed: ${response.status} ${response.text}`);
  const session = anonymous.as({ cookie: sessionCookie(response) });
  return {
    email,
    password,
    session,
    user: response.body,
    organizationId: response.body.organization.id,
    projectId: response.body.team.id,
    key: async (scopes = ["*"], extra = {}) => {
      const created = await session.post("/api/personal_api_keys/", { label: `k-${randomUUID().slice(0, 6)}`, scopes, ...extra });
      if (created.status !== 201) throw new Error(`key creation failed: ${created.status} ${created.text}`);
      return anonymous.as({ key: created.body.value });
    },
  };
}

// ---- Every answer the API tests receive is checked against the OpenAPI document the server publishes. ----

const DOCUMENT_ID = "hedgerow-openapi";
const HTTP_METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

interface DocumentedApi {
  document: {
    paths: Record<string, Record<string, { responses: Record<string, any>; parameters?: any[]; requestBody?: any }>>;
    components: { schemas: Record<string, any> };
  };
  templates: { template: string; pattern: RegExp; parameters: number }[];
  validator: (pointer: string) => ValidateFunction;
}

const documentedApis = new Map<string, Promise<DocumentedApi>>();

/** Answers on paths the document does not list (`METHOD /path → status`), skipped by the check. */
/** A new user who joins `owner`'s organization at `level` by accepting an invite while signed in. */
export async function joinAs(owner: TestUser, level: number): Promise<TestUser> {
  const member = await signUp(owner.session.baseUrl);
  const invite = await owner.session.post(`/api/organizations/${owner.organizationId}/invites/`, { target_email: member.email, level });
  if (invite.status !== 201) throw new Error(`invite failed: ${invite.status} ${invite.text}`);
  const accepted = await member.session.post(`/api/signup/${invite.body.id}/`, {});
  if (accepted.status !== 201) throw new Error(`accepting the invite failed: ${accepted.status} ${accepted.text}`);
  return member;
}

export const undocumentedResponses = new Set<string>();

/** The server's `/api/schema/`, fetched once per test file, with a compiled validator per response schema. */
export function documentedApi(baseUrl: string): Promise<DocumentedApi> {
  let api = documentedApis.get(baseUrl);
  if (!api) {
    api = loadDocumentedApi(baseUrl);
    documentedApis.set(baseUrl, api);
  }
  return api;
}

async function loadDocumentedApi(baseUrl: string): Promise<DocumentedApi> {
  const response = await fetch(new URL("/api/schema/", baseUrl));
  if (response.status !== 200) throw new Error(`GET /api/schema/ answered ${response.status}: ${await response.text()}`);
  const document = await response.json();
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, DOCUMENT_ID);
  const compiled = new Map<string, ValidateFunction>();
  const templates = Object.keys(document.paths).map((template) => ({
    template,
    pattern: new RegExp(
      `^${template
        .split(/\{\w+\}/)
        .map((literal) => literal.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join("[^/]+")}$`,
    ),
    parameters: template.split("{").length - 1,
  }));
  return {
    document,
    templates,
    validator: (pointer) => {
      let validate = compiled.get(pointer);
      if (!validate) {
        validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
        compiled.set(pointer, validate);
      }
      return validate;
    },
  };
}

/** A JSON pointer into the document, URI-encoded as a `$ref` fragment. */
const pointerTo = (...segments: string[]) =>
  segments.map((s) => `/${encodeURIComponent(s.replace(/~/g, "~0").replace(/\//g, "~1"))}`).join("");

/** The most specific documented path template matching a request path (`/api/x` is matched as `/api/x/`). */
function matchTemplate(api: DocumentedApi, pathname: string): string | null {
  const withSlash = pathname.endsWith("/") ? pathname : `${pathname}/`;
  const matches = api.templates.filter((t) => t.pattern.test(withSlash)).sort((a, b) => a.parameters - b.parameters);
  return matches[0]?.template ?? null;
}

async function checkAgainstDocument(
  baseUrl: string,
  answer: { method: string; path: string; status: number; isJson: boolean; text: string; body: unknown },
) {
  const { pathname } = new URL(answer.path, baseUrl);
  const seen = `${answer.method} ${pathname} → ${answer.status}`;
  // next-auth's own routes and non-API pages are not Hedgerow's API.
  if (!pathname.startsWith("/api/") || pathname.startsWith("/api/auth/") || !HTTP_METHODS.has(answer.method)) {
    undocumentedResponses.add(seen);
    return;
  }
  const api = await documentedApi(baseUrl);
  const template = matchTemplate(api, pathname);
  const label = `${answer.method} ${template ?? pathname} answered ${answer.status}`;
  const fail = (problem: string): never => {
    throw new Error(`Response does not match the OpenAPI document: ${label}: ${problem}\nbody: ${answer.text.slice(0, 1000)}`);
  };
  const validate = (pointer: string) => {
    if (!answer.isJson) fail("expected a JSON body");
    const validator = api.validator(pointer);
    if (!validator(answer.body)) fail(validator.errors!.map((e) => `${e.instancePath || "(body)"} ${e.message}`).join("; "));
  };

  const operation = template ? api.document.paths[template][answer.method.toLowerCase()] : undefined;
  const documented = operation?.responses[String(answer.status)];
  // Errors are PostHog's JSON, unless the operation documents that one without a body (ForbidDestroyModel's 405).
  const documentedEmpty = documented && !documented.$ref && !documented.content;
  if (answer.status >= 400 && !documentedEmpty) return validate(pointerTo("components", "schemas", "Error"));
  if (!template || !operation) {
    undocumentedResponses.add(seen);
    return;
  }
  if (!documented) fail(`status ${answer.status} is not documented (documented: ${Object.keys(operation.responses).join(", ")})`);
  if (!documented.content?.["application/json"]) {
    if (answer.text !== "") fail("documented without a body, but answered one");
    return;
  }
  validate(
    pointerTo("paths", template!, answer.method.toLowerCase(), "responses", String(answer.status), "content", "application/json", "schema"),
  );
}
