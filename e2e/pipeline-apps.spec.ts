import { expect } from "@playwright/test";
import { expectAccessible, newAccount, sameOrigin, screenshotThemes, signUpWithApi, test, waitForToastsToClose } from "./support";

test("an owner installs a destination from the catalog, configures it, edits its source and uninstalls it", async ({ page }) => {
  test.setTimeout(180_000);
  const owner = newAccount("Pia", "Pia's Pipelines");
  const { team } = (await signUpWithApi(page.request, owner)) as unknown as { team: { id: number } };
  await page.goto("/organization/apps");
  await expect(page.getByRole("link", { name: "Destinations" })).toHaveAttribute("aria-current", "page");
  // The page says which apps run before anything else, and which are only saved.
  const notice = page.getByRole("note", { name: "Which apps run" });
  await expect(notice).toContainText("Site apps: Notification Bar, Pineapple Mode, Bug Report.");
  await expect(notice).toContainText("Import apps: Heartbeat.");
  await expect(notice).toContainText(
    "Currency Normalization, GitHub Release Tracker, Github Star Sync and apps added from their source are saved",
  );
  await expect(page.getByText("No destinations yet.")).toBeVisible();
  await expectAccessible(page, "apps, empty");

  // The tab is in the URL.
  await page.getByRole("link", { name: "Site apps" }).click();
  await expect(page).toHaveURL(/tab=site-apps/);
  await expect(page.getByText("No site apps yet.")).toBeVisible();
  await page.getByRole("link", { name: "Destinations" }).click();

  // Install from the catalog, searching it.
  await page.getByRole("button", { name: "Install app" }).click();
  const catalog = page.getByRole("dialog");
  await catalog.getByLabel("Search apps").fill("customer");
  await expect(catalog.getByRole("listitem")).toHaveCount(1);
  await expect(catalog.getByRole("listitem")).toContainText("Runs in Hedgerow");
  await expectAccessible(page, "catalog dialog");
  await catalog.getByRole("button", { name: "Install Customer.io" }).click();

  // Its settings come next: a form from its config_schema; required fields are needed to enable it.
  const configure = page.getByRole("dialog", { name: "Configure Customer.io" });
  await expect(configure.getByLabel("Customer.io site ID *")).toBeVisible();
  await expect(configure.getByRole("switch", { name: "Switched on in this project" })).toHaveAccessibleDescription(
    "Runs on every event captured in this project.",
  );
  await configure.getByRole("button", { name: "Save" }).click();
  await expect(configure.getByLabel("Customer.io API key *")).toHaveAccessibleDescription("This field is required.");
  await configure.getByLabel("Customer.io site ID *").fill("site-1");
  await configure.getByLabel("Customer.io API key *").fill("sk-secret-value");
  await expectAccessible(page, "configure dialog");
  await configure.getByRole("button", { name: "Save" }).click();
  await expect(configure).toBeHidden();
  const row = page.getByRole("row", { name: /Customer\.io/ });
  // Switched on and running; nothing reads a bare "Enabled".
  await expect(row.getByText("On, running")).toBeVisible();
  await expect(page.getByText(/^(Enabled|Active)$/)).toHaveCount(0);

  // PostHog's API still round-trips `enabled`: switched off there, the table says "Off".
  const configs = await page.request.get(`/api/projects/${team.id}/plugin_configs/`);
  const [saved] = (await configs.json()).results as { id: number; enabled: boolean }[];
  expect(saved.enabled).toBe(true);
  const patched = await page.request.patch(`/api/projects/${team.id}/plugin_configs/${saved.id}/`, {
    data: { enabled: false },
    headers: sameOrigin(page),
  });
  expect((await patched.json()).enabled).toBe(false);
  await page.reload();
  await expect(row.getByText("Off", { exact: true })).toBeVisible();

  // The secret is write-only: the form shows it is saved, never its value.
  await row.getByRole("button", { name: "Configure Customer.io" }).click();
  const again = page.getByRole("dialog", { name: "Configure Customer.io" });
  await expect(again.getByLabel("Customer.io API key *")).toHaveValue("");
  await expect(again.getByLabel("Customer.io API key *")).toHaveAccessibleDescription(
    "Saved. Leave empty to keep it, or type a new value.",
  );
  await expect(again.getByLabel("Customer.io site ID *")).toHaveValue("site-1");
  await again.getByRole("button", { name: "Cancel" }).click();

  // Source: plugin.json is checked; a valid one renames the app.
  await row.getByRole("button", { name: "Source of Customer.io" }).click();
  const source = page.getByRole("dialog", { name: "Source of Customer.io" });
  const editor = source.getByLabel("Source of plugin.json");
  await expect(editor).toHaveValue(/"name": "Customer.io"/);
  const original = JSON.parse(await editor.inputValue());
  await editor.fill("{ not json");
  await source.getByRole("button", { name: "Save source" }).click();
  await expect(source.getByRole("alert")).toContainText("plugin.json is not valid JSON");
  await screenshotThemes(page, "pipeline-apps-source");
  // A catalog app's settings form is the catalog's: the name changes, the form is sent back as it was.
  await editor.fill(JSON.stringify({ ...original, name: "Customer.io events" }, null, 2));
  await source.getByRole("button", { name: "Save source" }).click();
  await expect(source).toBeHidden();
  const renamed = page.getByRole("row", { name: /Customer\.io events/ });
  await expect(renamed).toBeVisible();
  await waitForToastsToClose(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await expectAccessible(page, "apps, dark");
  await page.emulateMedia({ colorScheme: null });
  await screenshotThemes(page, "pipeline-apps");

  // Uninstall, after confirming.
  await renamed.getByRole("button", { name: "Uninstall Customer.io events" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Uninstall Customer.io events?");
  await confirm.getByRole("button", { name: "Uninstall" }).click();
  await expect(page.getByText("No destinations yet.")).toBeVisible();

  // The activity says who did what.
  await page.getByRole("link", { name: "Activity" }).click();
  const activity = page.getByRole("list", { name: "App activity" });
  await expect(activity.getByRole("listitem").first()).toContainText("uninstalled Customer.io events");
  await expect(activity).toContainText("installed Customer.io");
  await expect(activity).toContainText("switched on Customer.io");
  await expect(activity).toContainText("switched off Customer.io");
  await expectAccessible(page, "apps activity");
  await screenshotThemes(page, "pipeline-apps-activity");
});

test("a set-up transformation is tested on a sample event and a typed one, by keyboard", async ({ page }) => {
  const owner = newAccount("Tao", "Tao's Tests");
  const { team, organization } = (await signUpWithApi(page.request, owner)) as unknown as {
    team: { id: number };
    organization: { id: string };
  };
  const installed = await page.request.post(`/api/organizations/${organization.id}/pipeline_transformations/`, {
    data: { url: "https://github.com/PostHog/flatten-properties-plugin" },
    headers: sameOrigin(page),
  });
  const plugin = (await installed.json()).id as number;
  const created = await page.request.post(`/api/projects/${team.id}/plugin_configs/`, {
    data: { plugin, enabled: true, config: { separator: "__" } },
    headers: sameOrigin(page),
  });
  expect(created.status()).toBe(201);

  await page.goto("/organization/apps?tab=transformations");
  await page.getByRole("button", { name: "Configure Property Flattener" }).click();
  const dialog = page.getByRole("dialog", { name: "Configure Property Flattener" });
  const event = dialog.getByLabel("Event (JSON)");
  await event.focus();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Test" })).toBeFocused();
  await page.keyboard.press("Enter");
  const output = dialog.getByRole("region", { name: "Test output" });
  await expect(dialog.getByRole("status")).toContainText("The event after this app");
  await expect(output).toContainText('"plan__name": "team"');
  await expectAccessible(page, "app test output");

  // A typed event, and one that is not JSON.
  await event.fill("[1]");
  await dialog.getByRole("button", { name: "Test" }).press("Enter");
  await expect(event).toHaveAccessibleDescription(/Enter the event as a JSON object/);
  await event.fill('{"event": "purchase", "properties": {"product": {"name": "AZ12"}}}');
  await dialog.getByRole("button", { name: "Test" }).press("Enter");
  await expect(output).toContainText('"product__name": "AZ12"');
  await expect(output).not.toContainText("plan__name");
});

test("an app Hedgerow does not run is kept with its settings, its switch off and saying why", async ({ page }) => {
  const owner = newAccount("Uma", "Uma's Imports");
  const { organization } = (await signUpWithApi(page.request, owner)) as unknown as { organization: { id: string } };
  const installed = await page.request.post(`/api/organizations/${organization.id}/pipeline_import_apps/`, {
    data: { url: "https://github.com/PostHog/github-star-sync-plugin" },
    headers: sameOrigin(page),
  });
  expect(installed.status()).toBe(201);
  await page.goto("/organization/apps?tab=imports");
  await page.getByRole("button", { name: "Configure Github Star Sync" }).click();
  const dialog = page.getByRole("dialog", { name: "Configure Github Star Sync" });
  const toggle = dialog.getByRole("switch", { name: "Switched on in this project" });
  await expect(toggle).toBeDisabled();
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toHaveAccessibleDescription(/needs GitHub's API on the internet/);
  await expectAccessible(page, "an app that does not run");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("row", { name: /Github Star Sync/ }).getByText("Kept, not run")).toBeVisible();
});

test("an app's settings dialog shows its metrics and its logs, filtered by level", async ({ page }) => {
  const owner = newAccount("Mo", "Mo's Metrics");
  const { team, organization } = (await signUpWithApi(page.request, owner)) as unknown as {
    team: { id: number; api_token: string };
    organization: { id: string };
  };
  const installed = await page.request.post(`/api/organizations/${organization.id}/pipeline_transformations/`, {
    data: { url: "https://github.com/PostHog/timestamp-parser-plugin" },
    headers: sameOrigin(page),
  });
  const created = await page.request.post(`/api/projects/${team.id}/plugin_configs/`, {
    data: { plugin: (await installed.json()).id, enabled: true, config: {} },
    headers: sameOrigin(page),
  });
  const configId = (await created.json()).id as number;
  const batch = [1, 2, 3].map((n) => ({ event: "counted", distinct_id: `guest-${n}` }));
  expect((await page.request.post("/batch/", { data: { api_key: team.api_token, batch } })).status()).toBe(200);
  const tested = await page.request.post(`/api/projects/${team.id}/plugin_configs/${configId}/test/`, {
    data: {},
    headers: sameOrigin(page),
  });
  expect(tested.status()).toBe(200);

  await page.goto("/organization/apps?tab=transformations");
  await page.getByRole("button", { name: "Configure Timestamp Parser" }).click();
  const dialog = page.getByRole("dialog", { name: "Configure Timestamp Parser" });
  await expect(dialog.getByTestId("app-metrics-totals")).toHaveText("3 succeeded · 0 failed · 0 filtered");
  await expect(dialog.getByRole("region", { name: "Events per hour" })).toContainText("3");
  const logs = dialog.getByRole("region", { name: "Log lines" });
  await expect(logs).toContainText("Test run on a $pageview event");
  await expectAccessible(page, "app metrics and logs");
  await dialog.getByRole("button", { name: "Errors" }).click();
  await expect(dialog.getByText("No log lines.")).toBeVisible();
  await dialog.getByRole("button", { name: "Info" }).click();
  await expect(logs).toContainText("INFO");
});
