import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "@playwright/test";
import {
  currentProject,
  daysAgo,
  expectAccessible,
  expectAccessibleInBothThemes,
  hydrating,
  newAccount,
  screenshotThemes,
  sendEventsWithApi,
  signUpWithApi,
  test,
} from "./support";

// Three visitors over the last days: alice bounces (Safari), bob reads two pages (Chrome), carol one page then a click (Chrome).
const session = (n: number) => `0190cccc-0000-7000-8000-00000000000${n}`;
const pageview = (who: string, sid: number, at: string, pathname: string, browser: string) => ({
  event: "$pageview",
  distinct_id: who,
  timestamp: at,
  properties: { $session_id: session(sid), $pathname: pathname, $browser: browser, $referring_domain: "$direct" },
});
const EVENTS = [
  pageview("alice", 1, daysAgo(2), "/", "Safari"),
  pageview("bob", 2, daysAgo(1, 2), "/pricing", "Chrome"),
  pageview("bob", 2, new Date(Date.parse(daysAgo(1, 2)) + 60_000).toISOString(), "/docs", "Chrome"),
  pageview("carol", 3, daysAgo(1, 5), "/", "Chrome"),
  {
    event: "$autocapture",
    distinct_id: "carol",
    timestamp: new Date(Date.parse(daysAgo(1, 5)) + 3_000).toISOString(),
    properties: { $session_id: session(3) },
  },
];

// The reference: what the tiles must read, computed from the events above.
const views = EVENTS.filter((e) => e.event === "$pageview");
const visitors = new Set(views.map((e) => e.distinct_id)).size;

test("web analytics: tiles, cards, a row click that filters the page, and its public link", async ({ page, browser }) => {
  test.setTimeout(420_000);
  await signUpWithApi(page.request, newAccount("Wren"));
  const project = await currentProject(page.request);
  await sendEventsWithApi(page.request, project.token, EVENTS);

  await page.goto(`/project/${project.id}/web`);
  await expect(page.getByRole("heading", { name: "Web analytics" })).toBeVisible();
  await expect(page.getByTestId("web-tile-visitors").locator("[data-value]")).toHaveAttribute("data-value", String(visitors), {
    // The overview reads every session's events: on a loaded machine it may come after the cards.
    timeout: 60_000,
  });
  await expect(page.getByTestId("web-tile-views").locator("[data-value]")).toHaveAttribute("data-value", String(views.length));
  await expect(page.getByTestId("web-tile-sessions").locator("[data-value]")).toHaveAttribute("data-value", "3");
  // One session of three bounced (alice's); bob's lasted 60 s, carol's 3 s, alice's 0 s.
  await expect(page.getByTestId("web-tile-bounce rate")).toContainText("33.3%");
  // Every tile has its sparkline, bounce rate's from the overview itself.
  for (const key of ["visitors", "views", "sessions", "session duration", "bounce rate"])
    await expect(page.getByTestId(`web-tile-${key}`).locator(".recharts-line"), key).toHaveCount(1);
  await expect(page.getByTestId("web-tile-session duration")).toContainText("21s");
  const paths = page.getByRole("region", { name: "Paths" });
  await expect(paths.getByRole("row")).toHaveCount(4);
  await expect(paths.getByRole("row").nth(1)).toContainText("/");
  await expect(page.getByTestId("web-live")).toHaveText("0 visitors in the last 30 minutes");
  await expectAccessibleInBothThemes(page, "web analytics");
  await screenshotThemes(page, "web-analytics");

  // A click on a browser filters the whole page by it, in the URL.
  const devices = page.getByRole("region", { name: "Devices" });
  await devices.getByRole("button", { name: "Browser" }).click();
  await devices.getByRole("button", { name: "Filter by Safari" }).click();
  await expect(page).toHaveURL(/properties=.*Safari/);
  await expect(page.getByTestId("web-tile-visitors").locator("[data-value]")).toHaveAttribute("data-value", "1");
  await expect(page.getByTestId("web-tile-views").locator("[data-value]")).toHaveAttribute("data-value", "1");
  await page.reload();
  await expect(page.getByTestId("web-tile-visitors").locator("[data-value]")).toHaveAttribute("data-value", "1", {
    timeout: 60_000,
  });

  // Share, by keyboard: the public link opens the page read-only for someone signed out.
  await page.getByRole("button", { name: "Share" }).focus();
  await page.keyboard.press("Enter");
  const share = page.getByRole("dialog", { name: /Share/ });
  await share.getByLabel("Share publicly").focus();
  await page.keyboard.press("Space");
  await expect(share.getByLabel("Share publicly")).toBeChecked();
  const link = await share.locator("code").filter({ hasText: "/shared/" }).textContent();
  expect(link).toMatch(/\/shared\/[\w-]+$/);
  // The embed code beside it: an iframe of /embedded/<the same token>, with its copy button.
  const embed = share.getByRole("region", { name: "Embed" });
  await expect(embed.getByRole("button", { name: "Copy embed code" })).toBeVisible();
  const snippet = (await embed.locator("code").textContent())!;
  const embedUrl = /src="([^"]+)"/.exec(snippet)?.[1];
  expect(embedUrl).toBe(link!.replace("/shared/", "/embedded/"));
  await expectAccessible(page, "web analytics share dialog");
  await page.keyboard.press("Escape");
  await expect(share).toHaveCount(0);

  const visitorContext = await browser.newContext();
  const visitor = hydrating(await visitorContext.newPage());
  await visitor.goto(link!);
  await expect(visitor.getByTestId("shared-web-analytics")).toHaveText("Web analytics");
  await expect(visitor.getByTestId("web-tile-visitors").locator("[data-value]")).toHaveAttribute("data-value", String(visitors), {
    timeout: 60_000,
  });
  await expect(visitor.getByTestId("web-tile-views").locator("[data-value]")).toHaveAttribute("data-value", String(views.length));
  await expect(visitor.getByRole("region", { name: "Paths" }).getByRole("row")).toHaveCount(4);
  await expect(visitor.getByTestId("web-live")).toHaveText("0 visitors in the last 30 minutes");
  await expectAccessibleInBothThemes(visitor, "shared web analytics");
  await screenshotThemes(visitor, "web-analytics-shared");
  // A row click filters the shared page too, and the filter can be removed.
  const sharedDevices = visitor.getByRole("region", { name: "Devices" });
  await sharedDevices.getByRole("button", { name: "Browser" }).click();
  await sharedDevices.getByRole("button", { name: "Filter by Safari" }).click();
  await expect(visitor.getByTestId("web-tile-visitors").locator("[data-value]")).toHaveAttribute("data-value", "1");
  await visitor.getByRole("button", { name: /Remove filter \$browser = Safari/ }).click();
  await expect(visitor.getByTestId("web-tile-visitors").locator("[data-value]")).toHaveAttribute("data-value", String(visitors));

  // The embed code pasted into a page of another site (another origin): the tiles show in its iframe, untitled.
  const site = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(`<!doctype html><html lang="en"><head><title>Blog</title></head><body>${snippet}</body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const host = await visitorContext.newPage();
  await host.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
  const frame = host.frameLocator("iframe");
  await expect(frame.getByTestId("web-tile-visitors").locator("[data-value]")).toHaveAttribute("data-value", String(visitors), {
    timeout: 60_000,
  });
  await expect(frame.getByTestId("web-tile-bounce rate")).toContainText("33.3%");
  await expect(frame.getByText(/Times in/)).toHaveCount(0);
  await visitor.goto(embedUrl!);
  await expect(visitor.getByTestId("web-tile-views").locator("[data-value]")).toHaveAttribute("data-value", String(views.length), {
    timeout: 60_000,
  });
  await expectAccessibleInBothThemes(visitor, "embedded web analytics");
  await visitorContext.close();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});
