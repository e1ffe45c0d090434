import { randomUUID } from "node:crypto";

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
    init: { headers?: Record<string, string>; raw?: string | Uint8Array } = {},
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
    if (response.headers.get("content-type")?.includes("json") && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get = <T = any>(path: string) => this.request<T>("GET", path);
  post = <T = any>(path: string, body?: unknown) => this.request<T>("POST", path, body);
  patch = <T = any>(path: string, body?: unknown) => this.request<T>("PATCH", path, body);
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
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.includes("session-token"));
  const session = anonymous.as({ cookie });
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
