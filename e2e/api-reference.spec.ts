import { expect } from "@playwright/test";
import { expectAccessible, test } from "./support";

// The reference is an index with a search box and a page per tag, each small enough to load and scan in seconds.
test.describe.configure({ timeout: 30_000 });

test("searching finds an operation and opens it on its tag's page", async ({ page }) => {
  await page.goto("/docs/api");
  const search = page.getByRole("combobox", { name: "Search operations" });
  await search.fill("get latest events");
  const result = page.getByRole("option", { name: /List a project's latest events/ });
  await expect(result).toHaveCount(1);
  await result.click();
  await expect(page).toHaveURL(/\/docs\/api\/events#listEvents$/);
  const operation = page.locator("article#listEvents");
  await expect(operation).toBeInViewport();
  await expect(operation.getByText("/api/projects/{projectId}/events/", { exact: true })).toBeVisible();

  // A schema link jumps to the schema on the same page.
  await page.getByRole("link", { name: "Error" }).first().click();
  await expect(page).toHaveURL(/#schema-Error$/);
  await expect(page.locator("#schema-Error")).toBeInViewport();

  await page.goto("/docs/api");
  await page.getByRole("combobox", { name: "Search operations" }).fill("no such operation anywhere");
  await expect(page.getByText("No operation matches")).toBeVisible();
});

test("the search box is driven by the keyboard", async ({ page }) => {
  await page.goto("/docs/api");
  const search = page.getByRole("combobox", { name: "Search operations" });
  // Before one types it is one line high, not a box as tall as the page's column.
  const box = await page.locator("[cmdk-root]").boundingBox();
  expect(box?.height).toBeLessThan(80);
  await search.fill("/api/schema/");
  await expect(page.getByRole("option")).toHaveCount(1);
  await search.press("Enter");
  await expect(page).toHaveURL(/\/docs\/api\/schema#/);
});

test("the index and the largest tag page are accessible", async ({ page }) => {
  // axe walks every node of the largest tag page: dozens of operations with their schemas.
  test.setTimeout(120_000);
  await page.goto("/docs/api");
  await expectAccessible(page, "/docs/api");

  const tagPages = await page
    .getByRole("navigation", { name: "API reference" })
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).pathname).filter((path) => path.startsWith("/docs/api/")));
  expect(tagPages.length).toBeGreaterThan(1);
  const sizes = await Promise.all(tagPages.map(async (path) => ({ path, size: (await (await page.request.get(path)).body()).length })));
  const largest = sizes.reduce((a, b) => (b.size > a.size ? b : a));
  await page.goto(largest.path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAccessible(page, largest.path);
});
