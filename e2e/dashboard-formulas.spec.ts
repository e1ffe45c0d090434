import { expect, type Locator, type Page } from "@playwright/test";
import {
  createInsightWithApi,
  currentProject,
  daysAgo,
  newAccount,
  sameOrigin,
  screenshotThemes,
  sendEventsWithApi,
  signUpWithApi,
  test,
} from "./support";

// A trend with a formula beside its series, on a dashboard whose date range is not the insight's: every line a tile
// draws (series and formulas) covers the dashboard's range, and a signed-out visitor of the shared dashboard or
// insight sees the same lines without any request of their own.

const RATIO = "B / A * 100";
const TREND = {
  insight: "TRENDS",
  events: [
    { id: "$pageview", type: "events", order: 0 },
    { id: "signed_up", type: "events", order: 1 },
  ],
  formulas: [RATIO],
  breakdown: "$browser",
  interval: "week",
  date_from: "-30d",
};

interface DrawnLine {
  label: string;
  data: number[];
}

const drawnLines = async (chart: Locator): Promise<DrawnLine[]> => JSON.parse((await chart.getAttribute("data-series")) ?? "[]");

/** The analysis requests a page makes (a tile or a shared page draws from its saved result and makes none). */
function analysisRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (/\/insights\/(trend|funnel|retention|path)\//.test(request.url())) urls.push(`${request.method()} ${request.url()}`);
  });
  return urls;
}

test.use({ viewport: { width: 1400, height: 1000 } });

test("a dashboard's date range applies to formula lines; shared pages draw them for signed-out visitors", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signUpWithApi(page.request, newAccount("Fern"));
  const project = await currentProject(page.request);
  const browsers = ["Chrome", "Firefox", "Safari"];
  const events = Array.from({ length: 28 }, (_, day) =>
    browsers.flatMap((browser, b) => [
      { event: "$pageview", distinct_id: `p${day}-${b}`, timestamp: daysAgo(day, 1), properties: { $browser: browser } },
      ...(day % (b + 2) === 0
        ? [{ event: "signed_up", distinct_id: `p${day}-${b}`, timestamp: daysAgo(day), properties: { $browser: browser } }]
        : []),
    ]),
  ).flat();
  await sendEventsWithApi(page.request, project.token, events);
  const insight = await createInsightWithApi(page, project.id, { name: "Sign-up rate by browser", filters: TREND });
  const created = await page.request.post(`/api/projects/${project.id}/dashboards/`, {
    data: { name: "Last two weeks", filters: { date_from: "-14d" } },
    headers: sameOrigin(page),
  });
  const dashboard = (await created.json()) as { id: number };
  const added = await page.request.patch(`/api/projects/${project.id}/insights/${insight.id}/`, {
    data: { dashboards: [dashboard.id] },
    headers: sameOrigin(page),
  });
  expect(added.status()).toBe(200);

  // What the API computes for the tile: the dashboard's range over the insight's.
  const fromDashboard = await (
    await page.request.get(`/api/projects/${project.id}/insights/${insight.id}/?from_dashboard=${dashboard.id}&refresh=blocking`)
  ).json();
  const apiLines = (fromDashboard.result as { formula?: string; data: number[]; breakdown_value: string }[]).filter(
    (item) => item.formula === RATIO,
  );
  expect(apiLines.map((item) => item.breakdown_value).sort()).toEqual(browsers);

  const requests = analysisRequests(page);
  await page.goto(`/project/${project.id}/dashboard/${dashboard.id}`);
  const tile = page.getByRole("article", { name: "Sign-up rate by browser" });
  const chart = tile.getByTestId("trend-chart");
  await expect.poll(async () => (await drawnLines(chart)).filter((line) => line.label.startsWith("Formula")).length).toBe(browsers.length);
  const lines = await drawnLines(chart);
  const seriesPoints = lines.find((line) => !line.label.startsWith("Formula"))!.data.length;
  // Weekly over 14 days: 3 weeks, the formula lines too (their own request once drew the insight's 30 days: 5).
  expect(seriesPoints).toBeLessThanOrEqual(3);
  for (const line of lines) expect(line.data, line.label).toHaveLength(seriesPoints);
  expect(lines.filter((line) => line.label.startsWith("Formula")).map((line) => line.data)).toEqual(
    expect.arrayContaining(apiLines.map((item) => item.data)),
  );
  expect(requests).toEqual([]);
  await tile.screenshot({ path: "/tmp/dashboard-formula-tile.png" });

  // Shared, then opened signed out: the same lines, no request refused.
  const share = async (url: string) =>
    (await (await page.request.patch(url, { data: { enabled: true }, headers: sameOrigin(page) })).json()).access_token as string;
  const dashboardToken = await share(`/api/projects/${project.id}/dashboards/${dashboard.id}/sharing/`);
  const insightToken = await share(`/api/projects/${project.id}/insights/${insight.id}/sharing/`);
  const visitorContext = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const visitor = await visitorContext.newPage();
  const refused: string[] = [];
  visitor.on("response", (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
  });
  const visitorRequests = analysisRequests(visitor);
  await visitor.goto(`/shared/${dashboardToken}`);
  const sharedChart = visitor.getByRole("article", { name: "Sign-up rate by browser" }).getByTestId("trend-chart");
  await expect
    .poll(async () => (await drawnLines(sharedChart)).filter((line) => line.label.startsWith("Formula")).length)
    .toBe(browsers.length);
  expect(await drawnLines(sharedChart)).toEqual(lines);
  await screenshotThemes(visitor, "shared-dashboard-formulas");

  await visitor.goto(`/shared/${insightToken}`);
  const sharedInsight = visitor.getByTestId("shared-insight-result").getByTestId("trend-chart");
  await expect
    .poll(async () => (await drawnLines(sharedInsight)).filter((line) => line.label.startsWith("Formula")).length)
    .toBe(browsers.length);
  // Drawn, not only described: the chart fills the page's box (it once had no height there).
  await expect.poll(async () => (await sharedInsight.locator(".recharts-surface").first().boundingBox())?.height ?? 0).toBeGreaterThan(250);
  // The insight alone covers its own 30 days: 5 weeks.
  for (const line of await drawnLines(sharedInsight)) expect(line.data.length, line.label).toBeGreaterThan(seriesPoints);
  await screenshotThemes(visitor, "shared-insight-formulas");
  expect(visitorRequests).toEqual([]);
  expect(refused).toEqual([]);
  await visitorContext.close();
});
