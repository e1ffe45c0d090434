import { expect } from "@playwright/test";
import { expectAccessible, newAccount, signUpWithApi, test, uniqueEmail } from "./support";

test("an owner invites three people at once, sees them pending, resends one and revokes another", async ({ page }) => {
  const owner = newAccount("Ivo", "Ivo's Invites");
  await signUpWithApi(page.request, owner);
  await page.goto("/organization/invites");
  await expect(page.getByText("No pending invites.")).toBeVisible();
  await expectAccessible(page, "invites, empty");

  await page.getByRole("button", { name: "Invite people" }).click();
  const dialog = page.getByRole("dialog");
  const emails = [uniqueEmail("ann"), uniqueEmail("ben"), uniqueEmail("cy")];
  await dialog.getByRole("button", { name: "Add another" }).click();
  await dialog.getByRole("button", { name: "Add another" }).click();
  await expect(dialog.getByTestId("invite-row")).toHaveCount(3);
  await expect(dialog.getByText("3 of 20")).toBeVisible();
  for (const [i, email] of emails.entries()) await dialog.getByLabel(`Email address ${i + 1}`).fill(email);
  await dialog.getByLabel("First name 1 (optional)").fill("Ann");
  // Levels offered are the inviter's own and below: an owner may invite owners.
  await dialog.getByRole("combobox", { name: "Level 2" }).click();
  await expect(page.getByRole("option")).toHaveText(["member", "administrator", "owner"]);
  await page.getByRole("option", { name: "administrator" }).click();

  // A bad row is named on its own field, and nothing is sent.
  await dialog.getByLabel("Email address 3").fill("not an address");
  await dialog.getByRole("button", { name: "Send invites" }).click();
  await expect(dialog.getByLabel("Email address 3")).toHaveAccessibleDescription("Enter a valid email address.");
  await expect(dialog.getByLabel("Email address 3")).toBeFocused();
  await dialog.getByLabel("Email address 3").fill(emails[2]);
  await expectAccessible(page, "bulk invite dialog");
  await dialog.getByRole("button", { name: "Send invites" }).click();

  await expect(dialog.getByRole("heading", { name: "3 invites created" })).toBeVisible();
  for (const email of emails) await expect(dialog.getByRole("button", { name: `Copy invite link for ${email}` })).toBeVisible();
  await dialog.getByRole("button", { name: "Done" }).click();

  const pending = page.getByRole("table", { name: "Pending invites" });
  for (const email of emails) await expect(pending.getByRole("row", { name: new RegExp(email) })).toBeVisible();
  await expect(pending.getByRole("row", { name: new RegExp(emails[1]) })).toContainText("administrator");
  await expect(pending.getByRole("row", { name: new RegExp(emails[0]) })).toContainText("Ann");
  await expectAccessible(page, "invites, pending");

  // Resending replaces the invite with a new one (a new link), as PostHog does.
  const before = (await (await page.request.get("/api/organizations/@current/invites/")).json()).results;
  const oldId = before.find((invite: { target_email: string }) => invite.target_email === emails[0]).id;
  await pending.getByRole("button", { name: `Resend the invite for ${emails[0]}` }).click();
  await expect(page.getByText(`${emails[0]} has a new invite link, valid for 3 days.`)).toBeVisible();
  const after = (await (await page.request.get("/api/organizations/@current/invites/")).json()).results;
  expect(after).toHaveLength(3);
  const resent = after.find((invite: { target_email: string }) => invite.target_email === emails[0]);
  expect(resent.id).not.toBe(oldId);
  expect(resent.first_name).toBe("Ann");

  await pending.getByRole("button", { name: "Cancel invite" }).nth(1).click();
  const confirm = page.getByRole("alertdialog");
  const revoked = (await confirm.getByRole("heading").textContent())!.match(/Cancel the invite for (.+)\?/)![1];
  await confirm.getByRole("button", { name: "Yes, cancel invite" }).click();
  await expect(page.getByText(`The invite for ${revoked} was cancelled.`)).toBeVisible();
  await expect(pending.getByRole("row")).toHaveCount(3);
  await expect(pending.getByRole("row", { name: new RegExp(revoked) })).toHaveCount(0);
});
