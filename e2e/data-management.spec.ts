import { expect } from "@playwright/test";
import {
  currentProject,
  daysAgo,
  expectAccessibleInBothThemes,
  newAccount,
  screenshotThemes,
  sendEventsWithApi,
  signUpWithApi,
  test,
  typeAndPick,
} from "./support";

const pageview = (url: string, distinctId: string) => ({
  event: "$pageview",
  distinct_id: distinctId,
  timestamp: daysAgo(1),
  properties: { $current_url: url },
});

test("an action with a URL-contains step: counted live while editing, saved, listed, duplicated and deleted", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpWithApi(page.request, newAccount("Tansy"));
  const project = await currentProject(page.request);
  await sendEventsWithApi(page.request, project.token, [
    pageview("https://shop.test/pricing", "ann"),
    pageview("https://shop.test/pricing?plan=pro", "bob"),
    pageview("https://shop.test/docs", "ann"),
  ]);

  // The sidebar's entry opens the events tab; the actions tab is empty.
  await page.goto(`/project/${project.id}`);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Data management" }).click();
  await expect(page).toHaveURL(`/project/${project.id}/data-management/events`);
  await page.getByRole("navigation", { name: "Data management" }).getByRole("link", { name: "Actions" }).click();
  await expect(page.getByText("No actions yet.")).toBeVisible();
  await expectAccessibleInBothThemes(page, "actions, empty");

  // A page view whose URL contains /pricing: the count follows the step as it is typed.
  await page.getByRole("link", { name: "New action" }).click();
  await expect(page.getByRole("combobox", { name: "Step 1 event: $pageview" })).toBeVisible();
  await page.getByRole("textbox", { name: "Name" }).fill("Viewed pricing");
  await expect(page.getByRole("status").filter({ hasText: "3 events in the last 30 days" })).toBeVisible();
  await page.getByRole("textbox", { name: "Step 1 URL" }).fill("/pricing");
  await expect(page.getByRole("status").filter({ hasText: "2 events in the last 30 days" })).toBeVisible();
  await expectAccessibleInBothThemes(page, "new action");
  await screenshotThemes(page, "action-new");
  await page.getByRole("button", { name: "Create action" }).click();
  await expect(page.getByRole("heading", { name: "Viewed pricing" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/project/${project.id}/data-management/actions/\\d+$`));
  await expect(page.getByRole("heading", { name: "Used in 0 insights" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "2 events in the last 30 days" })).toBeVisible();

  // Listed with its step in words.
  await page.getByRole("link", { name: "Actions", exact: true }).first().click();
  const row = page.getByRole("row").filter({ hasText: "Viewed pricing" });
  await expect(row).toContainText("$pageview where URL contains /pricing");
  // Its 30-day volume, the same count the editor showed.
  await expect(row.getByRole("cell").nth(3)).toHaveText("2");
  await expectAccessibleInBothThemes(page, "actions list");
  await screenshotThemes(page, "actions-list");

  // Duplicated, then the copy deleted.
  await row.getByRole("link", { name: "Viewed pricing" }).click();
  await page.getByRole("button", { name: "Duplicate" }).click();
  await expect(page.getByRole("heading", { name: "Viewed pricing (copy)" })).toBeVisible();
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("button", { name: "Delete action" }).click();
  await expect(page).toHaveURL(`/project/${project.id}/data-management/actions`);
  await expect(page.getByRole("row").filter({ hasText: "Viewed pricing" })).toHaveCount(1);
});

test("an event described and hidden in data management leaves the insight builder's event picker", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpWithApi(page.request, newAccount("Yarrow"));
  const project = await currentProject(page.request);
  await sendEventsWithApi(page.request, project.token, [
    { event: "signed_up", distinct_id: "ann", timestamp: daysAgo(1), properties: { plan: "pro", $set: { email: "ann@shop.test" } } },
    pageview("https://shop.test/", "ann"),
  ]);

  await page.goto(`/project/${project.id}/data-management/events`);
  await expect(page.getByRole("row").filter({ hasText: "signed_up" })).toContainText("Custom event");
  await expectAccessibleInBothThemes(page, "event definitions");
  await screenshotThemes(page, "event-definitions");
  await page.getByRole("link", { name: "signed_up" }).click();
  await expect(page.getByRole("heading", { name: "signed_up" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Used in 0 insights" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Recent events with signed_up" }).getByRole("row")).toHaveCount(2);

  await page.getByRole("button", { name: "Edit" }).click();
  await page.getByRole("textbox", { name: "Description" }).fill("A visitor created an account");
  await page.getByRole("radio", { name: /Hidden/ }).check();
  await expectAccessibleInBothThemes(page, "edit event definition");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByText("A visitor created an account")).toBeVisible();
  await expect(page.getByRole("heading", { name: "signed_up" })).toContainText("Hidden");
  await expectAccessibleInBothThemes(page, "event definition");
  await screenshotThemes(page, "event-definition");

  // The builder's picker no longer offers it; other events stay.
  await page.goto(`/project/${project.id}/insights/new`);
  await page.getByRole("combobox", { name: /^Series A event/ }).click();
  await page.keyboard.type("signed");
  await expect(page.getByText("No event or action matches.")).toBeVisible();
  await expect(page.getByRole("option", { name: /signed_up/ })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await page.getByRole("combobox", { name: /^Series A event/ }).click();
  await typeAndPick(page, "$pagev");
  await expect(page.getByRole("combobox", { name: "Series A event: $pageview" })).toBeVisible();
});

test("properties: event and person properties listed with their types; a property's page shows the events with it", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpWithApi(page.request, newAccount("Sorrel"));
  const project = await currentProject(page.request);
  await sendEventsWithApi(page.request, project.token, [
    { event: "signed_up", distinct_id: "ann", timestamp: daysAgo(1), properties: { seats: 3, $set: { email: "ann@shop.test" } } },
  ]);
  await page.goto(`/project/${project.id}/data-management/properties`);
  await expect(page.getByRole("row").filter({ hasText: "seats" })).toContainText("Numeric");
  await expectAccessibleInBothThemes(page, "event properties");
  await page.getByRole("combobox", { name: "Properties of" }).click();
  await page.getByRole("option", { name: "Person properties" }).click();
  await expect(page).toHaveURL(/type=person/);
  await page.getByRole("link", { name: "email" }).click();
  await expect(page.getByRole("heading", { name: "email" })).toBeVisible();
  // The person's events: ann has the property.
  await expect(page.getByRole("table", { name: "Recent events with email" }).getByRole("row")).toHaveCount(2);
  await expectAccessibleInBothThemes(page, "person property");
  await screenshotThemes(page, "property-definition");
});
