import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page } from "@playwright/test";
import { currentProject, expectAccessible, newAccount, sameOrigin, sendEventsWithApi, signUpWithApi, test } from "./support";

// A half-hour offset: a form that sent the browser's local reading as UTC would backfill the wrong hour.
const TIMEZONE = "Asia/Kolkata";
const OFFSET_MS = 5.5 * 3_600_000;
test.use({ timezoneId: TIMEZONE });

const HOUR = 3_600_000;
/** What a datetime-local input shows for an instant, in TIMEZONE. */
const localInput = (ms: number) => new Date(ms + OFFSET_MS).toISOString().slice(0, 16);

async function bothThemes(page: Page, label: string, screenshot: string) {
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.evaluate((value) => localStorage.setItem("theme", value), theme);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForTimeout(300);
    await expectAccessible(page, `${label}, ${theme}`);
    await page.screenshot({ path: `/tmp/${screenshot}-${theme}.png`, fullPage: true });
  }
}

test("an admin creates a no-op export, backfills an hour, watches its run and reads its logs, pauses, resumes and deletes it", async ({
  page,
}) => {
  // A whole journey: create, test a connection, backfill and wait for the worker, logs, axe in two themes, pause.
  test.setTimeout(300_000);
  const owner = newAccount("Bex", "Bex's Buckets");
  await signUpWithApi(page.request, owner);
  const project = await currentProject(page.request);
  // Three events inside one past hour: the backfill of that hour exports exactly them.
  const hourStart = Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR;
  await sendEventsWithApi(
    page.request,
    project.token,
    [10, 20, 30].map((minute) => ({
      event: "export_me",
      distinct_id: "bex",
      timestamp: new Date(hourStart + minute * 60_000).toISOString(),
    })),
  );

  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Batch exports" }).click();
  await expect(page).toHaveURL(/\/organization\/batch-exports$/);
  await expect(page.getByText("No batch exports yet.")).toBeVisible();
  await expectAccessible(page, "batch exports, empty");

  // The form follows the destination type: S3's fields first, the API's own checks on them.
  await page.getByRole("button", { name: "New export" }).first().click();
  const form = page.getByRole("dialog");
  await expect(form.getByLabel("Bucket")).toBeVisible();
  await form.getByRole("button", { name: "Create export" }).click();
  await expect(form.getByLabel("Name")).toHaveAccessibleDescription("Enter a name.");
  await expect(form.getByLabel("Bucket")).toHaveAccessibleDescription("Required.");
  await expect(form.getByLabel("Name")).toBeFocused();
  await expectAccessible(page, "new export, S3");

  await form.getByLabel("Name").fill("Hourly to nowhere");
  await form.getByRole("combobox", { name: "Destination" }).click();
  await page.getByRole("option", { name: "HTTP" }).click();
  await expect(form.getByLabel("Bucket")).toHaveCount(0);
  await expect(form.getByLabel("URL")).toBeVisible();
  await expect(form.getByLabel("Token")).toHaveAttribute("type", "password");
  // "Test connection" tries the destination as typed: a receiver on loopback answers, a closed port does not.
  const received: string[] = [];
  const receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received.push(body);
      response.writeHead(200, { "content-type": "application/json" }).end('{"status": 1}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const { port } = receiver.address() as AddressInfo;
  await form.getByLabel("URL").fill(`http://127.0.0.1:${port}/batch/`);
  await form.getByLabel("Token").fill("phc_receiver");
  await form.getByRole("button", { name: "Test connection" }).click();
  await expect(form.getByRole("status")).toHaveText("Connected to the HTTP destination.");
  expect(received.join("")).toContain("phc_receiver");
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await form.getByRole("button", { name: "Test connection" }).click();
  await expect(form.getByRole("status")).toContainText("Could not use the HTTP destination");
  await form.getByRole("combobox", { name: "Destination" }).click();
  await page.getByRole("option", { name: "No-op" }).click();
  await expect(form.getByText("A no-op export has no settings")).toBeVisible();
  await expect(form.getByRole("combobox", { name: "Every" })).toHaveText("Hourly");
  await form.getByRole("button", { name: "Create export" }).click();

  // Created, the export opens.
  await expect(page).toHaveURL(/\/organization\/batch-exports\/[0-9a-f-]{36}$/);
  const exportId = page.url().split("/").pop()!;
  await expect(page.getByRole("heading", { level: 1, name: "Hourly to nowhere" })).toBeVisible();
  await expect(page.getByText("Default project's events to No-op, hourly.")).toBeVisible();
  await expect(page.getByText("No runs yet.")).toBeVisible();

  // The backfill dialog checks the range by the API's rule, in words of its own fields (not `start_at`/`end_at`).
  await page.getByRole("button", { name: "Backfill" }).click();
  const backfill = page.getByRole("dialog");
  await backfill.getByLabel("From").fill(localInput(hourStart + HOUR));
  await backfill.getByLabel(/^To/).fill(localInput(hourStart));
  await backfill.getByRole("button", { name: "Start backfill" }).click();
  await expect(backfill.getByLabel(/^To/)).toHaveAccessibleDescription("The end must be after the start.");
  await backfill.getByLabel("From").fill(localInput(hourStart));
  await backfill.getByLabel(/^To/).fill(localInput(hourStart + HOUR));
  await expectAccessible(page, "backfill dialog");
  const backfillRequest = page.waitForRequest((request) => request.url().endsWith(`/batch_exports/${exportId}/backfill/`));
  await backfill.getByRole("button", { name: "Start backfill" }).click();
  // The range went out as the instants picked in the browser's time zone.
  expect((await backfillRequest).postDataJSON()).toEqual({
    start_at: new Date(hourStart).toISOString(),
    end_at: new Date(hourStart + HOUR).toISOString(),
  });
  await expect(page.getByText("Backfill started")).toBeVisible();

  // One run for the hour; the table follows it to the end on its own.
  const runs = page.getByRole("table", { name: "Runs of Hourly to nowhere" });
  await expect(runs.locator("tbody tr")).toHaveCount(1);
  const run = runs.locator("tbody tr").first();
  await expect(run.getByTestId("run-status")).toHaveText("Completed", { timeout: 45_000 });
  await expect(run.getByRole("cell").nth(2)).toHaveText("3");
  const [apiRun] = (await (await page.request.get(`/api/organizations/@current/batch_exports/${exportId}/runs/`)).json()).results;
  expect(apiRun).toMatchObject({ status: "Completed", records_completed: 3, data_interval_start: new Date(hourStart).toISOString() });

  // The status filter lives in the URL.
  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Failed", exact: true }).click();
  await expect(page).toHaveURL(/status=Failed/);
  await expect(page.getByText("No run is failed.")).toBeVisible();
  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Any status" }).click();
  await expect(runs.locator("tbody tr")).toHaveCount(1);

  // The run's logs: only its own entries, newest first; by level and by words.
  await run.getByRole("button", { name: /^Logs of the run/ }).click();
  await expect(page).toHaveURL(new RegExp(`run=${apiRun.id}`));
  const entries = page.getByRole("list", { name: "Log entries" }).getByRole("listitem");
  await expect(entries.first()).toBeVisible();
  const logged = (
    await (await page.request.get(`/api/organizations/@current/batch_exports/${exportId}/logs/?instance_id=${apiRun.id}`)).json()
  ).results;
  expect(logged.length).toBeGreaterThan(0);
  await expect(entries).toHaveCount(logged.length);
  await expect(entries.first()).toContainText(logged[0].message);
  await page.getByRole("checkbox", { name: "ERROR" }).click();
  await expect(page.getByText("No log entry matches these filters.")).toBeVisible();
  await page.getByRole("checkbox", { name: "ERROR" }).click();
  const word = (logged[0].message as string).split(/\s+/)[0];
  await page.getByRole("searchbox", { name: "Search log messages" }).fill(word);
  await expect(entries.first()).toContainText(word);
  await expect(entries).toHaveCount(
    logged.filter((entry: { message: string }) => entry.message.toLowerCase().includes(word.toLowerCase())).length,
  );
  await page.getByRole("searchbox", { name: "Search log messages" }).fill("");

  await bothThemes(page, "batch export", "batch-export");

  // Paused: said on the page; resuming offers to backfill the gap.
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByText(/Paused .*: no runs are scheduled/)).toBeVisible();
  await page.getByRole("button", { name: "Resume" }).first().click();
  const resume = page.getByRole("dialog");
  await expect(resume.getByRole("checkbox", { name: "Backfill the paused gap" })).not.toBeChecked();
  const unpauseRequest = page.waitForRequest((request) => request.url().endsWith("/unpause/"));
  await resume.getByRole("checkbox", { name: "Backfill the paused gap" }).click();
  await resume.getByRole("button", { name: "Resume" }).click();
  expect((await unpauseRequest).postDataJSON()).toEqual({ backfill: true });
  await expect(page.getByText(/Paused .*: no runs are scheduled/)).toHaveCount(0);

  // The list shows it with its project, destination, interval, state and its latest run's status in words.
  await page.getByRole("link", { name: "All batch exports" }).click();
  const row = page.getByRole("row", { name: /Hourly to nowhere/ });
  await expect(row).toContainText("Default project");
  await expect(row).toContainText("No-op");
  await expect(row).toContainText("Hourly");
  await expect(row).toContainText("Active");
  await expect(row.getByTestId("run-status").first()).toHaveText("Completed");
  await bothThemes(page, "batch exports", "batch-exports");

  await row.getByRole("link", { name: "Hourly to nowhere" }).click();
  await page.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("This cannot be undone.");
  await confirm.getByRole("button", { name: "Delete export" }).click();
  await expect(page).toHaveURL(/\/organization\/batch-exports$/);
  await expect(page.getByText("No batch exports yet.")).toBeVisible();
  expect((await page.request.get(`/api/organizations/@current/batch_exports/${exportId}/`)).status()).toBe(404);
});

test("editing a PostgreSQL export keeps its password unless a new one is typed, and the API's refusals land on their fields", async ({
  page,
}) => {
  const owner = newAccount("Pgy", "Pgy's Pipes");
  await signUpWithApi(page.request, owner);
  const created = await page.request.post("/api/organizations/@current/batch_exports/", {
    headers: sameOrigin(page),
    data: {
      name: "Warehouse",
      interval: "day",
      paused: true,
      destination: { type: "Postgres", config: { host: "db.example.com", user: "exporter", password: "s3cret", database: "analytics" } },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();

  await page.goto(`/organization/batch-exports/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Warehouse" })).toBeVisible();
  await expect(page.getByText("db.example.com")).toBeVisible();
  await expect(page.getByText("s3cret")).toHaveCount(0);
  await page.getByRole("button", { name: "Edit" }).click();
  const form = page.getByRole("dialog");
  await expect(form.getByLabel("Password")).toHaveValue("");
  await expect(form.getByLabel("Password")).toHaveAccessibleDescription(
    "Set — leave empty to keep it, unless the export is pointed elsewhere.",
  );
  await expect(form.getByRole("combobox", { name: "Destination" })).toBeDisabled();
  await expect(form.getByLabel("Host")).toHaveValue("db.example.com");
  await expectAccessible(page, "edit export");
  // The stored password never comes back, so testing needs it typed again.
  await form.getByRole("button", { name: "Test connection" }).click();
  await expect(form.getByRole("status")).toHaveText("Type the password to test: the stored one is never sent back to the browser.");

  await form.getByLabel("Port", { exact: true }).fill("70000");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByLabel("Port", { exact: true })).toHaveAccessibleDescription("A whole number from 1 to 65535.");
  await form.getByLabel("Port", { exact: true }).fill("6543");
  // Another port is another destination: the stored password does not follow it, and is asked for again.
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByLabel("Password")).toHaveAccessibleDescription(
    /^The required configuration field 'password' was not found: a new destination/,
  );
  await form.getByLabel("Password").fill("n3w-secret");
  const patch = page.waitForRequest((request) => request.method() === "PATCH");
  await form.getByRole("button", { name: "Save" }).click();
  const body = (await patch).postDataJSON();
  expect(body.destination.config).toMatchObject({ port: 6543, host: "db.example.com", password: "n3w-secret" });
  await expect(page.getByText("Warehouse was saved.")).toBeVisible();
  await expect(page.getByText("6543")).toBeVisible();

  // A refusal only the server can make (here, one it is made to answer) lands on the field its `attr` names.
  await page.route(`**/batch_exports/${id}/`, (route) =>
    route.request().method() === "PATCH"
      ? route.fulfill({
          status: 400,
          json: { type: "validation_error", code: "invalid_input", detail: "This host is not allowed.", attr: "destination__config__host" },
        })
      : route.fallback(),
  );
  await page.getByRole("button", { name: "Edit" }).click();
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByLabel("Host")).toHaveAccessibleDescription("This host is not allowed.");
  await expect(form.getByLabel("Host")).toBeFocused();
});
