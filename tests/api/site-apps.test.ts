import { JSDOM } from "jsdom";
import { beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { installApp, setUpApp } from "../support/apps";

// Enabled site apps reach posthog-js as code in the project's `config.js`; these tests run that script in jsdom as
// posthog-js would (its loaders' `init`) and look at the page it leaves.
const baseUrl = inject("baseUrl");

const NOTIFICATION_BAR = "https://github.com/PostHog/notification-bar-app";
const BUG_REPORT = "https://github.com/PostHog/bug-report-app";
const WEBHOOK = "https://github.com/hedgerow/webhook-destination";

type Loader = { id: string; init: (options: { posthog: unknown; callback: (ok: boolean) => void }) => unknown };

async function tokenOf(user: TestUser): Promise<string> {
  const project = await user.session.get(`/api/projects/${user.projectId}/`);
  return project.body.api_token;
}

/** The project's `config.js`, run in a fresh jsdom page: what it hands posthog-js, and the page. */
async function loadConfigScript(token: string, hostname = "shop.example") {
  const response = await fetch(`${baseUrl}/array/${token}/config.js`);
  expect(response.status).toBe(200);
  const dom = new JSDOM("<!doctype html><html><body><main>Shop</main></body></html>", {
    url: `https://${hostname}/`,
    runScripts: "outside-only",
  });
  dom.window.eval(await response.text());
  const remote = (dom.window as unknown as { _POSTHOG_REMOTE_CONFIG: Record<string, { siteApps: Loader[] }> })._POSTHOG_REMOTE_CONFIG;
  return { loaders: remote[token].siteApps, document: dom.window.document };
}

/** Runs each loader as posthog-js does; answers what each reported and the events the apps captured. */
function runLoaders(loaders: Loader[]) {
  const captured: { event: string; properties?: Record<string, unknown> }[] = [];
  const posthog = { capture: (event: string, properties?: Record<string, unknown>) => captured.push({ event, properties }) };
  const reported: boolean[] = [];
  for (const loader of loaders) loader.init({ posthog, callback: (ok) => reported.push(ok) });
  return { captured, reported };
}

const shadowOf = (document: Document, app: string) => document.querySelector(`[data-hedgerow-site-app="${app}"]`)?.shadowRoot ?? null;

describe("site apps in the remote config script", () => {
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    [owner, other] = await Promise.all([signUp(baseUrl), signUp(baseUrl)]);
  });

  test("an enabled Notification Bar shows its HTML with the defaults filled in, and closes for good", async () => {
    const bar = await installApp(owner, NOTIFICATION_BAR, "pipeline_frontend_apps");
    const id = await setUpApp(owner, bar, {
      notification: 'Sale <a href="/sale">today</a>',
      position: "sticky",
      backgroundColor: "#ffe08a",
    });
    const token = await tokenOf(owner);
    const { loaders, document } = await loadConfigScript(token);
    expect(loaders.map((loader) => loader.id)).toEqual([String(id)]);
    expect(runLoaders(loaders).reported).toEqual([true]);
    const shadow = shadowOf(document, "notification-bar")!;
    expect(shadow.querySelector("[role=region] p")?.innerHTML).toBe('Sale <a href="/sale">today</a>');
    expect(shadow.querySelector("style")?.textContent).toContain("#ffe08a");
    (shadow.querySelector("button") as HTMLButtonElement).click();
    expect(shadowOf(document, "notification-bar")).toBeNull();
    // Remembered ("yes" is the default) in the visitor's storage.
    expect(document.defaultView?.localStorage.length).toBe(1);
  });

  test("a Notification Bar limited to other domains stays hidden", async () => {
    const user = await signUp(baseUrl);
    const bar = await installApp(user, NOTIFICATION_BAR, "pipeline_frontend_apps");
    await setUpApp(user, bar, { notification: "Hi", position: "top-of-page", domains: "docs.example, blog.example" });
    const token = await tokenOf(user);
    const elsewhere = await loadConfigScript(token, "shop.example");
    runLoaders(elsewhere.loaders);
    expect(shadowOf(elsewhere.document, "notification-bar")).toBeNull();
    const listed = await loadConfigScript(token, "blog.example");
    runLoaders(listed.loaders);
    expect(shadowOf(listed.document, "notification-bar")).not.toBeNull();
  });

  test("Bug Report sends the visitor's report as the configured event", async () => {
    const user = await signUp(baseUrl);
    const app = await installApp(user, BUG_REPORT, "pipeline_frontend_apps");
    await setUpApp(user, app, { eventName: "site bug" });
    const { loaders, document } = await loadConfigScript(await tokenOf(user));
    const { captured } = runLoaders(loaders);
    const shadow = shadowOf(document, "bug-report")!;
    (shadow.querySelector("button.open") as HTMLButtonElement).click();
    const text = shadow.querySelector("textarea") as HTMLTextAreaElement;
    text.value = "The checkout button does nothing";
    text.dispatchEvent(new document.defaultView!.Event("input"));
    (shadow.querySelector("input") as HTMLInputElement).value = "ann@example.com";
    (shadow.querySelector("form") as HTMLFormElement).requestSubmit();
    expect(captured).toEqual([{ event: "site bug", properties: { $bug: "The checkout button does nothing", email: "ann@example.com" } }]);
  });

  test("settings cannot break out of the script", async () => {
    const user = await signUp(baseUrl);
    const bar = await installApp(user, NOTIFICATION_BAR, "pipeline_frontend_apps");
    const hostile = '"}); window.pwned = 1; ({"\u2028</script>';
    await setUpApp(user, bar, { notification: hostile, position: "sticky", backgroundColor: "red" });
    const { loaders, document } = await loadConfigScript(await tokenOf(user));
    runLoaders(loaders);
    expect((document.defaultView as unknown as { pwned?: number }).pwned).toBeUndefined();
    expect(shadowOf(document, "notification-bar")?.querySelector("p")?.textContent).toBe(hostile.replace("</script>", ""));
  });

  test("disabled, deleted, other kinds of apps and other projects' apps are not served", async () => {
    const user = await signUp(baseUrl);
    const bar = await installApp(user, NOTIFICATION_BAR, "pipeline_frontend_apps");
    const webhook = await installApp(user, WEBHOOK, "pipeline_destinations");
    await setUpApp(user, bar, { notification: "off", position: "sticky" }, { enabled: false });
    const deleted = await setUpApp(user, bar, { notification: "gone", position: "sticky" });
    const removed = await user.session.delete(`/api/projects/${user.projectId}/plugin_configs/${deleted}/`);
    expect(removed.status, removed.text).toBe(204);
    await setUpApp(user, webhook, { url: "https://example.com/hook" });
    expect((await loadConfigScript(await tokenOf(user))).loaders).toEqual([]);
    // The owner's bar (first test) is in the owner's project only: another organization's project gets none.
    expect((await loadConfigScript(await tokenOf(other))).loaders).toEqual([]);
    const second = await owner.session.post(`/api/organizations/${owner.organizationId}/projects/`, { name: "Second" });
    expect(second.status, second.text).toBe(201);
    expect((await loadConfigScript(second.body.api_token)).loaders).toEqual([]);
  });

  test("turning an app off removes it from the next page load", async () => {
    const user = await signUp(baseUrl);
    const bar = await installApp(user, NOTIFICATION_BAR, "pipeline_frontend_apps");
    const id = await setUpApp(user, bar, { notification: "soon off", position: "sticky" });
    const token = await tokenOf(user);
    expect((await loadConfigScript(token)).loaders).toHaveLength(1);
    const off = await user.session.patch(`/api/projects/${user.projectId}/plugin_configs/${id}/`, { enabled: false });
    expect(off.status, off.text).toBe(200);
    expect((await loadConfigScript(token)).loaders).toEqual([]);
  });
});
