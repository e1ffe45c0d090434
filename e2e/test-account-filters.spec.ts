import { expect, type Page } from "@playwright/test";
import { filtersToSearchParams } from "../lib/insights/builder/url-state";
import {
  currentProject,
  daysAgo,
  expectAccessibleInBothThemes,
  newAccount,
  screenshotThemes,
  sendEventsWithApi,
  signUpWithApi,
  test,
} from "./support";

/** The trend's total: the sum of its points in the results table (each a button to its persons). */
async function chartTotal(page: Page): Promise<number> {
  const points = await page.getByRole("button", { name: /^Persons of A\. \$pageview on / }).allTextContents();
  return points.length ? points.reduce((sum, text) => sum + Number(text.replace(/,/g, "")), 0) : -1;
}

test("test account filters: set in the project's settings, they take the developers' events out of a trend", async ({ page }) => {
  test.setTimeout(180_000);
  await signUpWithApi(page.request, newAccount("Tess"));
  const project = await currentProject(page.request);
  // Three pageviews from the shop, two from a developer's machine.
  const pageview = (host: string, i: number) => ({
    event: "$pageview",
    distinct_id: `${host}-${i}`,
    timestamp: daysAgo(1, i),
    properties: { $host: host, $current_url: `https://${host}/` },
  });
  await sendEventsWithApi(page.request, project.token, [
    ...[0, 1, 2].map((i) => pageview("shop.example", i)),
    ...[0, 1].map((i) => pageview("localhost", i)),
  ]);

  const trendUrl = `/project/${project.id}/insights/new?${filtersToSearchParams({
    insight: "TRENDS",
    events: [{ id: "$pageview", type: "events", order: 0, name: "$pageview", math: "total" }],
    date_from: "-7d",
    interval: "day",
    display: "ActionsLineGraph",
  })}`;

  // No filters yet: the switch says it leaves nothing out, and leads to the setting.
  await page.goto(trendUrl);
  await expect.poll(() => chartTotal(page), { timeout: 45_000 }).toBe(5);
  const hint = page.getByText("No test account filters are set yet");
  await expect(hint).toBeVisible();
  await hint.getByRole("link", { name: "Set them up" }).click();
  await expect(page).toHaveURL(new RegExp(`/organization/projects/${project.id}#test-accounts$`));

  const card = page.locator("#test-accounts");
  await expect(card.getByRole("heading", { name: "Filter out internal and test users" })).toBeVisible();
  await card.getByRole("button", { name: "Add suggested filters" }).focus();
  await page.keyboard.press("Enter");
  await expect(card.getByRole("group", { name: "Test account filter 1" })).toBeVisible();
  await card.getByRole("button", { name: "Save filters" }).click();
  await expect(page.getByText("Test account filters saved.")).toBeVisible();
  const saved = await (await page.request.get(`/api/projects/${project.id}/`)).json();
  expect(saved.test_account_filters).toEqual([{ key: "$host", type: "event", operator: "is_not", value: ["localhost", "127.0.0.1"] }]);
  await card.scrollIntoViewIfNeeded();
  await screenshotThemes(page, "test-account-filters-settings");
  await expectAccessibleInBothThemes(page, "project settings with test account filters");

  // The trend, with and without the switch.
  await page.goto(trendUrl);
  await expect.poll(() => chartTotal(page), { timeout: 45_000 }).toBe(5);
  await expect(page.getByText("No test account filters are set yet")).toHaveCount(0);
  // The box reflects the URL, which changes just after the click: click, then wait for the URL.
  await page.getByLabel("Filter out internal and test users").click();
  await expect(page).toHaveURL(/filter_test_accounts=true/);
  await expect.poll(() => chartTotal(page), { timeout: 45_000 }).toBe(3);
  await page.getByLabel("Filter out internal and test users").click();
  await expect(page).not.toHaveURL(/filter_test_accounts/);
  await expect.poll(() => chartTotal(page), { timeout: 45_000 }).toBe(5);

  // On by default: a new insight starts filtered.
  await page.goto(`/organization/projects/${project.id}#test-accounts`);
  await page.getByRole("switch", { name: "On by default in new insights" }).click();
  await expect(page.getByRole("switch", { name: "On by default in new insights" })).toBeChecked();
  await page.goto(`/project/${project.id}/insights/new`);
  await expect(page.getByLabel("Filter out internal and test users")).toBeChecked();
});
