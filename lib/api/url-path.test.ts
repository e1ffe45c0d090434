import * as pageStaticInfo from "next/dist/build/analysis/get-page-static-info";
import { getMiddlewareRouteMatcher } from "next/dist/shared/lib/router/utils/middleware-route-matcher";
import { describe, expect, test } from "vitest";
import { config } from "../../proxy";
import { MAX_PATH_LENGTH, MAX_SEGMENT_LENGTH, pathRefusal } from "./url-path";

const routed = ["/", "/api/projects/1/actions/10/", "/api/users/@me/", "/shared/a%20b", "/project/%E2%82%AC", "/e/", "/a%2Fb"];
const undecodable = ["/api/projects/%/actions/10/", "/api/projects/1/actions/%ZZ/", "/api/projects/%ED%A0%80/actions/", "/x/%C3", "/x/%FF"];
const namingNothing = [
  "/api/projects/1/actions/%00/",
  `/shared/${"a".repeat(MAX_SEGMENT_LENGTH + 1)}`,
  `/api/${"a/".repeat(MAX_PATH_LENGTH / 2)}`,
  `/${"a".repeat(MAX_SEGMENT_LENGTH - 1)}/`.repeat(MAX_PATH_LENGTH / MAX_SEGMENT_LENGTH) + "b",
];

describe("pathRefusal", () => {
  test.each(routed)("%s is routed", (path) => expect(pathRefusal(path)).toBeNull());

  test.each(undecodable)("%s cannot be decoded: 400", (path) =>
    expect(pathRefusal(path)?.body).toEqual({ type: "invalid_request", code: "malformed_url", detail: expect.any(String), attr: null }),
  );

  test.each(namingNothing)("%s names nothing: 404", (path) => expect(pathRefusal(path)?.status).toBe(404));

  test("the bounds themselves are routed", () => {
    expect(pathRefusal(`/shared/${"a".repeat(MAX_SEGMENT_LENGTH)}`)).toBeNull();
    const longest = `/${"a".repeat(MAX_SEGMENT_LENGTH - 1)}`.repeat(MAX_PATH_LENGTH / MAX_SEGMENT_LENGTH);
    expect(longest.length).toBe(MAX_PATH_LENGTH);
    expect(pathRefusal(longest)).toBeNull();
  });

  test("an undecodable segment is a 400 even after one that names nothing", () => {
    expect(pathRefusal(`/${"a".repeat(MAX_SEGMENT_LENGTH + 1)}/%ZZ`)?.status).toBe(400);
  });
});

// The compiler Next's build runs on the proxy's `config.matcher` (exported by the module, not by its types).
const { getMiddlewareMatchers } = pageStaticInfo as unknown as {
  getMiddlewareMatchers: (matcher: string[], nextConfig: object) => pageStaticInfo.ProxyMatcher[];
};

describe("the proxy's matcher, as Next compiles it", () => {
  const matches = getMiddlewareRouteMatcher(getMiddlewareMatchers(config.matcher, {}));
  const longestRouted = `/${"a".repeat(MAX_SEGMENT_LENGTH - 1)}`.repeat(MAX_PATH_LENGTH / MAX_SEGMENT_LENGTH);

  test.each([...undecodable, ...namingNothing])("runs the proxy for %s, which it refuses", (path) => {
    expect(pathRefusal(path)).not.toBeNull();
    expect(matches(path, {} as never, {})).toBe(true);
  });

  const apiAndCapture = [
    "/api/projects/1/actions/10/",
    "/api",
    "/api/organizations/0b9f/members/",
    "/e/",
    "/e",
    "/i/v0/e/",
    "/batch/",
    "/capture",
    "/track/",
    "/decide/",
    "/flags/?v=2",
    "/array/phc_x/config.js",
    "/_health",
    "/_readyz/",
    "/_next/static/chunks/a.js",
    "/icon.svg",
  ];
  test.each(apiAndCapture)("skips the proxy for %s, which nothing refuses and is no page", (path) => {
    expect(pathRefusal(path)).toBeNull();
    expect(matches(path, {} as never, {})).toBe(false);
  });

  test.each([
    "/",
    "/login",
    "/signup/",
    "/project/1/insights/new",
    "/shared/abc",
    "/events",
    "/docs/api",
    "/organization/members",
    longestRouted,
  ])("runs the proxy for the page %s, for its CSP", (path) => expect(matches(path, {} as never, {})).toBe(true));
});
