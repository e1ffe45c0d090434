import { describe, expect, test } from "vitest";
import { MAX_PATH_LENGTH, MAX_SEGMENT_LENGTH, pathRefusal } from "./url-path";

describe("pathRefusal", () => {
  test.each(["/", "/api/projects/1/actions/10/", "/api/users/@me/", "/shared/a%20b", "/project/%E2%82%AC", "/e/", "/a%2Fb"])(
    "%s is routed",
    (path) => expect(pathRefusal(path)).toBeNull(),
  );

  test.each(["/api/projects/%/actions/10/", "/api/projects/1/actions/%ZZ/", "/api/projects/%ED%A0%80/actions/", "/x/%C3", "/x/%FF"])(
    "%s cannot be decoded: 400",
    (path) => expect(pathRefusal(path)?.body).toEqual({ type: "invalid_request", code: "malformed_url", detail: expect.any(String), attr: null }),
  );

  test.each([
    "/api/projects/1/actions/%00/",
    `/shared/${"a".repeat(MAX_SEGMENT_LENGTH + 1)}`,
    `/api/${"a/".repeat(MAX_PATH_LENGTH / 2)}`,
  ])("%s names nothing: 404", (path) => expect(pathRefusal(path)?.status).toBe(404));

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
