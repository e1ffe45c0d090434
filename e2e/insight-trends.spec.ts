import { readFileSync } from "node:fs";
import { expect, type Locator, type Page } from "@playwright/test";
import { filtersFromSearchParams, filtersToSearchParams } from "../lib/insights/builder/url-state";
import { demoProjectId, expectAccessible, sameOrigin, signInAsDemo, test } from "./support";

/** What the chart draws, as its container states it (see `drawn` in components/insights/trends/chart.tsx). */
async function chartSeries(page: Page): Promise<{ label: string; data: number[]; total: number }[]> {
  return JSON.parse((await page.getByTestId("trend-chart").getAttribute("data-series")) ?? "[]");
}

const number = (text: string) => Number(text.replace(/,/g, ""));

/** The results table as text: its header and its rows (label, then each value as a number). */
async function resultsTable(page: Page) {
  const table = page.getByRole("table", { name: "Trend results" });
  const header = (await table.locator("thead th").allInnerTexts()).map((text) => text.trim());
  const rows = await table
    .locator("tbody tr")
    .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll("td")).map((td) => (td.textContent ?? "").trim())));
  return { header, rows: rows.map(([label, ...values]) => ({ label, values: values.map(number) })) };
}

/** The filter the builder shows, read back from its URL (exactly what it posts). */
const urlFilters = (page: Page) => filtersFromSearchParams(new URL(page.url()).searchParams);

async function postTrend(page: Page, filters: Record<string, unknown>) {
  const response = await page.request.post(`/api/projects/${demoProjectId()}/insights/trend/`, {
    data: filters,
    headers: sameOrigin(page),
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { result: { label: string; data: number[]; days: string[]; count: number; compare_label?: string }[] })
    .result;
}

const pick = async (page: Page, combobox: Locator, option: string) => {
  await combobox.click();
  await page.getByRole("option", { name: new RegExp(`^${option}`) }).click();
};

test("a trend with two series, a formula and compare: table, chart and API agree; rows hide, sort and download", async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsDemo(page);
  const projectId = demoProjectId();
  await page.goto(
    `/project/${projectId}/insights/new?${filtersToSearchParams({ insight: "TRENDS", events: [{ id: "$pageview", type: "events", order: 0, name: "$pageview", math: "total" }], date_from: "-14d", interval: "day", display: "ActionsLineGraph" })}`,
  );
  await expect(page.getByTestId("trend-chart")).toBeVisible();

  // Series B: pageviews again, counted as unique users, renamed.
  await page.getByRole("button", { name: "Add series" }).click();
  const seriesB = page.getByRole("group", { name: "Series B" });
  await pick(page, seriesB.getByRole("combobox", { name: /Series B math/ }), "Unique users");
  await seriesB.getByRole("button", { name: "Rename series B" }).click();
  await seriesB.getByLabel("Name of series B").fill("Visitors");
  await seriesB.getByLabel("Name of series B").press("Enter");
  await expect(page).toHaveURL(/Visitors/);

  // Two formulas, each its own line beside the series.
  await page.getByRole("button", { name: "Add formula" }).click();
  await page.getByRole("textbox", { name: "Formula 1" }).fill("A/B");
  await page.getByRole("textbox", { name: "Formula 1" }).press("Enter");
  await page.getByRole("button", { name: "Add formula" }).click();
  await page.getByRole("textbox", { name: "Formula 2" }).fill("A+B");
  await page.getByRole("textbox", { name: "Formula 2" }).press("Enter");

  // Compare to the previous period.
  await page.getByRole("combobox", { name: "Compare" }).click();
  await page.getByRole("option", { name: "Compare to previous period" }).click();
  await expect(page).toHaveURL(/compare=true/);

  const filters = urlFilters(page);
  expect(filters.formulas).toEqual(["A/B", "A+B"]);
  // 2 series + 2 formulas, each current and previous.
  await expect(page.getByRole("table", { name: "Trend results" }).locator("tbody tr")).toHaveCount(8);
  await expect(page.getByRole("status").filter({ hasText: "Calculating" })).toHaveCount(0);

  // The API's answer for the same filter (the series, then each formula) is the series alone and each formula alone.
  const { formulas, ...seriesBody } = filters as { formulas: string[] } & Record<string, unknown>;
  const api = [
    ...(await postTrend(page, seriesBody)),
    ...(await postTrend(page, { ...seriesBody, formula: formulas[0] })),
    ...(await postTrend(page, { ...seriesBody, formula: formulas[1] })),
  ];
  expect((await postTrend(page, filters)).map((item) => item.data)).toEqual(api.map((item) => item.data));
  const table = await resultsTable(page);
  expect(table.header[0]).toBe("Series");
  expect(table.header.at(-1)).toBe("Total");
  expect(table.rows.map((row) => row.label)).toEqual([
    expect.stringMatching(/^A\. \$pageview \(current: /),
    expect.stringMatching(/^A\. \$pageview \(previous: /),
    expect.stringMatching(/^B\. Visitors \(current: /),
    expect.stringMatching(/^B\. Visitors \(previous: /),
    expect.stringMatching(/^Formula \(A\/B\) \(current: /),
    expect.stringMatching(/^Formula \(A\/B\) \(previous: /),
    expect.stringMatching(/^Formula \(A\+B\) \(current: /),
    expect.stringMatching(/^Formula \(A\+B\) \(previous: /),
  ]);
  expect(table.rows.map((row) => row.values)).toEqual(api.map((item) => [...item.data, item.count]));
  expect(api[0].count).toBeGreaterThan(0);
  const drawnSeries = await chartSeries(page);
  expect(drawnSeries.map((line) => [line.label, ...line.data, line.total])).toEqual(table.rows.map((row) => [row.label, ...row.values]));
  await expectAccessible(page, "trend builder with formulas and compare");
  await page.screenshot({ path: "/tmp/trends-formulas-compare.png", fullPage: true });

  // Hiding a row takes its line off the chart (and its legend entry).
  const hiddenLabel = table.rows[2].label;
  await page.getByRole("checkbox", { name: `Show ${hiddenLabel} on the chart` }).click();
  await expect
    .poll(async () => (await chartSeries(page)).map((line) => line.label))
    .toEqual(table.rows.map((row) => row.label).filter((label) => label !== hiddenLabel));
  await expect(page.getByRole("list", { name: "Legend" }).getByRole("listitem")).toHaveText(
    table.rows.map((row) => row.label).filter((label) => label !== hiddenLabel),
  );

  // Sorting the table by its total orders the chart's lines the same way.
  await page.getByRole("button", { name: "Total" }).click();
  const sorted = await resultsTable(page);
  const totals = sorted.rows.map((row) => row.values.at(-1)!);
  expect(totals).toEqual([...totals].sort((a, b) => b - a));
  expect((await chartSeries(page)).map((line) => line.label)).toEqual(
    sorted.rows.map((row) => row.label).filter((label) => label !== hiddenLabel),
  );

  // The CSV is the table: its header and its rows, in the table's order.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download CSV" }).click()]);
  const csv = readFileSync((await download.path())!, "utf8")
    .trimEnd()
    .split("\r\n");
  const quote = (text: string) => (/[",]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  // Its date columns carry their year: the days as the API writes them.
  expect(download.suggestedFilename()).toBe("trend.csv");
  expect(csv).toEqual([
    ["Series", ...api[0].days, "Total"].join(","),
    ...sorted.rows.map((row) => [quote(row.label), ...row.values].join(",")),
  ]);

  // A table cell opens the persons behind it.
  const cell = page.getByRole("button", { name: /^Persons of A\. \$pageview \(current/ }).first();
  await cell.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("table", { name: "Persons" }).locator("tbody tr").first()).toBeVisible();
  await expect(dialog.getByRole("table", { name: "Persons" })).not.toContainText("Nobody is counted here");
  await expectAccessible(page, "persons dialog");
  await page.screenshot({ path: "/tmp/trends-persons-dialog.png" });
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // The saved insight keeps its formulas and draws them again.
  await page.getByLabel("Insight name").fill(`Formulas ${Date.now()}`);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/insights/[A-Za-z0-9]+$`));
  await expect(page.getByRole("table", { name: "Trend results" })).toContainText("Formula (A+B)");
});

test("filter groups, breakdown with Other, and every display, light and dark", async ({ page }) => {
  // Eighteen pages, each computing a breakdown.
  test.setTimeout(480_000);
  await signInAsDemo(page);
  const projectId = demoProjectId();
  const base = {
    insight: "TRENDS",
    events: [
      { id: "$pageview", type: "events", order: 0, name: "$pageview", math: "total" },
      { id: "$pageview", type: "events", order: 1, name: "$pageview", math: "dau" },
    ],
    date_from: "-30d",
    interval: "week",
    breakdown: "$browser",
    breakdown_type: "event",
    breakdown_limit: 3,
    properties: {
      type: "OR",
      values: [
        { type: "AND", values: [{ key: "$browser", operator: "is_set", type: "event" }] },
        { type: "AND", values: [{ key: "$os", operator: "is_set", type: "event" }] },
      ],
    },
  };
  await page.setViewportSize({ width: 1440, height: 1000 });
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.addInitScript((value) => localStorage.setItem("theme", value), theme);
    for (const display of [
      "ActionsLineGraph",
      "ActionsAreaGraph",
      "ActionsLineGraphCumulative",
      "ActionsBar",
      "ActionsStackedBar",
      "ActionsTable",
      "ActionsPie",
      "ActionsBarValue",
      "BoldNumber",
    ]) {
      const filters =
        display === "BoldNumber" ? { ...base, events: base.events.slice(0, 1), breakdown: undefined, compare: true } : { ...base, display };
      await page.goto(`/project/${projectId}/insights/new?${filtersToSearchParams({ ...filters, display })}`);
      await expect(page.getByRole("table", { name: "Trend results" })).toBeVisible({ timeout: 60_000 });
      const api = await postTrend(page, urlFilters(page));
      await expect(page.getByRole("table", { name: "Trend results" }).locator("tbody tr")).toHaveCount(api.length);
      if (display !== "ActionsTable") await expect(page.getByTestId("trend-chart")).toBeVisible();
      if (display === "ActionsLineGraph") {
        // The breakdown keeps 3 values and groups the rest as Other, per series.
        expect(api.map((item) => item.label)).toContainEqual(expect.stringContaining("$$_posthog_breakdown_other_$$"));
        await expect(page.getByRole("table", { name: "Trend results" })).toContainText("· Other");
        await expect(page.getByRole("group", { name: "Filter group 2" })).toBeVisible();
        if (theme === "light") await expectAccessible(page, "trend with breakdown and filter groups");
      }
      await page.screenshot({ path: `/tmp/trends-${display}-${theme}.png`, fullPage: true });
    }
  }
});
