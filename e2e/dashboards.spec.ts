import { expect, type Locator, type Page } from "@playwright/test";
import { verticalCompactor } from "react-grid-layout/core";
import {
  createInsightWithApi,
  currentProject,
  daysAgo,
  expectAccessible,
  hydrating,
  newAccount,
  screenshotThemes,
  sendEventsWithApi,
  signUpWithApi,
  test,
} from "./support";

const FUNNEL = {
  insight: "FUNNELS",
  events: [
    { id: "$pageview", type: "events", order: 0 },
    { id: "signed_up", type: "events", order: 1 },
  ],
  date_from: "-30d",
  funnel_window_days: 14,
};
const TRENDS = { insight: "TRENDS", events: [{ id: "$pageview", type: "events", math: "total" }], date_from: "-30d", interval: "day" };

/** The funnel's step counts as the API computes them seen from the dashboard (its filters over the insight's). */
async function funnelCountsFromApi(page: Page, projectId: number, insightId: number, dashboardId: number) {
  const response = await page.request.get(
    `/api/projects/${projectId}/insights/${insightId}/?from_dashboard=${dashboardId}&refresh=blocking`,
  );
  const insight = await response.json();
  return (insight.result as { count: number }[]).map((step) => step.count);
}

async function tileLayout(page: Page, projectId: number, dashboardId: number, insightId: number) {
  const dashboard = await (await page.request.get(`/api/projects/${projectId}/dashboards/${dashboardId}/`)).json();
  return dashboard.tiles.find((tile: { insight: { id: number } }) => tile.insight.id === insightId).layouts.sm as
    | { x: number; y: number; w: number; h: number }
    | undefined;
}

/** A funnel tile's step as its bar shows it: persons and conversion ("5 · 100.0%"). */
const step = (tile: Locator, index: number) =>
  tile
    .locator(`[data-testid=funnel-step][data-step="${index}"] [data-count]`)
    .first()
    .evaluate((bar) => `${bar.getAttribute("data-count")} · ${bar.querySelector("[data-testid=funnel-bar-percent]")?.textContent ?? ""}`)
    .catch(() => "");

/** The saved wide layout has no hole: compacting it upwards moves no tile. */
async function expectSavedCompacted(page: Page, projectId: number, dashboardId: number) {
  const dashboard = await (await page.request.get(`/api/projects/${projectId}/dashboards/${dashboardId}/`)).json();
  const saved = (dashboard.tiles as { id: number; layouts: { sm?: { x: number; y: number; w: number; h: number } } }[]).map((tile) => ({
    i: String(tile.id),
    ...tile.layouts.sm!,
  }));
  const places = (layout: readonly { i: string; x: number; y: number; w: number; h: number }[]) =>
    Object.fromEntries(layout.map(({ i, x, y, w, h }) => [i, [x, y, w, h]]));
  expect(places(saved)).toEqual(
    places(
      verticalCompactor.compact(
        saved.map((item) => ({ ...item })),
        12,
      ),
    ),
  );
}

const layoutSaved = (page: Page, dashboardId: number) =>
  page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().endsWith(`/dashboards/${dashboardId}/`) && r.ok());

// Tall enough for a tile's resize corner and its neighbour to be on screen together.
test.use({ viewport: { width: 1400, height: 1000 } });

test("a dashboard: create, add insights, filter by date, arrange tiles, share publicly", async ({ page, browser }) => {
  // Many steps, each waiting on analyses; the machine is shared.
  test.setTimeout(300_000);
  await signUpWithApi(page.request, newAccount("Dora", "Dashboard Farm"));
  const project = await currentProject(page.request);
  // Five visitors; three of them this week, two of those sign up, one more three weeks ago.
  await sendEventsWithApi(page.request, project.token, [
    { event: "$pageview", distinct_id: "a", timestamp: daysAgo(2) },
    { event: "signed_up", distinct_id: "a", timestamp: daysAgo(2, -1) },
    { event: "$pageview", distinct_id: "b", timestamp: daysAgo(3) },
    { event: "signed_up", distinct_id: "b", timestamp: daysAgo(3, -2) },
    { event: "$pageview", distinct_id: "c", timestamp: daysAgo(4) },
    { event: "$pageview", distinct_id: "d", timestamp: daysAgo(20) },
    { event: "signed_up", distinct_id: "d", timestamp: daysAgo(20, -1) },
    { event: "$pageview", distinct_id: "e", timestamp: daysAgo(21) },
  ]);
  const funnel = await createInsightWithApi(page, project.id, { name: "Signup funnel", filters: FUNNEL });
  const trend = await createInsightWithApi(page, project.id, { name: "Daily pageviews", filters: TRENDS });

  // The project home now shows its dashboard rather than the setup steps.
  await page.goto(`/project/${project.id}`);
  await expect(page.getByRole("heading", { name: "My App Dashboard" })).toBeVisible();
  await expect(page.getByText("Send your first event")).toHaveCount(0);

  await page.goto(`/project/${project.id}/dashboard`);
  await expect(page.getByRole("table", { name: "Dashboards" }).getByRole("link", { name: "My App Dashboard" })).toBeVisible();
  await page.getByRole("button", { name: "New dashboard" }).click();
  const create = page.getByRole("dialog");
  await create.getByLabel("Name").fill("Growth");
  await create.getByLabel("Description (optional)").fill("Visits and sign-ups");
  await create.getByRole("button", { name: "Create dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard\/\d+$/);
  const dashboardId = Number(page.url().split("/").pop());
  await expect(page.getByRole("heading", { name: "Growth" })).toBeVisible();
  await expect(page.getByText("This dashboard has no insights yet.")).toBeVisible();

  // Add both insights through the picker.
  await page.getByRole("button", { name: "Add insight" }).first().click();
  const picker = page.getByRole("dialog");
  await picker.getByRole("button", { name: "Add Signup funnel" }).click();
  await expect(picker.getByRole("button", { name: "Signup funnel is on this dashboard" })).toBeDisabled();
  await picker.getByRole("button", { name: "Add Daily pageviews" }).click();
  await expect(picker.getByRole("button", { name: "Daily pageviews is on this dashboard" })).toBeDisabled();
  await page.keyboard.press("Escape");

  const funnelTile = page.getByRole("article", { name: "Signup funnel" });
  await expect(funnelTile.getByRole("link", { name: "Signup funnel" })).toHaveAttribute(
    "href",
    `/project/${project.id}/insights/${funnel.short_id}`,
  );
  await expect(page.getByRole("article", { name: "Daily pageviews" }).locator(".recharts-line")).toBeVisible();
  // Over the insight's own 30 days: five visitors, three signed up.
  expect(await funnelCountsFromApi(page, project.id, funnel.id, dashboardId)).toEqual([5, 3]);
  await expect.poll(() => step(funnelTile, 0)).toContain("5 · 100.0%");
  await expect.poll(() => step(funnelTile, 1)).toContain("3 · 60.0%");
  await expect(funnelTile.getByTestId("tile-refreshed")).toContainText("Computed");

  // The dashboard's date range overrides the tiles' own.
  await page.getByLabel("Date range").click();
  await page.getByRole("option", { name: "Last 7 days" }).click();
  await expect.poll(() => step(funnelTile, 0)).toContain("3 · 100.0%");
  const weekCounts = await funnelCountsFromApi(page, project.id, funnel.id, dashboardId);
  expect(weekCounts).toEqual([3, 2]);
  await expect.poll(() => step(funnelTile, 1)).toContain(`${weekCounts[1]} · 66.7%`);
  await page.reload();
  await expect(page.getByLabel("Date range")).toContainText("Last 7 days");
  await expect.poll(() => step(funnelTile, 0)).toContain("3 · 100.0%");

  // No property filter yet, and the empty fields show no example that could pass for one.
  await expect(page.getByTestId("no-property-filters")).toBeVisible();
  await expect(page.getByLabel("Event property")).not.toHaveAttribute("placeholder");
  await expect(page.getByLabel("equals")).not.toHaveAttribute("placeholder");
  // A property filter joins every tile's own: no visitor has this browser.
  await page.getByLabel("Event property").fill("$browser");
  await page.getByLabel("equals").fill("Netscape");
  await page.getByRole("button", { name: "Add filter" }).click();
  await expect(page.getByRole("list", { name: "Property filters" })).toContainText("$browser = Netscape");
  await expect(page.getByTestId("no-property-filters")).toHaveCount(0);
  await expect(funnelTile).toContainText("Nobody entered this funnel in the date range.");
  await page.getByRole("button", { name: "Remove filter $browser = Netscape" }).click();
  await expect.poll(() => step(funnelTile, 0)).toContain("3 · 100.0%");

  // Refresh all computes every tile afresh.
  await page.getByRole("button", { name: "Refresh all" }).click();
  await expect(page.getByText("Every insight was computed afresh.")).toBeVisible();

  await expectAccessible(page);
  await screenshotThemes(page, "dash-dashboard");

  // Resize the funnel tile from its corner, then move the trend tile by its handle; both are kept.
  // A tile added to a dashboard has no saved place yet: the grid puts it 6 columns wide and 8 rows high.
  expect(await tileLayout(page, project.id, dashboardId, funnel.id)).toBeUndefined();
  const defaultWidth = (await funnelTile.boundingBox())!.width;
  const cornerHandle = funnelTile.locator("xpath=..").locator(".react-resizable-handle");
  await cornerHandle.scrollIntoViewIfNeeded();
  const corner = await cornerHandle.boundingBox();
  expect(corner).not.toBeNull();
  let saved = layoutSaved(page, dashboardId);
  await page.mouse.move(corner!.x + corner!.width / 2, corner!.y + corner!.height / 2);
  await page.mouse.down();
  await page.mouse.move(corner!.x + 200, corner!.y + 120, { steps: 10 });
  await page.mouse.up();
  await saved;
  const resized = await tileLayout(page, project.id, dashboardId, funnel.id);
  expect(resized!.w).toBeGreaterThan(6);
  expect(resized!.h).toBeGreaterThan(8);

  const trendTile = page.getByRole("article", { name: "Daily pageviews" });
  await trendTile.locator(".tile-drag-handle").scrollIntoViewIfNeeded();
  const handle = await trendTile.locator(".tile-drag-handle").boundingBox();
  const funnelBox = await funnelTile.boundingBox();
  saved = layoutSaved(page, dashboardId);
  await page.mouse.move(handle!.x + handle!.width / 2, handle!.y + handle!.height / 2);
  await page.mouse.down();
  await page.mouse.move(funnelBox!.x + 20, funnelBox!.y + 10, { steps: 15 });
  await page.mouse.up();
  await saved;

  await page.reload();
  await expect(funnelTile).toBeVisible();
  const trendBoxAfter = await trendTile.boundingBox();
  const funnelBoxAfter = await funnelTile.boundingBox();
  // The trend now comes first, above the (wider) funnel.
  expect(trendBoxAfter!.y).toBeLessThan(funnelBoxAfter!.y);
  expect(await tileLayout(page, project.id, dashboardId, funnel.id)).toMatchObject({ w: resized!.w, h: resized!.h });
  // As wide as it was resized to, wider than it started.
  expect(Math.abs(funnelBoxAfter!.width - funnelBox!.width)).toBeLessThan(2);
  expect(funnelBoxAfter!.width).toBeGreaterThan(defaultWidth + 100);

  // Keyboard users resize from the tile's menu.
  saved = layoutSaved(page, dashboardId);
  await page.getByRole("button", { name: "Actions for Signup funnel" }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("menuitem", { name: "Make narrower" }).focus();
  await page.keyboard.press("Enter");
  await saved;
  expect((await tileLayout(page, project.id, dashboardId, funnel.id))!.w).toBe(resized!.w - 3);

  // Keyboard users move a tile: Enter on its handle picks it up, arrows move it (announced), Enter drops it
  // (saved as a drag is), Escape puts it back.
  const trendHandle = page.getByRole("button", { name: "Move Daily pageviews" });
  const announced = page.getByTestId("grid-announcement");
  const trendBefore = await tileLayout(page, project.id, dashboardId, trend.id);
  await trendHandle.focus();
  await page.keyboard.press("Enter");
  await expect(trendHandle).toHaveAttribute("aria-pressed", "true");
  await expect(announced).toContainText(`Picked up Daily pageviews: column ${trendBefore!.x + 1}, row ${trendBefore!.y + 1}`);
  await page.keyboard.press("ArrowDown");
  await expect(announced).toContainText(/^Daily pageviews: column \d+, row \d+/);
  await page.keyboard.press("Escape");
  await expect(announced).toContainText("Move of Daily pageviews cancelled.");
  await expect(trendHandle).toHaveAttribute("aria-pressed", "false");
  expect(await tileLayout(page, project.id, dashboardId, trend.id)).toEqual(trendBefore);

  saved = layoutSaved(page, dashboardId);
  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Shift+ArrowDown");
  await page.keyboard.press("Enter");
  await saved;
  await expect(announced).toContainText("Dropped Daily pageviews");
  const trendMoved = await tileLayout(page, project.id, dashboardId, trend.id);
  expect(trendMoved!.y).toBeGreaterThan(trendBefore!.y);
  expect(trendMoved!.h).toBe(trendBefore!.h + 1);
  await page.reload();
  await expect(funnelTile).toBeVisible();
  // The trend is below the funnel again.
  expect((await trendTile.boundingBox())!.y).toBeGreaterThan((await funnelTile.boundingBox())!.y);
  await expectSavedCompacted(page, project.id, dashboardId);

  // A tile made shorter from its menu leaves no hole: the tile below it comes up, and that is what is saved.
  const funnelPlace = (await tileLayout(page, project.id, dashboardId, funnel.id))!;
  saved = layoutSaved(page, dashboardId);
  await page.getByRole("button", { name: "Actions for Signup funnel" }).click();
  await page.getByRole("menuitem", { name: "Make shorter" }).click();
  await saved;
  expect((await tileLayout(page, project.id, dashboardId, funnel.id))!.h).toBe(funnelPlace.h - 2);
  await expectSavedCompacted(page, project.id, dashboardId);
  expect((await tileLayout(page, project.id, dashboardId, trend.id))!.y).toBe(funnelPlace.y + funnelPlace.h - 2);

  // Share: the public link opens the dashboard read-only for someone signed out.
  await page.getByRole("button", { name: "Share" }).click();
  const share = page.getByRole("dialog");
  // The toggle shows what the API saved.
  await share.getByLabel("Share publicly").click();
  await expect(share.getByLabel("Share publicly")).toBeChecked();
  const link = await share.locator("code").filter({ hasText: "/shared/" }).textContent();
  expect(link).toMatch(/\/shared\/[\w-]+$/);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("heading", { name: /Growth/ }).getByText("Shared")).toBeVisible();

  const visitorContext = await browser.newContext();
  const visitor = hydrating(await visitorContext.newPage());
  await visitor.goto(link!);
  await expect(visitor.getByTestId("shared-dashboard-name")).toHaveText("Growth");
  const sharedFunnel = visitor.getByRole("article", { name: "Signup funnel" });
  await expect.poll(() => step(sharedFunnel, 0)).toContain("3 · 100.0%");
  await expect(sharedFunnel.getByRole("link")).toHaveCount(0);
  await expect(visitor.getByRole("button", { name: /Actions for/ })).toHaveCount(0);
  await expectAccessible(visitor);
  await screenshotThemes(visitor, "dash-shared");
  await visitorContext.close();

  // Remove a tile; delete the dashboard from the list.
  await page.getByRole("button", { name: "Actions for Daily pageviews" }).click();
  await page.getByRole("menuitem", { name: "Remove from dashboard" }).click();
  await expect(page.getByRole("article", { name: "Daily pageviews" })).toHaveCount(0);
  await page.goto(`/project/${project.id}/dashboard`);
  const list = page.getByRole("table", { name: "Dashboards" });
  await expect(list.getByRole("row", { name: /Growth/ })).toContainText("Shared");
  await expectAccessible(page);
  await screenshotThemes(page, "dash-dashboards-list");
  await page.getByRole("button", { name: "Delete Growth" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete dashboard" }).click();
  await expect(list.getByRole("row", { name: /Growth/ })).toHaveCount(0);
});
