import { expect, type Page } from "@playwright/test";
import { breakdownLabel, formatPeriod, periodRange } from "../components/insights/funnels/funnel-data";
import { compactFilters, filtersFromSearchParams, filtersToSearchParams } from "../lib/insights/builder/url-state";
import { demoProjectId, expectAccessible, sameOrigin, signInAsDemo, test } from "./support";

const count = (n: number) => n.toLocaleString("en");
const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)}%`;

/** The builder opened on a funnel filter (the builder's whole state is its URL). */
async function openFunnel(page: Page, filters: Record<string, unknown>) {
  const params = filtersToSearchParams({
    insight: "FUNNELS",
    funnel_viz_type: "steps",
    funnel_window_interval: 14,
    funnel_window_interval_unit: "day",
    date_from: "-30d",
    ...filters,
  });
  await page.goto(`/project/${demoProjectId()}/insights/new?${params}`);
}

/** The filter the page shows, as it posts it. */
const currentFilters = (page: Page) => compactFilters(filtersFromSearchParams(new URL(page.url()).searchParams));

/** What the API answers for the page's filter. */
async function apiResponse(page: Page): Promise<{ result: unknown; timezone: string }> {
  const response = await page.request.post(`/api/projects/${demoProjectId()}/insights/funnel/`, {
    data: currentFilters(page),
    headers: sameOrigin(page),
  });
  expect(response.status()).toBe(200);
  return response.json();
}
const apiResult = async (page: Page) => (await apiResponse(page)).result;

interface Step {
  count: number;
  breakdown_value?: unknown;
  compare_label?: "current" | "previous";
  converted_people_url: string;
  dropped_people_url: string | null;
  average_conversion_time: number | null;
}

const seriesKey = (steps: Step[]) =>
  `${steps[0].compare_label ?? ""}|${steps[0].breakdown_value === undefined ? "" : breakdownLabel(steps[0].breakdown_value)}`;

/** Every series' bars show the API's persons and conversion from the first step. */
async function expectBarsMatch(page: Page, groups: Step[][]) {
  for (const steps of groups) {
    const key = seriesKey(steps);
    for (const [index, step] of steps.entries()) {
      const figure = page.locator(`[data-testid=funnel-step][data-step="${index}"] [data-testid=funnel-step-figure][data-series="${key}"]`);
      await expect(figure.getByTestId("funnel-bar-count")).toHaveText(count(step.count));
      const bar = page.locator(`[data-testid=funnel-step][data-step="${index}"] [data-testid=funnel-bar][data-series="${key}"]`);
      await expect(bar.getByTestId("funnel-bar-percent")).toHaveText(steps[0].count ? percent(step.count, steps[0].count) : "—");
    }
  }
}

test.beforeEach(async ({ page }) => {
  await signInAsDemo(page);
});

test("a 3-step funnel built with the pickers, with a breakdown, shows the API's numbers; steps reorder by keyboard", async ({ page }) => {
  await openFunnel(page, {
    events: [
      { id: "$pageview", type: "events", order: 0, name: "$pageview" },
      { id: "signed_up", type: "events", order: 1, name: "signed_up" },
    ],
    breakdown: "$browser",
    breakdown_type: "event",
  });
  await expect(page.getByRole("tab", { name: "Funnels" })).toHaveAttribute("aria-selected", "true");
  // The result is fetched and drawn by the browser: once it shows, the page is
  // hydrated, so the click below is not lost to a server-rendered button that React has not taken over yet.
  await expect(page.locator("[data-testid=funnel-step]")).toHaveCount(2);
  // The third step is added and given its event with the picker (events searched by name).
  await page.getByRole("button", { name: "Add step" }).click();
  await page.getByRole("listitem", { name: "Step 3" }).getByRole("combobox", { name: "Step 3: $pageview" }).click();
  await page.getByPlaceholder("Search events and actions…").fill("onboarding");
  await page.getByRole("option", { name: /^onboarding_completed/ }).click();
  await expect(page.getByRole("combobox", { name: "Step 3: onboarding_completed" })).toBeVisible();
  await expect(page.locator("[data-testid=funnel-step]")).toHaveCount(3);

  const result = (await apiResult(page)) as Step[][];
  expect(result.length).toBeGreaterThan(1);
  await expectBarsMatch(page, result);
  // The table lists every value's steps.
  await expect(page.getByRole("table", { name: "Funnel results" }).locator("tbody tr")).toHaveCount(result.length * 3);
  await expectAccessible(page, "funnel steps with a breakdown");

  // Attribution: every step's values, then the value on step 2 only; each explained, each the API's numbers.
  await page.getByRole("combobox", { name: "Attribution type" }).click();
  await page.getByRole("option", { name: "All steps" }).click();
  await expect(page).toHaveURL(/breakdown_attribution_type=all_events/);
  await expect(page.getByText("one person can appear under several values")).toBeVisible();
  await expectBarsMatch(page, (await apiResult(page)) as Step[][]);
  await page.getByRole("combobox", { name: "Attribution type" }).click();
  await page.getByRole("option", { name: "Specific step" }).click();
  await page.getByRole("combobox", { name: "Attribution step" }).click();
  await page.getByRole("option", { name: "Step 2" }).click();
  await expect(page).toHaveURL(/breakdown_attribution_type=step/);
  await expect(page).toHaveURL(/breakdown_attribution_value=1/);
  await expect(page.getByText("only an event with that value completes the step")).toBeVisible();
  await expectBarsMatch(page, (await apiResult(page)) as Step[][]);
  await page.getByRole("combobox", { name: "Attribution type" }).click();
  await page.getByRole("option", { name: "First touch" }).click();
  await expect(page).not.toHaveURL(/breakdown_attribution/);

  // Step 2 (signed_up) moves below step 3 with the keyboard: Space picks the handle up, the arrow moves it, Space drops.
  const handle = page.getByRole("button", { name: "Reorder step 2" });
  await handle.focus();
  // Each key waits for the screen reader's announcement of the one before (the drag measures the rows first).
  await page.keyboard.press("Space");
  await expect(page.getByText(/^(Picked up step 2|Step 2 is over position 2)\.$/)).toBeAttached();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByText("Step 2 is over position 3.")).toBeAttached();
  await page.keyboard.press("Space");
  await expect
    .poll(() => (currentFilters(page).events as { id: string; order: number }[]).sort((a, b) => a.order - b.order).map((e) => e.id))
    .toEqual(["$pageview", "onboarding_completed", "signed_up"]);
  await expect(page.locator("[data-testid=funnel-step][data-step='2']")).toContainText("signed_up");

  // And back up with the step's menu.
  await page.getByRole("button", { name: "More for step 3" }).click();
  await page.getByRole("menuitem", { name: "Move up" }).click();
  await expect(page.locator("[data-testid=funnel-step][data-step='1']")).toContainText("signed_up");
});

test("compare to the previous period: both periods with their dates and the API's numbers", async ({ page }) => {
  await openFunnel(page, {
    events: [
      { id: "$pageview", type: "events", order: 0, name: "$pageview" },
      { id: "signed_up", type: "events", order: 1, name: "signed_up" },
      { id: "onboarding_completed", type: "events", order: 2, name: "onboarding_completed" },
    ],
  });
  await expect(page.locator("[data-testid=funnel-step]")).toHaveCount(3);
  await page.getByLabel("Compare to previous period").click();
  await expect(page.getByLabel("Compare to previous period")).toBeChecked();
  await expect(page).toHaveURL(/compare=true/);
  const { result: compared, timezone } = await apiResponse(page);
  const result = compared as Step[][];
  expect(result.map((steps) => steps[0].compare_label)).toEqual(["current", "previous"]);
  await expect(page.getByTestId("period-dates-current")).toHaveText(formatPeriod(periodRange(result[0] as never)!, timezone));
  await expect(page.getByTestId("period-dates-previous")).toHaveText(formatPeriod(periodRange(result[1] as never)!, timezone));
  await expectBarsMatch(page, result);
  const card = page.getByTestId("funnel-compare-card");
  await expect(card).toContainText(percent(result[0][2].count, result[0][0].count));
  await expect(card).toContainText(`vs ${percent(result[1][2].count, result[1][0].count)}`);
  await expectAccessible(page, "funnel compared");

  // Historical trends draw both periods' lines.
  await page.getByRole("combobox", { name: "Funnel view" }).click();
  await page.getByRole("option", { name: "Historical trends" }).click();
  await expect(page.getByTestId("funnel-trends")).toBeVisible();
  await expect(page.getByTestId("funnel-trends-series")).toHaveCount(2);
  await expect(page.locator(".recharts-line")).toHaveCount(2);
  const trends = (await apiResult(page)) as { compare_label: string }[];
  expect(trends.map((item) => item.compare_label)).toEqual(["current", "previous"]);
  await expectAccessible(page, "funnel trends compared");

  // Time to convert has no previous period: the toggle goes, the histogram shows the API's average.
  await page.getByRole("combobox", { name: "Funnel view" }).click();
  await page.getByRole("option", { name: "Time to convert" }).click();
  await expect(page.getByLabel("Compare to previous period")).toHaveCount(0);
  const histogram = (await apiResult(page)) as { bins: [number, number][]; average_conversion_time: number | null };
  expect(currentFilters(page).compare).toBeUndefined();
  if (histogram.bins.some(([, n]) => n > 0)) {
    await expect(page.getByTestId("funnel-time-to-convert")).toBeVisible();
    await expect(page.locator(".recharts-bar-rectangle").first()).toBeVisible();
  } else await expect(page.getByText(/Nobody converted/)).toBeVisible();
  await expectAccessible(page, "funnel time to convert");
});

test("a step's bar lists the persons who converted, its track those who dropped off", async ({ page }) => {
  await openFunnel(page, {
    events: [
      { id: "$pageview", type: "events", order: 0, name: "$pageview" },
      { id: "signed_up", type: "events", order: 1, name: "signed_up" },
    ],
  });
  const [, second] = (await apiResult(page)) as Step[];
  expect(second.count).toBeGreaterThan(0);
  await page.getByRole("button", { name: /^Step 2 signed_up: .* Show the persons who converted\.$/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "signed_up: converted at step 2" })).toBeVisible();
  await expect(dialog.getByRole("table", { name: "Persons" }).locator("tbody tr")).toHaveCount(Math.min(second.count, 100));
  await expectAccessible(page, "funnel persons dialog");
  await page.keyboard.press("Escape");

  const dropped = await page.request.get(second.dropped_people_url!);
  const droppedCount = ((await dropped.json()) as { results: { count: number }[] }).results[0].count;
  await page.getByRole("button", { name: /^Step 2 signed_up: .* dropped off\. Show them\.$/ }).click();
  await expect(dialog.getByRole("heading", { name: "signed_up: dropped off before step 2" })).toBeVisible();
  if (droppedCount > 0)
    await expect(dialog.getByRole("table", { name: "Persons" }).locator("tbody tr")).toHaveCount(Math.min(droppedCount, 100));
  else await expect(dialog.getByRole("table", { name: "Persons" })).toContainText("Nobody");
});

test("a one-step funnel asks for a second step, in the builder and on its tile; the API still computes the step", async ({ page }) => {
  const one = [{ id: "$pageview", type: "events", order: 0, name: "$pageview" }];
  const hint = "A funnel needs at least two steps. Add a second step to see how many go on from the first.";
  await openFunnel(page, { events: one });
  await expect(page.getByText(hint)).toBeVisible();
  await expect(page.locator("[data-testid=funnel-step]")).toHaveCount(0);
  const steps = (await apiResult(page)) as Step[];
  expect(steps).toHaveLength(1);
  expect(steps[0].count).toBeGreaterThan(0);
  await expectAccessible(page, "one-step funnel");

  // A second step brings the bars back.
  await page.getByRole("button", { name: "Add step" }).click();
  await expect(page.locator("[data-testid=funnel-step]").first()).toBeVisible();
  await expect(page.getByText(hint)).toHaveCount(0);

  // A saved one-step funnel on a dashboard says the same.
  const projectId = demoProjectId();
  const dashboard = await (
    await page.request.post(`/api/projects/${projectId}/dashboards/`, { data: { name: "One step" }, headers: sameOrigin(page) })
  ).json();
  const created = await page.request.post(`/api/projects/${projectId}/insights/`, {
    data: { name: "Visits only", saved: true, dashboards: [dashboard.id], filters: { insight: "FUNNELS", date_from: "-30d", events: one } },
    headers: sameOrigin(page),
  });
  expect(created.status()).toBe(201);
  await page.goto(`/project/${projectId}/dashboard/${dashboard.id}`);
  await page.getByRole("button", { name: "Refresh all" }).click();
  await expect(page.getByRole("article", { name: "Visits only" }).getByText(hint)).toBeVisible();
  await page.request.delete(`/api/projects/${projectId}/dashboards/${dashboard.id}/`, { headers: sameOrigin(page) });
});
