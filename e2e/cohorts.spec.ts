import { expect } from "@playwright/test";
import { filtersToSearchParams } from "../lib/insights/builder/url-state";
import { analysisOfPage, filtersInUrl, settled } from "./analysis";
import {
  currentProject,
  daysAgo,
  newAccount,
  sameOrigin,
  screenshotThemes,
  sendEventsWithApi,
  signUpWithApi,
  test,
  expectAccessibleInBothThemes,
  typeAndPick,
} from "./support";

const signupsOf = ["ann", "bob"];
const everyone = ["ann", "bob", "cy"];

test("a dynamic cohort: built, calculated, listed with its persons, then a filter and a breakdown of a trend", async ({ page }) => {
  test.setTimeout(180_000);
  await signUpWithApi(page.request, newAccount("Sorrel"));
  const project = await currentProject(page.request);
  // Everyone views a page yesterday (twice for ann); only ann and bob sign up.
  const pageviews = [...everyone, "ann"].map((id) => ({ event: "$pageview", distinct_id: id, timestamp: daysAgo(1) }));
  await sendEventsWithApi(page.request, project.token, [
    ...pageviews,
    ...signupsOf.map((id) => ({ event: "signup", distinct_id: id, timestamp: daysAgo(2) })),
  ]);

  // No cohort yet: the empty state, reached from the sidebar.
  await page.goto(`/project/${project.id}`);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Cohorts" }).click();
  await expect(page).toHaveURL(`/project/${project.id}/cohorts`);
  await expect(page.getByText("No cohorts yet.")).toBeVisible();
  await expectAccessibleInBothThemes(page, "cohorts, empty");

  // "Performed signup in the last 30 days", chosen with the keyboard.
  await page.getByRole("link", { name: "New cohort" }).click();
  await page.getByRole("combobox", { name: "Group 1 criterion 1 kind" }).click();
  await page.getByRole("option", { name: "Performed event" }).click();
  await page.getByRole("combobox", { name: "Group 1 criterion 1 event" }).click();
  await typeAndPick(page, "signup");
  await expect(page.getByRole("combobox", { name: "Group 1 criterion 1 event: signup" })).toBeFocused();
  await expect(page.getByRole("spinbutton", { name: "Group 1 criterion 1 number of periods" })).toHaveValue("30");
  // Named once the page has answered a pick (a value typed before hydration would be reset).
  await page.getByRole("textbox", { name: "Name" }).fill("Signed up");
  await expectAccessibleInBothThemes(page, "new cohort");
  await screenshotThemes(page, "cohort-new");
  const [created] = await Promise.all([
    page.waitForResponse(
      (response) => response.url().endsWith(`/api/projects/${project.id}/cohorts/`) && response.request().method() === "POST",
    ),
    page.getByRole("button", { name: "Create cohort" }).click(),
  ]);
  expect(created.status()).toBe(201);
  const body = created.request().postDataJSON();
  expect(body).toEqual({
    name: "Signed up",
    description: "",
    is_static: false,
    filters: {
      properties: {
        type: "AND",
        values: [
          {
            type: "AND",
            values: [
              { type: "behavioral", value: "performed_event", key: "signup", event_type: "events", time_value: 30, time_interval: "day" },
            ],
          },
        ],
      },
    },
  });
  const cohortId = ((await created.json()) as { id: number }).id;

  // Its page polls until the calculation is done, then lists its persons.
  await expect(page).toHaveURL(`/project/${project.id}/cohorts/${cohortId}`);
  await expect(page.getByText("2 persons")).toBeVisible({ timeout: 30_000 });
  const members = page.getByRole("table", { name: "Cohort persons" });
  await expect(members.locator("tbody tr")).toHaveCount(2);
  for (const id of signupsOf) await expect(members).toContainText(id);
  await expectAccessibleInBothThemes(page, "cohort page");
  await screenshotThemes(page, "cohort-page");

  // In the list: its size and type; the search finds it by name.
  await page.goto(`/project/${project.id}/cohorts`);
  const list = page.getByRole("table", { name: "Cohorts" });
  await expect(list.getByRole("row", { name: /Signed up/ })).toContainText("2 persons");
  await expect(list.getByRole("row", { name: /Signed up/ })).toContainText("Dynamic");
  await page.getByPlaceholder("Search cohorts by name").fill("nobody");
  await expect(list).toContainText("No cohort matches");
  await expectAccessibleInBothThemes(page, "cohorts list");

  // A trend filtered by the cohort counts its members' pageviews only.
  const trend = {
    insight: "TRENDS",
    events: [{ id: "$pageview", type: "events", order: 0, name: "$pageview", math: "total" }],
    date_from: "-7d",
    interval: "day",
    display: "ActionsTable",
  };
  await page.goto(`/project/${project.id}/insights/new?${filtersToSearchParams(trend)}`);
  await page.getByRole("region", { name: "Filters" }).getByRole("button", { name: "Add filter", exact: true }).click();
  await typeAndPick(page, "Signed up");
  await settled(page, /properties=/);
  expect(filtersInUrl(page).properties).toEqual({
    type: "AND",
    values: [{ type: "AND", values: [{ type: "cohort", key: "id", value: cohortId, operator: "in" }] }],
  });
  // A table shows one number per series: its aggregated value.
  const filtered = await analysisOfPage<{ aggregated_value: number }[]>(page, "trend", project.id);
  expect(filtered[0].aggregated_value).toBe(pageviews.filter((event) => signupsOf.includes(event.distinct_id)).length);
  await expectAccessibleInBothThemes(page, "trend filtered by a cohort");

  // The cohort as a breakdown: one series of its members' events.
  await page.goto(`/project/${project.id}/insights/new?${filtersToSearchParams(trend)}`);
  await page.getByRole("combobox", { name: "Breakdown" }).click();
  await typeAndPick(page, "Signed up");
  await settled(page, /breakdown_type=cohort/);
  expect(filtersInUrl(page)).toMatchObject({ breakdown_type: "cohort", breakdown: [cohortId] });
  const broken = await analysisOfPage<{ aggregated_value: number; breakdown_value: unknown }[]>(page, "trend", project.id);
  expect(broken.map((item) => [String(item.breakdown_value), item.aggregated_value])).toEqual([[String(cohortId), 3]]);
  await screenshotThemes(page, "trend-cohort-breakdown");
});

test("a trend's persons saved as a static cohort; persons filtered by it; deleted with confirmation", async ({ page }) => {
  test.setTimeout(180_000);
  await signUpWithApi(page.request, newAccount("Teasel"));
  const project = await currentProject(page.request);
  await sendEventsWithApi(
    page.request,
    project.token,
    everyone.map((id) => ({ event: "$pageview", distinct_id: id, timestamp: daysAgo(1) })),
  );
  const trend = {
    insight: "TRENDS",
    events: [{ id: "$pageview", type: "events", order: 0, name: "$pageview", math: "dau" }],
    date_from: "-7d",
    interval: "day",
  };
  await page.goto(`/project/${project.id}/insights/new?${filtersToSearchParams(trend)}`);
  await page.getByRole("button", { name: /^Persons of .* on .*: 3$/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("table", { name: "Persons" }).locator("tbody tr")).toHaveCount(3);
  await dialog.getByRole("button", { name: "Save as cohort" }).click();
  const prompt = page.getByRole("dialog", { name: "Save as a static cohort" });
  await prompt.getByLabel("Cohort name").fill("Yesterday's visitors");
  await expectAccessibleInBothThemes(page, "save as cohort");
  const [saved] = await Promise.all([
    page.waitForResponse(
      (response) => response.url().includes(`/api/projects/${project.id}/cohorts/?`) && response.request().method() === "POST",
    ),
    prompt.getByRole("button", { name: "Save cohort" }).click(),
  ]);
  expect(saved.status()).toBe(201);
  // As PostHog's app: the persons URL's parameters in the query string, the API finds the persons.
  expect(new URL(saved.url()).searchParams.get("insight")).toBe("TRENDS");
  const cohort = (await saved.json()) as { id: number; is_static: boolean };
  expect(cohort.is_static).toBe(true);
  await expect(prompt).toHaveCount(0);

  // The static cohort holds the three persons.
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/projects/${project.id}/cohorts/${cohort.id}/`, { headers: sameOrigin(page) });
      const body = (await response.json()) as { count: number | null; is_calculating: boolean };
      return body.is_calculating ? null : body.count;
    })
    .toBe(3);

  // Persons filtered by the cohort: members, then "not in" leaves nobody.
  await page.goto(`/project/${project.id}/persons`);
  await page.getByRole("button", { name: "Add filter", exact: true }).click();
  await typeAndPick(page, "Yesterday's visitors");
  const persons = page.getByRole("table", { name: "Persons" });
  await expect(persons.locator("tbody tr")).toHaveCount(3);
  await page.getByRole("combobox", { name: "Filter 1 operator" }).click();
  await page.getByRole("option", { name: "not in cohort" }).click();
  await expect(page.getByText("No person matches these filters.")).toBeVisible();
  await expectAccessibleInBothThemes(page, "persons filtered by cohort");

  // Deleting asks first; the cohort leaves the list.
  await page.goto(`/project/${project.id}/cohorts/${cohort.id}`);
  await expect(page.getByRole("table", { name: "Cohort persons" }).locator("tbody tr")).toHaveCount(3);
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Delete Yesterday's visitors?");
  await expectAccessibleInBothThemes(page, "delete cohort");
  await confirm.getByRole("button", { name: "Delete cohort" }).click();
  await expect(page).toHaveURL(`/project/${project.id}/cohorts`);
  await expect(page.getByText("No cohorts yet.")).toBeVisible();
});

test("a funnel step's converted persons saved as a static cohort from its persons dialog", async ({ page }) => {
  test.setTimeout(180_000);
  await signUpWithApi(page.request, newAccount("Vetch"));
  const project = await currentProject(page.request);
  const events = everyone.flatMap((id, i) => [
    { event: "$pageview", distinct_id: id, timestamp: daysAgo(2) },
    ...(i < 2 ? [{ event: "signed_up", distinct_id: id, timestamp: daysAgo(1) }] : []),
  ]);
  await sendEventsWithApi(page.request, project.token, events);
  const funnel = {
    insight: "FUNNELS",
    events: [
      { id: "$pageview", type: "events", order: 0, name: "$pageview" },
      { id: "signed_up", type: "events", order: 1, name: "signed_up" },
    ],
    date_from: "-7d",
  };
  await page.goto(`/project/${project.id}/insights/new?${filtersToSearchParams(funnel)}`);
  await page.getByRole("button", { name: /^Step 2 signed_up: .* Show the persons who converted\.$/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("table", { name: "Persons" }).locator("tbody tr")).toHaveCount(2);
  await dialog.getByRole("button", { name: "Save as cohort" }).click();
  const prompt = page.getByRole("dialog", { name: "Save as a static cohort" });
  await prompt.getByLabel("Cohort name").fill("Signed up");
  const [saved] = await Promise.all([
    page.waitForResponse(
      (response) => response.url().includes(`/api/projects/${project.id}/cohorts/?`) && response.request().method() === "POST",
    ),
    prompt.getByRole("button", { name: "Save cohort" }).click(),
  ]);
  expect(saved.status()).toBe(201);
  expect(new URL(saved.url()).searchParams.get("insight")).toBe("FUNNELS");
  const cohort = (await saved.json()) as { id: number };
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/projects/${project.id}/cohorts/${cohort.id}/`, { headers: sameOrigin(page) });
      const body = (await response.json()) as { count: number | null; is_calculating: boolean };
      return body.is_calculating ? null : body.count;
    })
    .toBe(2);

  // A static cohort's page renames it.
  await page.goto(`/project/${project.id}/cohorts/${cohort.id}`);
  const rename = page.getByRole("form", { name: "Rename cohort" });
  await rename.getByLabel("Name").fill("Converted at step 2");
  await rename.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByRole("heading", { name: "Converted at step 2" })).toBeVisible();
  await expectAccessibleInBothThemes(page, "static cohort rename");
});
