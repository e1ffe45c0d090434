// A dashboard of 8 tiles on the first-start demo (100,000 events): how long from opening its page in Chromium
// until every tile's chart is drawn, with results cached (a visit after the first) and computed afresh
// ("Refresh all", `refresh=force_blocking`). Target: under 1 s.
//   npx tsx bench/dashboard.ts [--events 100000] [--runs 5]   (after `npx next build`; Chromium at /usr/bin/chromium)
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Page } from "playwright-core";
import { demoSettings, planDemo, runDemo } from "../scripts/demo/seed";
import { startServer } from "../tests/support/server";

const { values } = parseArgs({ options: { events: { type: "string", default: "100000" }, runs: { type: "string", default: "5" } } });
const runs = Number(values.runs);

const pageviews = { id: "$pageview", type: "events" };
const INSIGHTS: { name: string; filters: Record<string, unknown> }[] = [
  { name: "Pageviews per day", filters: { insight: "TRENDS", events: [{ ...pageviews, math: "total" }], interval: "day" } },
  { name: "Daily active users", filters: { insight: "TRENDS", events: [{ ...pageviews, math: "dau" }], interval: "day" } },
  {
    name: "Pageviews by browser",
    filters: { insight: "TRENDS", events: [{ ...pageviews, math: "total" }], breakdown: "$browser", interval: "week" },
  },
  {
    name: "Sign-ups and purchases",
    filters: {
      insight: "TRENDS",
      events: [
        { id: "signed_up", type: "events" },
        { id: "purchase", type: "events" },
      ],
      interval: "week",
    },
  },
  {
    name: "Visit to purchase",
    filters: {
      insight: "FUNNELS",
      events: [
        { ...pageviews, order: 0 },
        { id: "signed_up", type: "events", order: 1 },
        { id: "purchase", type: "events", order: 2 },
      ],
      funnel_window_days: 14,
    },
  },
  {
    name: "Onboarding",
    filters: {
      insight: "FUNNELS",
      events: [
        { id: "signed_up", type: "events", order: 0 },
        { id: "onboarding_completed", type: "events", order: 1 },
      ],
    },
  },
  {
    name: "Returning visitors",
    filters: { insight: "RETENTION", target_entity: pageviews, returning_entity: pageviews, period: "Week", total_intervals: 8 },
  },
  { name: "Days active", filters: { insight: "STICKINESS", events: [pageviews], interval: "day" } },
];

/** What a drawn tile holds: a recharts surface, a table (retention), or the funnel's bars (an HTML image of steps). */
const DRAWN = '.recharts-surface, table, [role="img"]';

/** Milliseconds until each of the dashboard's tiles shows its chart (an SVG or the funnel's/retention's table). */
async function untilDrawn(page: Page, tiles: number, act: () => Promise<unknown>) {
  const started = performance.now();
  await act();
  const drawn = page.waitForFunction(
    ({ count, selector }) => {
      const charts = [...document.querySelectorAll('[data-testid="tile-chart"]')];
      return charts.length === count && charts.every((chart) => chart.querySelector(selector));
    },
    { count: tiles, selector: DRAWN },
    { timeout: 120_000, polling: 16 },
  );
  // A tile that never draws (an error, an empty state) is named, with what it shows instead.
  await drawn.catch(async (error) => {
    const tiles = await page
      .locator('[data-testid="tile-chart"]')
      .evaluateAll(
        (charts, selector) => charts.filter((chart) => !chart.querySelector(selector)).map((chart) => chart.textContent?.slice(0, 200)),
        DRAWN,
      );
    throw new Error(`${error.message}\ntiles not drawn: ${JSON.stringify(tiles)}`);
  });
  return performance.now() - started;
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];

const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-bench-dashboard-"));
const settings = { ...demoSettings({ HEDGEROW_DATA_DIR: dataDir, HEDGEROW_DEMO_EVENTS: values.events }), databaseUrl: undefined };
const plan = await planDemo(settings);
const server = await startServer({ backend: "pglite", dataDir, env: { ALLOW_SIGNUP: "false" } });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const loadStarted = Date.now();
  await runDemo(plan, { baseUrl: server.baseUrl, siteUrl: server.baseUrl, settings, log: () => {} });
  const marker = JSON.parse(readFileSync(path.join(dataDir, ".demo-seeded"), "utf8"));
  console.log(`Demo: ${marker.events.toLocaleString("en-US")} events loaded in ${((Date.now() - loadStarted) / 1000).toFixed(0)} s`);

  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  const login = await page.request.post("/api/login/", { data: { email: marker.email, password: marker.password } });
  if (!login.ok()) throw new Error(`login: ${login.status()}`);
  const write = { headers: { origin: server.baseUrl } };
  const projectPath = `/api/projects/${marker.projectId}`;
  const dashboard = await (await page.request.post(`${projectPath}/dashboards/`, { ...write, data: { name: "Bench" } })).json();
  for (const insight of INSIGHTS) {
    const created = await page.request.post(`${projectPath}/insights/`, {
      ...write,
      data: { ...insight, saved: true, dashboards: [dashboard.id] },
    });
    if (created.status() !== 201) throw new Error(`insight ${insight.name}: ${created.status()} ${await created.text()}`);
  }
  const url = `/project/${marker.projectId}/dashboard/${dashboard.id}`;

  // The first visit computes every tile (nothing cached yet); later visits read the cached results.
  const first = await untilDrawn(page, INSIGHTS.length, () => page.goto(url));
  const cached: number[] = [];
  for (let i = 0; i < runs; i++) cached.push(await untilDrawn(page, INSIGHTS.length, () => page.goto(url)));
  // Where a cached visit's time goes, from the browser's own timings (ms since the navigation started).
  await untilDrawn(page, INSIGHTS.length, () => page.goto(url));
  const timings = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    const request = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find((entry) =>
      /\/dashboards\/\d+\/\?/.test(entry.name),
    )!;
    return { html: navigation.responseEnd, requested: request.startTime, answered: request.responseEnd, drawn: performance.now() };
  });
  const refreshed: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const answered = page.waitForResponse((r) => r.url().includes("refresh=force_blocking"), { timeout: 120_000 });
    await page.getByRole("button", { name: "Refresh all" }).click();
    await answered;
    await untilDrawn(page, INSIGHTS.length, async () => {});
    refreshed.push(performance.now() - started);
  }
  const ms = (n: number) => Math.round(n).toLocaleString("en-US");
  console.log("| dashboard of 8 tiles, 100k-event demo | ms |");
  console.log("|---|---|");
  console.log(`| first visit (every tile computed) | ${ms(first)} |`);
  console.log(`| later visit, cached results (median of ${runs}) | ${ms(median(cached))} |`);
  console.log(`| Refresh all, every tile computed afresh (median of ${runs}) | ${ms(median(refreshed))} |`);
  console.log(
    `| a cached visit: HTML received at ${ms(timings.html)}, tiles requested at ${ms(timings.requested)} (hydrated), ` +
      `answered at ${ms(timings.answered)}, drawn at | ${ms(timings.drawn)} |`,
  );
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
