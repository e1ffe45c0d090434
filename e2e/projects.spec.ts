import { expect } from "@playwright/test";
import { expectAccessible, hydrating, inviteWithApi, newAccount, PASSWORD, signUpWithApi, test } from "./support";

test("an owner creates a project, renames it, changes its time zone, copies its snippets and deletes it", async ({ page }) => {
  const owner = newAccount("Pia", "Pia's Plots");
  await signUpWithApi(page.request, owner);
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Projects" }).click();
  await expect(page).toHaveURL(/\/organization\/projects$/);
  const table = page.getByRole("table", { name: `Projects of ${owner.organizationName}` });
  await expect(table.getByRole("row", { name: /Default project/ })).toContainText("current");
  await expectAccessible(page, "projects");

  await page.getByRole("button", { name: "New project" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Web shop");
  // The time zone is searched by typing part of its name.
  await dialog.getByRole("combobox", { name: "Time zone" }).click();
  await page.getByRole("combobox", { name: "Search time zones" }).fill("tokyo");
  await page.getByRole("option", { name: "Asia/Tokyo" }).click();
  await expect(dialog.getByRole("combobox", { name: "Time zone" })).toHaveText("Asia/Tokyo");
  await dialog.getByRole("button", { name: "Create project" }).click();

  // The creator lands on the new project's settings, now working in it.
  await expect(page).toHaveURL(/\/organization\/projects\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Web shop" })).toBeVisible();
  const me = await (await page.request.get("/api/users/@me/")).json();
  expect(me.team.name).toBe("Web shop");
  expect(me.team.timezone).toBe("Asia/Tokyo");
  await expect(page.locator("code").first()).toHaveText(me.team.api_token);
  for (const snippet of ["Copy HTML snippet", "Copy JavaScript snippet", "Copy Node.js snippet", "Copy curl command"])
    await expect(page.getByRole("button", { name: snippet })).toBeVisible();
  await expect(page.getByText(`posthog.init("${me.team.api_token}"`).first()).toBeVisible();
  await expectAccessible(page, "project settings");

  await page.getByLabel("Name").fill("Shop");
  await page.getByRole("combobox", { name: "Time zone" }).click();
  await page.getByRole("combobox", { name: "Search time zones" }).fill("berlin");
  await page.getByRole("option", { name: "Europe/Berlin" }).click();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Project saved.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();
  const saved = await (await page.request.get(`/api/projects/${me.team.id}/`)).json();
  expect(saved).toMatchObject({ name: "Shop", timezone: "Europe/Berlin" });

  await page.getByRole("button", { name: "Delete project" }).click();
  const confirm = page.getByRole("dialog");
  const submit = confirm.getByRole("button", { name: "Delete project" });
  await confirm.getByLabel(/Type Shop to confirm/).fill("Sho");
  await expect(submit).toBeDisabled();
  await confirm.getByLabel(/Type Shop to confirm/).fill("Shop");
  await submit.click();
  await expect(page).toHaveURL(/\/organization\/projects$/);
  await expect(page.getByText("Shop was deleted.")).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(2);
  expect((await page.request.get(`/api/projects/${me.team.id}/`)).status()).toBe(404);
});

test("an owner turns on Discard IP addresses with the keyboard: events captured next keep no $ip", async ({ page }) => {
  await signUpWithApi(page.request, newAccount("Ines", "Ines's Inn"));
  const me = await (await page.request.get("/api/users/@me/")).json();
  const ipsOf = async (name: string) => {
    const sent = await page.request.post("/batch/", {
      data: { api_key: me.team.api_token, batch: [{ event: name, distinct_id: "guest" }] },
    });
    expect(sent.status()).toBe(200);
    const events = (await (await page.request.get(`/api/projects/${me.team.id}/events/?event=${name}`)).json()).results;
    return events.map((event: { properties: Record<string, unknown> }) => event.properties.$ip);
  };
  // The browser's request comes from loopback, and capture records its address.
  expect(await ipsOf("before")).toEqual(["127.0.0.1"]);

  await page.goto(`/organization/projects/${me.team.id}`);
  const discard = page.getByRole("switch", { name: "Discard IP addresses" });
  await expect(discard).not.toBeChecked();
  await expect(discard).toHaveAccessibleDescription(/New events keep no \$ip/);
  await discard.focus();
  await page.keyboard.press("Space");
  await expect(page.getByText("Setting saved.")).toBeVisible();
  await expect(discard).toBeChecked();
  await expectAccessible(page, "project settings with IP addresses discarded");
  expect((await (await page.request.get(`/api/projects/${me.team.id}/`)).json()).anonymize_ips).toBe(true);
  expect(await ipsOf("after")).toEqual([undefined]);
});

test("a member sees the projects and their snippets, but creating, saving and deleting are disabled with the reason", async ({
  page,
  browser,
}) => {
  const owner = newAccount("Quin", "Quin's Quarry");
  const { organization } = await signUpWithApi(page.request, owner);
  await page.goto("/");
  const invite = await inviteWithApi(page, organization.id, `member.${Date.now()}@example.com`, 1);
  const context = await browser.newContext();
  const member = hydrating(await context.newPage());
  expect((await member.request.post(`/api/signup/${invite.id}/`, { data: { first_name: "Mo", password: PASSWORD } })).ok()).toBe(true);

  await member.goto("/organization/projects");
  // The list comes from the browser's query: once it shows, the page is hydrated and hints answer hovering.
  await expect(member.getByRole("row", { name: /Default project/ })).toBeVisible();
  const reason = "Only administrators and owners can create, change and delete projects.";
  await expect(member.getByRole("button", { name: "New project" })).toBeDisabled();
  await member.getByRole("button", { name: "New project" }).hover({ force: true });
  await expect(member.getByRole("tooltip")).toHaveText(reason);
  await member.getByRole("link", { name: "Default project", exact: true }).click();
  await expect(member.getByRole("heading", { level: 1, name: "Default project" })).toBeVisible();
  await expect(member.getByLabel("Name")).toBeDisabled();
  await expect(member.getByRole("button", { name: "Save", exact: true })).toHaveCount(0);
  // The name card and the SDK settings card each say why they are read-only.
  await expect(member.locator("form").getByText(reason)).toBeVisible();
  await expect(member.locator("#autocapture").getByText(reason)).toBeVisible();
  await expect(member.locator("#ip-addresses").getByText(reason)).toBeVisible();
  await expect(member.getByRole("switch", { name: "Discard IP addresses" })).toBeDisabled();
  await expect(member.getByRole("button", { name: "Delete project" })).toBeDisabled();
  await expect(member.getByRole("button", { name: "Copy project API key" })).toBeVisible();
  await context.close();
});

test("creating a project asks whether to switch to it: unticked, the creator stays where they work", async ({ page }) => {
  const owner = newAccount("Rex", "Rex's Rows");
  await signUpWithApi(page.request, owner);
  await page.goto("/organization/projects");
  await page.getByRole("button", { name: "New project" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Staging");
  const switchTo = dialog.getByRole("checkbox", { name: "Switch to it now" });
  await expect(switchTo).toBeChecked();
  await switchTo.click();
  await expect(switchTo).not.toBeChecked();
  await dialog.getByRole("button", { name: "Create project" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Staging" })).toBeVisible();
  await expect(page.getByText("Staging was created. You are still working in Default project.")).toBeVisible();
  const me = await (await page.request.get("/api/users/@me/")).json();
  expect(me.team.name).toBe("Default project");
  expect(me.organization.teams.map((team: { name: string }) => team.name).sort()).toEqual(["Default project", "Staging"]);
});
