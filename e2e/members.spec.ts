import { expect } from "@playwright/test";
import { expectAccessible, hydrating, inviteWithApi, newAccount, PASSWORD, signUpWithApi, test, uniqueEmail } from "./support";

test("an owner invites someone, who accepts; the owner then makes them an administrator", async ({ page, browser }) => {
  const owner = newAccount("Olive", "Olive Groves");
  await signUpWithApi(page.request, owner);
  const inviteeEmail = uniqueEmail("bea");

  await page.goto("/organization/members");
  await page.getByRole("button", { name: "Invite people" }).click();
  const inviteDialog = page.getByRole("dialog");
  await inviteDialog.getByLabel("Email address").fill(inviteeEmail);
  await inviteDialog.getByLabel("First name (optional)").fill("Bea");
  await inviteDialog.getByRole("button", { name: "Send invite" }).click();
  await expect(inviteDialog.getByRole("heading", { name: "Invite created" })).toBeVisible();
  await inviteDialog.getByRole("button", { name: "Done" }).click();
  // Pending invites have their own page, which the members page links to.
  await expect(page.getByRole("link", { name: /Pending invites · 1 waiting/ })).toBeVisible();
  await page.getByRole("link", { name: /Pending invites/ }).click();
  await expect(page).toHaveURL(/\/organization\/invites$/);
  const pendingInvites = page.getByRole("table", { name: "Pending invites" });
  await expect(pendingInvites.getByRole("row", { name: new RegExp(inviteeEmail) })).toBeVisible();

  // The owner reads the invite's id from the API, as the link in the email would carry it.
  const invites = await (await page.request.get("/api/organizations/@current/invites/")).json();
  const invite = invites.results.find((i: { target_email: string }) => i.target_email === inviteeEmail);
  expect(invite).toBeTruthy();

  const inviteeContext = await browser.newContext();
  const invitee = hydrating(await inviteeContext.newPage());
  await invitee.goto(`/signup/${invite.id}`);
  await expect(invitee.getByRole("heading", { name: `Join ${owner.organizationName}` })).toBeVisible();
  await expect(invitee.getByText("as a member")).toBeVisible();
  await expect(invitee.getByLabel("Email")).toHaveValue(inviteeEmail);
  await expect(invitee.getByLabel("First name")).toHaveValue("Bea");
  await invitee.getByLabel("Password").fill(PASSWORD);
  await invitee.getByRole("button", { name: `Create account and join ${owner.organizationName}` }).click();
  await expect(invitee).toHaveURL(/\/project\/\d+$/);
  await expect(invitee.getByTestId("current-organization")).toHaveText(owner.organizationName);
  await inviteeContext.close();

  await page.reload();
  await expect(pendingInvites).toHaveCount(0);
  await expect(page.getByText("No pending invites.")).toBeVisible();
  await page.goto("/organization/members");
  await expect(page.getByRole("link", { name: /Pending invites · none waiting/ })).toBeVisible();
  const members = page.getByRole("table", { name: `Members of ${owner.organizationName}` });
  const beaRow = members.getByRole("row", { name: /Bea/ });
  await expect(beaRow).toContainText(inviteeEmail);

  await beaRow.getByRole("combobox", { name: "Level of Bea" }).click();
  await page.getByRole("option", { name: "administrator" }).click();
  const confirm = page.getByRole("dialog");
  await expect(confirm.getByRole("heading", { name: "Upgrade Bea to administrator?" })).toBeVisible();
  await expect(confirm).toContainText(`Bea will be an administrator of ${owner.organizationName}`);
  await confirm.getByRole("button", { name: "Make administrator" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("Bea is now an administrator.")).toBeVisible();

  await page.reload();
  await expect(members.getByRole("row", { name: /Bea/ }).getByRole("combobox", { name: "Level of Bea" })).toHaveText("administrator");
  const listed = await (await page.request.get("/api/organizations/@current/members/")).json();
  expect(listed.results.find((m: { user: { email: string } }) => m.user.email === inviteeEmail).level).toBe(8);
});

test("a member sees the levels but no controls to change them", async ({ page, browser }) => {
  const owner = newAccount("Otto", "Otto's Orchard");
  const { organization } = await signUpWithApi(page.request, owner);
  await page.goto("/");
  const memberEmail = uniqueEmail("mia");
  const invite = await inviteWithApi(page, organization.id, memberEmail, 1);

  const memberContext = await browser.newContext();
  const member = hydrating(await memberContext.newPage());
  const accepted = await member.request.post(`/api/signup/${invite.id}/`, { data: { first_name: "Mia", password: PASSWORD } });
  expect(accepted.ok()).toBe(true);

  await member.goto("/organization/members");
  const members = member.getByRole("table", { name: `Members of ${owner.organizationName}` });
  await expect(members.getByRole("row", { name: /Otto/ })).toBeVisible();
  await expect(members.getByRole("row", { name: /Mia/ })).toBeVisible();
  await expect(members.getByRole("combobox")).toHaveCount(0);
  await expect(members.getByTestId("member-level")).toHaveText(["owner", "member"]);
  await expect(members.getByRole("button", { name: "Remove Otto" })).toBeDisabled();
  await members.getByRole("button", { name: "Remove Otto" }).hover({ force: true });
  await expect(member.getByRole("tooltip")).toHaveText("You can only edit others if you are an admin.");

  // Search and sort live in the URL, so a reload (or a shared link) keeps them.
  await member.getByRole("searchbox", { name: "Search by name or email" }).fill("mia");
  await expect(member).toHaveURL(/[?&]q=mia/);
  await expect(members.getByRole("row")).toHaveCount(2);
  await members.getByRole("button", { name: "Name" }).click();
  await expect(member).toHaveURL(/[?&]sort=name/);
  await member.reload();
  await expect(member.getByRole("searchbox", { name: "Search by name or email" })).toHaveValue("mia");
  await expect(members.getByRole("row")).toHaveCount(2);
  await expect(members.getByRole("row", { name: /Mia/ })).toBeVisible();
  await expect(members.getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "ascending");

  // Members can't rename or delete the organization either.
  await member.goto("/organization/settings");
  await expect(member.getByLabel("Name", { exact: true })).toBeDisabled();
  await expect(member.getByRole("button", { name: "Delete organization" })).toHaveCount(0);
  await memberContext.close();
});

test("the members list arrives with the page, drawn before any request from the browser", async ({ page }) => {
  const owner = newAccount("Priya");
  await signUpWithApi(page.request, owner);
  // The browser never gets to ask: the table must come from the server-rendered page.
  await page.route(/\/api\/organizations\/[^/]+\/members\//, (route) => route.abort());
  await page.goto("/organization/members");
  await expect(page.getByRole("table").getByText(owner.email)).toBeVisible();
});

test("the only owner is not offered to leave, and is told why; once there is another owner they may", async ({ page, browser }) => {
  const owner = newAccount("Sol", "Sol's Orchard");
  const { organization } = await signUpWithApi(page.request, owner);
  await page.goto("/organization/members");
  const members = page.getByRole("table", { name: `Members of ${owner.organizationName}` });
  const leave = members.getByRole("button", { name: "Leave organization" });
  await expect(leave).toBeDisabled();
  await leave.hover({ force: true });
  await expect(page.getByRole("tooltip")).toHaveText("Cannot leave the organization as its owner!");
  await expectAccessible(page, "members");

  // A second owner joins: now either may leave.
  const invite = await inviteWithApi(page, organization.id, uniqueEmail("ona"), 15);
  const context = await browser.newContext();
  const second = hydrating(await context.newPage());
  expect((await second.request.post(`/api/signup/${invite.id}/`, { data: { first_name: "Ona", password: PASSWORD } })).ok()).toBe(true);
  await context.close();
  await page.reload();
  await expect(members.getByRole("row", { name: /Ona/ })).toBeVisible();
  await expect(leave).toBeEnabled();
});
