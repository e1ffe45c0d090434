import { expect } from "@playwright/test";
import {
  createInsightWithApi,
  currentProject,
  expectAccessibleInBothThemes,
  newAccount,
  screenshotThemes,
  signUpWithApi,
  test,
} from "./support";

const TREND = { insight: "TRENDS", events: [{ id: "$pageview", type: "events", math: "total" }], date_from: "-7d", interval: "day" };

test("subscriptions: made from a saved insight's menu, edited and deleted by keyboard", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpWithApi(page.request, newAccount("Birch"));
  const project = await currentProject(page.request);
  const insight = await createInsightWithApi(page, project.id, { name: "Weekly pageviews", filters: TREND });
  await page.goto(`/project/${project.id}/insights/${insight.short_id}`);

  // The menu, by keyboard: focus its button, open it, walk to Subscribe.
  await page.getByRole("button", { name: "More actions" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Subscribe" })).toBeVisible();
  while (!(await page.getByRole("menuitem", { name: "Subscribe" }).evaluate((el) => el === document.activeElement)))
    await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  const list = page.getByRole("dialog", { name: "Subscriptions" });
  await expect(list.getByText("No subscriptions to this insight yet.")).toBeVisible();
  await expectAccessibleInBothThemes(page, "subscriptions, empty");

  await list.getByRole("button", { name: "New subscription" }).focus();
  await page.keyboard.press("Enter");
  const form = page.getByRole("dialog", { name: "New subscription" });
  await expect(form.getByRole("textbox", { name: "Recipients" })).toBeFocused();
  await page.keyboard.type("ann@example.com, bob@example");
  await page.keyboard.press("Enter");
  await expect(form.getByText("Each address must be a valid e-mail.")).toBeVisible();
  await expect(form.getByRole("textbox", { name: "Recipients" })).toBeFocused();
  await page.keyboard.type(".com");
  // Mondays and Thursdays, every 2 weeks.
  await form.getByRole("textbox", { name: "Every" }).fill("2");
  // The form starts on a day of its own (it follows the date): only Monday and Thursday are left pressed.
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) {
    const button = form.getByRole("button", { name: day, exact: true });
    const wanted = day === "Monday" || day === "Thursday";
    if (((await button.getAttribute("aria-pressed")) === "true") === wanted) continue;
    await button.focus();
    await page.keyboard.press("Space");
    await expect(button).toHaveAttribute("aria-pressed", String(wanted));
  }
  await expectAccessibleInBothThemes(page, "new subscription");
  await screenshotThemes(page, "subscription-form");
  await form.getByRole("textbox", { name: "Recipients" }).focus();
  await page.keyboard.press("Enter");
  await expect(form).toBeHidden();

  const item = list.getByRole("listitem").filter({ hasText: "ann@example.com, bob@example.com" });
  await expect(item.getByText(/^Sent every 2 weeks on Monday and Thursday/)).toBeVisible();
  await expect(item.getByText(/next on (Monday|Thursday)/)).toBeVisible();
  await expectAccessibleInBothThemes(page, "subscription listed");
  await screenshotThemes(page, "subscriptions-list");

  // Edited by keyboard: every week, a subject of its own.
  await item.getByRole("button", { name: /^Edit/ }).focus();
  await page.keyboard.press("Enter");
  const edit = page.getByRole("dialog", { name: "Edit subscription" });
  await expect(edit.getByRole("textbox", { name: "Recipients" })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.type("Weekly numbers");
  await page.keyboard.press("Tab");
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("1");
  await page.keyboard.press("Enter");
  await expect(edit).toBeHidden();
  const edited = list.getByRole("listitem").filter({ hasText: "Weekly numbers" });
  await expect(edited.getByText(/^Sent every week on Monday and Thursday, next on/)).toBeVisible();

  await edited.getByRole("button", { name: "Delete Weekly numbers" }).focus();
  await page.keyboard.press("Enter");
  await expect(list.getByText("No subscriptions to this insight yet.")).toBeVisible();
});
