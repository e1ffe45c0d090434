// Time to interactive of the members page of an organization with 1,000 members, in Chromium. The server runs on
// PostgreSQL (the members are written there directly, which a signed-up owner's API cannot do in bulk: each invite
// would need its own sign-up); the page is opened `--runs` times, each in a fresh browser context (cold cache).
// TTI as Lighthouse defines it, simplified: the end of the last long task (> 50 ms on the main thread) before a
// quiet window of 2 s, and never before the first contentful paint or DOMContentLoaded. Also: when the first
// member's row enters the document. Target: TTI under 1 s.
//   npx tsx bench/members-page.ts [--members 1000] [--runs 7] [--postgres postgres://postgres@127.0.0.1:5432/postgres]
// (after `npx next build`; Chromium at /usr/bin/chromium)
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import pg from "pg";
import { chromium } from "playwright-core";
import { signUp } from "../tests/support/api";
import { startServer } from "../tests/support/server";

const { values } = parseArgs({
  options: {
    members: { type: "string", default: "1000" },
    runs: { type: "string", default: "7" },
    postgres: { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
  },
});
const MEMBERS = Number(values.members);
const RUNS = Number(values.runs);

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];

/** A fresh database next to the given server's maintenance one, dropped at the end. */
async function freshDatabase(name: string) {
  const admin = new pg.Client({ connectionString: values.postgres });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(values.postgres!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(name: string) {
  const admin = new pg.Client({ connectionString: values.postgres });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

const DATABASE = "hedgerow_bench_members";
const databaseUrl = await freshDatabase(DATABASE);
process.env.TEST_DATABASE_URL = databaseUrl;
const server = await startServer({ backend: "postgres", resetDatabase: false, env: { ALLOW_SIGNUP: "true" } });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const owner = await signUp(server.baseUrl);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  // Members of every level but owner, with names, as an organization of that size has them.
  await db.query(
    `WITH created AS (
       INSERT INTO users (email, password_hash, first_name, last_name, distinct_id)
       SELECT 'member' || i || '@bench.example', 'unusable', 'Member', 'Number ' || i, $2 || i FROM generate_series(1, $1::int) AS i
       RETURNING id)
     INSERT INTO organization_memberships (organization_id, user_id, level) SELECT $3, id, (ARRAY[1, 1, 1, 8])[1 + id % 4] FROM created`,
    [MEMBERS - 1, `bench-${randomUUID()}-`, owner.organizationId],
  );
  await db.end();
  const cookie = owner.session.credentials.cookie!;
  const pair = cookie.split(";")[0];
  const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];

  console.log(`members page of ${MEMBERS.toLocaleString("en-US")} members, ${RUNS} cold loads\n`);
  console.log("| run | first row in the document | TTI | long tasks | HTML |\n|---|---|---|---|---|");
  const ttis: number[] = [];
  const rows: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1440, height: 1000 } });
    await context.addCookies([{ name, value, url: server.baseUrl }]);
    await context.addInitScript(() => {
      const timing: { longTasks: [number, number][]; firstRow: number | null } = { longTasks: [], firstRow: null };
      (window as unknown as { __tti: typeof timing }).__tti = timing;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) timing.longTasks.push([entry.startTime, entry.startTime + entry.duration]);
      }).observe({ type: "longtask", buffered: true });
      // When the first member's row enters the document (streamed with the HTML: the members come with the page).
      const rows = new MutationObserver(() => {
        if (!document.querySelector("tbody tr td")) return;
        timing.firstRow = performance.now();
        rows.disconnect();
      });
      rows.observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    const response = await page.goto("/organization/members", { waitUntil: "load" });
    if (!response?.ok()) throw new Error(`members page: ${response?.status()}`);
    await page
      .getByRole("row", { name: /Member Number \d+/ })
      .first()
      .waitFor({ timeout: 30_000 })
      .catch(async (error) => {
        throw new Error(`${error.message}\nat ${page.url()}: ${(await page.locator("main").textContent())?.slice(0, 300)}`);
      });
    // Wait for a quiet window: no long task in the last 2 s (at most 15 s).
    await page.waitForFunction(
      () => {
        const { longTasks } = (window as unknown as { __tti: { longTasks: [number, number][] } }).__tti;
        const lastEnd = longTasks.length ? longTasks[longTasks.length - 1][1] : 0;
        return performance.now() - lastEnd > 2_000;
      },
      undefined,
      { timeout: 15_000, polling: 100 },
    );
    const result = await page.evaluate(() => {
      const timing = (window as unknown as { __tti: { longTasks: [number, number][]; firstRow: number | null } }).__tti;
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
      const lastLongTask = timing.longTasks.reduce((end, [, taskEnd]) => Math.max(end, taskEnd), 0);
      return {
        tti: Math.max(fcp, navigation.domContentLoadedEventEnd, lastLongTask),
        firstRow: timing.firstRow ?? Number.NaN,
        longTasks: timing.longTasks.length,
        html: navigation.responseEnd - navigation.requestStart,
      };
    });
    await context.close();
    // The first load warms the server (compiled routes, prepared statements): not counted.
    if (run === 0) continue;
    ttis.push(result.tti);
    rows.push(result.firstRow);
    console.log(
      `| ${run} | ${result.firstRow.toFixed(0)} ms | ${result.tti.toFixed(0)} ms | ${result.longTasks} | ${result.html.toFixed(0)} ms |`,
    );
  }
  console.log(`\nmedian: first row ${median(rows).toFixed(0)} ms, TTI ${median(ttis).toFixed(0)} ms (target < 1,000 ms)`);
} finally {
  await browser.close();
  await server.stop();
  await dropDatabase(DATABASE);
}
