import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { embeddedTestStore } from "@/lib/events/store/test-store";
import { ZWebOverviewQuery, ZWebStatsTableQuery } from "./schemas";

// Web analytics SQL on chDB over a hand-made project: three sessions on March 5, one on March 4.
const TEAM = 12;
const project = {
  id: TEAM,
  timezone: "UTC",
  pathCleaningFilters: [{ regex: "^/product/\\d+", alias: "/product/:id" }],
  testAccountFilters: [],
};
const embedded = embeddedTestStore("web");
let run: typeof import("./index");

type Row = [string, string, string, string, Record<string, unknown>];
const ROWS: Row[] = [
  // A bounce from Google: one pageview.
  ["a", "s1", "2024-03-05 10:00:00", "$pageview", { $pathname: "/", $referring_domain: "www.google.com", $browser: "Chrome" }],
  // Two pageviews, from a newsletter: not a bounce, 90 s.
  [
    "b",
    "s2",
    "2024-03-05 11:00:00",
    "$pageview",
    { $pathname: "/product/1", utm_source: "newsletter", utm_medium: "email", $referring_domain: "$direct" },
  ],
  ["b", "s2", "2024-03-05 11:01:30", "$pageview", { $pathname: "/product/2", $browser: "Safari" }],
  // One pageview then a click 5 s later: not a bounce (an interaction), direct.
  ["c", "s3", "2024-03-05 12:00:00", "$pageview", { $pathname: "/pricing", $referring_domain: "$direct" }],
  ["c", "s3", "2024-03-05 12:00:05", "$autocapture", {}],
  // The previous day: a paid search visit.
  ["a", "s4", "2024-03-04 09:00:00", "$pageview", { $pathname: "/", gclid: "x", $referring_domain: "www.google.com" }],
];

beforeAll(async () => {
  const store = await embedded.open();
  run = await import("./index");
  await store.insert(
    "events",
    ROWS.map(([person, session, timestamp, event, properties], i) => ({
      uuid: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      event,
      properties: JSON.stringify({ $session_id: session, ...properties }),
      timestamp: `${timestamp}.000000`,
      team_id: TEAM,
      distinct_id: person,
      person_id: `00000000-0000-4000-9000-00000000000${person.charCodeAt(0) - 96}`,
    })),
  );
}, 30_000);

afterAll(async () => {
  await embedded.close();
});

const range = { dateRange: { date_from: "2024-03-05", date_to: "2024-03-05" }, compareFilter: { compare: true } };
const table = async (breakdownBy: string, extra: Record<string, unknown> = {}) =>
  (await run.runWebStatsTable(project, ZWebStatsTableQuery.parse({ kind: "WebStatsTableQuery", breakdownBy, ...range, ...extra }))).results;

describe("web analytics on chDB", () => {
  test("overview: visitors, views, sessions, duration and bounce rate beside the previous day", async () => {
    const items = await run.runWebOverview(project, ZWebOverviewQuery.parse({ kind: "WebOverviewQuery", ...range }));
    const byKey = Object.fromEntries(items.map((i) => [i.key, [i.value, i.previous, i.changeFromPreviousPct]]));
    expect(byKey).toEqual({
      visitors: [3, 1, 200],
      views: [4, 1, 300],
      sessions: [3, 1, 200],
      "session duration": [(0 + 90 + 5) / 3, 0, null],
      "bounce rate": [expect.closeTo(100 / 3, 9), 100, -67],
    });
  });

  test("bounce rate sparkline: per day of the range, a session in each day it has a pageview; 0 without sessions", async () => {
    const query = { kind: "WebOverviewQuery", dateRange: { date_from: "2024-03-03", date_to: "2024-03-06" } };
    const items = await run.runWebOverview(project, ZWebOverviewQuery.parse(query));
    expect(items.find((i) => i.key === "bounce rate")?.sparkline).toEqual([0, 100, expect.closeTo(100 / 3, 9), 0]);
    const hourly = await run.runWebOverview(
      project,
      ZWebOverviewQuery.parse({ kind: "WebOverviewQuery", dateRange: { date_from: "-24h" } }),
      new Date("2024-03-05T12:30:00Z"),
    );
    const line = hourly.find((i) => i.key === "bounce rate")?.sparkline ?? [];
    expect(line).toHaveLength(25);
    // The hours of 10:00 (a bounce), 11:00 and 12:00 (none) end the range.
    expect(line.slice(-3)).toEqual([100, 0, 0]);
  });

  test("pages with path cleaning; entry pages with bounce rates; channels", async () => {
    expect(await table("Page", { doPathCleaning: true })).toEqual([
      ["/product/:id", [1, 0], [2, 0]],
      ["/", [1, 1], [1, 1]],
      ["/pricing", [1, 0], [1, 0]],
    ]);
    expect(await table("InitialPage")).toEqual([
      ["/product/1", [1, 0], [2, 0], [0, null]],
      ["/", [1, 1], [1, 1], [1, 1]],
      ["/pricing", [1, 0], [1, 0], [0, null]],
    ]);
    expect(await table("InitialChannelType")).toEqual([
      ["Email", [1, 0], [2, 0]],
      ["Direct", [1, 0], [1, 0]],
      ["Organic Search", [1, 0], [1, 0]],
    ]);
    expect(await table("InitialChannelType", { dateRange: { date_from: "2024-03-04", date_to: "2024-03-04" } })).toEqual([
      ["Paid Search", [1, 0], [1, 0]],
    ]);
  });

  test("screen sizes: numbers or numeric strings as whole pixels, anything else 0; a size missing or null, none", async () => {
    const team = TEAM + 100;
    const sizes: Record<string, unknown>[] = [
      { $viewport_width: 1280, $viewport_height: 720 },
      { $viewport_width: "390", $viewport_height: "844" },
      { $viewport_width: 1440.7, $viewport_height: 900 },
      { $viewport_width: "wide", $viewport_height: 1 },
      { $viewport_width: null, $viewport_height: 800 },
      { $viewport_height: 800 },
    ];
    await (await embedded.open()).insert(
      "events",
      sizes.map((size, i) => ({
        uuid: `00000000-0000-4000-8100-${String(i).padStart(12, "0")}`,
        event: "$pageview",
        properties: JSON.stringify({ $pathname: "/", ...size }),
        timestamp: "2024-03-05 10:00:00.000000",
        team_id: team,
        distinct_id: `v${i}`,
        person_id: `00000000-0000-4000-9100-${String(i).padStart(12, "0")}`,
      })),
    );
    const query = ZWebStatsTableQuery.parse({ kind: "WebStatsTableQuery", breakdownBy: "Viewport", dateRange: range.dateRange });
    const { results } = await run.runWebStatsTable({ ...project, id: team }, query);
    expect(results.map(([value, visitors]) => [value, (visitors as number[])[0]])).toEqual([
      [null, 2],
      ["0x1", 1],
      ["1280x720", 1],
      ["1440x900", 1],
      ["390x844", 1],
    ]);
  });
});
