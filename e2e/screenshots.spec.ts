import { expect, type Page } from "@playwright/test";
import { filtersToSearchParams } from "../lib/insights/builder/url-state";
import { demoProjectId, inviteWithApi, newAccount, PASSWORD, signInAsDemo, signUpWithApi, test } from "./support";

// Screenshots of every page in both themes, for looking at the UI: `E2E_SCREENSHOTS=1 npx playwright test screenshots`.
// A tool rather than a test, so playwright.config.ts leaves it out of `npm test`.

const DIR = "test-results/screenshots";

async function shoot(page: Page, name: string) {
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${DIR}/${name}-${theme}.png`, fullPage: true });
  }
}

test("every page, light and dark", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.goto("/login");
  await shoot(page, "login");
  await page.goto("/signup");
  await shoot(page, "signup");

  const owner = newAccount("Ada", "Analytical Engines");
  const { organization } = await signUpWithApi(page.request, owner);
  await page.goto("/onboarding");
  await shoot(page, "onboarding");
  await page.goto("/");
  await expect(page.getByTestId("current-organization")).toBeVisible();
  await shoot(page, "project-home");
  await page.getByRole("button", { name: /^Organization:/ }).click();
  await shoot(page, "menu-organizations");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Account menu" }).click();
  await shoot(page, "menu-account");
  await page.keyboard.press("Escape");

  const invite = await inviteWithApi(page, organization.id, "grace@example.com", 8);
  const memberInvite = await inviteWithApi(page, organization.id, "charles@example.com", 1);
  const context = await browser.newContext({ colorScheme: "dark" });
  const other = await context.newPage();
  await other.goto(`/signup/${invite.id}`);
  await expect(other.getByRole("heading", { name: /Join/ })).toBeVisible();
  await shoot(other, "invite-signed-out");
  await other.request.post(`/api/signup/${memberInvite.id}/`, { data: { first_name: "Charles", password: PASSWORD } });
  await other.goto(`/signup/${invite.id}`);
  await shoot(other, "invite-signed-in");
  await other.goto("/signup/00000000-0000-4000-8000-000000000000");
  await shoot(other, "invite-unknown");
  await context.close();
  await inviteWithApi(page, organization.id, "lovelace@example.com", 1);

  await page.goto("/organization/members");
  await expect(page.getByRole("row", { name: /Charles/ })).toBeVisible();
  await shoot(page, "members");
  await page.getByRole("combobox", { name: "Level of Charles" }).click();
  await page.getByRole("option", { name: "administrator" }).click();
  await shoot(page, "members-level-dialog");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Remove Charles" }).click();
  await shoot(page, "members-remove-dialog");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Invite people" }).click();
  await shoot(page, "members-invite-dialog");
  const inviteDialog = page.getByRole("dialog");
  await inviteDialog.getByLabel("Email address").fill(owner.email);
  await inviteDialog.getByRole("button", { name: "Send invite" }).click();
  await expect(inviteDialog.getByRole("alert")).toBeVisible();
  await shoot(page, "members-invite-dialog-refused");
  // An invite link far longer than real ones, to see it wrap inside the dialog.
  await page.route("**/api/organizations/*/invites/", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    const created = await (await route.fetch()).json();
    await route.fulfill({ status: 201, json: { ...created, id: `${created.id}-${"0123456789abcdef".repeat(12)}` } });
  });
  await inviteDialog.getByLabel("Email address").fill("babbage@example.com");
  await inviteDialog.getByRole("button", { name: "Send invite" }).click();
  await expect(inviteDialog.getByRole("heading", { name: "Invite created" })).toBeVisible();
  await shoot(page, "members-invite-created-long-link");
  await page.unroute("**/api/organizations/*/invites/");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: /^Organization:/ }).click();
  await page.getByRole("menuitem", { name: "New organization" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Create organization" }).click();
  await shoot(page, "organization-create-dialog-invalid");
  await page.keyboard.press("Escape");

  await page.goto("/organization/settings");
  await shoot(page, "organization-settings");
  await page.getByRole("button", { name: "Delete organization" }).click();
  await shoot(page, "organization-delete-dialog");
  await page.keyboard.press("Escape");

  await page.goto("/settings/api-keys");
  await shoot(page, "api-keys-empty");
  await page.getByRole("button", { name: "Create key" }).first().click();
  await shoot(page, "api-keys-create-dialog");
  await page.getByRole("dialog").getByLabel("Label").fill("Nightly export");
  await page.getByRole("checkbox", { name: "Insight: read" }).click();
  await page.getByRole("checkbox", { name: "Organization: write" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Create key" }).click();
  await shoot(page, "api-keys-created");
  await page.keyboard.press("Escape");
  await shoot(page, "api-keys-list");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/organization/members");
  await shoot(page, "mobile-members");
  await page.getByRole("button", { name: "Invite people" }).click();
  await shoot(page, "mobile-invite-dialog");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Open navigation" }).click();
  await shoot(page, "mobile-nav");
});

test("projects, verified domains and invites, light and dark", async ({ page }) => {
  test.setTimeout(180_000);
  const { organization } = await signUpWithApi(page.request, newAccount("Grace", "Hopper Labs"));
  await page.goto("/organization/projects");
  await expect(page.getByRole("row", { name: /Default project/ })).toBeVisible();
  await shoot(page, "projects");
  await page.getByRole("button", { name: "New project" }).click();
  await page.getByRole("dialog").getByLabel("Name").fill("Mobile app");
  await page.getByRole("dialog").getByRole("combobox", { name: "Time zone" }).click();
  await page.getByRole("combobox", { name: "Search time zones" }).fill("new");
  await shoot(page, "projects-create-dialog-timezone");
  await page.getByRole("option", { name: "America/New York" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Create project" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mobile app" })).toBeVisible();
  await shoot(page, "project-settings");
  await page.getByRole("button", { name: "Delete project" }).click();
  await shoot(page, "project-delete-dialog");
  await page.keyboard.press("Escape");

  const origin = { origin: new URL(page.url()).origin };
  for (const domain of ["hopper.example.com", "cobol.example.org"])
    await page.request.post(`/api/organizations/${organization.id}/domains/`, { data: { domain }, headers: origin });
  await page.goto("/organization/domains");
  await expect(page.getByRole("row", { name: /hopper/ })).toBeVisible();
  await shoot(page, "domains");
  await page.getByRole("button", { name: "Verify hopper.example.com" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Verify", exact: true }).click();
  await expect(page.getByRole("dialog").getByRole("status")).toBeVisible();
  await shoot(page, "domains-verify-failed");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "SAML settings of hopper.example.com" }).click();
  await shoot(page, "domains-saml-dialog");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Remove cobol.example.org" }).click();
  await shoot(page, "domains-remove-dialog");
  await page.keyboard.press("Escape");

  await page.goto("/organization/invites");
  await shoot(page, "invites-empty");
  await page.getByRole("button", { name: "Invite people" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Add another" }).click();
  await dialog.getByRole("button", { name: "Add another" }).click();
  await dialog.getByLabel("Email address 1").fill("ada@example.com");
  await dialog.getByLabel("First name 1 (optional)").fill("Ada");
  await dialog.getByLabel("Email address 2").fill("alan@example.com");
  await dialog.getByLabel("Email address 3").fill("not an address");
  await dialog.getByRole("button", { name: "Send invites" }).click();
  await shoot(page, "invites-bulk-dialog-invalid");
  await dialog.getByLabel("Email address 3").fill("barbara@example.com");
  await dialog.getByRole("button", { name: "Send invites" }).click();
  await expect(dialog.getByRole("heading", { name: "3 invites created" })).toBeVisible();
  await shoot(page, "invites-bulk-created");
  await dialog.getByRole("button", { name: "Done" }).click();
  await shoot(page, "invites-pending");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Invite people" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Add another" }).click();
  await shoot(page, "mobile-invites-bulk-dialog");
  await page.keyboard.press("Escape");
  await page.goto("/organization/domains");
  await shoot(page, "mobile-domains");
});

test("funnel builder: every view, light and dark", async ({ page }) => {
  test.setTimeout(240_000);
  await signInAsDemo(page);
  await page.setViewportSize({ width: 1440, height: 1100 });
  const open = (filters: Record<string, unknown>) =>
    page.goto(
      `/project/${demoProjectId()}/insights/new?${filtersToSearchParams({ insight: "FUNNELS", funnel_viz_type: "steps", funnel_window_interval: 14, funnel_window_interval_unit: "day", date_from: "-30d", ...filters })}`,
    );
  const events = [
    { id: "$pageview", type: "events", order: 0, name: "$pageview" },
    { id: "signed_up", type: "events", order: 1, name: "signed_up" },
    { id: "onboarding_completed", type: "events", order: 2, name: "onboarding_completed" },
  ];
  const browser = { breakdown: "$browser", breakdown_type: "event" };
  const views: [string, Record<string, unknown>][] = [
    ["steps", {}],
    ["steps-breakdown", { ...browser, breakdown_limit: 4 }],
    ["steps-breakdown-all-steps", { ...browser, breakdown_limit: 4, breakdown_attribution_type: "all_events" }],
    ["steps-breakdown-step-2", { ...browser, breakdown_limit: 4, breakdown_attribution_type: "step", breakdown_attribution_value: 1 }],
    ["steps-compare", { compare: true }],
    ["steps-compare-breakdown", { ...browser, compare: true, breakdown_limit: 3 }],
    ["steps-horizontal-compare", { compare: true, layout: "horizontal", funnel_step_reference: "previous" }],
    ["time-to-convert", { funnel_viz_type: "time_to_convert" }],
    ["trends", { ...browser, funnel_viz_type: "trends", breakdown_limit: 3 }],
    ["trends-compare", { funnel_viz_type: "trends", compare: true }],
  ];
  for (const [name, extra] of views) {
    await open({ events, ...extra });
    await expect(
      page.locator("[data-testid=funnel-step], [data-testid=funnel-time-to-convert], [data-testid=funnel-trends]").first(),
    ).toBeVisible();
    await shoot(page, `funnels-${name}`);
  }
  await open({ events });
  await page.getByRole("button", { name: /^Step 2 signed_up: .* Show the persons who converted\.$/ }).click();
  await expect(page.getByRole("dialog").getByRole("table", { name: "Persons" }).locator("tbody tr").first()).toBeVisible();
  await shoot(page, "funnels-persons");
});
