// The trend builder's redraw time: from a settings change (the interval, day → week) to the chart drawing the new
// answer (API plus render), on the first-start demo with `--events` events (default 100,000), in Chromium. Each of
// `--runs` runs (default 10) uses a date range of its own, so neither the browser's nor the server's cache answers.
// Prints each run and the median. Run after `npx next build`:
//   npx tsx bench/builder-trend.ts [--events 100000] [--runs 10]
import { chromium } from "@playwright/test";
import { filtersToSearchParams } from "../lib/insights/builder/url-state";
import { readMarker, runDemo } from "../scripts/demo/seed";
import { startServer } from "../tests/support/server";
import { arg } from "./events";

const EVENTS = Number(arg("events", "100000"));
const RUNS = Number(arg("runs", "10"));

const server = await startServer({ backend: "pglite", env: { ALLOW_SIGNUP: "true" } });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  const loadedAt = Date.now();
  await runDemo({ action: "create" }, { baseUrl: server.baseUrl, siteUrl: server.baseUrl, settings: { events: EVENTS, dataDir: server.dataDir }, log: () => {} });
  console.log(`${EVENTS.toLocaleString("en-US")} demo events loaded in ${((Date.now() - loadedAt) / 1000).toFixed(0)} s.`);
  const demo = readMarker(server.dataDir)!;
  const page = await browser.newPage({ baseURL: server.baseUrl, viewport: { width: 1440, height: 1000 } });
  const login = await page.request.post("/api/login/", { data: { email: demo.email, password: demo.password }, headers: { origin: server.baseUrl } });
  if (login.status() !== 200) throw new Error(`login: ${login.status()}`);

  const series = () => page.getByTestId("trend-chart").getAttribute("data-series");
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const filters = {
      insight: "TRENDS",
      events: [
        { id: "$pageview", type: "events", order: 0, name: "$pageview", math: "total" },
        { id: "$pageview", type: "events", order: 1, name: "$pageview", math: "dau" },
      ],
      date_from: `-${60 + run}d`,
      interval: "day",
      display: "ActionsLineGraph",
    };
    await page.goto(`/project/${demo.projectId}/insights/new?${filtersToSearchParams(filters)}`);
    await page.getByTestId("trend-chart").waitFor();
    const before = await series();
    await page.getByRole("combobox", { name: "Interval" }).click();
    const option = page.getByRole("option", { name: "week" });
    await option.waitFor();
    const started = Date.now();
    await option.click();
    // Drawn: the chart's container states new lines and the browser has painted a frame after it.
    await page.waitForFunction(
      (previous) => {
        const now = document.querySelector('[data-testid="trend-chart"]')?.getAttribute("data-series");
        return now && now !== previous && document.querySelector('[data-testid="trend-chart"] .recharts-line-curve');
      },
      before,
      { polling: "raf", timeout: 30_000 },
    );
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    const elapsed = Date.now() - started;
    times.push(elapsed);
    console.log(`run ${run + 1}: ${elapsed} ms`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  console.log(`settings change → redrawn trend (2 series, ${EVENTS.toLocaleString("en-US")} demo events): median ${median} ms, min ${sorted[0]} ms, max ${sorted.at(-1)} ms over ${RUNS} runs`);
} finally {
  await browser.close();
  await server.stop();
}
