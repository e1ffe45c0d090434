import { beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type ApiClient, type TestUser } from "../support/api";
import { sendEvents, type SentEvent } from "../support/events";
import { mulberry32 } from "../support/reference";

const baseUrl = inject("baseUrl");
const DAY = 86_400_000;
// The range is March 8–14 2024 (UTC); the previous period March 1–7.
const FROM = Date.UTC(2024, 2, 8);
const PREV_FROM = Date.UTC(2024, 2, 1);
const TO = Date.UTC(2024, 2, 15) - 1;
const RANGE = { dateRange: { date_from: "2024-03-08", date_to: "2024-03-14" }, compareFilter: { compare: true } };

// ---------- Generated visits: sessions over both periods (some cross midnight into the range), sessionless pageviews ----------

const SOURCES = [
  { $referring_domain: "$direct" },
  { $referring_domain: "www.google.com" },
  { $referring_domain: "www.google.com", gclid: "abc" },
  { $referring_domain: "facebook.com" },
  { $referring_domain: "blog.example.org" },
  { $referring_domain: "$direct", utm_source: "newsletter", utm_medium: "email", utm_campaign: "spring" },
];
const CHANNELS = ["Direct", "Organic Search", "Paid Search", "Organic Social", "Referral", "Email"];
const PAGES = ["/", "/pricing", "/docs/1", "/docs/2", "/blog/a", "/signup"];

function generate(seed: number): SentEvent[] {
  const random = mulberry32(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
  const events: SentEvent[] = [];
  for (let s = 0; s < 90; s++) {
    const sessionId = `0190bbbb-0000-7000-8000-${String(s).padStart(12, "0")}`;
    const person = `visitor-${Math.floor(random() * 30)}`;
    const source = Math.floor(random() * SOURCES.length);
    const device = {
      $browser: pick(["Chrome", "Safari", "Firefox"]),
      $os: pick(["Mac OS X", "Windows"]),
      $device_type: pick(["Desktop", "Mobile"]),
    };
    let t = PREV_FROM - DAY / 2 + Math.floor(random() * 15 * DAY);
    const count = 1 + Math.floor(random() * 4);
    for (let i = 0; i < count; i++) {
      const event = i === 0 ? "$pageview" : pick(["$pageview", "$pageview", "$autocapture", "purchase"]);
      const properties: Record<string, unknown> = { $session_id: sessionId, ...device, source_index: source };
      if (i === 0) Object.assign(properties, SOURCES[source], { $geoip_country_code: pick(["GB", "FR", "US"]) });
      if (event === "$pageview")
        Object.assign(properties, { $pathname: pick(PAGES), $viewport_width: 1280, $viewport_height: pick([720, 800]) });
      events.push({ event, distinct_id: person, timestamp: new Date(t).toISOString(), properties });
      t += 1_000 + Math.floor(random() * (random() < 0.3 ? 8_000 : 600_000));
    }
  }
  for (let i = 0; i < 20; i++)
    events.push({
      event: "$pageview",
      distinct_id: `visitor-${i}`,
      timestamp: new Date(PREV_FROM + Math.floor(random() * 14 * DAY)).toISOString(),
      properties: { $pathname: pick(PAGES), $browser: "Chrome", ...(i % 2 ? { $session_id: "" } : {}) },
    });
  return events;
}

// ---------- Reference computation, in plain TypeScript ----------

const time = (e: SentEvent) => Date.parse(e.timestamp!);
const sessionOf = (e: SentEvent) => (typeof e.properties?.$session_id === "string" ? e.properties.$session_id : "");
const periodOf = (e: SentEvent) => (time(e) >= FROM && time(e) <= TO ? "cur" : time(e) >= PREV_FROM && time(e) < FROM ? "prev" : null);

interface Session {
  events: SentEvent[];
  duration: number;
  bounce: boolean;
}

function sessionsOf(events: SentEvent[]): Map<string, Session> {
  const sessions = new Map<string, Session>();
  for (const e of [...events].sort((a, b) => time(a) - time(b))) {
    const sid = sessionOf(e);
    if (!sid) continue;
    const session = sessions.get(sid) ?? { events: [], duration: 0, bounce: false };
    session.events.push(e);
    sessions.set(sid, session);
  }
  for (const session of sessions.values()) {
    const times = session.events.map(time);
    session.duration = Math.floor(Math.max(...times) / 1000) - Math.floor(Math.min(...times) / 1000);
    const interactions = session.events.filter((e) => ["$pageview", "$screen", "$autocapture"].includes(e.event)).length;
    session.bounce = !(interactions > 1 || session.duration >= 10);
  }
  return sessions;
}

const firstWith = (session: Session | undefined, key: string) => {
  const value = session?.events.find((e) => e.properties?.[key] !== undefined)?.properties?.[key];
  return value === undefined ? null : String(value);
};
const pageviews = (events: SentEvent[]) => events.filter((e) => e.event === "$pageview" && periodOf(e));
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

function overviewReference(events: SentEvent[]) {
  const sessions = sessionsOf(events);
  const of = (period: "cur" | "prev") => {
    const views = pageviews(events).filter((e) => periodOf(e) === period);
    const ids = [...new Set(views.map(sessionOf).filter(Boolean))];
    return {
      visitors: new Set(views.map((e) => e.distinct_id)).size,
      views: views.length,
      sessions: ids.length,
      duration: mean(ids.map((id) => sessions.get(id)!.duration)),
      bounce: mean(ids.map((id) => (sessions.get(id)!.bounce ? 100 : 0))),
    };
  };
  return { cur: of("cur"), prev: of("prev") };
}

type ValueOf = (e: SentEvent, session: Session | undefined) => string | null;
const BREAKDOWNS: Record<string, ValueOf> = {
  Page: (e) => (e.properties?.$pathname as string) ?? null,
  InitialPage: (_e, s) => firstWith({ events: s?.events.filter((x) => x.event === "$pageview") ?? [] } as Session, "$pathname"),
  ExitPage: (_e, s) =>
    firstWith({ events: [...(s?.events.filter((x) => x.event === "$pageview") ?? [])].reverse() } as Session, "$pathname"),
  InitialReferringDomain: (_e, s) => firstWith(s, "$referring_domain"),
  InitialChannelType: (_e, s) => (s ? CHANNELS[Number(firstWith(s, "source_index"))] : null),
  InitialUTMSource: (_e, s) => firstWith(s, "utm_source"),
  InitialUTMCampaign: (_e, s) => firstWith(s, "utm_campaign"),
  Browser: (e) => (e.properties?.$browser as string) ?? null,
  DeviceType: (e) => (e.properties?.$device_type as string) ?? null,
  Country: (e) => (e.properties?.$geoip_country_code as string) ?? null,
  Viewport: (e) => (e.properties?.$viewport_width ? `${e.properties.$viewport_width}x${e.properties.$viewport_height}` : null),
};

function tableReference(events: SentEvent[], breakdown: string, bounce = false) {
  const sessions = sessionsOf(events);
  const rows = new Map<string | null, { cur: SentEvent[]; prev: SentEvent[] }>();
  for (const e of pageviews(events)) {
    const value = BREAKDOWNS[breakdown](e, sessions.get(sessionOf(e)));
    const row = rows.get(value) ?? { cur: [], prev: [] };
    row[periodOf(e)!].push(e);
    rows.set(value, row);
  }
  const visitors = (xs: SentEvent[]) => new Set(xs.map((e) => e.distinct_id)).size;
  const bounceRate = (xs: SentEvent[]) => {
    const ids = [...new Set(xs.map(sessionOf).filter(Boolean))];
    return ids.length ? ids.filter((id) => sessions.get(id)!.bounce).length / ids.length : null;
  };
  return [...rows]
    .filter(([, r]) => r.cur.length > 0)
    .map(([value, r]) => [
      value,
      [visitors(r.cur), visitors(r.prev)],
      [r.cur.length, r.prev.length],
      ...(bounce ? [[bounceRate(r.cur), bounceRate(r.prev)]] : []),
    ])
    .sort(
      (a: any, b: any) =>
        b[1][0] - a[1][0] || b[2][0] - a[2][0] || (a[0] === null ? 1 : b[0] === null ? -1 : a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0),
    );
}

// ---------- Tests ----------

let owner: TestUser;
let stranger: TestUser;
let reader: ApiClient;
const EVENTS = generate(32);

beforeAll(async () => {
  [owner, stranger] = await Promise.all([signUp(baseUrl), signUp(baseUrl)]);
  await Promise.all([sendEvents(baseUrl, owner, EVENTS), sendEvents(baseUrl, stranger, generate(7))]);
  reader = await owner.key(["query:read"]);
}, 120_000);

const path = () => `/api/projects/${owner.projectId}/query/`;
const run = (query: Record<string, unknown>, client = reader) => client.post(path(), { query, refresh: "force_blocking" });
const table = (breakdownBy: string, extra: Record<string, unknown> = {}) =>
  run({ kind: "WebStatsTableQuery", breakdownBy, ...RANGE, limit: 100, ...extra });

describe("WebOverviewQuery", () => {
  test("visitors, views, sessions, duration and bounce rate equal the reference, beside the previous period", async () => {
    const response = await run({ kind: "WebOverviewQuery", ...RANGE });
    expect(response.status).toBe(200);
    const { cur, prev } = overviewReference(EVENTS);
    const keys = {
      visitors: "visitors",
      views: "views",
      sessions: "sessions",
      "session duration": "duration",
      "bounce rate": "bounce",
    } as const;
    expect(response.body.results.map((r: any) => r.key)).toEqual(Object.keys(keys));
    for (const item of response.body.results) {
      const name = keys[item.key as keyof typeof keys];
      expect(item.value, item.key).toBeCloseTo(cur[name]!, 9);
      expect(item.previous, item.key).toBeCloseTo(prev[name]!, 9);
      expect(item.changeFromPreviousPct).toBe(prev[name] ? Math.round((100 * (cur[name]! - prev[name]!)) / prev[name]!) : null);
    }
    expect(response.body.results[4]).toMatchObject({ kind: "percentage", isIncreaseBad: true });
  });

  test("the bounce rate's sparkline: per day, the sessions with a pageview that day, as the reference", async () => {
    const response = await run({ kind: "WebOverviewQuery", ...RANGE });
    const sessions = sessionsOf(EVENTS);
    const expected = Array.from({ length: 7 }, (_, d) => {
      const day = (e: SentEvent) => time(e) >= FROM + d * DAY && time(e) < FROM + (d + 1) * DAY;
      const ids = [...new Set(pageviews(EVENTS).filter(day).map(sessionOf).filter(Boolean))];
      return mean(ids.map((id) => (sessions.get(id)!.bounce ? 100 : 0))) ?? 0;
    });
    expect(expected.filter((rate) => rate > 0).length).toBeGreaterThan(1);
    const line: number[] = response.body.results[4].sparkline;
    expect(line).toHaveLength(7);
    for (const [d, rate] of line.entries()) expect(rate, `day ${d}`).toBeCloseTo(expected[d], 9);
  });

  test("without compare, previous is null; a property filter keeps its pageviews only", async () => {
    const response = await run({
      kind: "WebOverviewQuery",
      dateRange: RANGE.dateRange,
      properties: [{ key: "$browser", value: "Safari", type: "event" }],
    });
    const { cur } = overviewReference(EVENTS.filter((e) => e.event !== "$pageview" || e.properties?.$browser === "Safari"));
    expect(response.body.results[0]).toMatchObject({ key: "visitors", value: cur.visitors, previous: null, changeFromPreviousPct: null });
    expect(response.body.results[1].value).toBe(cur.views);
  });
});

describe("WebStatsTableQuery", () => {
  test("every breakdown equals the reference", async () => {
    for (const breakdown of Object.keys(BREAKDOWNS)) {
      const response = await table(breakdown);
      expect(response.status, breakdown).toBe(200);
      const bounce = breakdown === "InitialPage";
      expect(response.body.columns[0]).toBe("context.columns.breakdown_value");
      const expected: any[] = tableReference(EVENTS, breakdown, bounce);
      expect(
        response.body.results.map((r: any[]) => r.slice(0, 3)),
        breakdown,
      ).toEqual(expected.map((r) => r.slice(0, 3)));
      if (bounce)
        response.body.results.forEach((r: any[], i: number) => {
          expect(r[3][0]).toBeCloseTo(expected[i][3][0], 9);
          if (expected[i][3][1] === null) expect(r[3][1]).toBeNull();
          else expect(r[3][1]).toBeCloseTo(expected[i][3][1], 9);
        });
    }
  });

  test("limit with hasMore, orderBy, and the project's path cleaning rules", async () => {
    const top = await table("Page", { limit: 2 });
    expect(top.body.results).toEqual(tableReference(EVENTS, "Page").slice(0, 2));
    expect(top.body.hasMore).toBe(true);
    const fewest = await table("Page", { orderBy: ["Views", "ASC"] });
    expect(fewest.body.results[0][2][0]).toBe(Math.min(...tableReference(EVENTS, "Page").map((r: any) => r[2][0])));
    await owner.session.patch(`/api/projects/${owner.projectId}/`, {
      path_cleaning_filters: [{ regex: "^/docs/\\d+$", alias: "/docs/:id" }],
    });
    const cleaned = await table("Page", { doPathCleaning: true });
    const docs = pageviews(EVENTS).filter((e) => periodOf(e) === "cur" && String(e.properties?.$pathname).startsWith("/docs/"));
    expect(cleaned.body.results.find((r: any[]) => r[0] === "/docs/:id")[2][0]).toBe(docs.length);
    expect(cleaned.body.results.some((r: any[]) => r[0] === "/docs/1")).toBe(false);
  });
});

describe("bounds and access", () => {
  test("bad input is a 400 naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: "WebStatsTableQuery", breakdownBy: "Shoe size" }, "breakdownBy"],
      [{ kind: "WebStatsTableQuery", breakdownBy: "Page", limit: 0 }, "limit"],
      [{ kind: "WebStatsTableQuery", breakdownBy: "Page", limit: 100_000 }, "limit"],
      [{ kind: "WebStatsTableQuery", breakdownBy: "Page", orderBy: ["Nope", "DESC"] }, "orderBy"],
      [{ kind: "WebOverviewQuery", dateRange: { date_from: "yesterday-ish" } }, "date_from"],
      [{ kind: "WebOverviewQuery", properties: [{ key: "$browser", value: "(", operator: "regex" }] }, "properties"],
    ];
    for (const [query, attr] of cases) {
      const response = await run(query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body.type).toBe("validation_error");
      expect(String(response.body.attr), JSON.stringify(query)).toContain(attr);
    }
  });

  test("another organization's owner, a key without the scope or for another project cannot read it", async () => {
    const query = { kind: "WebOverviewQuery", ...RANGE };
    expect((await run(query, stranger.session)).status).toBe(403);
    expect((await run(query, await owner.key(["insight:read"]))).status).toBe(403);
    const theirs = await stranger.key(["query:read"]);
    expect((await run(query, theirs)).status).toBe(403);
    const own = await theirs.post(`/api/projects/${stranger.projectId}/query/`, { query, refresh: "force_blocking" });
    expect(own.status).toBe(200);
    expect(own.body.results[1].value).toBe(overviewReference(generate(7)).cur.views);
  });
});
