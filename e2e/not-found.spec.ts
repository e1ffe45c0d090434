import { expect } from "@playwright/test";
import { expectAccessible, signInAsDemo, test } from "./support";

for (const theme of ["light", "dark"] as const) {
  test(`an unknown address shows the branded 404 with a way home (${theme})`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem("theme", value), theme);
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByText("404")).toBeVisible();
    await expect(page.locator("html")).toHaveClass(new RegExp(theme));
    await expectAccessible(page, `404 (${theme})`);
    await page.getByRole("link", { name: /home/i }).click();
    await expect(page).toHaveURL(/\/login/);
  });
}

test("a project that isn't there shows the 404 inside the console's frame", async ({ page }) => {
  await signInAsDemo(page);
  const response = await page.goto("/project/987654321");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expectAccessible(page, "404 in the console");
  await page.getByRole("link", { name: "Go home" }).click();
  await expect(page).toHaveURL(/\/project\/\d+$/);
});

test("the favicon is the logo's mark", async ({ page }) => {
  await page.goto("/login");
  const href = await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute("href");
  const icon = await page.request.get(href!);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
  expect(await icon.text()).toContain("M4 9a5 5 0 0 1 8 4 5 5 0 0 1-8-4");
});
