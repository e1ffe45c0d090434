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

  // Skip weekends: ticked in the form, shown on the alert.
  await item.getByRole("button", { name: "Edit Busy day" }).click();
  const weekends = page.getByRole("dialog", { name: "Edit Busy day" });
  const skip = weekends.getByRole("checkbox", { name: /Skip checks on weekends/ });
  await skip.focus();
  await page.keyboard.press("Space");
  await expect(skip).toBeChecked();
  await weekends.getByRole("button", { name: "Save" }).click();
  await expect(weekends).toBeHidden();
  await expect(item).toContainText("not on weekends");

  // Snoozed for a day from its menu, by keyboard: the state says so, until un-snoozed.
  await item.getByRole("button", { name: "Snooze Busy day" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "For 1 hour" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(item.getByText("Snoozed", { exact: true }).first()).toBeVisible();
  await expect(item).toContainText("snoozed until");
  await expectAccessibleInBothThemes(page, "alert snoozed");
  // Until a chosen date: the field takes the focus.
  await item.getByRole("button", { name: "Snooze Busy day" }).click();
  await page.getByRole("menuitem", { name: "Until a date…" }).click();
  const until = item.getByLabel("Snooze until");
  await expect(until).toBeFocused();
  await until.fill(`${new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)}T12:00`);
  await item.getByRole("button", { name: "Snooze", exact: true }).click();
  await expect(item.getByRole("button", { name: "Snooze", exact: true })).toBeHidden();
  await expect(item).toContainText("snoozed until");
  await expectAccessibleInBothThemes(page, "alert snoozed until a date");
  await item.getByRole("button", { name: "Snooze Busy day" }).click();
  await page.getByRole("menuitem", { name: "Un-snooze" }).click();
  await expect(item).not.toContainText("snoozed until");
  await expect(item.getByText(/^(Firing|Not firing)$/).first()).toBeVisible();

  await item.getByRole("button", { name: "Delete Busy day" }).click();
  await expect(list.getByText("No alerts on this insight yet.")).toBeVisible();
});
