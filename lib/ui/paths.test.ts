import { describe, expect, test } from "vitest";
import { homePath, safeNextPath } from "./paths";

describe("safeNextPath", () => {
  test.each([
    ["/signup/8a1c?x=1", "/signup/8a1c?x=1"],
    ["/project/1/insights#top", "/project/1/insights#top"],
    ["/a/../b", "/b"],
    ["project/1", "/project/1"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
  ])("keeps %j on this site as %j", (next, expected) => expect(safeNextPath(next)).toBe(expected));

  test.each([
    "https://evil.example/",
    "HTTPS://evil.example/",
    "http:evil.example",
    "//evil.example/",
    "///evil.example/",
    "\\\\evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "\t//evil.example",
    " //evil.example",
    "/..//evil.example",
    "/./..//evil.example",
    "/a/../..//evil.example",
    "/\\/evil.example",
    "https://hedgerow.invalid@evil.example/",
    "//%65vil.example",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "mailto:a@evil.example",
    "http://[::1]/",
    "",
    null,
    undefined,
  ])("refuses %j", (next) => expect(safeNextPath(next)).toBeNull());

  test("decoded once by the framework, an encoded tab or slash variant is refused as its decoded text", () => {
    for (const encoded of ["/%09/evil.example", "%2F%2Fevil.example", "/%5Cevil.example", "%2F%09%2Fevil.example"])
      expect(safeNextPath(decodeURIComponent(encoded))).toBeNull();
  });

  test("against the public URL, an absolute link to it is kept as its path and one to another origin refused", () => {
    const origin = "https://hedgerow.example.com";
    expect(safeNextPath("https://hedgerow.example.com/project/2?a=b", origin)).toBe("/project/2?a=b");
    expect(safeNextPath("https://hedgerow.example.com.evil.example/", origin)).toBeNull();
    expect(safeNextPath("http://hedgerow.example.com/", origin)).toBeNull();
    expect(safeNextPath("/\t/evil.example", origin)).toBeNull();
  });
});

describe("homePath", () => {
  test("is the current project, or onboarding without one", () => {
    expect(homePath({ team: { id: 7 } as never })).toBe("/project/7");
    expect(homePath({ team: null })).toBe("/onboarding");
  });
});
