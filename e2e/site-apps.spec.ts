import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { otherSite } from "./other-site";
import { currentProject, expectAccessible, newAccount, sameOrigin, signUpWithApi, test } from "./support";

// A site of another origin loads posthog-js (opted in to site apps) pointed at Hedgerow: the apps the project
// enabled arrive with its remote config and run on that site, as PostHog's do.

const site = otherSite({
  title: "Garden shop",
  body: "<h1>Garden shop</h1><p>Seeds and tools.</p>",
  options: { opt_in_site_apps: true },
});

async function enableSiteApp(page: Page, organizationId: string, projectId: number, url: string, config: Record<string, string>) {
  const installed = await page.request.post(`/api/organizations/${organizationId}/pipeline_frontend_apps/`, {
    data: { url },
    headers: sameOrigin(page),
  });
  expect(installed.status()).toBe(201);
  const plugin = (await installed.json()).id;
  const created = await page.request.post(`/api/projects/${projectId}/plugin_configs/`, {
    data: { plugin, enabled: true, config },
    headers: sameOrigin(page),
  });
  expect(created.status()).toBe(201);
}

async function eventNames(request: APIRequestContext, projectId: number) {
  const response = await request.get(`/api/projects/${projectId}/events/?limit=100`);
  expect(response.status()).toBe(200);
  return (await response.json()).results as { event: string; properties: Record<string, unknown> }[];
}

test("an enabled Notification Bar and Bug Report run on the project's site through posthog-js", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { organization } = await signUpWithApi(page.request, newAccount("Flora", "Flora's Garden"));
  const project = await currentProject(page.request);
  site.token = project.token;
  await enableSiteApp(page, organization.id, project.id, "https://github.com/PostHog/notification-bar-app", {
    notification: "Spring sale: <strong>20% off</strong> seeds",
    position: "sticky",
  });
  await enableSiteApp(page, organization.id, project.id, "https://github.com/PostHog/bug-report-app", { eventName: "bug reported" });

  const shop = await site.open(browser);
  const bar = shop.getByRole("region", { name: "Notification" });
  await expect(bar).toContainText("Spring sale: 20% off seeds");
  await shop.getByRole("button", { name: "🐞 Report a bug" }).click();
  await expect(shop.getByLabel("What went wrong?")).toBeFocused();
  await shop.keyboard.type("The basket forgets my seeds");
  await expectAccessible(shop, "a site with Hedgerow's site apps");
  await shop.getByRole("button", { name: "Send" }).click();
  await expect(shop.getByRole("status")).toHaveText("Thank you! Your report was sent.");
  await expect
    .poll(async () => (await eventNames(page.request, project.id)).find((e) => e.event === "bug reported")?.properties.$bug, {
      timeout: 30_000,
    })
    .toBe("The basket forgets my seeds");

  // Closed by keyboard, the bar stays closed on the next page of the same browser.
  await shop.getByRole("button", { name: "Close notification" }).focus();
  await shop.keyboard.press("Enter");
  await expect(bar).toHaveCount(0);
  await shop.reload();
  await expect(shop.getByRole("button", { name: "🐞 Report a bug" })).toBeVisible();
  await expect(bar).toHaveCount(0);
  await shop.context().close();
});
