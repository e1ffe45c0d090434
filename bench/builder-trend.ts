// The trend builder's redraw time: from a settings change (the interval, day → week) to the chart drawing the new
// answer (API plus render), on the first-start demo with `--events` events (default 100,000), in Chromium. Each of
// `--runs` runs (default 10) uses a date range of its own, so neither the browser's nor the server's cache answers.
// Prints each run and the median, and the API's own time for the same filter. Run after `npx next build`:
//   npx tsx bench/builder-trend.ts [--events 100000] [--runs 10]
import { chromium } from "@playwright/test";
import { filtersToSearchParams } from "../lib/insights/builder/url-state";
import { readMarker, runDemo } from "../scripts/demo/seed";
import { startServer } from "../tests/support/server";
import { arg } from "./events";

const EVENTS = Number(arg("events", "100000"));
const RUNS = Number(arg("runs", "10"));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
};

const server = await startServer({ backend: "pglite", env: { ALLOW_SIGNUP: "true" } });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const loadedAt = Date.now();
  await runDemo(
    { action: "create" },
    { baseUrl: server.baseUrl, siteUrl: server.baseUrl, settings: { events: EVENTS, dataDir: server.dataDir }, log: () => {} },
  );
  console.log(`${EVENTS.toLocaleString("en-US")} demo events loaded in ${((Date.now() - loadedAt) / 1000).toFixed(0)} s.`);
  const demo = readMarker(server.dataDir)!;
  const page = await browser.newPage({ baseURL: server.baseUrl, viewport: { width: 1440, height: 1000 } });
  const login = await page.request.post("/api/login/", {
    data: { email: demo.email, password: demo.password },
    headers: { origin: server.baseUrl },
  });
  if (login.status() !== 200) throw new Error(`login: ${login.status()}`);

  const series = () => page.getByTestId("trend-chart").getAttribute("data-series");
  const times: number[] = [];
  const apiTimes: number[] = [];
  const splits: { toRequest: number; request: number; toDrawn: number }[] = [];
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
    // Timed inside the page: the click (its pointerdown: Radix selects on pointerup), the trend request (from the resource timings) and the drawing.
    await page.evaluate(() => {
      const marks = window as unknown as { clickAt?: number };
      document.addEventListener("pointerdown", () => (marks.clickAt = performance.now()), { capture: true, once: true });
      performance.clearResourceTimings();
    });
    await option.click();
    const drawnAt = await page.waitForFunction(
      (previous) => {
        const chart = document.querySelector('[data-testid="trend-chart"]');
        const now = chart?.getAttribute("data-series");
        if (!now || now === previous || !chart?.querySelector(".recharts-line-curve")) return null;
        return new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now())));
      },
      before,
      { polling: "raf", timeout: 30_000 },
    );
    const drawn = await drawnAt.jsonValue();
    if (typeof drawn !== "number") throw new Error("the drawing time was not read");
    const timing = await page.evaluate((drawn) => {
      const request = performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.includes("/insights/trend/"))
        .at(-1) as PerformanceResourceTiming;
      const clickAt = (window as unknown as { clickAt: number }).clickAt;
      return {
        total: drawn - clickAt,
        toRequest: request.startTime - clickAt,
        request: request.responseEnd - request.startTime,
        toDrawn: drawn - request.responseEnd,
      };
    }, drawn);
    const elapsed = Math.round(timing.total);
    times.push(elapsed);
    splits.push(timing);
    // The API's share: the same weekly trend computed afresh (`refresh`), without the browser.
    const apiStarted = Date.now();
    const answer = await page.request.post(`/api/projects/${demo.projectId}/insights/trend/?refresh=true`, {
      data: { ...filters, interval: "week" },
      headers: { origin: server.baseUrl },
    });
    if (answer.status() !== 200) throw new Error(`trend: ${answer.status()}`);
    apiTimes.push(Date.now() - apiStarted);
    console.log(
      `run ${run + 1}: ${elapsed} ms (click → request ${Math.round(timing.toRequest)} ms, request ${Math.round(timing.request)} ms, response → drawn ${Math.round(timing.toDrawn)} ms; the API alone: ${apiTimes.at(-1)} ms)`,
    );
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `settings change → redrawn trend (2 series, ${EVENTS.toLocaleString("en-US")} demo events): median ${median(times)} ms, min ${sorted[0]} ms, max ${sorted.at(-1)} ms over ${RUNS} runs; the API alone: median ${median(apiTimes)} ms`,
  );
  console.log(
    `medians: click → request ${Math.round(median(splits.map((t) => t.toRequest)))} ms, request ${Math.round(median(splits.map((t) => t.request)))} ms, response → drawn ${Math.round(median(splits.map((t) => t.toDrawn)))} ms`,
  );
} finally {
  await browser.close();
  await server.stop();
}
