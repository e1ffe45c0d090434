// JavaScript per route, gzipped as the network carries it (Next serves its chunks compressed), in two columns:
// - first load: the scripts the initial HTML document references (`<script src>` and script preloads). Next lists
//   there every chunk of the route's entry and of each client component rendered on the server: all React needs
//   before the page is hydrated and interactive, which is what Next itself calls "First Load JS". Code behind
//   `next/dynamic` with `ssr: false` or an `import()` on interaction is not in the document: it is fetched after
//   hydration (a chart mounting, a dialog opening, an idle prefetch) and counts only in the second column.
// - after networkidle: every script the page has fetched once the network is quiet (500 ms without a request).
// A signed-in Chromium with a cold cache opens each route; the demo is loaded with a few events so the pages have
// something to draw. Run after `npx next build`:   npx tsx bench/route-js.ts
import { chromium } from "@playwright/test";
import { readMarker, runDemo } from "../scripts/demo/seed";
import { startServer } from "../tests/support/server";

/** The script URLs an HTML document references, resolved against the page's address. */
function scriptsReferencedBy(html: string, base: string): Set<string> {
  const urls = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    // A `noModule` script (the legacy polyfills) is never fetched by a browser that runs modules.
    if (/\bnomodule\b/i.test(tag)) continue;
    const isScript = tag.startsWith("<script") || /\bas="script"/.test(tag) || /\brel="modulepreload"/.test(tag);
    const source = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (isScript && source) urls.add(new URL(source.replaceAll("&amp;", "&"), base).href);
  }
  return urls;
}

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

const server = await startServer({ backend: "pglite", env: { ALLOW_SIGNUP: "true" } });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  await runDemo(
    { action: "create" },
    { baseUrl: server.baseUrl, siteUrl: server.baseUrl, settings: { events: 2_000, dataDir: server.dataDir }, log: () => {} },
  );
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
  console.log("| route | first load, gzipped | scripts | after networkidle, gzipped | scripts |\n|---|---|---|---|---|");
  for (const route of routes) {
    const context = await browser.newContext({ baseURL: server.baseUrl });
    const page = await context.newPage();
    const login = await page.request.post("/api/login/", {
      data: { email: demo.email, password: demo.password },
      headers: { origin: server.baseUrl },
    });
    if (login.status() !== 200) throw new Error(`login: ${login.status()}`);
    const sizes = new Map<string, number>();
    const pending: Promise<void>[] = [];
    page.on("requestfinished", (request) => {
      if (request.resourceType() !== "script") return;
      // The body's size as received (encoded: gzip where the server compressed it).
      pending.push(request.sizes().then((s) => void sizes.set(request.url(), s.responseBodySize)));
    });
    const response = await page.goto(route, { waitUntil: "networkidle" });
    if (response?.status() !== 200) throw new Error(`${route}: ${response?.status()}`);
    const referenced = scriptsReferencedBy(await response.text(), response.url());
    await Promise.all(pending);
    const missing = [...referenced].filter((url) => !sizes.has(url));
    if (missing.length > 0) throw new Error(`${route}: referenced scripts not fetched: ${missing.join(", ")}`);
    const sum = (urls: Iterable<string>) => [...urls].reduce((total, url) => total + (sizes.get(url) ?? 0), 0);
    console.log(
      `| ${route.replace(String(project), ":id")} | ${kilobytes(sum(referenced))} | ${referenced.size} | ${kilobytes(sum(sizes.keys()))} | ${sizes.size} |`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
