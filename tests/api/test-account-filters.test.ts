import { beforeAll, describe, expect, inject, test } from "vitest";
import { joinAs, signUp, type ApiClient, type TestUser } from "../support/api";
import { sendEvents, type SentEvent } from "../support/events";

const baseUrl = inject("baseUrl");

const INTERNAL = "@example-internal.com";
const FILTERS = [{ key: "email", value: INTERNAL, operator: "not_icontains", type: "person" }];
const RANGE = { date_from: "2024-03-01", date_to: "2024-03-07" };
const URLS = ["https://shop.test/", "https://shop.test/pricing", "https://shop.test/signup", "https://shop.test/docs"];

// ---------- Events: four real users and two internal ones, each visiting on some days of the week ----------

interface Visitor {
  id: string;
  email: string;
  /** Days of March 2024 with a visit. */
  days: number[];
  /** Pages of each visit, in order (indexes into URLS). */
  pages: number[];
  signsUp: boolean;
}

const VISITORS: Visitor[] = [
  { id: "real-1", email: "ann@gmail.test", days: [1, 2, 4], pages: [0, 1], signsUp: true },
  { id: "real-2", email: "bob@mail.test", days: [1, 3], pages: [0, 1, 2], signsUp: false },
  { id: "real-3", email: "cy@corp.test", days: [2, 3, 5], pages: [1], signsUp: true },
  { id: "real-4", email: "dee@gmail.test", days: [6], pages: [0, 3], signsUp: false },
  { id: "staff-1", email: `qa${INTERNAL}`, days: [1, 2, 3, 4, 5], pages: [0, 1, 2], signsUp: true },
  { id: "staff-2", email: `dev${INTERNAL}`, days: [2, 6], pages: [3, 0], signsUp: true },
];

const isInternal = (v: Visitor) => v.email.endsWith(INTERNAL);

function eventsOf(v: Visitor): SentEvent[] {
  return v.days.flatMap((day) => {
    const at = (minute: number) => `2024-03-0${day}T10:${String(minute).padStart(2, "0")}:00Z`;
    const session = `${v.id}-${day}`;
    const pageviews: SentEvent[] = v.pages.map((page, i) => ({
      event: "$pageview",
      distinct_id: v.id,
      timestamp: at(i),
      properties: { $current_url: URLS[page], $pathname: new URL(URLS[page]).pathname, $session_id: session, $set: { email: v.email } },
    }));
    const signUp: SentEvent[] = v.signsUp
      ? [{ event: "signed_up", distinct_id: v.id, timestamp: at(30), properties: { $session_id: session } }]
      : [];
    return [...pageviews, ...signUp];
  });
}

// ---------- Independent expectations, from the visitors above ----------

const pageviewsPerDay = (visitors: Visitor[]) =>
  [1, 2, 3, 4, 5, 6, 7].map((day) => visitors.reduce((n, v) => n + (v.days.includes(day) ? v.pages.length : 0), 0));

/** Persons who viewed a page and later signed up (both inside the range, as every visit is). */
const funnelCounts = (visitors: Visitor[]) => [visitors.length, visitors.filter((v) => v.signsUp).length];

/** Recurring daily retention of pageviews: cohort of day i, persons back on day i + j. */
const retention = (visitors: Visitor[]) =>
  [1, 2, 3, 4, 5, 6, 7].map((day) => {
    const cohort = visitors.filter((v) => v.days.includes(day));
    return Array.from({ length: 8 - day }, (_, j) => (j === 0 ? cohort.length : cohort.filter((v) => v.days.includes(day + j)).length));
  });

/** A pageview's path item: its URL without a trailing slash (PostHog's paths drop it). */
const pathItem = (page: number) => URLS[page].replace(/(.)\/$/, "$1");

/** Path edges between consecutive pageviews of each visit, by count. */
function pathEdges(visitors: Visitor[]): Record<string, number> {
  const edges: Record<string, number> = {};
  for (const v of visitors)
    for (let d = 0; d < v.days.length; d++)
      for (let i = 1; i < v.pages.length; i++) {
        const edge = `${i}_${pathItem(v.pages[i - 1])} → ${i + 1}_${pathItem(v.pages[i])}`;
        edges[edge] = (edges[edge] ?? 0) + 1;
      }
  return edges;
}

// ---------- Set-up ----------

let owner: TestUser;
let stranger: TestUser;
const projectPath = () => `/api/projects/${owner.projectId}/`;

beforeAll(async () => {
  [owner, stranger] = await Promise.all([signUp(baseUrl), signUp(baseUrl)]);
  await sendEvents(baseUrl, owner, VISITORS.flatMap(eventsOf));
}, 120_000);

describe("the project setting", () => {
  test("a new project has none; PATCH and GET round-trip on projects and environments", async () => {
    const fresh = await owner.session.get(projectPath());
    expect(fresh.body).toMatchObject({ test_account_filters: [], test_account_filters_default_checked: false });

    const saved = await owner.session.patch(projectPath(), { test_account_filters: FILTERS, test_account_filters_default_checked: true });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ test_account_filters: FILTERS, test_account_filters_default_checked: true });
    const environment = await owner.session.get(`/api/environments/${owner.projectId}/`);
    expect(environment.body).toMatchObject({ test_account_filters: FILTERS, test_account_filters_default_checked: true });

    // The analyses' defaults: an operator-less filter is `exact`, a type-less one an event property.
    const viaEnvironment = await owner.session.patch(`/api/environments/${owner.projectId}/`, {
      test_account_filters: [{ key: "$host", value: "localhost" }],
    });
    expect(viaEnvironment.body.test_account_filters).toEqual([{ key: "$host", value: "localhost", operator: "exact", type: "event" }]);
    // Fields not sent are kept.
    expect(viaEnvironment.body.test_account_filters_default_checked).toBe(true);
    expect(
      (await owner.session.patch(projectPath(), { test_account_filters: [], test_account_filters_default_checked: false })).status,
    ).toBe(200);
  });

  test("bad filters answer 400 naming the field, and change nothing", async () => {
    const cases: unknown[] = [
      [{ key: "email", value: "x", operator: "nearly", type: "person" }],
      [{ key: "$session_duration", value: 5, operator: "gt", type: "session" }],
      [{ key: "email", value: "x", operator: "exact", type: "vehicle" }],
      [{ key: "n", value: "many", operator: "gt", type: "event" }],
      [{ key: "email", operator: "icontains", type: "person" }],
      [{ key: "$host", value: "(", operator: "regex", type: "event" }],
      [{ key: "", value: "x" }],
      [{ key: "not a (valid", type: "hogql" }],
      Array.from({ length: 21 }, (_, i) => ({ key: "$host", value: `h${i}`, operator: "exact", type: "event" })),
      "email",
      { key: "email" },
      null,
    ];
    for (const value of cases) {
      const response = await owner.session.patch(projectPath(), { test_account_filters: value });
      expect(response.status, JSON.stringify(value)).toBe(400);
      expect(response.body.type).toBe("validation_error");
      expect(String(response.body.attr), JSON.stringify(value)).toMatch(/^test_account_filters/);
    }
    const flag = await owner.session.patch(projectPath(), { test_account_filters_default_checked: "sometimes" });
    expect(flag.status).toBe(400);
    expect(flag.body.attr).toBe("test_account_filters_default_checked");
    expect((await owner.session.get(projectPath())).body.test_account_filters).toEqual([]);
  });

  test("another organization, another project's key, a read-only key or member cannot change it", async () => {
    await owner.session.patch(projectPath(), { test_account_filters: FILTERS });
    const second = await owner.session.post(`/api/organizations/${owner.organizationId}/projects/`, { name: "Second" });
    expect(second.status).toBe(201);
    const attempts: [ApiClient, number][] = [
      [stranger.session, 403],
      [await stranger.key(["*"]), 403],
      [await owner.key(["project:read"]), 403],
      [await owner.key(["*"], { scoped_teams: [second.body.id] }), 403],
    ];
    for (const [client, status] of attempts) {
      const response = await client.patch(projectPath(), { test_account_filters: [] });
      expect(response.status).toBe(status);
      expect((await client.patch(`/api/environments/${owner.projectId}/`, { test_account_filters: [] })).status).toBe(status);
    }
    // Reading is a project:read right of the project's organization only.
    expect((await stranger.session.get(projectPath())).status).toBe(403);
    expect((await (await stranger.key(["*"])).get(`/api/environments/${owner.projectId}/`)).status).toBe(403);
    expect((await (await owner.key(["project:read"])).get(projectPath())).body.test_account_filters).toEqual(FILTERS);
    // A plain member reads it but cannot change it (project settings are for admins).
    const member = await joinAs(owner, 1);
    expect((await member.session.get(projectPath())).body.test_account_filters).toEqual(FILTERS);
    expect((await member.session.patch(projectPath(), { test_account_filters: [] })).status).toBe(403);
    expect((await owner.session.get(projectPath())).body.test_account_filters).toEqual(FILTERS);
  });
});

describe("analyses with filter_test_accounts", () => {
  const real = VISITORS.filter((v) => !isInternal(v));
  const post = (kind: string, body: Record<string, unknown>) =>
    owner.session.post(`/api/projects/${owner.projectId}/insights/${kind}/?refresh=true`, { ...RANGE, ...body });

  beforeAll(async () => {
    const saved = await owner.session.patch(projectPath(), { test_account_filters: FILTERS });
    expect(saved.status).toBe(200);
  });

  test("trends leave out exactly the internal users' events", async () => {
    for (const [on, visitors] of [
      [false, VISITORS],
      [true, real],
    ] as const) {
      const response = await post("trend", { events: [{ id: "$pageview", type: "events" }], filter_test_accounts: on });
      expect(response.status, response.text).toBe(200);
      expect(response.body.result[0].data, `filter_test_accounts ${on}`).toEqual(pageviewsPerDay(visitors));
    }
    // Not vacuous: the internal users viewed pages.
    expect(pageviewsPerDay(VISITORS)).not.toEqual(pageviewsPerDay(real));
  });

  test("funnels, retention and paths too", async () => {
    for (const [on, visitors] of [
      [false, VISITORS],
      [true, real],
    ] as const) {
      const funnel = await post("funnel", {
        events: [
          { id: "$pageview", type: "events", order: 0 },
          { id: "signed_up", type: "events", order: 1 },
        ],
        funnel_window_days: 14,
        filter_test_accounts: on,
      });
      expect(funnel.status, funnel.text).toBe(200);
      expect(
        funnel.body.result.map((s: any) => s.count),
        `funnel ${on}`,
      ).toEqual(funnelCounts(visitors));

      const retained = await post("retention", {
        date_to: RANGE.date_to,
        total_intervals: 7,
        target_entity: { id: "$pageview", type: "events" },
        returning_entity: { id: "$pageview", type: "events" },
        filter_test_accounts: on,
      });
      expect(retained.status, retained.text).toBe(200);
      expect(
        retained.body.result.map((c: any) => c.values.map((v: any) => v.count)),
        `retention ${on}`,
      ).toEqual(retention(visitors));

      const paths = await post("path", { include_event_types: ["$pageview"], filter_test_accounts: on });
      expect(paths.status, paths.text).toBe(200);
      const edges = Object.fromEntries(paths.body.result.map((e: any) => [`${e.source} → ${e.target}`, e.value]));
      expect(edges, `paths ${on}`).toEqual(pathEdges(visitors));
    }
  });

  test("the query API: TrendsQuery and web analytics' overview", async () => {
    const query = (q: Record<string, unknown>) =>
      owner.session.post(`/api/projects/${owner.projectId}/query/`, { query: q, refresh: "force_blocking" });
    for (const [on, visitors] of [
      [false, VISITORS],
      [true, real],
    ] as const) {
      const trend = await query({
        kind: "TrendsQuery",
        series: [{ kind: "EventsNode", event: "$pageview" }],
        dateRange: RANGE,
        filterTestAccounts: on,
      });
      expect(trend.status, trend.text).toBe(200);
      expect(trend.body.results[0].data).toEqual(pageviewsPerDay(visitors));

      const overview = await query({ kind: "WebOverviewQuery", dateRange: RANGE, properties: [], filterTestAccounts: on });
      expect(overview.status, overview.text).toBe(200);
      const values = Object.fromEntries(overview.body.results.map((r: any) => [r.key, r.value]));
      expect(values.visitors, `visitors ${on}`).toBe(visitors.length);
      expect(values.views, `views ${on}`).toBe(visitors.reduce((n, v) => n + v.days.length * v.pages.length, 0));
    }
  });

  test("a cached answer does not outlive an edit of the filters", async () => {
    const body = { events: [{ id: "$pageview", type: "events" }], filter_test_accounts: true, ...RANGE };
    const trend = () => owner.session.post(`/api/projects/${owner.projectId}/insights/trend/`, body);
    expect((await trend()).body.result[0].data).toEqual(pageviewsPerDay(real));
    await owner.session.patch(projectPath(), { test_account_filters: [] });
    expect((await trend()).body.result[0].data).toEqual(pageviewsPerDay(VISITORS));
    await owner.session.patch(projectPath(), { test_account_filters: FILTERS });
    expect((await trend()).body.result[0].data).toEqual(pageviewsPerDay(real));
  });
});
