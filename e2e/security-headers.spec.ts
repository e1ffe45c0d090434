import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page } from "@playwright/test";
import { currentProject, hydrating, newAccount, sameOrigin, sendEventsWithApi, signUpWithApi, test } from "./support";

/** Every CSP violation Chromium reports on the page (it logs each one to the console). */
function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|frame|connect)/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

const directive = (policy: string | null, name: string) => policy?.split("; ").find((d) => d.startsWith(`${name} `));

let site: Server;
let siteUrl: string;
let framing = "";
test.beforeAll(async () => {
  // Another site, framing whatever this test asks it to.
  site = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(`<!doctype html><html lang="en"><head><title>Other site</title></head><body>${framing}</body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
});
test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

test("the console's pages run under a nonce CSP without a violation, and cannot be framed", async ({ page }) => {
  const violations = cspViolations(page);
  const login = await page.goto("/login");
  const policy = login!.headers()["content-security-policy"];
  expect(directive(policy, "script-src")).toMatch(/^script-src 'self' 'nonce-[\w+/=]+' 'strict-dynamic'$/);
  expect(directive(policy, "frame-ancestors")).toBe("frame-ancestors 'none'");
  expect(login!.headers()["x-frame-options"]).toBe("DENY");
  expect(login!.headers()["x-content-type-options"]).toBe("nosniff");
  expect(login!.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  // A fresh nonce on every load.
  const again = await page.reload();
  expect(directive(again!.headers()["content-security-policy"], "script-src")).not.toBe(directive(policy, "script-src"));

  await signUpWithApi(page.request, newAccount("Csp"));
  const project = await currentProject(page.request);
  const now = new Date().toISOString();
  await sendEventsWithApi(page.request, project.token, [{ event: "$pageview", distinct_id: "csp", timestamp: now }]);
  for (const path of [
    "/",
    `/project/${project.id}/insights/new`,
    `/project/${project.id}/events`,
    "/settings/api-keys",
    `/project/${project.id}/dashboard`,
    "/organization/members",
    "/docs/api",
  ]) {
    const response = await page.goto(path);
    expect(response!.status(), path).toBeLessThan(400);
    await expect(page.locator("main").first(), path).toBeVisible();
  }
  // The theme switch injects styles at run time.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  expect(violations).toEqual([]);

  const api = await page.request.get("/api/users/@me/");
  expect(api.headers()["cache-control"]).toBe("no-store");
  expect(api.headers()["x-content-type-options"]).toBe("nosniff");
});

test("a shared dashboard renders under the CSP and may be framed by another site; the console may not", async ({ page, browser }) => {
  await signUpWithApi(page.request, newAccount("Embed"));
  const project = await currentProject(page.request);
  await sendEventsWithApi(page.request, project.token, [{ event: "$pageview", distinct_id: "embed", timestamp: new Date().toISOString() }]);
  await page.goto("/");
  const dashboard = await page.request.post(`/api/projects/${project.id}/dashboards/`, {
    data: { name: "Embedded" },
    headers: sameOrigin(page),
  });
  expect(dashboard.status()).toBe(201);
  const { id } = await dashboard.json();
  const insight = await page.request.post(`/api/projects/${project.id}/insights/`, {
    data: { name: "Views", filters: { insight: "TRENDS", events: [{ id: "$pageview" }] }, dashboards: [id] },
    headers: sameOrigin(page),
  });
  expect(insight.status()).toBe(201);
  const sharing = await page.request.patch(`/api/projects/${project.id}/dashboards/${id}/sharing/`, {
    data: { enabled: true },
    headers: sameOrigin(page),
  });
  expect(sharing.status()).toBe(200);
  const sharedPath = `/shared/${(await sharing.json()).access_token}`;

  const visitorContext = await browser.newContext();
  const visitor = hydrating(await visitorContext.newPage());
  const violations = cspViolations(visitor);
  const response = await visitor.goto(sharedPath);
  expect(directive(response!.headers()["content-security-policy"], "frame-ancestors")).toBe("frame-ancestors *");
  expect(response!.headers()["x-frame-options"]).toBeUndefined();
  await expect(visitor.getByTestId("shared-dashboard-name")).toHaveText("Embedded");
  await expect(visitor.getByRole("article", { name: "Views" })).toBeVisible();

  const base = process.env.E2E_BASE_URL!.replace(/\/$/, "");
  framing = `<iframe title="shared" src="${base}${sharedPath}" width="900" height="600"></iframe><iframe title="console" src="${base}/login" width="900" height="600"></iframe>`;
  const other = await visitorContext.newPage();
  const frameRefusals = cspViolations(other);
  await other.goto(siteUrl);
  const shared = other.frameLocator('iframe[title="shared"]');
  await expect(shared.getByTestId("shared-dashboard-name")).toHaveText("Embedded");
  await expect.poll(() => frameRefusals.some((m) => /frame-ancestors/.test(m))).toBe(true);
  await expect(other.frameLocator('iframe[title="console"]').getByRole("button", { name: /sign in/i })).toHaveCount(0);
  await visitorContext.close();
  expect(violations).toEqual([]);
});
