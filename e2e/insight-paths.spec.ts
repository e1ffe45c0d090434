import { expect, type Page } from "@playwright/test";
import { formatCount } from "../lib/ui/format";
import { analysisOfPage, settled } from "./analysis";
import { demoProjectId, expectAccessible, screenshotThemes, signInAsDemo, test } from "./support";

interface Edge {
  source: string;
  target: string;
  value: number;
}

const step = (node: string) => Number(node.split("_")[0]);

/** The transitions table (busiest first) and the diagram's links equal the API's edges for the page's filter. */
async function expectPathsMatchApiOnce(page: Page, projectId: number) {
  const edges = await analysisOfPage<Edge[]>(page, "path", projectId);
  expect(edges.length).toBeGreaterThan(0);
  const showAll = page.getByRole("button", { name: /^Show all [\d,]+ transitions$/ });
  if (await showAll.isVisible()) await showAll.click();
  const table = page.getByTestId("paths-table");
  const counts = await table.locator("tbody tr td:nth-child(4)").allTextContents();
  expect(counts).toEqual([...edges].sort((a, b) => b.value - a.value).map((e) => formatCount(e.value)));
  const steps = await table.locator("tbody tr td:nth-child(1)").allTextContents();
  expect(steps.sort()).toEqual(edges.map((e) => `${step(e.source)}→${step(e.target)}`).sort());
  await expect(page.locator(".recharts-sankey-link")).toHaveCount(edges.length);
  return edges;
}

/** Retried until the chart has redrawn for the URL's filter (the URL changes before the new result arrives). */
async function expectPathsMatchApi(page: Page, projectId: number) {
  await settled(page);
  let result: Awaited<ReturnType<typeof expectPathsMatchApiOnce>> | undefined;
  await expect(async () => {
    result = await expectPathsMatchApiOnce(page, projectId);
  }).toPass({ timeout: 15_000 });
  // A change that leaves the numbers as they were matches before its recomputation ends: wait for that too.
  await settled(page);
  return result!;
}

test("paths: the diagram and table equal the API's edges through step limit, a cleaning rule, and start and end points", async ({ page }) => {
  // A long journey (several recomputations, two axe scans, four screenshots) on a shared machine.
  test.setTimeout(150_000);
  await signInAsDemo(page);
  const projectId = demoProjectId();
  await page.goto(`/project/${projectId}/insights/new`);
  await page.getByRole("tab", { name: "Paths" }).click();
  await settled(page, /insight=PATHS/);
  await expect(page.getByTestId("paths-sankey")).toBeVisible();
  await expectPathsMatchApi(page, projectId);
  await expectAccessible(page, "paths");
  await screenshotThemes(page, "retpaths-paths");

  // Three steps at most.
  await page.getByRole("combobox", { name: "Step limit" }).click();
  await page.getByRole("option", { name: "3 steps", exact: true }).click();
  await settled(page, /step_limit=3/);
  const short = await expectPathsMatchApi(page, projectId);
  expect(Math.max(...short.map((e) => step(e.target)))).toBeLessThanOrEqual(3);

  // A cleaning rule keeps only each URL's path: items read "/pricing", and the counts follow the API.
  await page.getByRole("button", { name: "Add rule" }).click();
  await page.getByLabel("New rule regex").fill("^https?://[^/]+");
  await page.getByRole("button", { name: "Add rule" }).click();
  await settled(page, /local_path_cleaning_filters=/);
  await expect(page.getByLabel("Rule 1 regex")).toHaveValue("^https?://[^/]+");
  const cleaned = await expectPathsMatchApi(page, projectId);
  expect(cleaned.every((e) => !e.source.includes("://"))).toBe(true);

  // A node of the first step becomes the start point; a node of the last step the end point.
  const first = page.getByRole("button", { name: /^Step 1: / }).first();
  const startItem = (await first.getAttribute("aria-label"))!.replace(/^Step 1: (.*), [\d,]+ sessions$/, "$1");
  await first.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Set as start point" }).click();
  await settled(page, /start_point=/);
  expect(new URL(page.url()).searchParams.get("start_point")).toBe(startItem);
  const fromStart = await expectPathsMatchApi(page, projectId);
  expect(fromStart.filter((e) => step(e.source) === 1).every((e) => e.source === `1_${startItem}`)).toBe(true);

  // (Not the start's own item: a path ends at the first end point after its start, so that would leave one step.)
  const last = page.locator(`[role=button][aria-label^="Step 3: "]:not([aria-label^="Step 3: ${startItem},"])`).first();
  await last.click();
  await page.getByRole("button", { name: "Set as end point" }).click();
  await settled(page, /end_point=/);
  const between = await expectPathsMatchApi(page, projectId);
  expect(between.filter((e) => step(e.source) === 1).every((e) => e.source === `1_${startItem}`)).toBe(true);
  await expectAccessible(page, "paths with start and end");
  await screenshotThemes(page, "retpaths-paths-points");
});

test("the project's path cleaning rules: saved in the project's settings, applied where a paths insight asks", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsDemo(page);
  const projectId = demoProjectId();
  await page.goto(`/organization/projects/${projectId}`);
  const card = page.locator("#path-cleaning");
  await card.getByRole("button", { name: "Add rule" }).click();
  await card.getByLabel("New rule regex").fill("^https?://[^/]+");
  await card.getByRole("button", { name: "Add rule" }).click();
  await expect(page.getByText("Path cleaning rules saved.")).toBeVisible();
  await page.reload();
  await expect(page.locator("#path-cleaning").getByLabel("Rule 1 regex")).toHaveValue("^https?://[^/]+");
  await expectAccessible(page, "project settings with a path cleaning rule");

  await page.goto(`/project/${projectId}/insights/new`);
  await page.getByRole("tab", { name: "Paths" }).click();
  await settled(page, /insight=PATHS/);
  const raw = await expectPathsMatchApi(page, projectId);
  expect(raw.some((e) => e.source.includes("://"))).toBe(true);
  await page.getByLabel(/Apply the project's rules first \(1\)/).click();
  await settled(page, /path_replacements=true/);
  const cleaned = await expectPathsMatchApi(page, projectId);
  expect(cleaned.every((e) => !e.source.includes("://") && !e.target.includes("://"))).toBe(true);

  // Taken off again, so the project is as the other tests expect it.
  await page.goto(`/organization/projects/${projectId}`);
  await page.locator("#path-cleaning").getByRole("button", { name: "Remove rule 1" }).click();
  await expect(page.locator("#path-cleaning").getByLabel("Rule 1 regex")).toHaveCount(0);
});
