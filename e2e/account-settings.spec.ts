import { expect } from "@playwright/test";
import { expectAccessibleInBothThemes, newAccount, PASSWORD, screenshotThemes, signUpWithApi, test, uniqueEmail } from "./support";

test("a user renames themselves, changes email and password, picks a theme, then signs out everywhere", async ({ page, browser }) => {
  const account = newAccount("Ada");
  await signUpWithApi(page.request, account);
  await page.goto("/organization/members");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Account settings" }).click();
  await expect(page.getByRole("heading", { name: "Account settings", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(account.email);
  await expectAccessibleInBothThemes(page, "account settings");
  await screenshotThemes(page, "account-settings");

  // Name: typed, Enter saves.
  const firstName = page.getByLabel("First name");
  await firstName.fill("Augusta");
  await page.getByLabel("Last name (optional)").fill("King");
  await page.getByLabel("Last name (optional)").press("Enter");
  await expect(page.getByText("Your name was saved.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Account menu/ })).toContainText("Augusta King");

  // Email: refused without the current password and with a wrong one, then changed.
  const email = uniqueEmail("augusta");
  await page.getByLabel("Email", { exact: true }).fill(email);
  const emailPassword = page.locator("#user-email-password");
  await page.getByRole("button", { name: "Change email" }).click();
  await expect(page.getByText("Enter your current password.")).toBeVisible();
  await emailPassword.fill("not my password");
  await page.getByRole("button", { name: "Change email" }).click();
  await expect(page.getByText("Your current password is incorrect.")).toBeVisible();
  await expect(emailPassword).toBeFocused();
  await emailPassword.fill(PASSWORD);
  await emailPassword.press("Enter");
  await expect(page.getByText("Your email address was changed.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Account menu/ })).toContainText(email);

  // Password: the two new ones must agree; then changed, and this browser stays signed in.
  await page.locator("#user-current-password").fill(PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill("a much newer password");
  await page.getByLabel("New password, again").fill("a much newer passwort");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The two new passwords differ.")).toBeVisible();
  await page.getByLabel("New password, again").fill("a much newer password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password was changed.")).toBeVisible();
  await expect(page.locator("#user-current-password")).toHaveValue("");

  // Theme: stored in this browser, the same setting as the account menu's.
  await page.getByRole("radio", { name: "Dark" }).check();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();
  await page.getByRole("radio", { name: "System" }).check();
  await expect(page.getByRole("radio", { name: "System" })).toBeChecked();

  // Another browser signs in with the new email and password.
  const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const login = await other.request.post("/api/login/", {
    data: { email, password: "a much newer password" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(login.status()).toBe(200);
  expect((await other.request.get("/api/users/@me/")).status()).toBe(200);

  const signOut = page.getByRole("button", { name: "Sign out everywhere" });
  await signOut.click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByRole("heading", { name: "Sign out everywhere?" })).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(signOut).toBeFocused();
  await signOut.click();
  await confirm.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/login/);
  expect((await page.request.get("/api/users/@me/")).status()).toBe(401);
  expect((await other.request.get("/api/users/@me/")).status()).toBe(401);
  await other.close();
});
