import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { hydrating, test } from "./support";

const bundle = readFileSync(path.join(process.cwd(), "node_modules/posthog-js/dist/array.full.js"), "utf8");

/** What the site's page holds: its title, body and the posthog-js options beyond the usual ones. */
interface SitePage {
  title: string;
  body: string;
  options?: Record<string, unknown>;
}

/**
 * A website of another origin, served on loopback for a spec's tests: its page loads posthog-js's browser bundle
 * pointed at Hedgerow with the project's token (set once known), sending each event at once, as a customer's site
 * would. `open` loads the page in a fresh browser context (no cached remote config).
 */
export function otherSite(page: SitePage) {
  let server: Server;
  const site = { url: "", token: "" };
  const html = () => {
    const options = {
      api_host: process.env.E2E_BASE_URL,
      request_batching: false,
      person_profiles: "always",
      opt_out_useragent_filter: true,
      ...page.options,
    };
    return `<!doctype html><html lang="en"><head><title>${page.title}</title><script src="/posthog.js"></script>
<script>posthog.init(${JSON.stringify(site.token)}, ${JSON.stringify(options)})</script>
</head><body><main>${page.body}</main></body></html>`;
  };
  test.beforeAll(async () => {
    server = createServer((req, res) => {
      const script = req.url === "/posthog.js";
      res.writeHead(200, { "content-type": script ? "application/javascript" : "text/html" });
      res.end(script ? bundle : html());
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return Object.assign(site, {
    async open(browser: Browser): Promise<Page> {
      const tab = hydrating(await (await browser.newContext()).newPage());
      await tab.goto(site.url);
      return tab;
    },
  });
}
