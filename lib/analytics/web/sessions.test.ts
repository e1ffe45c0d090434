import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { embeddedTestStore } from "@/lib/events/store/test-store";
import { WEB_BREAKDOWNS, ZWebOverviewQuery, ZWebStatsTableQuery } from "./schemas";

// Unfiltered web queries read the sessions table that ingestion keeps; filtered ones group the events by session.
// A filter every pageview passes must not change an answer, so each card is asked both ways over sessions that
// test the table's edges: one across midnight (a pageview in each period), one whose visitor signs in halfway and
// whose first visit's person was merged later, first values on later events, a screen, pageviews without a session,
// and events inserted in separate batches (several rows of one session before the table's merge).
const TEAM = 13;
const project = { id: TEAM, timezone: "UTC", pathCleaningFilters: [], testAccountFilters: [] };
const embedded = embeddedTestStore("web-sessions");
let run: typeof import("./index");

const PERSON = { p: "1", anon: "2", known: "3", q: "4", loner: "5" } as const;
type Row = [keyof typeof PERSON, string, string, string, Record<string, unknown>];
const BATCHES: Row[][] = [
  [
    ["p", "x1", "2024-03-04 23:59:50", "$pageview", { $pathname: "/a", $referring_domain: "$direct", $geoip_country_code: "GB" }],
    ["anon", "x2", "2024-03-05 10:00:00", "$pageview", { $pathname: "/", $referring_domain: "news.ycombinator.com" }],
    ["q", "x3", "2024-03-05 14:00:00", "$screen", {}],
    ["loner", "", "2024-03-05 15:00:00", "$pageview", { $pathname: "/solo" }],
  ],
  [
    [
      "p",
      "x1",
      "2024-03-05 00:00:20",
      "$pageview",
      { $pathname: "/b", $geoip_country_code: "GB", $viewport_width: 1440, $viewport_height: 900 },
    ],
    ["known", "x2", "2024-03-05 10:01:00", "$pageview", { $pathname: "/pricing", utm_source: "google", utm_medium: "cpc" }],
    ["known", "x2", "2024-03-05 10:02:00", "$autocapture", { gclid: "g1" }],
    ["q", "x3", "2024-03-05 14:00:03", "$pageview", { $pathname: "/docs", $referring_domain: "www.bing.com", $geoip_country_code: "FR" }],
    ["q", "x4", "2024-03-04 08:00:00", "$pageview", { $pathname: "/docs", utm_source: "newsletter", utm_medium: "email" }],
  ],
];

beforeAll(async () => {
  const store = await embedded.open();
  run = await import("./index");
  let i = 0;
  for (const batch of BATCHES)
    await store.insert(
      "events",
      batch.map(([who, session, timestamp, event, properties]) => ({
        uuid: `00000000-0000-4000-8000-${String(i++).padStart(12, "0")}`,
        event,
        properties: JSON.stringify({ ...(session && { $session_id: session }), ...properties }),
        timestamp: `${timestamp}.000000`,
        team_id: TEAM,
        distinct_id: who,
        person_id: `00000000-0000-4000-9000-00000000000${PERSON[who]}`,
      })),
    );
  // Another project's events under the same session ids and distinct ids, and its own merge of "anon": none of it
  // may reach this project's answers (the hand-computed numbers below would change).
  await store.insert(
    "events",
    [
      ["x2", "2024-03-05 09:59:00", "/elsewhere", "other.example"],
      ["x1", "2024-03-05 00:00:30", "/elsewhere", "$direct"],
      ["x9", "2024-03-05 12:00:00", "/", "www.google.com"],
    ].map(([session, timestamp, pathname, referrer], n) => ({
      uuid: `00000000-0000-4000-8200-${String(n).padStart(12, "0")}`,
      event: "$pageview",
      properties: JSON.stringify({
        $session_id: session,
        $pathname: pathname,
        $referring_domain: referrer,
        utm_source: "other",
        $geoip_country_code: "XX",
        $viewport_width: 1,
        $viewport_height: 1,
      }),
      timestamp: `${timestamp}.000000`,
      team_id: TEAM + 1,
      distinct_id: "anon",
      person_id: "00000000-0000-4000-9000-000000000009",
    })),
  );
  await store.insert("person_distinct_id_overrides", [
    { team_id: TEAM + 1, distinct_id: "anon", person_id: "00000000-0000-4000-9000-000000000008", version: 2 },
  ]);
  // The anonymous id's person was merged into the signed-in one after its events were written.
  await store.insert("person_distinct_id_overrides", [
    { team_id: TEAM, distinct_id: "anon", person_id: "00000000-0000-4000-9000-000000000003", version: 1 },
  ]);
}, 30_000);

afterAll(async () => {
  await embedded.close();
});

const ranges = [
  { dateRange: { date_from: "2024-03-05", date_to: "2024-03-05" }, compareFilter: { compare: true } },
  { dateRange: { date_from: "2024-03-04", date_to: "2024-03-05" } },
];
/** A filter every pageview passes: it sends the query down the events' path. */
const everyPageview = [{ key: "no_such_property", type: "event", operator: "is_not_set" }];

describe("the sessions table answers as the events do", () => {
  test.each(ranges)("overview over %j", async (range) => {
    const ask = (extra: object) => run.runWebOverview(project, ZWebOverviewQuery.parse({ kind: "WebOverviewQuery", ...range, ...extra }));
    const fromTable = await ask({});
    expect(fromTable).toEqual(await ask({ properties: everyPageview }));
    expect(fromTable.length).toBe(5);
  });

  test("overview numbers: the session across midnight counts in both days, merged persons once", async () => {
    const items = await run.runWebOverview(project, ZWebOverviewQuery.parse({ kind: "WebOverviewQuery", ...ranges[0] }));
    const byKey = Object.fromEntries(items.map((i) => [i.key, [i.value, i.previous]]));
    // Visitors on March 5: p, the merged anon/known person, q, loner; views: x1's /b, x2's two, x3's one, /solo.
    expect(byKey.visitors).toEqual([4, 2]);
    expect(byKey.views).toEqual([5, 2]);
    expect(byKey.sessions).toEqual([3, 2]);
  });

  test.each(ranges.flatMap((range) => WEB_BREAKDOWNS.map((breakdownBy) => ({ breakdownBy, range }))))(
    "$breakdownBy over $range.dateRange.date_from",
    async ({ breakdownBy, range }) => {
      const ask = (extra: object) =>
        run.runWebStatsTable(project, ZWebStatsTableQuery.parse({ kind: "WebStatsTableQuery", breakdownBy, ...range, ...extra }));
      expect(await ask({})).toEqual(await ask({ properties: everyPageview }));
    },
  );

  test("session attributes from the table: entry and exit pages, first referrer and UTM values, channels", async () => {
    const table = async (breakdownBy: string) =>
      (await run.runWebStatsTable(project, ZWebStatsTableQuery.parse({ kind: "WebStatsTableQuery", breakdownBy, ...ranges[0] }))).results;
    expect(await table("InitialPage")).toEqual([
      ["/", [1, 0], [2, 0], [0, null]],
      ["/a", [1, 1], [1, 1], [0, 0]],
      ["/docs", [1, 1], [1, 1], [0, 1]],
      [null, [1, 0], [1, 0], [null, null]],
    ]);
    expect(await table("ExitPage")).toContainEqual(["/pricing", [1, 0], [2, 0]]);
    expect(await table("InitialUTMSource")).toContainEqual(["google", [1, 0], [2, 0]]);
    expect(await table("InitialChannelType")).toContainEqual(["Paid Search", [1, 0], [2, 0]]);
  });

  test("pageview cards from the hot columns: each pageview's own country and screen size, none of another project's", async () => {
    const table = async (breakdownBy: string) =>
      (await run.runWebStatsTable(project, ZWebStatsTableQuery.parse({ kind: "WebStatsTableQuery", breakdownBy, ...ranges[0] }))).results;
    // March 5: p's /b (GB), q's /docs (FR), three without a country (the merged anon/known person's two, loner's);
    // March 4: p's /a (GB), q's x4 /docs (none). The other project's "XX" and 1x1 never appear.
    expect(await table("Country")).toEqual([
      [null, [2, 1], [3, 1]],
      ["FR", [1, 0], [1, 0]],
      ["GB", [1, 1], [1, 1]],
    ]);
    expect(await table("Viewport")).toEqual([
      [null, [3, 2], [4, 2]],
      ["1440x900", [1, 0], [1, 0]],
    ]);
  });
});
