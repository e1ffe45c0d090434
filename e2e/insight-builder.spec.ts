import { expect, test } from "@playwright/test";
import { demoProjectId, expectAccessible, signInAsDemo } from "./support";

test("a new insight is built from the URL, saved, reopened and edited", async ({ page }) => {
  await signInAsDemo(page);
  const projectId = demoProjectId();
  await page.goto(`/project/${projectId}/insights/new`);
  await expect(page.getByRole("tab", { name: "Trends" })).toHaveAttribute("aria-selected", "true");
  await expect(page.locator(".recharts-surface").first()).toBeVisible();
  await expectAccessible(page, "new insight");

  // The kind tabs rewrite the filter in the URL; Back returns to the previous one.
  await page.getByRole("tab", { name: "Funnels" }).click();
  await expect(page).toHaveURL(/insight=FUNNELS/);
  await page.goBack();
  await expect(page.getByRole("tab", { name: "Trends" })).toHaveAttribute("aria-selected", "true");

  const name = `Pageviews ${Date.now()}`;
  await page.getByLabel("Insight name").fill(name);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/insights/[A-Za-z0-9]+$`));
  await expect(page.getByRole("heading", { name })).toBeVisible();

  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await page.getByLabel("Insight name").fill(`${name} (renamed)`);
  await page.keyboard.press("Control+s");
  await expect(page.getByRole("heading", { name: `${name} (renamed)` })).toBeVisible();
});

test("an unknown insight says so and links back to the list", async ({ page }) => {
  await signInAsDemo(page);
  await page.goto(`/project/${demoProjectId()}/insights/NoSuchOne`);
  await expect(page.getByRole("heading", { name: "Insight not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "All insights" })).toHaveAttribute("href", `/project/${demoProjectId()}/insights`);
});
