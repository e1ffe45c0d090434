import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { currentProject, expectAccessible, hydrating, newAccount, sameOrigin, signUpWithApi, test } from "./support";

// A site of another origin loads posthog-js (opted in to site apps) pointed at Hedgerow: the apps the project
// enabled arrive with its remote config and run on that site, as PostHog's do.

const bundle = readFileSync(`${process.cwd()}/node_modules/posthog-js/dist/array.full.js`, "utf8");

const sitePage = (token: string) => `<!doctype html><html lang="en"><head><title>Garden shop</title><script src="/posthog.js"></script>
<script>posthog.init(${JSON.stringify(token)}, { api_host: ${JSON.stringify(process.env.E2E_BASE_URL)}, opt_in_site_apps: true, request_batching: false, person_profiles: "always", opt_out_useragent_filter: true })</script>
</head><body><main><h1>Garden shop</h1><p>Seeds and tools.</p></main></body></html>`;

let site: Server;
let siteUrl: string;
let token = "";

test.beforeAll(async () => {
  site = createServer((req, res) => {
    const script = req.url === "/posthog.js";
    res.writeHead(200, { "content-type": script ? "application/javascript" : "text/html" });
    res.end(script ? bundle : sitePage(token));
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
});

test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

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

/** A fresh browser (no cached remote config) on the site's page. */
async function openSite(browser: Browser): Promise<Page> {
  const page = hydrating(await (await browser.newContext()).newPage());
  await page.goto(siteUrl);
  return page;
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
  token = project.token;
  await enableSiteApp(page, organization.id, project.id, "https://github.com/PostHog/notification-bar-app", {
    notification: "Spring sale: <strong>20% off</strong> seeds",
    position: "sticky",
  });
  await enableSiteApp(page, organization.id, project.id, "https://github.com/PostHog/bug-report-app", { eventName: "bug reported" });

  const shop = await openSite(browser);
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
