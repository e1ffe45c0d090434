import { expect } from "@playwright/test";
import {
  createInsightWithApi,
  currentProject,
  daysAgo,
  expectAccessibleInBothThemes,
  newAccount,
  screenshotThemes,
  sendEventsWithApi,
  signUpWithApi,
  test,
} from "./support";

const TREND = { insight: "TRENDS", events: [{ id: "$pageview", type: "events", math: "total" }], date_from: "-7d", interval: "day" };

test("alerts: made from a saved insight's menu, checked at once, edited and deleted by keyboard", async ({ page }) => {
  test.setTimeout(180_000);
  await signUpWithApi(page.request, newAccount("Alder"));
  const project = await currentProject(page.request);
  // Yesterday (the last complete day) had four pageviews.
  await sendEventsWithApi(
    page.request,
    project.token,
    [1, 2, 3, 4].map((i) => ({ event: "$pageview", distinct_id: `p${i}`, timestamp: daysAgo(1) })),
  );
  const insight = await createInsightWithApi(page, project.id, { name: "Daily pageviews", filters: TREND });
  await page.goto(`/project/${project.id}/insights/${insight.short_id}`);

  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Alerts" }).click();
  const list = page.getByRole("dialog", { name: "Alerts" });
  await expect(list.getByText("No alerts on this insight yet.")).toBeVisible();
  await expectAccessibleInBothThemes(page, "alerts, empty");

  await list.getByRole("button", { name: "New alert" }).click();
  const form = page.getByRole("dialog", { name: "New alert" });
  await expect(form.getByRole("textbox", { name: "Name" })).toBeFocused();
  await page.keyboard.type("Busy day");
  await form.getByRole("textbox", { name: "Upper bound" }).fill("2");
  await expectAccessibleInBothThemes(page, "new alert");
  await page.keyboard.press("Enter");
  await expect(form).toBeHidden();

  // Checked at once: yesterday's 4 is above 2.
  const item = list.getByRole("listitem").filter({ hasText: "Busy day" });
  await expect(item.getByText("Firing", { exact: true }).first()).toBeVisible({ timeout: 60_000 });
  await expect(item.getByRole("table", { name: "Checks of Busy day" }).getByRole("cell", { name: "4", exact: true })).toBeVisible();
  await expectAccessibleInBothThemes(page, "alert firing");
  await screenshotThemes(page, "alerts-firing");

  // Raised past the value: checked again at once, and no longer firing.
  await item.getByRole("button", { name: "Edit Busy day" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Busy day" });
  await edit.getByRole("textbox", { name: "Upper bound" }).fill("10");
  await page.keyboard.press("Enter");
  await expect(edit).toBeHidden();
  await expect(item.getByRole("table", { name: "Checks of Busy day" }).getByRole("row")).toHaveCount(3, { timeout: 60_000 });
  await expect(item.getByText("Not firing", { exact: true }).first()).toBeVisible();
  await expect(list).toBeVisible();

  await item.getByRole("button", { name: "Delete Busy day" }).click();
  await expect(list.getByText("No alerts on this insight yet.")).toBeVisible();
});
