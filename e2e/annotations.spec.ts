import { expect, type Page } from "@playwright/test";
import {
  createInsightWithApi,
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

const TREND = { insight: "TRENDS", events: [{ id: "$pageview", type: "events", math: "total" }], date_from: "-7d", interval: "day" };

/** `days` days ago at noon UTC (the new project's time zone), as a datetime-local input takes it. */
const noonDaysAgo = (days: number) => `${daysAgo(days).slice(0, 10)}T12:00`;

const markers = (page: Page) => page.getByTestId("trend-chart").getByTestId("annotation-marker");

test("annotations: made on the list, drawn on a trend with their text on hover, added from a point, edited, deleted", async ({ page }) => {
  test.setTimeout(180_000);
  await signUpWithApi(page.request, newAccount("Hazel"));
  const project = await currentProject(page.request);
  await sendEventsWithApi(
    page.request,
    project.token,
    [1, 2, 3, 4, 5, 6].map((days) => ({ event: "$pageview", distinct_id: `p${days}`, timestamp: daysAgo(days) })),
  );
  const insight = await createInsightWithApi(page, project.id, { name: "Daily pageviews", filters: TREND });
  const dashboard = await page.request.post(`/api/projects/${project.id}/dashboards/`, {
    data: { name: "Board" },
    headers: sameOrigin(page),
  });
  const dashboardId = ((await dashboard.json()) as { id: number }).id;
  await page.request.patch(`/api/projects/${project.id}/insights/${insight.id}/`, {
    data: { dashboards: [dashboardId] },
    headers: sameOrigin(page),
  });

  // The list, reached from the sidebar: empty at first.
  await page.goto(`/project/${project.id}`);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Data management" }).click();
  await page.getByRole("navigation", { name: "Data management" }).getByRole("link", { name: "Annotations" }).click();
  await expect(page).toHaveURL(`/project/${project.id}/data-management/annotations`);
  await expect(page.getByText("No annotations yet.")).toBeVisible();
  await expectAccessibleInBothThemes(page, "annotations, empty");

  // A project-wide annotation, three days ago.
  await page.getByRole("button", { name: "New annotation" }).click();
  const dialog = page.getByRole("dialog", { name: "New annotation" });
  await expect(dialog.getByRole("textbox", { name: "Note" })).toBeFocused();
  await page.keyboard.type("Launched pricing v2");
  await dialog.getByLabel("Date and time").fill(noonDaysAgo(3));
  await expectAccessibleInBothThemes(page, "new annotation");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  const table = page.getByRole("table", { name: "Annotations" });
  await expect(table.getByRole("row", { name: /Launched pricing v2/ })).toContainText("This project");

  // On the insight's chart: a marker whose text shows on hover, and on focus.
  await page.goto(`/project/${project.id}/insights/${insight.short_id}`);
  await expect(markers(page)).toHaveCount(1, { timeout: 60_000 });
  await expect(markers(page)).toHaveAttribute("aria-label", /Launched pricing v2/);
  await markers(page).hover();
  await expect(page.getByRole("tooltip")).toContainText("Launched pricing v2");
  await expectAccessibleInBothThemes(page, "trend with an annotation");
  await screenshotThemes(page, "annotations-trend");

  // A click on a point offers the persons and an annotation at its date (for this insight).
  const plot = page.getByTestId("trend-plot");
  const box = (await plot.boundingBox())!;
  await page.mouse.move(0, 0);
  // As a person does: the point's tooltip shows, then the click.
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5, { steps: 5 });
  await expect(page.getByTestId("trend-plot").locator(".recharts-tooltip-wrapper")).toBeVisible();
  await page.mouse.down();
  await page.mouse.up();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "See the persons" })).toBeVisible();
  const addItem = menu.getByRole("menuitem", { name: /^Add annotation on / });
  const pointDay = (await addItem.textContent())!.replace(/^.*Add annotation on /, "").trim();
  await addItem.click();
  const fromPoint = page.getByRole("dialog", { name: "New annotation" });
  const dayFormat = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", timeZone: "UTC" });
  await expect.poll(async () => dayFormat.format(new Date(`${await fromPoint.getByLabel("Date and time").inputValue()}Z`))).toBe(pointDay);
  await expect(fromPoint.getByLabel("Date and time")).toHaveValue(/T00:00$/);
  await expect(fromPoint.getByRole("combobox", { name: "Shown on" })).toHaveText("This insight");
  await fromPoint.getByRole("textbox", { name: "Note" }).fill("Spike from the newsletter");
  await fromPoint.getByRole("button", { name: "Add annotation" }).click();
  await expect(fromPoint).toBeHidden();
  await expect(markers(page).and(page.locator('[aria-label*="Spike from the newsletter"]'))).toHaveCount(1);

  // The dashboard's tile draws both (the insight's own and the project's).
  await page.goto(`/project/${project.id}/dashboard/${dashboardId}`);
  const tile = page.getByRole("article", { name: "Daily pageviews" });
  await expect(tile.getByTestId("annotation-marker").and(page.locator('[aria-label*="Launched pricing v2"]'))).toHaveCount(1, {
    timeout: 60_000,
  });
  await expect(tile.getByTestId("annotation-marker").and(page.locator('[aria-label*="Spike from the newsletter"]'))).toHaveCount(1);

  // Edit, then delete, from the list.
  await page.goto(`/project/${project.id}/data-management/annotations`);
  await table.getByRole("button", { name: "Edit Launched pricing v2" }).click();
  const edit = page.getByRole("dialog", { name: "Edit annotation" });
  await expect(edit.getByLabel("Date and time")).toHaveValue(noonDaysAgo(3));
  await edit.getByRole("textbox", { name: "Note" }).fill("Launched pricing v3");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(table.getByRole("row", { name: /Launched pricing v3/ })).toBeVisible();
  await expect(table.getByRole("row", { name: /Spike from the newsletter/ })).toContainText("Insight: Daily pageviews");
  await screenshotThemes(page, "annotations-list");

  await table.getByRole("button", { name: "Delete Launched pricing v3" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete annotation" }).click();
  await expect(table.getByRole("row", { name: /Launched pricing v3/ })).toBeHidden();
  await expect(table.getByRole("row", { name: /Spike from the newsletter/ })).toBeVisible();
  await page.goto(`/project/${project.id}/insights/${insight.short_id}`);
  await expect(markers(page)).toHaveCount(1, { timeout: 60_000 });
  await expect(markers(page)).toHaveAttribute("aria-label", /Spike from the newsletter/);
});
