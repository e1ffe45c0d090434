import { expect, type Locator, type Page } from "@playwright/test";
import { formatCount } from "../lib/ui/format";
import { analysisOfPage, settled, untilMatchesApi } from "./analysis";
import { createInsightWithApi, demoProjectId, expectAccessible, sameOrigin, screenshotThemes, signInAsDemo, test } from "./support";

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

const expectPathsMatchApi = (page: Page, projectId: number) => untilMatchesApi(page, () => expectPathsMatchApiOnce(page, projectId));

test("paths: the diagram and table equal the API's edges through step limit, a cleaning rule, and start and end points", async ({
  page,
}) => {
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

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Pairs of the diagram's node labels (inside `scope`) that are drawn over each other. */
async function overlappingLabels(scope: Locator) {
  const labels = await scope.locator(".recharts-sankey-nodes text").evaluateAll((texts) =>
    texts.map((text) => {
      const { x, y, width, height } = text.getBoundingClientRect();
      return { text: text.textContent ?? "", x, y, width, height };
    }),
  );
  expect(labels.length).toBeGreaterThan(3);
  return labels.flatMap((a, i) =>
    labels
      .slice(i + 1)
      .filter((b) => overlap(a, b))
      .map((b) => `${a.text} × ${b.text}`),
  );
}

test("paths: tooltips name what is hovered, the diagram fits its card, a low step's actions stay in view, tiles keep labels apart", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsDemo(page);
  const projectId = demoProjectId();
  await page.goto(`/project/${projectId}/insights/new`);
  await page.getByRole("tab", { name: "Paths" }).click();
  await settled(page, /insight=PATHS/);
  const edges = await expectPathsMatchApi(page, projectId);
  const deepest = Math.max(...edges.map((e) => step(e.target)));
  // The default limit is 5 steps; the demo's paths reach 4 or 5 depending on when its data was made.
  expect(deepest).toBeGreaterThanOrEqual(4);

  // Every step's column is inside the card: no sideways scrolling to reach the last steps.
  const card = page.getByRole("region", { name: "Paths diagram" });
  expect(await card.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  const cardBox = (await card.boundingBox())!;
  const lastColumn = await page.getByRole("button", { name: new RegExp(`^Step ${deepest}: `) }).all();
  expect(lastColumn.length).toBeGreaterThan(0);
  for (const node of lastColumn) {
    const box = (await node.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
  }
  expect(await overlappingLabels(page.locator("body"))).toEqual([]);

  // A node's tooltip: its item, step and sessions; a link's: both items and its sessions.
  const node = page.getByRole("button", { name: /^Step 2: / }).first();
  const [, item, sessions] = /^Step 2: (.*), ([\d,]+) sessions$/.exec((await node.getAttribute("aria-label"))!)!;
  await node.scrollIntoViewIfNeeded();
  await node.locator("path, rect").first().hover();
  const tooltip = page.locator(".recharts-tooltip-wrapper");
  await expect(tooltip).toContainText(item);
  await expect(tooltip).toContainText(`Step 2 · ${sessions} sessions`);
  const link = page.locator(".recharts-sankey-link").first();
  await link.scrollIntoViewIfNeeded();
  const linkBox = (await link.boundingBox())!;
  await page.mouse.move(linkBox.x + linkBox.width / 2, linkBox.y + linkBox.height / 2);
  await expect(tooltip).toContainText(/ → /);
  await expect(tooltip).toContainText(/Steps \d→\d · [\d,]+ sessions · avg\. /);
  await expect(tooltip).not.toContainText("NaN");

  // The lowest node of the diagram, once clicked, has its actions in view.
  const nodes = await page.getByRole("button", { name: /^Step \d+: / }).all();
  const tops = await Promise.all(nodes.map(async (n) => (await n.boundingBox())!.y));
  const lowest = nodes[tops.indexOf(Math.max(...tops))];
  await lowest.scrollIntoViewIfNeeded();
  await lowest.click();
  await expect(page.getByRole("button", { name: "Set as start point" })).toBeInViewport();
  await expect(lowest).toBeInViewport();
  await expectAccessible(page, "paths with a low step selected");
  await page.getByRole("button", { name: "Close" }).click();

  // On a dashboard tile the labels stay apart too (the diagram scrolls inside the tile when it must).
  const dashboard = await (
    await page.request.post(`/api/projects/${projectId}/dashboards/`, { data: { name: "Journeys" }, headers: sameOrigin(page) })
  ).json();
  await createInsightWithApi(page, projectId, {
    name: "Site paths",
    filters: { insight: "PATHS", date_from: "-30d" },
    dashboards: [dashboard.id],
  });
  await page.goto(`/project/${projectId}/dashboard/${dashboard.id}`);
  const tile = page.getByRole("article", { name: "Site paths" });
  await page.getByRole("button", { name: "Refresh all" }).click();
  await expect(tile.locator(".recharts-sankey-link").first()).toBeVisible({ timeout: 30_000 });
  expect(await overlappingLabels(tile)).toEqual([]);
  await expectAccessible(page, "a dashboard with a paths tile");
  await page.request.delete(`/api/projects/${projectId}/dashboards/${dashboard.id}/`, { headers: sameOrigin(page) });
});
