import { expect, type Page } from "@playwright/test";
import { formatCount, formatPercent } from "../lib/ui/format";
import { filtersToSearchParams } from "../lib/insights/builder/url-state";
import { analysisOfPage, settled, untilMatchesApi } from "./analysis";
import { demoProjectId, expectAccessible, screenshotThemes, signInAsDemo, test } from "./support";

interface Row {
  values: { count: number }[];
}

/** The table's rows (after the mean) read as [persons, …percentages], equal to the API's for the page's filter. */
async function expectTableMatchesApiOnce(page: Page, projectId: number) {
  const result = await analysisOfPage<Row[]>(page, "retention", projectId);
  const expected = result.map((row) => {
    const size = row.values[0]?.count ?? 0;
    return [formatCount(size), ...row.values.map((v) => (size ? formatPercent(v.count / size) : "—"))];
  });
  const table = page.getByTestId("retention-table");
  const shown = await table
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.slice(1).map((row) => [...row.querySelectorAll("td")].map((td) => td.textContent ?? "").filter((text) => text !== "")),
    );
  expect(shown).toEqual(expected);
  expect(result.some((row) => (row.values[0]?.count ?? 0) > 0)).toBe(true);
  return result;
}

const expectTableMatchesApi = (page: Page, projectId: number) => untilMatchesApi(page, () => expectTableMatchesApiOnce(page, projectId));

test("retention: cohorts and percentages equal the API's, through period, intervals and cohortizing changes", async ({ page }) => {
  // A long journey (several recomputations, two axe scans, four screenshots) on a shared machine.
  test.setTimeout(150_000);
  await signInAsDemo(page);
  const projectId = demoProjectId();
  await page.goto(`/project/${projectId}/insights/new`);
  await page.getByRole("tab", { name: "Retention" }).click();
  await settled(page, /insight=RETENTION/);
  await expect(page.getByTestId("retention-table")).toBeVisible();
  await expect(page.locator(".recharts-line").first()).toBeVisible();
  await expectTableMatchesApi(page, projectId);
  await expectAccessible(page, "retention, daily");
  await screenshotThemes(page, "retpaths-retention-daily");

  // Weekly periods: the header and every cohort follow.
  await page.getByRole("combobox", { name: "Period" }).click();
  await page.getByRole("option", { name: "Weekly" }).click();
  await settled(page, /period=Week/);
  await expect(page.getByRole("columnheader", { name: "Week 0" })).toBeVisible();
  await expectTableMatchesApi(page, projectId);

  // Five intervals: five cohorts.
  const intervals = page.getByLabel("Number of weeks");
  await intervals.fill("5");
  await intervals.press("Enter");
  await settled(page, /total_intervals=5/);
  const result = await expectTableMatchesApi(page, projectId);
  expect(result).toHaveLength(5);

  // Recurring cohorts count a person in every week they did the event.
  await page.getByRole("combobox", { name: "Cohortizing: first time or recurring" }).click();
  await page.getByRole("option", { name: "recurringly" }).click();
  await settled(page, /retention_type=retention_recurring/);
  await expect(page.getByText("one person can start several cohorts")).toBeVisible();
  await expectTableMatchesApi(page, projectId);

  // The test-accounts toggle reaches the filter.
  await page.getByLabel("Filter out internal and test users").click();
  await settled(page, /filter_test_accounts=true/);
  await expectTableMatchesApi(page, projectId);
  await expectAccessible(page, "retention, weekly recurring");
  await screenshotThemes(page, "retpaths-retention-weekly");

  // Back undoes the last change.
  await page.goBack();
  await expect(page).not.toHaveURL(/filter_test_accounts/);
});

test("retention persons: a cohort's cell lists the cohort's persons with the weeks each came back in", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsDemo(page);
  const projectId = demoProjectId();
  await page.goto(
    `/project/${projectId}/insights/new?${filtersToSearchParams({ insight: "RETENTION", period: "Week", total_intervals: 5 })}`,
  );
  await settled(page);
  await expect(page.getByTestId("retention-table")).toBeVisible();
  const result = await analysisOfPage<(Row & { people_url: string })[]>(page, "retention", projectId);
  const cohort = result.findIndex((row) => (row.values[1]?.count ?? 0) > 0);
  expect(cohort).toBeGreaterThanOrEqual(0);
  const row = result[cohort];

  // The cell's button names its cohort, interval and persons; it opens the row's persons.
  const cell = page
    .getByRole("button", { name: new RegExp(`, Week 1: ${formatCount(row.values[1].count)} persons, .* Show them\\.$`) })
    .nth(result.slice(0, cohort).filter((r) => r.values[1]?.count === row.values[1].count).length);
  await cell.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading")).toContainText(
    `${formatCount(row.values[0].count)} persons, ${formatCount(row.values[1].count)} back in Week 1`,
  );
  const table = dialog.getByRole("table", { name: "Persons" });
  await expect(table.getByRole("columnheader", { name: "Week 4" })).toHaveCount(cohort === 0 ? 1 : 0);

  // The first page is the API's: its persons, each marked in the weeks it came back.
  const page1 = await (await page.request.get(row.people_url)).json();
  const people = page1.result as { person: { distinct_ids: string[] }; appearances: number[] }[];
  await expect(table.locator("tbody tr")).toHaveCount(people.length);
  expect(people.length).toBe(Math.min(row.values[0].count, 100));
  const shown = await table
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((tr) => [...tr.querySelectorAll("td")].slice(3).map((td) => (td.querySelector("svg") ? 1 : 0))));
  // (The API answers every interval of the filter; a later cohort's row has fewer.)
  expect(shown).toEqual(people.map((p) => p.appearances.slice(0, row.values.length)));
  // Everyone of the cohort is there in week 0; the page's week-1 marks are at most the cell's count.
  expect(shown.every((marks) => marks[0] === 1)).toBe(true);
  expect(shown.filter((marks) => marks[1] === 1).length).toBeLessThanOrEqual(row.values[1].count);
  await expectAccessible(page, "retention persons");
  await screenshotThemes(page, "retention-persons");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
});
