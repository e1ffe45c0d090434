// Time from a settings change in the funnel builder to the redrawn chart (API plus render), in Chromium, on the
// first-start demo with --events events (100,000 by default) loaded through capture. Each run
// commits a conversion window not used before (so neither the browser's nor the server's results cache answers),
// and stops the clock once the funnel request has answered, the result panel is no longer busy and two animation
// frames have passed (the new bars are painted). Prints the median of --runs runs (10) after one warm-up.
// Run after `npx next build`:   npx tsx bench/builder-funnel.ts [--events 100000] [--runs 10]
import { loadavg } from "node:os";
import { chromium } from "@playwright/test";
import { readMarker, runDemo } from "../scripts/demo/seed";
import { startServer } from "../tests/support/server";
import { filtersToSearchParams } from "../lib/insights/builder/url-state";

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const EVENTS = arg("events", 100_000);
const RUNS = arg("runs", 10);

const server = await startServer({ backend: "pglite", env: { ALLOW_SIGNUP: "true" } });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const loadStarted = Date.now();
  await runDemo(
    { action: "create" },
    { baseUrl: server.baseUrl, siteUrl: server.baseUrl, settings: { events: EVENTS, dataDir: server.dataDir }, log: () => {} },
  );
  console.log(`Demo of ${EVENTS.toLocaleString("en-US")} events loaded in ${((Date.now() - loadStarted) / 1000).toFixed(1)} s.`);
  const demo = readMarker(server.dataDir)!;

  const page = await browser.newPage({ baseURL: server.baseUrl, viewport: { width: 1440, height: 1000 } });
  const login = await page.request.post("/api/login/", {
    data: { email: demo.email, password: demo.password },
    headers: { origin: server.baseUrl },
  });
  if (login.status() !== 200) throw new Error(`login: ${login.status()}`);
  const filters = {
    insight: "FUNNELS",
    events: [
      { id: "$pageview", type: "events", order: 0, name: "$pageview" },
      { id: "signed_up", type: "events", order: 1, name: "signed_up" },
      { id: "onboarding_completed", type: "events", order: 2, name: "onboarding_completed" },
    ],
    date_from: "-30d",
    funnel_viz_type: "steps",
    funnel_window_interval: 14,
    funnel_window_interval_unit: "day",
    breakdown: "$browser",
    breakdown_type: "event",
  };
  await page.goto(`/project/${demo.projectId}/insights/new?${filtersToSearchParams(filters)}`);
  await page.locator("[data-testid=funnel-bar]").first().waitFor();

  const windowInput = page.getByLabel("Conversion window length");
  const times: number[] = [];
  const apiTimes: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const days = 30 + run; // a window no earlier run used: computed anew
    await windowInput.fill(String(days));
    const answered = page.waitForResponse(
      (response) => response.url().includes("/insights/funnel/") && response.request().method() === "POST",
    );
    const started = performance.now();
    await windowInput.press("Enter");
    await answered;
    const api = performance.now() - started;
    await page.waitForFunction(
      (value) =>
        location.search.includes(`funnel_window_interval=${value}`) &&
        !document.querySelector('[aria-busy="true"]') &&
        !!document.querySelector("[data-testid=funnel-bar]"),
      days,
      { polling: "raf" },
    );
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const elapsed = performance.now() - started;
    if (run > 0) {
      times.push(elapsed);
      apiTimes.push(api);
    }
    console.log(
      `  run ${run}${run === 0 ? " (warm-up)" : ""}: ${elapsed.toFixed(0)} ms (funnel request answered after ${api.toFixed(0)} ms)`,
    );
  }
  const medianOf = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  };
  times.sort((a, b) => a - b);
  const median = medianOf(times);
  console.log(
    `Funnel builder, conversion window changed → new bars drawn (3 steps, $browser breakdown, 30 days, ${EVENTS.toLocaleString("en-US")} demo events): ` +
      `median ${median.toFixed(0)} ms of ${times.length} (min ${times[0].toFixed(0)}, max ${times[times.length - 1].toFixed(0)}); ` +
      `of which the funnel request, median ${medianOf(apiTimes).toFixed(0)} ms. Load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}.`,
  );
} finally {
  await browser.close();
  await server.stop();
}
