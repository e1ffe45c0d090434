import { readFileSync } from "node:fs";
import { expect, type Locator, type Page } from "@playwright/test";
import { collectPageErrors, demoProjectId, expectAccessible, screenshotThemes, signInAsDemo, test } from "./support";

/** Opens a picker, types `search`, picks the option labelled `option` (its detail line may follow the label). */
const pick = async (page: Page, combobox: Locator, search: string, option: string) => {
  await combobox.click();
  await page.keyboard.type(search);
  const label = option.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await page
    .getByRole("option", { name: new RegExp(`^${label}(\\s|$)`) })
    .first()
    .click();
};

/** The texts of one column of a table's body rows. */
const columnTexts = async (table: Locator, header: string) => {
  const headers = await table.locator("thead th").allInnerTexts();
  const index = headers.findIndex((text) => text.trim() === header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  return table.locator(`tbody tr td:nth-child(${index + 1})`).allInnerTexts();
};

test("events explorer: filter by event and property, pick columns, open an event, go to its person", async ({ page }) => {
  test.setTimeout(600_000);
  const errors = collectPageErrors(page);
  await signInAsDemo(page);
  const projectId = demoProjectId();

  await page.goto(`/project/${projectId}`);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Events" }).click();
  await expect(page).toHaveURL(`/project/${projectId}/events`);
  const table = page.getByRole("table", { name: "Events" });
  await expect(table.locator("tbody tr")).toHaveCount(50, { timeout: 30_000 });
  await expect(page.getByText("50 events shown")).toBeVisible();

  // Older events come by the API's `next` link.
  await page.getByRole("button", { name: "Load older events" }).click();
  await expect(page.getByText("100 events shown")).toBeVisible();

  await pick(page, page.getByRole("combobox", { name: "Event: All events" }), "$pageview", "$pageview");
  await expect(page).toHaveURL(/event=%24pageview/);
  await expect.poll(async () => new Set(await columnTexts(table, "Event"))).toEqual(new Set(["$pageview"]));

  // "Add filter" opens the property list; a property picked moves the focus to its value.
  await page.getByRole("button", { name: "Add filter" }).click();
  await page.keyboard.type("$browser");
  await page
    .getByRole("option", { name: /^\$browser(\s|$)/ })
    .first()
    .click();
  await expect(page.getByRole("combobox", { name: "Filter 1 value" })).toBeFocused();
  await pick(page, page.getByRole("combobox", { name: "Filter 1 value" }), "Firefox", "Firefox");
  await expect(page).toHaveURL(/properties=/);
  await expect.poll(async () => new Set(await columnTexts(table, "$browser")), { timeout: 30_000 }).toEqual(new Set(["Firefox"]));
  expect(await table.locator("tbody tr").count()).toBeGreaterThan(1);

  // Columns: add $os, remove $current_url; kept in the URL.
  await page.getByRole("button", { name: /^Columns/ }).click();
  await page.getByRole("button", { name: "Remove column $current_url" }).click();
  await pick(page, page.getByRole("combobox", { name: "Add a column" }), "$os", "$os");
  await page.keyboard.press("Escape");
  await expect(table.locator("thead")).toContainText("$os");
  await expect(table.locator("thead")).not.toContainText("$current_url");
  await page.reload();
  await expect(table.locator("thead")).toContainText("$os");
  await expect(page.getByRole("combobox", { name: "Filter 1 value: Firefox" })).toBeVisible();
  await expectAccessible(page, "events explorer");
  await screenshotThemes(page, "explorers-events");

  // An event in full: searchable properties, and its person.
  await table.locator("tbody tr").first().getByRole("button").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "$pageview" })).toBeVisible();
  await dialog.getByRole("searchbox", { name: "Search event properties" }).fill("browser");
  const properties = dialog.getByRole("table", { name: "Event properties" });
  await expect(properties.locator("tbody tr").filter({ hasText: "$browser" }).first()).toContainText("Firefox");
  await expect(properties.getByText("$os", { exact: true })).toHaveCount(0);
  await expectAccessible(page, "event dialog");
  await screenshotThemes(page, "explorers-event-dialog");

  const personLink = dialog.getByRole("link").first();
  const personName = (await personLink.innerText()).trim();
  await personLink.click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/persons/[0-9a-f-]{36}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(personName);
  await expect(page.getByRole("list", { name: "Distinct IDs" }).getByRole("listitem").first()).toBeVisible();
  const personEvents = page.getByRole("table", { name: "Events of this person" });
  await expect(personEvents.locator("tbody tr").first().getByRole("button")).toBeVisible();
  // Every event listed is this person's.
  await expect.poll(async () => new Set(await columnTexts(personEvents, "Person"))).toEqual(new Set([personName]));
  await page.getByRole("searchbox", { name: "Search person properties" }).fill("zzz-no-such-property");
  await expect(page.getByText("No property matches “zzz-no-such-property”.")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search person properties" }).fill("");
  await expectAccessible(page, "person page");
  await screenshotThemes(page, "explorers-person");
  expect(errors).toEqual([]);
});

test("events explorer: type + Enter picks at once; a date range narrows the request; CSV export; open as a new trend", async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsDemo(page);
  const projectId = demoProjectId();
  await page.goto(`/project/${projectId}/events`);
  const table = page.getByRole("table", { name: "Events" });
  await expect(table.locator("tbody tr")).toHaveCount(50, { timeout: 30_000 });

  // Enter straight after typing: the first match of the server's answer is picked, not lost.
  await page.getByRole("combobox", { name: "Event: All events" }).click();
  await page.keyboard.type("$pageview");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/event=%24pageview/);
  await expect(page.getByRole("combobox", { name: "Event: $pageview" })).toBeFocused();

  // Yesterday, in the project's time zone: the API is asked for that range only.
  const ranged = page.waitForResponse((response) => response.url().includes("/events/?") && response.url().includes("after="));
  await page.getByRole("button", { name: "Date range: All time" }).click();
  await page.getByRole("button", { name: "Yesterday" }).click();
  await expect(page).toHaveURL(/date_from=-1dStart&date_to=-1dEnd/);
  await expect(page.getByRole("button", { name: "Date range: Yesterday" })).toBeFocused();
  const response = await ranged;
  const asked = new URL(response.url()).searchParams;
  const after = Date.parse(asked.get("after")!);
  const before = Date.parse(asked.get("before")!);
  expect(before - after).toBeGreaterThanOrEqual(23 * 3600_000);
  expect(before - after).toBeLessThanOrEqual(25 * 3600_000);
  expect(before).toBeLessThanOrEqual(Date.now());
  const { results } = await response.json();
  expect(results.length).toBeGreaterThan(0);
  for (const event of results) expect(Date.parse(event.timestamp)).toBeGreaterThanOrEqual(after);

  // The matching events as CSV, with the columns shown.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^events-pageview-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = readFileSync((await file.path())!, "utf8")
    .trim()
    .split("\r\n");
  expect(header).toBe("timestamp,event,person,distinct_id,properties.$current_url,properties.$browser");
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows.slice(0, 20)) expect(row).toMatch(/^\d{4}-[^,]+,\$pageview,/);

  // The same view as a new trend: its event, range and filters.
  await page.getByRole("link", { name: "Open as a new trend" }).click();
  await expect(page).toHaveURL(/\/insights\/new\?/);
  await expect(page.getByRole("combobox", { name: "Series A event: $pageview" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Date range: Yesterday" })).toBeVisible();
});

test("persons: filtered by a person property, kept in the URL", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsDemo(page);
  const projectId = demoProjectId();
  const withEmail = (await (await page.request.get(`/api/projects/${projectId}/persons/?search=%40&limit=1`)).json()).results[0];
  const email = withEmail.properties.email as string;
  await page.goto(`/project/${projectId}/persons`);
  const table = page.getByRole("table", { name: "Persons" });
  await expect(table.locator("tbody tr")).toHaveCount(50, { timeout: 30_000 });
  await page.getByRole("button", { name: "Add filter" }).click();
  await page.keyboard.type("email");
  await page
    .getByRole("option", { name: /^email(\s|$)/ })
    .first()
    .click();
  await expect(page.getByRole("combobox", { name: "Filter 1 value" })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.type(email);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/properties=/);
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table.getByRole("link", { name: email })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("combobox", { name: `Filter 1 value: ${email}` })).toBeVisible();
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expectAccessible(page, "persons filtered");
});

test("persons: listed newest first, searched, each opening its page", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsDemo(page);
  const projectId = demoProjectId();
  await page.goto(`/project/${projectId}/persons`);
  const table = page.getByRole("table", { name: "Persons" });
  await expect(table.locator("tbody tr")).toHaveCount(50, { timeout: 30_000 });
  await expect(page.getByText(/^1–50 of [\d,]+$/)).toBeVisible();
  await expectAccessible(page, "persons list");
  await screenshotThemes(page, "explorers-persons");

  // Someone with an email (the API's own search finds them), then searched for by part of it.
  const withEmail = (await (await page.request.get(`/api/projects/${projectId}/persons/?search=%40&limit=1`)).json()).results[0];
  const email = withEmail.properties.email as string;
  await page.getByRole("searchbox", { name: "Search by distinct ID, email or name" }).fill(email.slice(0, email.indexOf("@")));
  await expect(page).toHaveURL(/q=/);
  await expect(table.getByRole("link", { name: email })).toHaveAttribute("href", `/project/${projectId}/persons/${withEmail.id}`);
  await page.getByRole("searchbox", { name: "Search by distinct ID, email or name" }).fill("zzz-nobody");
  await expect(table.getByText("No person matches “zzz-nobody”.")).toBeVisible();

  await page.goto(`/project/${projectId}/persons/00000000-0000-4000-8000-000000000000`);
  await expect(page.getByRole("heading", { name: "Person not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to persons" })).toBeVisible();
});

test("project home: what the project holds, top events opening the explorer", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsDemo(page);
  const projectId = demoProjectId();
  const summary = await (await page.request.get(`/api/projects/${projectId}/events/summary/`)).json();
  await page.goto(`/project/${projectId}`);
  const activity = page.getByRole("region", { name: "Project activity" });
  // A rolling window: events leave it between the two reads, so the page's count is the API's within a few.
  const thirtyDays = activity.getByRole("definition").nth(1);
  await expect(thirtyDays).toHaveText(/^\d{1,3}(,\d{3})+$/, { timeout: 30_000 });
  expect(Math.abs(Number((await thirtyDays.innerText()).replace(/,/g, "")) - summary.events_last_30_days)).toBeLessThan(100);
  expect(summary.events_last_30_days).toBeGreaterThan(1000);
  await expect(activity.locator("time")).toHaveAttribute("title", /\d{4}/);
  const top = activity.getByRole("list", { name: "Top events" }).getByRole("listitem");
  await expect(top).toHaveCount(summary.top_events.length);
  await expect(top.first()).toContainText(summary.top_events[0].event);
  await expect(page.getByRole("link", { name: "New insight" }).first()).toHaveAttribute("href", `/project/${projectId}/insights/new`);
  await expect(page.getByRole("link", { name: `Trend of ${summary.top_events[0].event}` }).first()).toHaveAttribute(
    "href",
    /insights\/new\?.*events=/,
  );
  await expectAccessible(page, "project home");
  await screenshotThemes(page, "explorers-home");

  const second = summary.top_events[1].event as string;
  await top.nth(1).getByRole("link", { name: second, exact: true }).click();
  await expect(page).toHaveURL(`/project/${projectId}/events?${new URLSearchParams({ event: second })}`);
  await expect(page.getByRole("combobox", { name: `Event: ${second}` })).toBeVisible();
  await expect
    .poll(async () => new Set(await columnTexts(page.getByRole("table", { name: "Events" }), "Event")))
    .toEqual(new Set([second]));
});
