import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import {
  currentProject,
  daysAgo,
  expectAccessibleInBothThemes,
  newAccount,
  sameOrigin,
  screenshotThemes,
  sendEventsWithApi,
  signUpWithApi,
  test,
} from "./support";

const COUNTS = "SELECT event, count() AS total FROM events GROUP BY event ORDER BY total DESC, event";

const editor = (page: Page) => page.getByRole("textbox", { name: "HogQL query" });

/** Replaces the editor's text as a paste would (no completion popping up mid-word), then runs it from the keyboard. */
async function runInEditor(page: Page, query: string) {
  await editor(page).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(query);
  await page.keyboard.press("Control+Enter");
}

/** The result table's body rows as their cells' texts. */
const tableRows = (page: Page) =>
  page
    .getByRole("table", { name: "Query result" })
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent ?? "")));

test("the SQL editor: run from the keyboard, sort, download, chart, errors in place, history, save as insight", async ({ page }) => {
  test.setTimeout(240_000);
  await signUpWithApi(page.request, newAccount("Quinn", "Query Farm"));
  const project = await currentProject(page.request);
  await sendEventsWithApi(page.request, project.token, [
    { event: "$pageview", distinct_id: "a", timestamp: daysAgo(1), properties: { plan: "pro" } },
    { event: "$pageview", distinct_id: "b", timestamp: daysAgo(2), properties: { plan: "free" } },
    { event: "$pageview", distinct_id: "c", timestamp: daysAgo(3), properties: { plan: "free" } },
    { event: "signed_up", distinct_id: "a", timestamp: daysAgo(1), properties: { plan: "pro" } },
    { event: "signed_up", distinct_id: "b", timestamp: daysAgo(2), properties: { plan: "free" } },
    { event: "purchase", distinct_id: "a", timestamp: daysAgo(1), properties: { plan: "pro" } },
  ]);

  // From the sidebar; nothing run yet.
  await page.goto(`/project/${project.id}`);
  await page.getByRole("link", { name: "SQL editor" }).first().click();
  await expect(page.getByRole("heading", { name: "SQL editor" })).toBeVisible();
  await expect(page.getByText("Run a query to see its rows.")).toBeVisible();
  await expect(page.getByText("Queries you run are listed here")).toBeVisible();
  await expectAccessibleInBothThemes(page, "SQL editor, empty");

  // Completion offers the taxonomy's property names after `properties.`.
  await editor(page).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("SELECT properties.pl");
  await expect(page.getByRole("option", { name: /plan/ })).toBeVisible();
  await page.keyboard.press("Escape");

  // Ctrl+Enter runs: rows as the query counts them.
  await runInEditor(page, COUNTS);
  await expect(page.getByRole("status").filter({ hasText: "3 rows." })).toBeVisible();
  expect(await tableRows(page)).toEqual([
    ["$pageview", "3"],
    ["signed_up", "2"],
    ["purchase", "1"],
  ]);

  // Sorting by a column header (a number column sorts descending first), then the other way.
  const result = page.getByRole("table", { name: "Query result" });
  await result.getByRole("button", { name: "total" }).click();
  await expect(result.getByRole("columnheader", { name: "total" })).toHaveAttribute("aria-sort", "descending");
  await result.getByRole("button", { name: "total" }).click();
  await expect(result.getByRole("columnheader", { name: "total" })).toHaveAttribute("aria-sort", "ascending");
  expect((await tableRows(page)).map((row) => row[1])).toEqual(["1", "2", "3"]);
  await result.getByRole("button", { name: "event" }).click();
  expect((await tableRows(page)).map((row) => row[0])).toEqual(["$pageview", "purchase", "signed_up"]);

  // CSV of the rows.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "CSV" }).click()]);
  expect(readFileSync((await download.path())!, "utf8")).toBe("event,total\r\n$pageview,3\r\nsigned_up,2\r\npurchase,1\r\n");

  // A bar chart of total by event (the columns chosen by default), then a number.
  await page.getByRole("button", { name: "Bar", exact: true }).click();
  await expect(page.getByRole("figure", { name: "total by event" })).toBeVisible();
  await expect(page.locator(".recharts-bar-rectangle")).toHaveCount(3);
  await screenshotThemes(page, "sql-editor-chart");
  await expectAccessibleInBothThemes(page, "SQL editor, chart");

  // An error is marked where it is in the text.
  await runInEditor(page, "SELECT event,\n  nope\nFROM events");
  await expect(page.getByTestId("sql-error")).toContainText("Unable to resolve field: nope");
  await expect(page.getByTestId("sql-error")).toContainText("line 2, column 3");
  await expect(page.locator(".cm-lintRange-error")).toHaveText("nope");
  await screenshotThemes(page, "sql-editor-error");
  await expectAccessibleInBothThemes(page, "SQL editor, error");

  // Cancel aborts the request under way.
  await page.route("**/query/", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await route.continue().catch(() => undefined);
  });
  await runInEditor(page, "SELECT 1");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByText("The query was cancelled.")).toBeVisible();
  await page.unrouteAll({ behavior: "ignoreErrors" });

  // History: the queries run, newest first; choosing one puts it back.
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByRole("button")).toHaveCount(3);
  await history.getByRole("button", { name: /GROUP BY event/ }).click();
  await expect(editor(page)).toContainText("GROUP BY event");

  // Save as insight: its page draws the chosen chart; a dashboard draws it as a tile.
  await editor(page).click();
  await page.keyboard.press("Control+Enter");
  await expect(page.getByRole("status").filter({ hasText: "3 rows." })).toBeVisible();
  await page.getByRole("button", { name: "Bar", exact: true }).click();
  await page.getByRole("button", { name: "Save as insight" }).click();
  await page.getByLabel("Name").fill("Events by name");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/insights\/\w+$/);
  await expect(page.getByRole("heading", { name: "Events by name" })).toBeVisible();
  await expect(page.locator(".recharts-bar-rectangle")).toHaveCount(3);
  await expectAccessibleInBothThemes(page, "SQL insight");

  const shortId = page.url().split("/").pop();
  const insight = (await (await page.request.get(`/api/projects/${project.id}/insights/?short_id=${shortId}`)).json()).results[0];
  expect(insight.query).toMatchObject({
    kind: "DataVisualizationNode",
    source: { kind: "HogQLQuery", query: COUNTS },
    display: "ActionsBar",
  });
  const dashboard = await (
    await page.request.post(`/api/projects/${project.id}/dashboards/`, { data: { name: "SQL board" }, headers: sameOrigin(page) })
  ).json();
  await page.request.patch(`/api/projects/${project.id}/insights/${insight.id}/`, {
    data: { dashboards: [dashboard.id] },
    headers: sameOrigin(page),
  });
  await page.goto(`/project/${project.id}/dashboard/${dashboard.id}`);
  const tile = page.getByRole("article", { name: "Events by name" });
  await expect(tile.locator(".recharts-bar-rectangle")).toHaveCount(3, { timeout: 30_000 });
  await screenshotThemes(page, "sql-editor-tile");
});

test("{filters} in the SQL editor: a date range beside Run reruns the query, and is saved with the insight", async ({ page }) => {
  await signUpWithApi(page.request, newAccount("Fern", "Filter Farm"));
  const project = await currentProject(page.request);
  await sendEventsWithApi(page.request, project.token, [
    { event: "$pageview", distinct_id: "a", timestamp: daysAgo(1) },
    { event: "$pageview", distinct_id: "b", timestamp: daysAgo(2) },
    { event: "$pageview", distinct_id: "c", timestamp: daysAgo(40) },
  ]);
  await page.goto(`/project/${project.id}/sql`);
  // No placeholder, no range.
  await runInEditor(page, "SELECT count() AS total FROM events");
  await expect(page.getByRole("button", { name: /^Date range/ })).toHaveCount(0);

  await runInEditor(page, "SELECT count() AS total FROM events WHERE {filters}");
  await expect(page.getByRole("status").filter({ hasText: "1 row." })).toBeVisible();
  expect(await tableRows(page)).toEqual([["3"]]);
  const range = page.getByRole("button", { name: "Date range: All time" });
  await range.click();
  await page.getByRole("button", { name: "Last 7 days" }).click();
  await expect(page.getByRole("button", { name: "Date range: Last 7 days" })).toBeFocused();
  await expect.poll(() => tableRows(page)).toEqual([["2"]]);
  await expectAccessibleInBothThemes(page, "SQL editor, {filters}");

  await page.getByRole("button", { name: "Save as insight" }).click();
  await page.getByLabel("Name").fill("Recent views");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Recent views" })).toBeVisible();
  await expect(page.getByText("2", { exact: true })).toBeVisible();
  const shortId = page.url().split("/").pop();
  const insight = (await (await page.request.get(`/api/projects/${project.id}/insights/?short_id=${shortId}`)).json()).results[0];
  expect(insight.query.source).toMatchObject({ filters: { dateRange: { date_from: "-7d" } } });
});
