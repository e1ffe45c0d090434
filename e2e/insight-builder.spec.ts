import { expect } from "@playwright/test";
import { demoProjectId, expectAccessible, hydrating, sameOrigin, signInAsDemo, test } from "./support";

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
  await page.getByLabel("Add a tag").fill("marketing");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/insights/[A-Za-z0-9]+$`));
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByRole("list", { name: "Tags" })).toHaveText("marketing");

  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await page.getByLabel("Insight name").fill(`${name} (renamed)`);
  await page.keyboard.press("Control+s");
  await expect(page.getByRole("heading", { name: `${name} (renamed)` })).toBeVisible();

  // Opened insights are one click away from the list.
  await page.goto(`/project/${projectId}/insights`);
  await page
    .getByRole("navigation", { name: "Recently viewed insights" })
    .getByRole("link", { name: `${name} (renamed)` })
    .click();
  await expect(page.getByRole("heading", { name: `${name} (renamed)` })).toBeVisible();
});

test("an unknown insight says so and links back to the list", async ({ page }) => {
  await signInAsDemo(page);
  await page.goto(`/project/${demoProjectId()}/insights/NoSuchOne`);
  await expect(page.getByRole("heading", { name: "Insight not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "All insights" })).toHaveAttribute("href", `/project/${demoProjectId()}/insights`);
});

test("a saved insight is favourited, shared publicly, duplicated, and deleted with undo", async ({ page, browser }) => {
  await signInAsDemo(page);
  const projectId = demoProjectId();
  const name = `Shared ${Date.now()}`;
  const created = await page.request.post(`/api/projects/${projectId}/insights/`, {
    data: { name, filters: { insight: "TRENDS", events: [{ id: "$pageview", type: "events", order: 0 }], date_from: "-30d" }, saved: true },
    headers: sameOrigin(page),
  });
  const insight = (await created.json()) as { id: number; short_id: string };
  await page.goto(`/project/${projectId}/insights/${insight.short_id}`);
  await expect(page.getByRole("heading", { name })).toBeVisible();

  await page.getByRole("button", { name: "Add to favourites" }).click();
  await expect(page.getByRole("button", { name: "Remove from favourites" })).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("button", { name: "Share" }).click();
  await page.getByRole("switch").click();
  const link = await page.locator("code").filter({ hasText: "/shared/" }).innerText();
  await expectAccessible(page, "sharing dialog");
  const visitor = await browser.newContext();
  const publicPage = hydrating(await visitor.newPage());
  await publicPage.goto(link);
  await expect(publicPage.getByRole("heading", { name })).toBeVisible();
  await page.getByRole("switch").click();
  await expect(page.locator("code").filter({ hasText: "/shared/" })).toHaveCount(0);
  expect((await publicPage.goto(link))?.status()).toBe(404);
  await visitor.close();
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "History" }).click();
  await expect(page.getByRole("dialog").getByText(/created it/)).toBeVisible();
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Duplicate" }).click();
  await expect(page.getByRole("heading", { name: `${name} (copy)` })).toBeVisible();

  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/insights$`));
  await expect(page.getByRole("row").filter({ hasText: `${name} (copy)` })).toHaveCount(0);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("row").filter({ hasText: `${name} (copy)` })).toBeVisible();
});

test("pickers select the first match on type + Enter; focus stays on the next control after a pick", async ({ page }) => {
  await signInAsDemo(page);
  await page.goto(`/project/${demoProjectId()}/insights/new`);
  // Enter typed straight after the search, before the server's answer: the first match of that answer is picked.
  const series = page.getByRole("combobox", { name: /^Series A event/ });
  await series.click();
  await page.keyboard.type("signed");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("combobox", { name: "Series A event: signed_up" })).toBeVisible();
  await expect(page).toHaveURL(/signed_up/);

  // A date preset returns the focus to the range's button.
  await page.getByRole("button", { name: /^Date range/ }).click();
  await page.getByRole("button", { name: "Last 30 days" }).click();
  await expect(page.getByRole("button", { name: "Date range: Last 30 days" })).toBeFocused();

  // A filter's property, picked by the keyboard, moves the focus to its value.
  await page.getByRole("button", { name: "Add filter" }).first().click();
  await page.keyboard.type("$browser");
  await page.keyboard.press("Enter");
  const value = page.getByRole("combobox", { name: "Filter 1 value" });
  await expect(value).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.type("Chrome");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("combobox", { name: "Filter 1 value: Chrome" })).toBeFocused();
  await expect(page).toHaveURL(/Chrome/);
  await page.getByRole("button", { name: "Remove filter 1" }).click();
  await expect(page.getByRole("button", { name: "Add filter" }).first()).toBeFocused();
});
