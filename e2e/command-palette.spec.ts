import { expect, type Page } from "@playwright/test";
import {
  createInsightWithApi,
  currentProject,
  daysAgo,
  expectAccessibleInBothThemes,
  newAccount,
  sameOrigin,
  screenshotThemes,
  sendEventsWithApi,
  signUpWithApi,
  test,
} from "./support";

const COHORT_FILTERS = {
  properties: { type: "OR", values: [{ type: "AND", values: [{ type: "person", key: "plan", value: "pro", operator: "exact" }] }] },
};

async function postWithApi(page: Page, path: string, data: Record<string, unknown>) {
  const response = await page.request.post(path, { data, headers: sameOrigin(page) });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number };
}

/** Opens the palette with the shortcut, types `text` and waits for the search to settle. */
async function search(page: Page, text: string) {
  await page.keyboard.press("ControlOrMeta+k");
  const palette = page.getByRole("dialog", { name: "Search and commands" });
  await expect(palette.getByRole("combobox", { name: "Search" })).toBeFocused();
  await page.keyboard.type(text);
  await expect(palette.getByText("Searching…")).toBeHidden();
  return palette;
}

/** Searches, waits until `option` is the highlighted line, and presses Enter. */
async function open(page: Page, text: string, option: string | RegExp) {
  const palette = await search(page, text);
  await expect(palette.getByRole("option", { name: option })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
}

test("Cmd/Ctrl+K finds each kind of thing and runs commands; Enter opens, Escape closes and gives the focus back", async ({ page }) => {
  // Several pages opened, each kind searched, two axe scans in two themes.
  test.setTimeout(180_000);
  await signUpWithApi(page.request, newAccount("Pia"));
  const project = await currentProject(page.request);
  const base = `/api/projects/${project.id}`;
  const insight = await createInsightWithApi(page, project.id, {
    name: "Pear harvest trend",
    filters: { insight: "TRENDS", events: [{ id: "$pageview", type: "events", order: 0 }] },
  });
  const dashboard = await postWithApi(page, `${base}/dashboards/`, { name: "Pear harvest board" });
  const cohort = await postWithApi(page, `${base}/cohorts/`, { name: "Pear harvest pickers", filters: COHORT_FILTERS });
  await postWithApi(page, `${base}/actions/`, { name: "Pear harvest signup", steps: [{ event: "signed_up" }] });
  await sendEventsWithApi(page.request, project.token, [{ event: "$pageview", distinct_id: "pear-picker-42", timestamp: daysAgo(1) }]);

  await page.goto(`/project/${project.id}`);
  const eventsLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Events" });
  await eventsLink.focus();
  let palette = await search(page, "");
  await expect(palette.getByRole("group", { name: "Commands" })).toBeVisible();
  await expectAccessibleInBothThemes(page, "command palette, empty");
  await page.keyboard.press("Escape");
  await expect(palette).toBeHidden();
  await expect(eventsLink).toBeFocused();

  palette = await search(page, "pear harvest");
  for (const [group, name] of [
    ["Insights", "Pear harvest trend"],
    ["Dashboards", "Pear harvest board"],
    ["Cohorts", "Pear harvest pickers"],
    ["Actions", "Pear harvest signup"],
  ])
    await expect(palette.getByRole("group", { name: group }).getByRole("option", { name })).toBeVisible();
  await expect(palette.getByRole("option", { name: "Pear harvest trend" })).toHaveAttribute("aria-selected", "true");
  await expectAccessibleInBothThemes(page, "command palette, results");
  await screenshotThemes(page, "command-palette");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/insights/${insight.short_id}$`));

  await open(page, "pear harvest board", "Pear harvest board");
  await expect(page).toHaveURL(new RegExp(`/dashboard/${dashboard.id}$`));

  await open(page, "pickers", "Pear harvest pickers");
  await expect(page).toHaveURL(new RegExp(`/cohorts/${cohort.id}$`));

  await open(page, "harvest signup", /Pear harvest signup/);
  await expect(page).toHaveURL(/\/data-management\/actions\/\d+$/);

  // Persons: by a distinct id, exactly.
  await open(page, "pear-picker-42", "pear-picker-42");
  await expect(page).toHaveURL(/\/persons\/[0-9a-f-]{36}$/);

  // Pages, by the sidebar's names.
  await open(page, "verified dom", /Verified domains/);
  await expect(page).toHaveURL(/\/organization\/domains$/);

  palette = await search(page, "no such thing anywhere");
  await expect(palette.getByRole("status")).toHaveText("No results for “no such thing anywhere”.");
  await page.keyboard.press("Escape");

  // Commands, from the visible button as well.
  await page.getByRole("button", { name: /Search…/ }).click();
  await page.keyboard.type("new insight");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/project/${project.id}/insights/new$`));

  await open(page, "new dashboard", "New dashboard");
  const create = page.getByRole("dialog", { name: "New dashboard" });
  await expect(create.getByLabel("Name")).toBeFocused();
  await page.keyboard.type("Orchard overview");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/\d+$/);
  await expect(page.getByRole("heading", { name: "Orchard overview" })).toBeVisible();
});
