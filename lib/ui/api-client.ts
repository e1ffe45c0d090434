import type { PaginatedList } from "@/lib/api/pagination";
import type { TApiErrorBody } from "@/lib/ui/types";

export class ApiRequestError extends Error implements TApiErrorBody {
  readonly type: TApiErrorBody["type"];
  readonly code: string;
  readonly detail: string;
  readonly attr: string | null;
  /** A HogQL error's span in the query text (offsets, end exclusive), when the API says it. */
  readonly span: { start: number; end: number } | null;

  constructor(
    readonly status: number,
    body: Partial<TApiErrorBody> & { start?: unknown; end?: unknown },
  ) {
    super(body.detail ?? `Request failed with status ${status}.`);
    this.type = body.type ?? "server_error";
    this.code = body.code ?? "error";
    this.detail = this.message;
    this.attr = body.attr ?? null;
    this.span = typeof body.start === "number" ? { start: body.start, end: typeof body.end === "number" ? body.end : body.start } : null;
  }
}

interface RequestOptions {
  signal?: AbortSignal;
  /** JSON, or a form (multipart, its boundary set by the browser). */
  body?: unknown;
}

async function request<T>(method: string, path: string, { signal, body }: RequestOptions = {}): Promise<T> {
  const response = await fetch(path, {
    method,
    signal,
    credentials: "same-origin",
    headers: body === undefined || body instanceof FormData ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  if (response.status === 204) return undefined as T;
  const payload = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiRequestError(response.status, payload);
  return payload as T;
}

/** Same-origin JSON calls to Hedgerow's API; failures throw `ApiRequestError` with the API's own message. */
export const api = {
  get: <T>(path: string, options?: { signal?: AbortSignal }) => request<T>("GET", path, options),
  post: <T>(path: string, body?: unknown, options?: { signal?: AbortSignal }) =>
    request<T>("POST", path, { body: body ?? {}, signal: options?.signal }),
  patch: <T>(path: string, body: unknown) => request<T>("PATCH", path, { body }),
  delete: (path: string) => request<void>("DELETE", path),

  /** Every page of a list, following `next` (lists the UI sorts and searches locally are small). */
  async getAll<T>(path: string, options?: { signal?: AbortSignal }): Promise<T[]> {
    const results: T[] = [];
    let next: string | null = path;
    while (next) {
      const page: PaginatedList<T> = await request<PaginatedList<T>>("GET", next, options);
      results.push(...page.results);
      next = page.next ? new URL(page.next).pathname + new URL(page.next).search : null;
    }
    return results;
  },
};

/** What to tell the user about a failed request. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return error.detail;
  if (error instanceof Error && error.name !== "AbortError") return "Could not reach the server. Check your connection and try again.";
  return "Something went wrong.";
}

/** An API address as a same-origin path (PostHog's `next` links are absolute). */
export const apiPath = (url: string) => (/^https?:\/\//.test(url) ? `${new URL(url).pathname}${new URL(url).search}` : url);

/** A query string of the parameters that are set. */
export const searchParams = (params: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => !!entry[1])).toString();
