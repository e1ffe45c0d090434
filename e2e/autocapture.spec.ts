import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { otherSite } from "./other-site";
import { currentProject, newAccount, screenshotThemes, signUpWithApi, test } from "./support";

// posthog-js's browser bundle in a page of another site, served on loopback by this test, pointed at Hedgerow: it
// loads the project's remote config, then autocaptures clicks, as PostHog's own pages would.

const shopSite = otherSite({ title: "Shop", body: '<h1>Shop</h1><button id="buy" class="cta primary">Buy now</button>' });

declare global {
  interface Window {
    posthog: {
      init: (token: string, config: Record<string, unknown>) => void;
      identify: (id: string) => void;
      capture: (event: string) => void;
      autocapture?: { isEnabled: boolean };
    };
    _POSTHOG_REMOTE_CONFIG?: Record<string, { config: Record<string, unknown> }>;
  }
}

/** A fresh browser (no cached remote config) on the shop's page, posthog-js sending each event at once. */
async function openShop(browser: Browser): Promise<Page> {
  const page = await shopSite.open(browser);
  // posthog-js decides on autocapture once the project's remote config has loaded.
  await page.waitForFunction((key) => window._POSTHOG_REMOTE_CONFIG?.[key]?.config !== undefined, shopSite.token);
  return page;
}

type StoredEvent = {
  event: string;
  distinct_id: string;
  elements_chain: string;
  elements: { tag_name: string; text: string | null; order: number }[];
};

async function eventsOf(request: APIRequestContext, projectId: number): Promise<StoredEvent[]> {
  const response = await request.get(`/api/projects/${projectId}/events/?limit=1000`);
  expect(response.status()).toBe(200);
  return (await response.json()).results;
}

/** The events once `marker` has been stored (posthog-js sends in order, so everything before it is there too). */
async function eventsUpTo(request: APIRequestContext, projectId: number, marker: string): Promise<StoredEvent[]> {
  let events: StoredEvent[] = [];
  await expect
    .poll(async () => (events = await eventsOf(request, projectId)).some((e) => e.event === marker), { timeout: 30_000 })
    .toBe(true);
  return events;
}

const count = (events: StoredEvent[], name: string) => events.filter((e) => e.event === name).length;

test("posthog-js autocaptures a click with its elements; turning autocapture off in the settings stops it", async ({ page, browser }) => {
  // Two browsers, each loading the SDK, and events stored through the pipeline: slow on a busy machine.
  test.setTimeout(180_000);
  await signUpWithApi(page.request, newAccount("Ada", "Ada's Shop"));
  const project = await currentProject(page.request);
  shopSite.token = project.token;

  const shop = await openShop(browser);
  await expect.poll(() => shop.evaluate(() => window.posthog.autocapture?.isEnabled)).toBe(true);
  await shop.getByRole("button", { name: "Buy now" }).click();
  await shop.evaluate(() => window.posthog.identify("ada@example.com"));
  await shop.evaluate(() => window.posthog.capture("first visit done"));

  const events = await eventsUpTo(page.request, project.id, "first visit done");
  expect(count(events, "$pageview")).toBe(1);
  expect(count(events, "$autocapture")).toBe(1);
  expect(count(events, "$identify")).toBe(1);
  const click = events.find((e) => e.event === "$autocapture")!;
  expect(click.elements_chain).toMatch(/^button\.cta\.primary:/);
  expect(click.elements_chain).toContain('attr__id="buy"');
  expect(click.elements_chain).toContain('text="Buy now"');
  expect(click.elements.slice(0, 3).map((e) => e.tag_name)).toEqual(["button", "main", "body"]);
  expect(click.elements[0]).toMatchObject({ text: "Buy now", order: 0 });
  await shop.context().close();

  // The project's settings page turns autocapture off; the next page load's config says so.
  await page.goto(`/organization/projects/${project.id}`);
  const autocapture = page.getByRole("switch", { name: "Autocapture" });
  await expect(autocapture).toBeChecked();
  await screenshotThemes(page, "project-autocapture-settings");
  await autocapture.click();
  await expect(page.getByText("Setting saved.")).toBeVisible();
  await expect(autocapture).not.toBeChecked();

  const quiet = await openShop(browser);
  await expect.poll(() => quiet.evaluate(() => window.posthog.autocapture?.isEnabled)).toBe(false);
  await quiet.getByRole("button", { name: "Buy now" }).click();
  await quiet.evaluate(() => window.posthog.capture("second visit done"));
  const after = await eventsUpTo(page.request, project.id, "second visit done");
  expect(count(after, "$autocapture")).toBe(1);
  expect(count(after, "$pageview")).toBe(2);
  await quiet.context().close();
});
