import { describe, expect, test } from "vitest";
import { ApiError } from "./errors";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, nextOffsetUrl, paginate, readPage, withQuery } from "./pagination";

const page = (query: string) => readPage(new URLSearchParams(query));

describe("readPage (DRF's _positive_int: bad values fall back; only a limit past the largest page is a 400)", () => {
  test("defaults to 100 from offset 0", () => {
    expect(DEFAULT_PAGE_SIZE).toBe(100);
    expect(page("")).toEqual({ limit: 100, offset: 0 });
  });

  test("reads valid values", () => {
    expect(page("limit=5&offset=10")).toEqual({ limit: 5, offset: 10 });
    expect(page(`limit=${MAX_PAGE_SIZE}`)).toEqual({ limit: MAX_PAGE_SIZE, offset: 0 });
  });

  test.each(["limit=1001", "limit=1000000000", "limit=99999999999999999999"])("%s → 400 naming the largest page", (query) => {
    let error: unknown;
    try {
      page(query);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body).toEqual({
      type: "validation_error",
      code: "max_value",
      detail: `Ensure this value is less than or equal to ${MAX_PAGE_SIZE}.`,
      attr: "limit",
    });
  });

  test.each([
    ["limit=0", 100],
    ["limit=-1", 100],
    ["limit=abc", 100],
    ["limit=1.5", 100],
    ["limit=", 100],
    ["limit=1e3", 100],
    ["limit=%207%20", 7],
  ])("%s → limit %i", (query, limit) => {
    expect(page(query).limit).toBe(limit);
  });

  test.each([
    ["offset=0", 0],
    ["offset=-5", 0],
    ["offset=x", 0],
    ["offset=3", 3],
  ])("%s → offset %i", (query, offset) => {
    expect(page(query).offset).toBe(offset);
  });

  test("a caller's default limit applies when none is given", () => {
    expect(readPage(new URLSearchParams(""), 20)).toEqual({ limit: 20, offset: 0 });
  });
});

describe("paginate: next and previous exactly as DRF's LimitOffsetPagination", () => {
  const url = new URL("http://host:8000/api/organizations/@current/invites/");

  test("first page: next replaces limit and offset, previous is null", () => {
    expect(paginate(url, { limit: 100, offset: 0 }, 250, [])).toEqual({
      count: 250,
      next: "http://host:8000/api/organizations/@current/invites/?limit=100&offset=100",
      previous: null,
      results: [],
    });
  });

  test("last page: next is null once offset + limit reaches count", () => {
    const result = paginate(url, { limit: 100, offset: 200 }, 250, []);
    expect(result.next).toBeNull();
    expect(result.previous).toBe("http://host:8000/api/organizations/@current/invites/?limit=100&offset=100");
    expect(paginate(url, { limit: 50, offset: 200 }, 250, []).next).toBeNull();
  });

  test("previous drops offset when it would be 0 or less, keeping limit", () => {
    expect(paginate(url, { limit: 100, offset: 100 }, 250, []).previous).toBe(
      "http://host:8000/api/organizations/@current/invites/?limit=100",
    );
    expect(paginate(url, { limit: 100, offset: 30 }, 250, []).previous).toBe(
      "http://host:8000/api/organizations/@current/invites/?limit=100",
    );
  });

  test("the whole query is kept and re-encoded sorted by key", () => {
    const withParams = new URL("http://host/api/x/?offset=2&zeta=1&limit=2&alpha=b%20c&alpha=a");
    const result = paginate(withParams, { limit: 2, offset: 2 }, 10, []);
    expect(result.next).toBe("http://host/api/x/?alpha=b+c&alpha=a&limit=2&offset=4&zeta=1");
    expect(result.previous).toBe("http://host/api/x/?alpha=b+c&alpha=a&limit=2&zeta=1");
  });

  test("an empty list has neither", () => {
    expect(paginate(url, { limit: 100, offset: 0 }, 0, [])).toEqual({ count: 0, next: null, previous: null, results: [] });
  });
});

describe("withQuery", () => {
  test("replaces, removes and sorts", () => {
    const url = new URL("https://h/p/?b=2&a=1");
    expect(withQuery(url, { c: "3" })).toBe("https://h/p/?a=1&b=2&c=3");
    expect(withQuery(url, { a: null, b: null })).toBe("https://h/p/");
  });
});

describe("nextOffsetUrl", () => {
  const url = new URL("http://h/api/x/?b=2&offset=4&a=1");
  test("moves the offset on by the limit, keys sorted as DRF writes them", () => {
    expect(nextOffsetUrl(url, { offset: 4, limit: 2, total: 10 })).toBe("http://h/api/x/?a=1&b=2&limit=2&offset=6");
  });
  test("null once this page reaches the total", () => {
    expect(nextOffsetUrl(url, { offset: 8, limit: 2, total: 10 })).toBeNull();
    expect(nextOffsetUrl(url, { offset: 0, limit: 100, total: 3 })).toBeNull();
  });
  test("lists whose parameters have other names", () => {
    const keys = { offset: "funnel_correlation_person_offset", limit: "funnel_correlation_person_limit" };
    expect(nextOffsetUrl(new URL("http://h/p/"), { offset: 0, limit: 2, total: 3 }, keys)).toBe(
      "http://h/p/?funnel_correlation_person_limit=2&funnel_correlation_person_offset=2",
    );
  });
});
