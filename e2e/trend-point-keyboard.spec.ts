import { expect } from "@playwright/test";
import {
  createInsightWithApi,
  currentProject,
  daysAgo,
  expectAccessibleInBothThemes,
  newAccount,
  sendEventsWithApi,
  signUpWithApi,
  test,
} from "./support";

const TREND = { insight: "TRENDS", events: [{ id: "$pageview", type: "events", math: "total" }], date_from: "-7d", interval: "day" };

test("a trend's point menu by keyboard: arrows move along the dates, Enter opens the menu, Escape gives the focus back", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpWithApi(page.request, newAccount("Rowan"));
  const project = await currentProject(page.request);
  await sendEventsWithApi(
    page.request,
    project.token,
    [1, 2, 3, 4, 5].map((days) => ({ event: "$pageview", distinct_id: `p${days}`, timestamp: daysAgo(days) })),
  );
  const insight = await createInsightWithApi(page, project.id, { name: "Daily pageviews", filters: TREND });
  await page.goto(`/project/${project.id}/insights/${insight.short_id}`);

  // The plot is in the tab order, named for what the keys do.
  const plot = page.getByTestId("trend-plot").locator("svg.recharts-surface");
  await expect(plot).toHaveAttribute("tabindex", "0", { timeout: 60_000 });
  await expect(plot.locator("title")).toHaveText(/arrow keys move between dates, Enter opens/);
  await plot.focus();
  const tooltip = page.getByTestId("trend-plot").locator(".recharts-tooltip-wrapper");
  await expect(tooltip).toBeVisible();
  const first = await tooltip.textContent();
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  await expect(tooltip).not.toHaveText(first ?? "");
  const day = (await tooltip.textContent()) ?? "";

  // Enter opens the point's menu, for the date the tooltip is on.
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  const add = menu.getByRole("menuitem", { name: /^Add annotation on / });
  const menuDay = (await add.textContent())!.replace(/^.*Add annotation on /, "").trim();
  expect(day).toContain(menuDay);
  await expectAccessibleInBothThemes(page, "trend point menu by keyboard");

  // Escape closes it and the focus is back on the plot; the arrows go on from there.
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(plot).toBeFocused();

  // Enter again, down to "Add annotation", Enter: the dialog at that date; closing it gives the focus back too.
  await page.keyboard.press("Enter");
  await expect(menu).toBeVisible();
  // "See the persons" comes first when the point has persons.
  const items = await menu.getByRole("menuitem").count();
  for (let i = 0; i < items; i++) await page.keyboard.press("ArrowDown");
  await expect(add).toBeFocused();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "New annotation" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(plot).toBeFocused();
});
