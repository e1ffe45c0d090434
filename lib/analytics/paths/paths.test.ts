import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { embeddedTestStore } from "@/lib/events/store/test-store";
import { groupingRegex } from "./run";
import { ZPathsFilter } from "./schemas";

describe("path groupings as regexes", () => {
  test("the grouping's text is literal, each * any characters, matched anywhere", () => {
    const matches = (grouping: string, item: string) => new RegExp(groupingRegex(grouping)).test(item);
    expect(matches("/product/*", "https://x.test/product/12")).toBe(true);
    expect(matches("/product/*", "https://x.test/products")).toBe(false);
    expect(matches("/a.b/*", "/aXb/c")).toBe(false);
    expect(matches("/a.b/*", "/a.b/c")).toBe(true);
    expect(matches("(x)+?[y]", "(x)+?[y]")).toBe(true);
    expect(matches("(x)+?[y]", "xxy")).toBe(false);
    expect(matches("*/pricing*", "https://x.test/pricing/yearly")).toBe(true);
    expect(groupingRegex("/a/*/b")).toBe("/a/.*/b");
  });
});

// The paths SQL on chDB over a hand-made project (one session, one minute between steps).
const TEAM = 11;
const project = { id: TEAM, timezone: "UTC", pathCleaningFilters: [{ regex: "^/cart", alias: "/basket" }], testAccountFilters: [] };
const STEPS = ["/home", "/product/1", "/product/2", "/cart?x=1", "/a", "/b", "/c", "/checkout"];
const embedded = embeddedTestStore("paths");
let runPaths: typeof import("./run").runPaths;

beforeAll(async () => {
  const store = await embedded.open();
  ({ runPaths } = await import("./run"));
  await store.insert(
    "events",
    STEPS.map((url, i) => ({
      uuid: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      event: "$pageview",
      properties: JSON.stringify({ $current_url: url }),
      timestamp: `2024-03-05 10:0${i}:00.000000`,
      team_id: TEAM,
      distinct_id: "p",
      person_id: "00000000-0000-4000-9000-000000000001",
    })),
  );
}, 30_000);

afterAll(async () => {
  await embedded.close();
});

const edges = async (filter: Record<string, unknown>) =>
  (await runPaths(project, ZPathsFilter.parse({ date_from: "2024-03-01", date_to: "2024-03-10", ...filter }))).map(
    (e) => `${e.source} > ${e.target} ${e.average_conversion_time / 60_000}`,
  );

describe("paths between a start and an end point", () => {
  test("a path longer than step_limit keeps step_limit / 2 steps at each end around '...'", async () => {
    const between = { start_point: "/product/1", end_point: "/c" };
    // product/1 … c: 6 steps.
    expect(await edges({ ...between, step_limit: 6 })).toEqual([
      "1_/product/1 > 2_/product/2 1",
      "2_/product/2 > 3_/cart?x=1 1",
      "3_/cart?x=1 > 4_/a 1",
      "4_/a > 5_/b 1",
      "5_/b > 6_/c 1",
    ]);
    expect(await edges({ ...between, step_limit: 5 })).toEqual([
      "1_/product/1 > 2_/product/2 1",
      "2_/product/2 > 3_... 1",
      "3_... > 4_/b 2",
      "4_/b > 5_/c 1",
    ]);
    expect(await edges({ ...between, step_limit: 2 })).toEqual(["1_/product/1 > 2_... 1", "2_... > 3_/c 4"]);
  });

  test("the end counts only after the start; cleaning and groupings come before the points", async () => {
    expect(await edges({ start_point: "/c", end_point: "/home" })).toEqual([]);
    expect(
      await edges({
        local_path_cleaning_filters: [{ regex: "\\?.*", alias: "" }],
        path_groupings: ["/product/*"],
        start_point: "/product/*",
        end_point: "/cart",
      }),
    ).toEqual(["1_/product/* > 2_/cart 1"]);
  });
});

describe("the project's path cleaning rules", () => {
  test("apply only with path_replacements, before the filter's own rules", async () => {
    const between = { start_point: "/product/2", step_limit: 3 };
    expect(await edges(between)).toEqual(["1_/product/2 > 2_/cart?x=1 1", "2_/cart?x=1 > 3_/a 1"]);
    expect(await edges({ ...between, path_replacements: true })).toEqual(["1_/product/2 > 2_/basket?x=1 1", "2_/basket?x=1 > 3_/a 1"]);
    // The project's rule runs first: the filter's rule sees "/basket?x=1", not "/cart?x=1".
    const local = [{ regex: "^/basket\\?x=1$", alias: "/basket-with-x" }];
    expect(await edges({ ...between, path_replacements: true, local_path_cleaning_filters: local })).toEqual([
      "1_/product/2 > 2_/basket-with-x 1",
      "2_/basket-with-x > 3_/a 1",
    ]);
    expect(await edges({ ...between, local_path_cleaning_filters: local })).toEqual([
      "1_/product/2 > 2_/cart?x=1 1",
      "2_/cart?x=1 > 3_/a 1",
    ]);
  });
});
