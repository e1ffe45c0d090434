import { expect } from "@playwright/test";
import {
  createInsightWithApi,
  currentProject,
  daysAgo,
  expectAccessible,
  newAccount,
  screenshotThemes,
  sendEventsWithApi,
  signUpWithApi,
  test,
} from "./support";

const TRENDS = { insight: "TRENDS", events: [{ id: "$pageview", type: "events", math: "total" }], date_from: "-30d", interval: "day" };
const FUNNEL = {
  insight: "FUNNELS",
  events: [
    { id: "$pageview", type: "events", order: 0 },
    { id: "signed_up", type: "events", order: 1 },
  ],
  date_from: "-30d",
  funnel_window_days: 14,
};
const RETENTION = {
  insight: "RETENTION",
  target_entity: { id: "$pageview", type: "events" },
  returning_entity: { id: "$pageview", type: "events" },
  period: "Day",
  total_intervals: 7,
};

test("saved insights: listed, searched, filtered, favourited, duplicated, renamed, deleted and restored", async ({ page }) => {
  await signUpWithApi(page.request, newAccount("Ines", "Insight Works"));
  const project = await currentProject(page.request);

  // Before any insight: the empty state leads to the builder.
  await page.goto(`/project/${project.id}/insights`);
  const table = page.getByRole("table", { name: "Saved insights" });
  await expect(table.getByText("No saved insights yet.")).toBeVisible();
  await expect(table.getByRole("link", { name: "New insight" })).toHaveAttribute("href", `/project/${project.id}/insights/new`);

  await sendEventsWithApi(page.request, project.token, [
    { event: "$pageview", distinct_id: "a", timestamp: daysAgo(3) },
    { event: "signed_up", distinct_id: "a", timestamp: daysAgo(3, -1) },
    { event: "$pageview", distinct_id: "b", timestamp: daysAgo(2) },
  ]);
  const trend = await createInsightWithApi(page, project.id, { name: "Daily pageviews", filters: TRENDS, tags: ["traffic"] });
  await createInsightWithApi(page, project.id, { name: "Signup funnel", description: "From a visit to signing up", filters: FUNNEL });
  await createInsightWithApi(page, project.id, { name: "Returning visitors", filters: RETENTION, tags: ["growth"] });

  await page.reload();
  const rows = table.getByRole("row");
  await expect(rows).toHaveCount(4); // the header and three insights
  await expect(table.getByRole("row", { name: /Signup funnel/ })).toContainText("Funnels");
  await expect(table.getByRole("row", { name: /Returning visitors/ })).toContainText("growth");
  await expect(table.getByRole("link", { name: "Daily pageviews" })).toHaveAttribute(
    "href",
    `/project/${project.id}/insights/${trend.short_id}`,
  );
  await expectAccessible(page);
  await screenshotThemes(page, "dash-saved-insights");

  // Search (names, descriptions and tags), kept in the URL.
  await page.getByPlaceholder("Search insights").fill("growth");
  await expect(page).toHaveURL(/[?&]q=growth/);
  await expect(rows).toHaveCount(2);
  await expect(table.getByRole("row", { name: /Returning visitors/ })).toBeVisible();
  await page.reload();
  await expect(page.getByPlaceholder("Search insights")).toHaveValue("growth");
  await expect(rows).toHaveCount(2);
  await page.getByPlaceholder("Search insights").fill("");
  await expect(rows).toHaveCount(4);

  // By type.
  await page.getByLabel("Type").click();
  await page.getByRole("option", { name: "Funnels" }).click();
  await expect(page).toHaveURL(/[?&]type=FUNNELS/);
  await expect(rows).toHaveCount(2);
  await expect(table.getByRole("row", { name: /Signup funnel/ })).toBeVisible();
  await page.getByLabel("Type").click();
  await page.getByRole("option", { name: "All types" }).click();
  await expect(rows).toHaveCount(4);

  // Favourites: the star, and the filter.
  const star = page.getByRole("button", { name: "Favourite Daily pageviews" });
  await star.click();
  await expect(star).toHaveAttribute("aria-pressed", "true");
  // The filters follow the URL, which changes just after the click.
  await page.getByLabel("Favourites").click();
  await expect(page.getByLabel("Favourites")).toBeChecked();
  await expect(rows).toHaveCount(2);
  await expect(table.getByRole("row", { name: /Daily pageviews/ })).toBeVisible();
  await page.getByLabel("Favourites").click();
  await expect(page.getByLabel("Favourites")).not.toBeChecked();
  await page.getByLabel("Only mine").click();
  await expect(page).toHaveURL(/[?&]mine=1/);
  await expect(rows).toHaveCount(4);
  await page.getByLabel("Only mine").click();
  await expect(page).not.toHaveURL(/[?&]mine=1/);

  // Duplicate: a copy named "… (copy)" with the same filters.
  await page.getByRole("button", { name: "Actions for Signup funnel" }).click();
  await page.getByRole("menuitem", { name: "Duplicate" }).click();
  await expect(table.getByRole("row", { name: /Signup funnel \(copy\)/ })).toBeVisible();
  const copies = await (await page.request.get(`/api/projects/${project.id}/insights/?search=${encodeURIComponent("(copy)")}`)).json();
  expect(copies.results).toHaveLength(1);
  expect(copies.results[0].filters).toMatchObject({ insight: "FUNNELS", funnel_window_days: 14 });

  // Rename.
  await page.getByRole("button", { name: "Actions for Signup funnel (copy)" }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Signup funnel, weekly");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(table.getByRole("link", { name: "Signup funnel, weekly" })).toBeVisible();

  // Delete, then undo from the toast.
  await page.getByRole("button", { name: "Actions for Returning visitors" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await expect(table.getByRole("row", { name: /Returning visitors/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(table.getByRole("row", { name: /Returning visitors/ })).toBeVisible();
  const restored = await (await page.request.get(`/api/projects/${project.id}/insights/?search=Returning`)).json();
  expect(restored.count).toBe(1);
});
