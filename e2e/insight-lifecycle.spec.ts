import { expect, type Page } from "@playwright/test";
import { formatBucket } from "../components/insights/trends/results";
import { formatValue } from "../lib/ui/format";
import { analysisOfPage, settled } from "./analysis";
import {
  currentProject,
  daysAgo,
  expectAccessible,
  newAccount,
  sameOrigin,
  screenshotThemes,
  sendEventsWithApi,
  signUpWithApi,
  test,
} from "./support";

interface Item {
  status: "new" | "returning" | "resurrecting" | "dormant";
  data: number[];
  days: string[];
  count: number;
}

const STATUSES = ["new", "returning", "resurrecting", "dormant"];

/** What the chart draws, as its container records it: each shown status with its values. */
const drawn = async (page: Page) =>
  JSON.parse((await page.getByTestId("lifecycle-chart").first().getAttribute("data-series")) ?? "[]") as {
    status: string;
    data: number[];
  }[];

/** The results table's rows: each status's values per day, then its total, as shown. */
const tableRows = (page: Page) =>
  page
    .getByRole("table", { name: "Trend results" })
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll("td")].slice(1).map((td) => td.textContent)));

test("lifecycle: bars and table equal the API's, a bar lists its persons, statuses toggle and save to a tile", async ({ page }) => {
  // Several analyses, two axe scans per theme and a dashboard on a shared machine.
  test.setTimeout(180_000);
  await signUpWithApi(page.request, newAccount("Lily", "Lifecycle Farm"));
  const project = await currentProject(page.request);
  // a: new, returning twice, then dormant. b: new, dormant, back (resurrecting), dormant again. c: new yesterday.
  await sendEventsWithApi(page.request, project.token, [
    ...[5, 4, 3].map((days) => ({ event: "$pageview", distinct_id: "a", timestamp: daysAgo(days) })),
    ...[9, 2].map((days) => ({ event: "$pageview", distinct_id: "b", timestamp: daysAgo(days) })),
    { event: "$pageview", distinct_id: "c", timestamp: daysAgo(1) },
    { event: "signed_up", distinct_id: "c", timestamp: daysAgo(1) },
  ]);

  await page.goto(`/project/${project.id}/insights/new`);
  await page.getByRole("tab", { name: "Lifecycle" }).click();
  await settled(page, /insight=LIFECYCLE/);
  // One series and nothing the API refuses: no second series, no breakdown, no compare.
  await expect(page.getByRole("combobox", { name: "Series A" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Add series/ })).toHaveCount(0);
  await expect(page.getByText(/breakdown/i)).toHaveCount(0);
  await expect(page.getByLabel("Compare to previous period")).toHaveCount(0);

  const items = await analysisOfPage<Item[]>(page, "trend", project.id);
  expect(items.map((item) => item.status)).toEqual(STATUSES);
  for (const status of STATUSES) expect(items.find((item) => item.status === status)!.data.some(Boolean), status).toBe(true);
  await expect.poll(() => drawn(page)).toEqual(items.map(({ status, data }) => ({ status, data })));
  expect(await tableRows(page)).toEqual(items.map((item) => [...item.data.map(formatValue), formatValue(item.count)]));

  // The y axis spans the tallest active stack and the deepest dormant one (a few persons: in steps of one), no more.
  const stack = (sign: 1 | -1) =>
    Math.max(
      ...items[0].data.map((_, i) => sign * items.reduce((sum, item) => sum + (Math.sign(item.data[i]) === sign ? item.data[i] : 0), 0)),
    );
  const yTicks = page.locator(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value");
  await expect(yTicks.first()).toHaveText(String(-stack(-1)));
  await expect(yTicks.last()).toHaveText(String(stack(1)));

  // The tooltip of an interval names the four statuses with their numbers.
  const newBars = page.locator(".recharts-bar").first().locator("path.recharts-rectangle");
  await newBars.first().hover();
  const tooltip = page.getByTestId("chart-tooltip");
  await expect(tooltip).toBeVisible();
  for (const label of ["New", "Returning", "Resurrecting", "Dormant"]) await expect(tooltip).toContainText(label);

  // A bar lists its persons: the first new bar.
  const news = items[0];
  const first = news.data.findIndex(Boolean);
  await newBars.first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: `New · ${formatBucket(news.days[first], "day")}` })).toBeVisible();
  await expect(dialog.locator("tbody tr")).toHaveCount(news.data[first]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // A dormant cell of the table lists the persons who stopped that day.
  const dormant = items[3];
  const gone = dormant.data.findIndex(Boolean);
  await page
    .getByRole("button", {
      name: `Persons of A. $pageview - dormant on ${formatBucket(dormant.days[gone], "day")}: ${formatValue(dormant.data[gone])}`,
    })
    .click();
  await expect(dialog.locator("tbody tr")).toHaveCount(-dormant.data[gone]);
  await page.keyboard.press("Escape");

  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expectAccessible(page, `lifecycle builder, ${theme}`);
  }
  await page.emulateMedia({ colorScheme: null });

  // The legend turns a status off: the chart drops it, the table unticks it, nothing is recomputed.
  let posted = 0;
  page.on("request", (request) => request.url().includes("/insights/trend/") && posted++);
  const returning = page.getByRole("group", { name: "Statuses shown" }).getByRole("button", { name: "Returning" });
  await expect(returning).toHaveAttribute("aria-pressed", "true");
  await returning.click();
  await settled(page, /toggledLifecycles/);
  await expect(returning).toHaveAttribute("aria-pressed", "false");
  await expect.poll(async () => (await drawn(page)).map((s) => s.status)).toEqual(["new", "resurrecting", "dormant"]);
  await expect(page.getByRole("checkbox", { name: "Show A. $pageview - returning on the chart" })).not.toBeChecked();
  expect(posted).toBe(0);
  await screenshotThemes(page, "i29-lifecycle-builder");

  // Saved, the insight keeps the toggled statuses, and so does its dashboard tile.
  await page.getByRole("textbox", { name: "Insight name" }).fill("Pageview lifecycle");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/insights\/\w+$/);
  const shortId = page.url().split("/").at(-1);
  await expect.poll(async () => (await drawn(page)).map((s) => s.status)).toEqual(["new", "resurrecting", "dormant"]);
  const saved = (await (await page.request.get(`/api/projects/${project.id}/insights/?short_id=${shortId}`)).json()).results[0];
  expect(saved.filters).toMatchObject({ insight: "LIFECYCLE", toggledLifecycles: ["new", "resurrecting", "dormant"] });

  // The saved insights list names its kind and finds it by type.
  await page.goto(`/project/${project.id}/insights`);
  const list = page.getByRole("table", { name: "Saved insights" });
  await expect(list.getByRole("row", { name: /Pageview lifecycle/ })).toContainText("Lifecycle");
  await page.getByLabel("Type").click();
  await page.getByRole("option", { name: "Lifecycle" }).click();
  await expect(page).toHaveURL(/[?&]type=LIFECYCLE/);
  await expect(list.getByRole("row")).toHaveCount(2);

  const dashboard = await (
    await page.request.post(`/api/projects/${project.id}/dashboards/`, { data: { name: "Growth" }, headers: sameOrigin(page) })
  ).json();
  const placed = await page.request.patch(`/api/projects/${project.id}/insights/${saved.id}/`, {
    data: { dashboards: [dashboard.id] },
    headers: sameOrigin(page),
  });
  expect(placed.status()).toBe(200);
  await page.goto(`/project/${project.id}/dashboard/${dashboard.id}`);
  const tile = page.getByRole("article", { name: "Pageview lifecycle" });
  await expect(tile.locator("path.recharts-rectangle").first()).toBeVisible({ timeout: 30_000 });
  const tileSeries = JSON.parse((await tile.getByTestId("lifecycle-chart").getAttribute("data-series")) ?? "[]");
  expect(tileSeries).toEqual(items.filter((item) => item.status !== "returning").map(({ status, data }) => ({ status, data })));
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expectAccessible(page, `a dashboard with a lifecycle tile, ${theme}`);
  }
  await screenshotThemes(page, "i29-lifecycle-tile");
});
