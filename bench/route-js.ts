// First-load JavaScript per route: the gzipped bytes of every script a signed-in browser downloads to show the
// page from a cold cache (what the network carries; Next serves its chunks compressed). The demo is loaded with a
// few events so the pages have something to draw.
// Run after `npx next build`:   npx tsx bench/route-js.ts
import { chromium } from "@playwright/test";
import { readMarker, runDemo } from "../scripts/demo/seed";
import { startServer } from "../tests/support/server";

const server = await startServer({ backend: "pglite", env: { ALLOW_SIGNUP: "true" } });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  await runDemo({ action: "create" }, { baseUrl: server.baseUrl, siteUrl: server.baseUrl, settings: { events: 2_000, dataDir: server.dataDir }, log: () => {} });
  const demo = readMarker(server.dataDir)!;
  const project = demo.projectId;
  const routes = [
    `/project/${project}`,
    `/project/${project}/insights`,
    `/project/${project}/insights/new`,
    `/project/${project}/dashboard`,
    "/organization/members",
    "/organization/projects",
    "/organization/domains",
    "/organization/invites",
    "/organization/settings",
    "/settings/api-keys",
  ];
  console.log("| route | first-load JS, gzipped | scripts |\n|---|---|---|");
  for (const route of routes) {
    const context = await browser.newContext({ baseURL: server.baseUrl });
    const page = await context.newPage();
    const login = await page.request.post("/api/login/", { data: { email: demo.email, password: demo.password }, headers: { origin: server.baseUrl } });
    if (login.status() !== 200) throw new Error(`login: ${login.status()}`);
    const sizes = new Map<string, number>();
    page.on("requestfinished", async (request) => {
      if (request.resourceType() !== "script") return;
      // The body's size as received (encoded: gzip where the server compressed it).
      sizes.set(request.url(), (await request.sizes()).responseBodySize);
    });
    await page.goto(route, { waitUntil: "networkidle" });
    const total = [...sizes.values()].reduce((sum, n) => sum + n, 0);
    console.log(`| ${route.replace(String(project), ":id")} | ${(total / 1024).toFixed(0)} KB | ${sizes.size} |`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
