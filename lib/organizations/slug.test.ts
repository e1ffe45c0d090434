import { describe, expect, test } from "vitest";
import { baseSlug, MAX_SLUG_LENGTH, slugify, slugWithSuffix } from "./slug";

describe("slugify (Django's)", () => {
  test.each([
    ["Hello World", "hello-world"],
    ["Hedge & Co", "hedge-co"],
    ["  spaced   out  ", "spaced-out"],
    ["already-a-slug", "already-a-slug"],
    ["Crème Brûlée", "creme-brulee"],
    ["Ünïcödé", "unicode"],
    ["multiple---hyphens", "multiple-hyphens"],
    ["under_scores_kept", "under_scores_kept"],
    ["_leading and trailing_", "leading-and-trailing"],
    ["-dash-", "dash"],
    ["Acme, Inc.", "acme-inc"],
    ["100% Organic!", "100-organic"],
    ["日本語", ""],
    ["a\tb\nc", "a-b-c"],
    ["MiXeD CaSe", "mixed-case"],
  ])("%j → %j", (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });
});

describe("baseSlug", () => {
  test(`cuts the slug at ${MAX_SLUG_LENGTH} characters`, () => {
    expect(MAX_SLUG_LENGTH).toBe(48);
    const slug = baseSlug("word ".repeat(30));
    expect(slug).toHaveLength(48);
    expect(slug).toBe("word-".repeat(10).slice(0, 48));
  });

  test("cuts after slugifying, so removed characters do not count", () => {
    expect(baseSlug(`${"!".repeat(100)}abc`)).toBe("abc");
  });
});

describe("slugWithSuffix (PostHog's slug[:43] + '-' + 4 letters, lowercased)", () => {
  test("keeps short slugs whole and adds four lowercase letters", () => {
    for (let i = 0; i < 50; i++) expect(slugWithSuffix("hedgerow")).toMatch(/^hedgerow-[a-z]{4}$/);
  });

  test("cuts long slugs at 43 characters so the result fits in 48", () => {
    const slug = slugWithSuffix("x".repeat(48));
    expect(slug).toMatch(/^x{43}-[a-z]{4}$/);
    expect(slug).toHaveLength(48);
  });

  test("suffixes vary", () => {
    const suffixes = new Set(Array.from({ length: 20 }, () => slugWithSuffix("a")));
    expect(suffixes.size).toBeGreaterThan(15);
  });
});
