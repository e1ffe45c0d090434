import { expect, type Page } from "@playwright/test";
import { formatCount } from "../lib/ui/format";
import { analysisOfPage, filtersInUrl, settled, untilMatchesApi } from "./analysis";
import { demoProjectId, expectAccessible, screenshotThemes, signInAsDemo, test } from "./support";

interface Item {
  label: string;
  labels: string[];
  days: number[];
  data: number[];
  compare?: boolean;
}

/** Each table row (a series, or its previous period) shows the API's persons per number of intervals. */
async function expectTableMatchesApiOnce(page: Page, projectId: number) {
  const items = await analysisOfPage<Item[]>(page, "trend", projectId);
  const table = page.getByTestId("stickiness-table");
  const header = await table.locator("thead th").allTextContents();
  // Compared periods come labelled by position ("week 0"); the table counts them as the current period does.
  const interval = String(filtersInUrl(page).interval ?? "day");
  expect(header.slice(2)).toEqual(items[0].compare ? items[0].days.map((k) => `${k} ${interval}${k === 1 ? "" : "s"}`) : items[0].labels);
  const shown = await table
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll("td")].map((td) => td.textContent)));
  expect(shown).toEqual(items.map((item) => [formatCount(item.data.reduce((a, b) => a + b, 0)), ...item.data.map(formatCount)]));
  expect(items[0].data.some((n) => n > 0)).toBe(true);
  return items;
}

const expectTableMatchesApi = (page: Page, projectId: number) => untilMatchesApi(page, () => expectTableMatchesApiOnce(page, projectId));

test("stickiness: counts equal the API's through interval, compare and chart type changes", async ({ page }) => {
  // A long journey (several recomputations, two axe scans, four screenshots) on a shared machine.
  test.setTimeout(150_000);
  await signInAsDemo(page);
  const projectId = demoProjectId();
  await page.goto(`/project/${projectId}/insights/new`);
  await page.getByRole("tab", { name: "Stickiness" }).click();
  await settled(page, /insight=STICKINESS/);
  await expect(page.getByTestId("stickiness-table")).toBeVisible();
  const daily = await expectTableMatchesApi(page, projectId);
  expect(daily[0].labels[0]).toBe("1 day");
  await expectAccessible(page, "stickiness");

  // A count lists its persons.
  await page.getByRole("button", { name: /^[\d,]+ persons of \$pageview in 1 day: list them$/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "$pageview · 1 day" })).toBeVisible();
  await expect(dialog.locator("tbody tr").first()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await screenshotThemes(page, "retpaths-stickiness-line");

  await page.getByRole("combobox", { name: "Interval" }).click();
  await page.getByRole("option", { name: "Weeks" }).click();
  await settled(page, /interval=week/);
  const weekly = await expectTableMatchesApi(page, projectId);
  expect(weekly[0].labels[0]).toBe("1 week");

  await page.getByLabel("Compare to previous period").click();
  await settled(page, /compare=true/);
  const compared = await expectTableMatchesApi(page, projectId);
  expect(compared).toHaveLength(2);
  await expect(page.getByRole("rowheader", { name: "$pageview (previous period)" })).toBeVisible();

  await page.getByRole("combobox", { name: "Chart type" }).click();
  await page.getByRole("option", { name: "Bar chart" }).click();
  await settled(page, /display=ActionsBar/);
  await expect(page.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expectTableMatchesApi(page, projectId);
  await expectAccessible(page, "stickiness, bars with compare");
  await screenshotThemes(page, "retpaths-stickiness-bar");
});
