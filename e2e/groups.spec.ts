import { expect } from "@playwright/test";
import {
  currentProject,
  daysAgo,
  expectAccessible,
  expectAccessibleInBothThemes,
  newAccount,
  sameOrigin,
  screenshotThemes,
  sendEventsWithApi,
  signUpWithApi,
  test,
} from "./support";

test("groups: how to send them, then one sidebar entry per type, a searchable list and a group's page", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpWithApi(page.request, newAccount("Gorse"));
  const project = await currentProject(page.request);

  // No group yet: the sidebar's one "Groups" entry leads to how to send them.
  await page.goto(`/project/${project.id}`);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Groups" }).click();
  await expect(page).toHaveURL(`/project/${project.id}/groups`);
  await expect(page.getByText("No group has been seen yet.")).toBeVisible();
  await expect(page.getByText('posthog.group("company"')).toBeVisible();
  await expectAccessible(page, "groups, empty");

  const identify = (key: string, set: Record<string, unknown>, day: number) => ({
    event: "$groupidentify",
    distinct_id: "admin",
    timestamp: daysAgo(day),
    properties: { $group_type: "company", $group_key: key, $group_set: set },
  });
  const events = [
    { event: "$pageview", distinct_id: "ann", timestamp: daysAgo(3), properties: { $groups: { company: "acme", team: "red" } } },
    identify("acme", { name: "Acme Inc.", plan: "free" }, 3),
    identify("globex", { name: "Globex", plan: "pro", seats: 40 }, 2),
    identify("acme", { plan: "pro" }, 1),
  ];
  await sendEventsWithApi(page.request, project.token, events as Parameters<typeof sendEventsWithApi>[2]);
  const named = await page.request.patch(`/api/projects/${project.id}/groups_types/update_metadata/`, {
    data: [{ group_type_index: 0, name_singular: "Company", name_plural: "Companies" }],
    headers: sameOrigin(page),
  });
  expect(named.status()).toBe(200);

  // One entry per type, named by its plural (the type itself when unnamed).
  await page.goto(`/project/${project.id}`);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "team" })).toBeVisible();
  await nav.getByRole("link", { name: "Companies" }).click();
  await expect(page).toHaveURL(`/project/${project.id}/groups/0`);
  await expect(page.getByRole("heading", { name: "Companies" })).toBeVisible();
  const table = page.getByRole("table", { name: "Companies" });
  await expect(table.locator("tbody tr")).toHaveCount(2);
  // Newest first.
  await expect(table.locator("tbody tr").first()).toContainText("Globex");
  await page.getByPlaceholder("Search by key or property value").fill("acme");
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table).toContainText("Acme Inc.");
  await expectAccessible(page, "companies");
  await screenshotThemes(page, "groups-list");

  // The team type has no identified group: said so, not an empty table.
  await page.getByRole("navigation", { name: "Group types" }).getByRole("link", { name: "team" }).click();
  await expect(page.getByText("No team identified yet")).toBeVisible();

  await page.goto(`/project/${project.id}/groups/0`);
  await page.getByRole("link", { name: "Acme Inc." }).click();
  await expect(page).toHaveURL(`/project/${project.id}/groups/0/acme`);
  await expect(page.getByRole("heading", { name: "Acme Inc." })).toBeVisible();
  // The last $groupidentify's values win; the others stay.
  const properties = page.getByRole("table", { name: "Group properties" });
  await expect(properties).toContainText("plan");
  await expect(properties).toContainText("pro");
  await expect(properties).not.toContainText("free");
  // Who sent its events (each linked to their page), the groups of other types on them (none identified), its events.
  const persons = page.getByRole("table", { name: "Persons in this group" });
  await expect(persons.locator("tbody tr")).toHaveCount(1);
  await expect(persons.getByRole("link", { name: "ann" })).toBeVisible();
  await expect(page.getByText("No related groups in the last 90 days.")).toBeVisible();
  await expect(page.getByRole("table", { name: "Events of this group" }).locator("tbody tr")).toHaveCount(1);
  await expect(page.getByRole("table", { name: "Events of this group" })).toContainText("$pageview");
  await expectAccessibleInBothThemes(page, "a group");
  await screenshotThemes(page, "group-page");
  await page.getByRole("link", { name: "Companies" }).last().click();
  await expect(page).toHaveURL(`/project/${project.id}/groups/0`);

  // From the group to its person, whose page lists the person's groups and leads back.
  await page.goto(`/project/${project.id}/groups/0/acme`);
  await page.getByRole("table", { name: "Persons in this group" }).getByRole("link", { name: "ann" }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${project.id}/persons/[0-9a-f-]{36}$`));
  const related = page.getByRole("region", { name: "Companies" });
  await expect(related.getByRole("link", { name: "Acme Inc." })).toBeVisible();
  await expectAccessibleInBothThemes(page, "a person's related groups");
  await screenshotThemes(page, "person-related-groups");
  await related.getByRole("link", { name: "Acme Inc." }).click();
  await expect(page).toHaveURL(`/project/${project.id}/groups/0/acme`);

  // A key no group has: named as missing, with the way back.
  await page.goto(`/project/${project.id}/groups/0/initech`);
  await expect(page.getByRole("heading", { name: "Group not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Companies" }).last()).toBeVisible();
});
