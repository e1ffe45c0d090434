import { validationError } from "./errors";

/** PostHog's (DRF LimitOffsetPagination) default: 100 a page. */
export const DEFAULT_PAGE_SIZE = 100;
/**
 * The largest page: DRF has none, but a page's rows are read and serialized at once (and insights may be
 * computed for each), so a larger `limit` is a 400 naming this bound.
 */
export const MAX_PAGE_SIZE = 1_000;

export interface Page {
  limit: number;
  offset: number;
}

export interface PaginatedList<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** Bad or missing values fall back silently, as DRF's `_positive_int` does; only a `limit` past the largest page is a 400. */
export function readPage(params: URLSearchParams, defaultLimit = DEFAULT_PAGE_SIZE): Page {
  return {
    limit: pageLimit(params.get("limit"), defaultLimit),
    offset: positiveInt(params.get("offset"), false) ?? 0,
  };
}

/** A `limit` parameter: a positive integer, else the default (as DRF); past MAX_PAGE_SIZE a 400. */
export function pageLimit(raw: string | null | undefined, defaultLimit: number): number {
  if (raw === null || raw === undefined || !/^\s*\d+\s*$/.test(raw) || Number(raw) === 0) return defaultLimit;
  const limit = Number(raw);
  if (limit > MAX_PAGE_SIZE) throw validationError(`Ensure this value is less than or equal to ${MAX_PAGE_SIZE}.`, "limit", "max_value");
  return limit;
}

function positiveInt(raw: string | null, strict: boolean): number | null {
  if (raw === null || !/^\s*\d+\s*$/.test(raw)) return null;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || (strict && value === 0)) return null;
  return value;
}

/**
 * The URL of the page after this one (`limit` and the offset moved on), or null when this page was the last.
 * Lists whose offset parameter has another name (correlation persons) pass theirs.
 */
export function nextOffsetUrl(
  url: URL,
  { offset, limit, total }: Page & { total: number },
  keys: { offset: string; limit: string } = { offset: "offset", limit: "limit" },
): string | null {
  if (offset + limit >= total) return null;
  return withQuery(url, { [keys.limit]: String(limit), [keys.offset]: String(offset + limit) });
}

/** The list envelope, with `next`/`previous` built from the request URL the way DRF builds them. */
export function paginate<T>(url: URL, page: Page, count: number, results: T[]): PaginatedList<T> {
  const next = nextOffsetUrl(url, { ...page, total: count });
  let previous: string | null = null;
  if (page.offset > 0) {
    previous =
      page.offset - page.limit <= 0
        ? withQuery(url, { limit: String(page.limit), offset: null })
        : withQuery(url, { limit: String(page.limit), offset: String(page.offset - page.limit) });
  }
  return { count, next, previous, results };
}

/**
 * Every `next`/`previous` link of the API is built here. DRF's `replace_query_param`/`remove_query_param`: replace the given keys, then re-encode the whole query
 * sorted by key (`urlencode(sorted(...), doseq=True)`), values of one key keeping their order.
 */
export function withQuery(url: URL, changes: Record<string, string | null>): string {
  const grouped = new Map<string, string[]>();
  for (const [key, value] of url.searchParams) grouped.set(key, [...(grouped.get(key) ?? []), value]);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) grouped.delete(key);
    else grouped.set(key, [value]);
  }
  const query = new URLSearchParams();
  for (const key of [...grouped.keys()].sort()) for (const value of grouped.get(key)!) query.append(key, value);
  const search = query.toString();
  return `${url.origin}${url.pathname}${search ? `?${search}` : ""}`;
}

/** A list endpoint's whole answer: reads `limit`/`offset`, runs the listing for that page, wraps it. */
export async function listPage<T>(url: URL, list: (page: Page) => Promise<{ count: number; results: T[] }>): Promise<PaginatedList<T>> {
  const page = readPage(url.searchParams);
  const { count, results } = await list(page);
  return paginate(url, page, count, results);
}
