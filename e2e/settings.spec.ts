import { expect } from "@playwright/test";
import { collectPageErrors, newAccount, signUpWithApi, test } from "./support";

test("an owner renames the organization, then deletes it after typing its name", async ({ page }) => {
  const owner = newAccount("Rosa", "Rosa's Roses");
  await signUpWithApi(page.request, owner);
  await page.goto("/organization/settings");

  const name = page.getByLabel("Name", { exact: true });
  await expect(name).toHaveValue(owner.organizationName);
  await name.fill("Rosa's Rambling Roses");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Organization renamed.")).toBeVisible();
  await expect(page.getByTestId("current-organization")).toHaveText("Rosa's Rambling Roses");

  await page.getByRole("button", { name: "Delete organization" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Delete Rosa's Rambling Roses?" })).toBeVisible();
  const confirm = dialog.getByRole("button", { name: "Delete organization" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/to confirm/).fill("Rosa's Rambling");
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/to confirm/).fill("Rosa's Rambling Roses");
  const errors = collectPageErrors(page);
  await confirm.click();

  // With no organization left, the owner is asked to create one, with no error page on the way.
  await expect(page).toHaveURL(/\/onboarding$/);
  expect(errors).toEqual([]);
  await expect(page.getByRole("heading", { name: "Create an organization" })).toBeVisible();
  await page.getByLabel("Organization name").fill("Second Spring");
  await page.getByRole("button", { name: "Create organization" }).click();
  await expect(page).toHaveURL(/\/project\/\d+$/);
  await expect(page.getByTestId("current-organization")).toHaveText("Second Spring");
});

test("a personal API key is shown once at creation, works, and stops working when deleted", async ({ page }) => {
  await signUpWithApi(page.request, newAccount("Kit"));
  await page.goto("/settings/api-keys");
  await expect(page.getByText("No personal API keys yet")).toBeVisible();

  await page.getByRole("button", { name: "Create key" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Create key" }).click();
  await expect(dialog.getByText("You must specify at least one scope.")).toBeVisible();

  await dialog.getByLabel("Label").fill("Nightly export");
  await dialog.getByRole("checkbox", { name: "Organization: write" }).click();
  await expect(dialog.getByRole("checkbox", { name: "Organization: read" })).toBeChecked();
  await dialog.getByRole("button", { name: "Create key" }).click();

  await expect(dialog.getByRole("heading", { name: "Key “Nightly export” created" })).toBeVisible();
  const value = (await dialog.locator("code").textContent())!;
  expect(value).toMatch(/^phx_/);
  const withKey = await page.request.get("/api/organizations/", { headers: { authorization: `Bearer ${value}` } });
  expect(withKey.status()).toBe(200);
  await dialog.getByRole("button", { name: "Done" }).click();

  const row = page.getByRole("row", { name: /Nightly export/ });
  await expect(row).toContainText("organization:write");
  await expect(row).not.toContainText(value);
  await row.getByRole("button", { name: "Delete key Nightly export" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete key" }).click();
  await expect(page.getByText("No personal API keys yet")).toBeVisible();
  const afterDelete = await page.request.get("/api/organizations/", { headers: { authorization: `Bearer ${value}` } });
  expect(afterDelete.status()).toBe(401);
});
