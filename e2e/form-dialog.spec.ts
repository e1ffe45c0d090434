import { expect, type Locator, type Page } from "@playwright/test";
import { newAccount, signUpWithApi, test, uniqueEmail } from "./support";

const INVITES = "**/api/organizations/*/invites/";

async function openInviteDialog(page: Page) {
  await page.goto("/organization/members");
  await page.getByRole("button", { name: "Invite people" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: /Invite someone to/ })).toBeVisible();
  return dialog;
}

/** Answers the next invite POST with `answer` instead of the server's own. */
async function answerNextInvite(page: Page, answer: { status: number; json: unknown }) {
  await page.route(INVITES, (route) => (route.request().method() === "POST" ? route.fulfill(answer) : route.fallback()), { times: 1 });
}

test("the API's error lands on the field its attr names, or above the form; the keyboard drives the dialog", async ({ page }) => {
  const owner = newAccount("Fern");
  await signUpWithApi(page.request, owner);
  const dialog = await openInviteDialog(page);
  const email = dialog.getByLabel("Email address");
  await expect(email).toBeFocused();

  // A refusal the browser's own checks could not foresee, named by attr: it shows under that field, which gets focus.
  await answerNextInvite(page, {
    status: 400,
    json: { type: "validation_error", code: "invalid_input", detail: "This address bounced last time.", attr: "first_name" },
  });
  await email.fill(uniqueEmail("bounce"));
  await dialog.getByLabel("First name (optional)").fill("Bo");
  await email.press("Enter");
  const firstName = dialog.getByLabel("First name (optional)");
  await expect(firstName).toHaveAttribute("aria-invalid", "true");
  await expect(firstName).toHaveAccessibleDescription("This address bounced last time.");
  await expect(firstName).toBeFocused();
  await expect(dialog.getByRole("alert")).toHaveCount(0);

  // The real server refuses inviting a member, naming no field: the message shows above the form.
  await email.fill(owner.email);
  await email.press("Enter");
  await expect(dialog.getByRole("alert")).toHaveText("A user with this email address already belongs to the organization.");
  await expect(firstName).not.toHaveAttribute("aria-invalid", "true");

  // The browser's own checks focus the first invalid field.
  await email.fill("not an address");
  await dialog.getByRole("button", { name: "Send invite" }).click();
  await expect(email).toHaveAccessibleDescription("Enter a valid email address.");
  await expect(email).toBeFocused();

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // Opening again starts over.
  await page.getByRole("button", { name: "Invite people" }).click();
  await expect(page.getByRole("dialog").getByLabel("Email address")).toHaveValue("");
  await expect(page.getByRole("dialog").getByRole("alert")).toHaveCount(0);
});

test("a nested attr (scopes__0) lands on its field; Enter on a checkbox submits", async ({ page }) => {
  await signUpWithApi(page.request, newAccount("Ivy"));
  await page.goto("/settings/api-keys");
  await page.getByRole("button", { name: "Create key" }).first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Label")).toBeFocused();
  await dialog.getByLabel("Label").fill("Exports");
  await page.route(
    "**/api/personal_api_keys/",
    (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 400,
            json: { type: "validation_error", code: "invalid_input", detail: "Invalid scope: insight:rea", attr: "scopes__0" },
          })
        : route.fallback(),
    { times: 1 },
  );
  const read = dialog.getByRole("checkbox", { name: "Insight: read" });
  await read.click();
  await read.press("Enter");
  await expect(dialog.getByText("Invalid scope: insight:rea")).toBeVisible();
  await expect(dialog.getByRole("group", { name: "Scopes" })).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByRole("alert")).toHaveCount(0);
});

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

test("a very long invite link wraps inside the dialog, its buttons stay in it and usable", async ({ page }) => {
  await signUpWithApi(page.request, newAccount("Lin"));
  const dialog = await openInviteDialog(page);
  const id = `${"0123456789abcdef".repeat(24)}`;
  const target = uniqueEmail("long");
  await answerNextInvite(page, {
    status: 201,
    json: {
      id,
      target_email: target,
      first_name: "",
      emailing_attempt_made: false,
      level: 1,
      is_expired: false,
      created_by: null,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      message: null,
      private_project_access: [],
    },
  });
  await dialog.getByLabel("Email address").fill(target);
  await dialog.getByLabel("Email address").press("Enter");
  await expect(dialog.getByRole("heading", { name: "Invite created" })).toBeVisible();
  await expect(dialog.locator("code")).toHaveText(new RegExp(`/signup/${id}$`));

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    const frame = await box(dialog);
    for (const control of [
      dialog.getByRole("button", { name: "Copy invite link" }),
      dialog.getByRole("button", { name: "Invite someone else" }),
      dialog.getByRole("button", { name: "Done" }),
      dialog.locator("code"),
    ]) {
      const inner = await box(control);
      expect(inner.x, `left edge at ${width}px`).toBeGreaterThanOrEqual(frame.x);
      expect(inner.x + inner.width, `right edge at ${width}px`).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
    }
  }
  // Focus moved to the copy button when the form gave way, and the buttons still work.
  await expect(dialog.getByRole("button", { name: "Copy invite link" })).toBeFocused();
  await dialog.getByRole("button", { name: "Invite someone else" }).click();
  await expect(dialog.getByLabel("Email address")).toHaveValue("");
  await expect(dialog.getByLabel("Email address")).toBeFocused();
});

test("closing a dialog, by Escape or Cancel, returns the focus to the button that opened it", async ({ page }) => {
  await signUpWithApi(page.request, newAccount("Ona"));
  for (const [path, name, title] of [
    ["/organization/members", "Invite people", /Invite someone to/],
    ["/organization/projects", "New project", /New project in/],
  ] as const) {
    await page.goto(path);
    const opener = page.getByRole("button", { name });
    await opener.click();
    // The dialog's own content, past the frame shown while its code loads.
    await expect(page.getByRole("dialog").getByRole("heading", { name: title })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(opener).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog").getByRole("heading", { name: title })).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(opener).toBeFocused();
  }
});
