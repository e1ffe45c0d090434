import { expect, type Page } from "@playwright/test";
import { filtersToSearchParams } from "../lib/insights/builder/url-state";
import { filtersInUrl, settled } from "./analysis";
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

/** A project with one group type, "Companies" (index 0), and a few events. */
async function projectWithCompanies(page: Page) {
  await signUpWithApi(page.request, newAccount("Yarrow"));
  const project = await currentProject(page.request);
  const events = [
    {
      event: "$pageview",
      distinct_id: "ann",
      timestamp: daysAgo(1),
      properties: { $groups: { company: "acme" }, $session_id: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b" },
    },
    {
      event: "$groupidentify",
      distinct_id: "ann",
      timestamp: daysAgo(1),
      properties: { $group_type: "company", $group_key: "acme", $group_set: { industry: "tech" } },
    },
  ];
  await sendEventsWithApi(page.request, project.token, events as Parameters<typeof sendEventsWithApi>[2]);
  const named = await page.request.patch(`/api/projects/${project.id}/groups_types/update_metadata/`, {
    data: [{ group_type_index: 0, name_singular: "Company", name_plural: "Companies" }],
    headers: sameOrigin(page),
  });
  expect(named.status()).toBe(200);
  return project;
}

const trend = {
  insight: "TRENDS",
  events: [{ id: "$pageview", type: "events", order: 0, name: "$pageview", math: "total" }],
  date_from: "-7d",
  interval: "day",
};
const leaves = (page: Page) => (filtersInUrl(page).properties as { values: { values: unknown[] }[] }).values[0].values;

test("filters by session duration, element, group property and HogQL, typed and picked with Enter", async ({ page }) => {
  test.setTimeout(180_000);
  const project = await projectWithCompanies(page);
  await page.goto(`/project/${project.id}/insights/new?${filtersToSearchParams(trend)}`);
  const filters = page.getByRole("region", { name: "Filters" });

  // Session duration: numeric operators, a number.
  await filters.getByRole("button", { name: "Add filter", exact: true }).click();
  await typeAndPick(page, "Session duration");
  const value = page.getByRole("combobox", { name: "Filter 1 value" });
  await expect(value).toBeFocused();
  await page.keyboard.press("Enter");
  await typeAndPick(page, "60");
  await settled(page, /properties=/);
  await page.getByRole("combobox", { name: "Filter 1 operator" }).click();
  await expect(page.getByRole("option")).toHaveText(["greater than", "at least", "less than", "at most", "equals"]);
  await page.keyboard.press("Escape");
  expect(leaves(page)).toEqual([{ type: "session", key: "$session_duration", operator: "gt", value: 60 }]);

  // An autocapture element's tag name: exact or not only.
  await filters.getByRole("button", { name: "Add filter", exact: true }).click();
  await typeAndPick(page, "Tag name");
  await expect(page.getByRole("combobox", { name: "Filter 2 value" })).toBeFocused();
  await page.keyboard.press("Enter");
  await typeAndPick(page, "button");
  await expect.poll(() => leaves(page).length).toBe(2);
  expect(leaves(page)[1]).toEqual({ type: "element", key: "tag_name", operator: "exact", value: ["button"] });

  // A group type's property, offered under the type's plural name.
  await filters.getByRole("button", { name: "Add filter", exact: true }).click();
  await page.keyboard.type("industry");
  await expect(page.getByRole("group", { name: "Companies properties" }).getByRole("option", { name: /^industry/ })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("combobox", { name: "Filter 3 value" })).toBeFocused();
  await page.keyboard.press("Enter");
  // The values the type's groups have, with how many groups have each.
  await expect(page.getByRole("option", { name: /^tech.*1 group/ })).toBeVisible();
  await typeAndPick(page, "tech");
  // The row is in the URL from the moment its property is picked; its value once the search has answered.
  await expect
    .poll(() => leaves(page)[2])
    .toEqual({ type: "group", group_type_index: 0, key: "industry", operator: "exact", value: ["tech"] });

  // A HogQL expression: picked, then written and committed with Enter.
  await filters.getByRole("button", { name: "Add filter", exact: true }).click();
  await typeAndPick(page, "HogQL");
  const expression = page.getByRole("textbox", { name: "Filter 4 HogQL expression" });
  await expect(expression).toBeFocused();
  await settled(page);
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().includes(`/api/projects/${project.id}/insights/trend/`) && r.method() === "POST"),
    (async () => {
      await page.keyboard.type("properties.$browser = 'Chrome'");
      await page.keyboard.press("Enter");
    })(),
  ]);
  // What the page posts is what its URL holds.
  const posted = request.postDataJSON() as { properties: { values: { values: unknown[] }[] } };
  expect(posted.properties.values[0].values).toEqual([...leaves(page)]);
  expect(leaves(page)[3]).toEqual({ type: "hogql", key: "properties.$browser = 'Chrome'" });
  await expectAccessibleInBothThemes(page, "builder with segment filters");
  await screenshotThemes(page, "segment-filters");
});

test("breakdowns by group property and HogQL, unique groups math, funnels and retention aggregated by a group type", async ({ page }) => {
  test.setTimeout(180_000);
  const project = await projectWithCompanies(page);
  await page.goto(`/project/${project.id}/insights/new?${filtersToSearchParams(trend)}`);

  const breakdown = page.getByRole("combobox", { name: /^Breakdown/ });
  await breakdown.click();
  await typeAndPick(page, "industry");
  await settled(page, /breakdown_type=group/);
  expect(filtersInUrl(page)).toMatchObject({ breakdown: "industry", breakdown_type: "group", breakdown_group_type_index: 0 });

  await breakdown.click();
  await typeAndPick(page, "HogQL");
  await expect(page.getByRole("textbox", { name: "Breakdown HogQL expression" })).toBeFocused();
  await page.keyboard.type("properties.$browser");
  await page.keyboard.press("Enter");
  await settled(page, /breakdown_type=hogql/);
  const hogql = filtersInUrl(page);
  expect(hogql).toMatchObject({ breakdown: "properties.$browser", breakdown_type: "hogql" });
  expect(hogql.breakdown_group_type_index).toBeUndefined();

  await page.getByRole("combobox", { name: /^Series A math/ }).click();
  await page.getByRole("option", { name: /^Unique Companies/ }).click();
  await settled(page, /math_group_type_index/);
  expect((filtersInUrl(page).events as unknown[])[0]).toMatchObject({ math: "unique_group", math_group_type_index: 0 });
  await expectAccessibleInBothThemes(page, "trend with group breakdown and math");

  // Funnels and retention: unique users by default, or one of the group types.
  const funnel = {
    insight: "FUNNELS",
    events: [
      { id: "$pageview", type: "events", order: 0 },
      { id: "$pageview", type: "events", order: 1 },
    ],
    date_from: "-7d",
  };
  await page.goto(`/project/${project.id}/insights/new?${filtersToSearchParams(funnel)}`);
  const aggregation = page.getByRole("combobox", { name: "Aggregating by" });
  await expect(aggregation).toHaveText("Unique users");
  await aggregation.click();
  await page.getByRole("option", { name: "Unique Companies" }).click();
  await settled(page, /aggregation_group_type_index/);
  expect(filtersInUrl(page).aggregation_group_type_index).toBe(0);
  await expectAccessibleInBothThemes(page, "funnel aggregated by companies");
  await screenshotThemes(page, "funnel-aggregation");
  await aggregation.click();
  await page.getByRole("option", { name: "Unique users" }).click();
  await expect.poll(() => filtersInUrl(page).aggregation_group_type_index).toBeUndefined();

  const retention = {
    insight: "RETENTION",
    target_entity: { id: "$pageview", type: "events" },
    returning_entity: { id: "$pageview", type: "events" },
    period: "Day",
    total_intervals: 7,
  };
  await page.goto(`/project/${project.id}/insights/new?${filtersToSearchParams(retention)}`);
  await page.getByRole("combobox", { name: "Aggregating by" }).click();
  await page.getByRole("option", { name: "Unique Companies" }).click();
  await settled(page, /aggregation_group_type_index/);
  expect(filtersInUrl(page).aggregation_group_type_index).toBe(0);
});

test("without group types there is no aggregation choice nor group maths", async ({ page }) => {
  await signUpWithApi(page.request, newAccount("Vetch"));
  const project = await currentProject(page.request);
  const funnel = {
    insight: "FUNNELS",
    events: [
      { id: "$pageview", type: "events", order: 0 },
      { id: "$pageview", type: "events", order: 1 },
    ],
    date_from: "-7d",
  };
  await page.goto(`/project/${project.id}/insights/new?${filtersToSearchParams(funnel)}`);
  await expect(page.getByRole("region", { name: "Steps" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Aggregating by" })).toHaveCount(0);
  await page.goto(`/project/${project.id}/insights/new?${filtersToSearchParams(trend)}`);
  await page.getByRole("combobox", { name: /^Series A math/ }).click();
  await expect(page.getByRole("option", { name: /^Unique users/ })).toBeVisible();
  await expect(page.getByRole("option", { name: /^Unique Compan/ })).toHaveCount(0);
});
