import { expect } from "@playwright/test";
import { collectPageErrors, newAccount, signUpWithApi, test } from "./support";

test("signing up through the UI lands in the app with the organization's name", async ({ page }) => {
  const account = newAccount("Ada", "Analytical Engines");
  await page.goto("/signup");
  await page.getByLabel("First name").fill(account.firstName);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByLabel("Organization name").fill(account.organizationName);
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole("heading", { name: "Welcome to Hedgerow, Ada" })).toBeVisible();
  await expect(page.getByLabel("Organization name")).toHaveValue(account.organizationName);
  await expect(page.getByLabel("Project name")).toHaveValue("Default project");
  await page.getByLabel("Project name").fill("Marketing site");
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/project\/\d+$/);
  await expect(page.getByTestId("current-organization")).toHaveText(account.organizationName);
  await expect(page.getByTestId("current-project")).toHaveText("Marketing site");
  await expect(page.getByRole("heading", { level: 1, name: "Marketing site" })).toBeVisible();
  await expect(page.getByText(/^phc_/)).toBeVisible();
});

test("a too-short password is refused before anything is sent", async ({ page }) => {
  await page.goto("/signup");
  await page.getByLabel("First name").fill("Short");
  await page.getByLabel("Email").fill("short@example.com");
  await page.getByLabel("Password").fill("1234567");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("This password is too short. It must contain at least 8 characters.")).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});

test("signing out, then signing back in", async ({ page }) => {
  const account = newAccount("Grace");
  await signUpWithApi(page.request, account);
  await page.goto("/");
  await expect(page.getByTestId("current-organization")).toHaveText(account.organizationName);
  const cookiesBeforeSignOut = await page.context().cookies();

  const errors = collectPageErrors(page);
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Straight to the sign-in page: no error page on the way.
  expect(errors).toEqual([]);

  // Signed-out visitors can't open app pages, not even with a copy of the cookie taken before signing out.
  await page.goto("/organization/members");
  await expect(page).toHaveURL(/\/login$/);
  await page.context().addCookies(cookiesBeforeSignOut);
  await page.goto("/organization/members");
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText("Invalid email or password.");

  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/project\/\d+$/);
  await expect(page.getByTestId("current-organization")).toHaveText(account.organizationName);
});

test("an unknown invite link says so", async ({ page }) => {
  await page.goto("/signup/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { name: "Invite not found" })).toBeVisible();
});
