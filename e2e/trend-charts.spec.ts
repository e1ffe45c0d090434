import { expect, type Locator, type Page } from "@playwright/test";
import { filtersToSearchParams } from "../lib/insights/builder/url-state";
import { createInsightWithApi, demoProjectId, expectAccessible, sameOrigin, signInAsDemo, test } from "./support";

// What a new user trips over in the trend charts (issue 28): long breakdowns, "Number" with a breakdown, the bar
// tooltip, pies and formulas beside counts, and the dashboard tile's legend.

const pageviews = (order: number, math: string) => ({ id: "$pageview", type: "events", order, name: "$pageview", math });
const byBrowser = {
  insight: "TRENDS",
  events: [pageviews(0, "total"), pageviews(1, "dau"), pageviews(2, "weekly_active")],
  date_from: "-30d",
  interval: "day",
  breakdown: "$browser",
  breakdown_type: "event",
};
const withFormula = {
  insight: "TRENDS",
  events: [pageviews(0, "total"), pageviews(1, "dau")],
  date_from: "-30d",
  interval: "day",
  formulas: ["A/B"],
};

const openBuilder = async (page: Page, filters: Record<string, unknown>) => {
  await page.goto(`/project/${demoProjectId()}/insights/new?${filtersToSearchParams(filters)}`);
  await expect(page.getByRole("table", { name: "Trend results" })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("trend-chart")).toBeVisible();
};

/** The chart's recharts drawing, once its code has arrived. */
const surface = async (page: Page) => {
  const drawing = page.getByTestId("trend-chart").locator(".recharts-surface").first();
  await expect(drawing).toBeVisible();
  return drawing;
};

const box = async (locator: Locator) => (await locator.boundingBox())!;

/** The legend's entries: each label and the colour its swatch is drawn with. */
const legendEntries = (legend: Locator) =>
  legend
    .getByRole("listitem")
    .evaluateAll((items) =>
      items.map((item) => ({ label: item.textContent ?? "", stroke: item.querySelector("line")?.getAttribute("stroke") ?? "" })),
    );

test.beforeEach(async ({ page }) => {
  await signInAsDemo(page);
  await page.setViewportSize({ width: 1440, height: 1000 });
});

test("three series broken down by browser: the plot keeps its height, a browser keeps its colour across series", async ({ page }) => {
  await openBuilder(page, { ...byBrowser, display: "ActionsLineGraph" });
  const chart = page.getByTestId("trend-chart");
  const legend = chart.getByRole("list", { name: "Legend" });
  const rows = await page.getByRole("table", { name: "Trend results" }).locator("tbody tr").count();
  await expect(legend.getByRole("listitem")).toHaveCount(rows);
  expect(rows).toBeGreaterThanOrEqual(18);

  // The plot is as tall as without a breakdown; the legend scrolls under it.
  await surface(page);
  expect((await box(chart.locator(".recharts-cartesian-grid"))).height).toBeGreaterThanOrEqual(260);
  expect((await box(legend.locator(".."))).height).toBeLessThanOrEqual(100);

  // One hue per browser, whichever the series; the series are told apart by shade.
  const entries = await legendEntries(legend);
  const hue = (stroke: string) => stroke.match(/#[0-9a-f]{6}/i)?.[0];
  const browsers = new Map<string, { hues: Set<string | undefined>; strokes: Set<string> }>();
  for (const { label, stroke } of entries) {
    const browser = label.split(" · ")[1];
    const seen = browsers.get(browser) ?? { hues: new Set(), strokes: new Set() };
    seen.hues.add(hue(stroke));
    seen.strokes.add(stroke);
    browsers.set(browser, seen);
  }
  for (const [browser, { hues, strokes }] of browsers) {
    expect(hues.size, `${browser}: one hue`).toBe(1);
    expect(strokes.size, `${browser}: a shade per series`).toBe(3);
  }
  expect(new Set([...browsers.values()].map(({ hues }) => [...hues][0])).size).toBe(Math.min(browsers.size, 12));

  // The table still toggles lines: the legend follows.
  await page.getByRole("checkbox", { name: /^Show A\. \$pageview · Chrome on the chart/ }).click();
  await expect(legend.getByRole("listitem")).toHaveCount(rows - 1);
  await expectAccessible(page, "trend with a long legend");
});

test("Number with a breakdown: the sum and a wrapped list, within the page's width", async ({ page }) => {
  await openBuilder(page, { ...byBrowser, events: byBrowser.events.slice(0, 1), display: "BoldNumber" });
  const chart = page.getByTestId("trend-chart");
  const drawn: { total: number }[] = JSON.parse((await chart.getAttribute("data-series")) ?? "[]");
  expect(drawn.length).toBeGreaterThanOrEqual(6);
  const list = chart.getByRole("list", { name: "A. $pageview by breakdown value" });
  await expect(list.getByRole("listitem")).toHaveCount(drawn.length);
  const sum = drawn.reduce((total, line) => total + line.total, 0);
  await expect(chart).toContainText(new Intl.NumberFormat("en").format(sum));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
  expect((await box(chart)).width).toBeLessThanOrEqual(1440);
});

test("the bar chart's tooltip stays inside the plot, off the legend and the table", async ({ page }) => {
  await openBuilder(page, { ...byBrowser, events: byBrowser.events.slice(0, 2), date_from: "-7d", display: "ActionsBar" });
  const chart = page.getByTestId("trend-chart");
  const plot = await box(await surface(page));
  const grid = await box(chart.locator(".recharts-cartesian-grid"));
  await page.mouse.move(grid.x + grid.width * 0.8, grid.y + grid.height / 2);
  const tooltip = chart.locator(".recharts-tooltip-wrapper");
  await expect(tooltip).toContainText("Click to see the persons");
  const tip = await box(tooltip);
  expect(tip.y + tip.height).toBeLessThanOrEqual(plot.y + plot.height + 1);
  const table = await box(page.getByRole("table", { name: "Trend results" }));
  expect(tip.y + tip.height).toBeLessThan(table.y);
  // The largest values are listed, the rest counted.
  await expect(tooltip).toContainText(/\+\d+ more/);
});

test("a pie with a formula: the series in one pie, the formula in its own", async ({ page }) => {
  await openBuilder(page, { ...withFormula, display: "ActionsPie" });
  await surface(page);
  const chart = page.getByTestId("trend-chart");
  await expect(chart.locator(".recharts-pie")).toHaveCount(2);
  await expect(chart.getByRole("figure", { name: "Series" })).toBeVisible();
  await expect(chart.getByRole("figure", { name: "Formula (A/B)" })).toBeVisible();
  // Its one slice shows the formula's value.
  const formula: { label: string; total: number }[] = JSON.parse((await chart.getAttribute("data-series")) ?? "[]");
  const value = new Intl.NumberFormat("en", { maximumFractionDigits: 2 }).format(
    formula.find((line) => line.label === "Formula (A/B)")!.total,
  );
  await expect(chart.getByRole("figure", { name: "Formula (A/B)" })).toContainText(value);
});

test("a formula beside counts is drawn on its own axis, not flat at 0", async ({ page }) => {
  await openBuilder(page, { ...withFormula, display: "ActionsLineGraph" });
  await surface(page);
  const chart = page.getByTestId("trend-chart");
  await expect(chart.locator(".recharts-yAxis")).toHaveCount(2);
  await expect(chart.getByText("Formulas", { exact: true })).toBeVisible();
  // The formula's line (the third) spans a good part of the plot's height.
  const formulaLine = await box(chart.locator(".recharts-line-curve").nth(2));
  expect(formulaLine.height).toBeGreaterThan(40);
});

test("a trend tile shows a one-row legend under its plot, with the rest counted", async ({ page }) => {
  const projectId = demoProjectId();
  const response = await page.request.post(`/api/projects/${projectId}/dashboards/`, {
    data: { name: `Legends ${Date.now()}` },
    headers: sameOrigin(page),
  });
  const dashboard = (await response.json()) as { id: number };
  await createInsightWithApi(page, projectId, {
    name: "Pageviews by browser",
    filters: { ...byBrowser, display: "ActionsLineGraph" },
    dashboards: [dashboard.id],
  });
  await page.goto(`/project/${projectId}/dashboard/${dashboard.id}`);
  const tile = page.getByRole("article", { name: "Pageviews by browser" });
  const legend = tile.getByRole("list", { name: "Legend" });
  await expect(legend).toBeVisible({ timeout: 60_000 });
  await expect(tile.getByText(/^\+\d+ more$/)).toBeVisible();
  // One row: the plot keeps the rest of the tile.
  expect((await box(legend)).height).toBeLessThanOrEqual(24);
  const area = await box(tile.getByTestId("tile-chart"));
  expect((await box(tile.locator(".recharts-surface").first())).height).toBeGreaterThan(area.height - 80);
});
