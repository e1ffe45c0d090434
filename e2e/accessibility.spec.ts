import { expect } from "@playwright/test";
import { demoProjectId, expectAccessible, signInAsDemo, test } from "./support";

// Every page of the console, in the light and the dark theme: no serious or critical WCAG 2.1 AA violation.
const PAGES = [
  (projectId: number) => `/project/${projectId}`,
  () => "/organization/members",
  () => "/organization/settings",
  () => "/settings/api-keys",
];

for (const theme of ["light", "dark"] as const) {
  test(`console pages are accessible in the ${theme} theme`, async ({ page }) => {
    // Five axe scans after the demo's first sign-in: past a minute on a loaded machine.
    test.setTimeout(180_000);
    await page.addInitScript((value) => localStorage.setItem("theme", value), theme);
    await signInAsDemo(page);
    for (const path of PAGES) {
      const url = path(demoProjectId());
      await page.goto(url);
      await expect(page.getByRole("main")).toBeVisible();
      await expect(page.locator("html")).toHaveClass(new RegExp(theme));
      await expectAccessible(page, `${url} (${theme})`);
    }
    // The danger zone's button, in both themes.
    await page.goto("/organization/settings");
    await expect(page.getByRole("button", { name: "Delete organization" })).toBeVisible();
    await expectAccessible(page, `settings danger zone (${theme})`);
  });
}

test("the first Tab reaches “Skip to content”, which takes the focus past the sidebar into the page", async ({ page }) => {
  await signInAsDemo(page);
  await page.goto("/organization/members");
  await expect(page.getByRole("main")).toBeVisible();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.locator("main :focus")).toHaveCount(1);
  await expect(page.getByRole("navigation", { name: "Main" }).locator(":focus")).toHaveCount(0);
});
