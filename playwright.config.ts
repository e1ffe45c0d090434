import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests against the built app (`next build` has run; `npm test` builds first). The global setup
 * starts the built server (scripts/serve.mjs) on an empty PGlite data dir and shares its address through
 * E2E_BASE_URL, which the workers read when they load this file.
 */
export default defineConfig({
  testDir: "e2e",
  // The screenshot tour runs only when asked for (see e2e/screenshots.spec.ts).
  testIgnore: process.env.E2E_SCREENSHOTS ? [] : ["**/screenshots.spec.ts"],
  globalSetup: "./e2e/global-setup.ts",
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // One retry on CI: a browser test that fails twice in a row is a failure; once, usually a timing hiccup of a loaded machine.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  outputDir: "test-results/e2e",
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    ...devices["Desktop Chrome"],
    launchOptions: {
      // Browsers can't be downloaded here: use the system Chromium (apt-get install chromium).
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
});
