import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";

/**
 * Waits, after a full page load, until the page's scripts have stopped arriving (no request for 500 ms, at most
 * 10 s): by then React has hydrated every part of it, including the parts whose code loads lazily. A click or hover
 * on server-drawn HTML before its part hydrates does nothing, which a user retries but a test does not.
 */
async function waitForHydration(page: Page) {
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
}

/** Makes `page` wait for hydration after each `goto` and `reload` (pages the tests open themselves). */
export function hydrating(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await waitForHydration(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitForHydration(page);
    return response;
  };
  return page;
}

/** Playwright's `test` whose page waits for hydration after each `goto` and `reload`. */
export const test = base.extend({
  page: async ({ page }, use) => {
    await use(hydrating(page));
  },
});

let counter = 0;
/** An address no other test (or earlier run on the same server) uses. */
export const uniqueEmail = (name: string) => `${name}.${Date.now().toString(36)}${(counter++).toString(36)}@example.com`;

export const PASSWORD = "correct horse battery";

export interface Account {
  email: string;
  password: string;
  firstName: string;
  organizationName: string;
}

export function newAccount(firstName: string, organizationName = `${firstName}'s Orchard`): Account {
  return { email: uniqueEmail(firstName.toLowerCase()), password: PASSWORD, firstName, organizationName };
}

/** Signs up through the API; the request context shares the page's cookies, so the page is signed in too. */
export async function signUpWithApi(request: APIRequestContext, account: Account) {
  const response = await request.post("/api/signup/", {
    data: { email: account.email, password: account.password, first_name: account.firstName, organization_name: account.organizationName },
  });
  expect(response.status()).toBe(201);
  return response.json() as Promise<{ id: number; uuid: string; organization: { id: string; name: string } }>;
}

/** Browser sessions must be same-origin to write; a request context sends no Origin unless told. */
export const sameOrigin = (page: Page) => ({
  origin: new URL(page.url() === "about:blank" ? process.env.E2E_BASE_URL! : page.url()).origin,
});

export async function inviteWithApi(page: Page, organizationId: string, targetEmail: string, level = 1) {
  const response = await page.request.post(`/api/organizations/${organizationId}/invites/`, {
    data: { target_email: targetEmail, level },
    headers: sameOrigin(page),
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string };
}

/**
 * Fails on any serious or critical WCAG 2.1 A/AA violation axe finds on the page as it is now, listing each
 * rule with the elements it hit (minor and moderate findings are reported by axe but not failed here).
 */
export async function expectAccessible(page: Page, label = page.url()) {
  const { default: AxeBuilder } = await import("@axe-core/playwright");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  const report = serious.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes.map((node) => node.target.join(" ")).join("\n  ")}`,
  );
  expect(report, `accessibility violations on ${label}`).toEqual([]);
}

/**
 * Waits until every toast has closed. sonner pauses its timers while the pointer rests on the toasts, and the last
 * click often leaves it there, so the pointer moves away first. A scan or theme switch with toasts still fading
 * would judge a half-transparent toast.
 */
export async function waitForToastsToClose(page: Page) {
  await page.mouse.move(0, 0);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 20_000 });
}

/** The demo organization's project, loaded with demo events by the global setup. */
export const demoProjectId = () => Number(process.env.E2E_DEMO_PROJECT);

/** Signs the page in as the demo user (who owns the demo organization and its events). */
export async function signInAsDemo(page: Page) {
  const response = await page.request.post("/api/login/", {
    data: { email: process.env.E2E_DEMO_EMAIL, password: process.env.E2E_DEMO_PASSWORD },
    headers: { origin: process.env.E2E_BASE_URL! },
  });
  expect(response.status()).toBe(200);
}

/** Uncaught errors of the page (an error page flashed by a render that threw), collected from now on. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  return errors;
}

/** The signed-in user's current project: its id and the token its events are sent with. */
export async function currentProject(request: APIRequestContext) {
  const me = await (await request.get("/api/users/@me/")).json();
  return { id: me.team.id as number, token: me.team.api_token as string };
}

/** ISO time `days` days before now (and `hours` more), for events inside relative date ranges. */
export const daysAgo = (days: number, hours = 0) => new Date(Date.now() - (days * 24 + hours) * 3600_000).toISOString();

/** Sends events through `/batch/` as posthog-node does; stored once the answer comes. */
export async function sendEventsWithApi(
  request: APIRequestContext,
  token: string,
  events: { event: string; distinct_id: string; timestamp: string; properties?: Record<string, unknown> }[],
) {
  const response = await request.post("/batch/", {
    data: { api_key: token, batch: events.map((event) => ({ properties: {}, ...event })) },
  });
  expect(response.status()).toBe(200);
}

export async function createInsightWithApi(page: Page, projectId: number, body: Record<string, unknown>) {
  const response = await page.request.post(`/api/projects/${projectId}/insights/`, {
    data: { saved: true, ...body },
    headers: sameOrigin(page),
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number; short_id: string; name: string };
}

/** Both themes of the page, for looking at: `/tmp/<name>-light.png` and `-dark.png`. */
export async function screenshotThemes(page: Page, name: string) {
  // Screenshots are for a developer to look at: CI, where no one does, skips them unless asked.
  if (process.env.CI && !process.env.E2E_SCREENSHOTS) return;
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `/tmp/${name}-${theme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: null });
}

/** Scans the page for accessibility in light and in dark, once any toast has gone. */
export async function expectAccessibleInBothThemes(page: Page, label: string) {
  await waitForToastsToClose(page);
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expectAccessible(page, `${label} (${theme})`);
  }
  await page.emulateMedia({ colorScheme: null });
}

/** Picks in an open combobox by typing its search and pressing Enter, as a keyboard user does. */
export async function typeAndPick(page: Page, text: string) {
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
}
