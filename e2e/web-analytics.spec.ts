import { expect } from "@playwright/test";
import {
  currentProject,
  daysAgo,
  expectAccessibleInBothThemes,
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

test("web analytics: tiles, cards and a row click that filters the page", async ({ page }) => {
  test.setTimeout(240_000);
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
  await expect(page.getByTestId("web-tile-session duration")).toContainText("21s");
  const paths = page.getByRole("region", { name: "Paths" });
  await expect(paths.getByRole("row")).toHaveCount(4);
  await expect(paths.getByRole("row").nth(1)).toContainText("/");
  await expect(page.getByTestId("web-live")).toContainText("in the last 30 minutes");
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
  await expect(page.getByTestId("web-tile-visitors").locator("[data-value]")).toHaveAttribute("data-value", "1");
});
